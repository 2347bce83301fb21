// Allocation rules (reasoning in docs/search.md):
// - movetime: use it all but the engine's reaction time, and the move overhead when the host
//   flags it like a clock (XBoard `st`), at most a fifth of it in all; with a clock as well,
//   the clock's allocation below, cut at the movetime, when the clock would stop the search
//   first (the first limit reached stops the search, as in Stockfish);
// - clock: the move overhead (SearchLimits::move_overhead_ms, but at most a sixteenth of the
//   clock plus the increment and at most half the clock) is kept back from every move, and a
//   reserve for the overhead of the moves still to come that the increment does not pay for,
//   never more than an eighth of the clock; the soft limit is an equal share of the rest over
//   the moves still to play (when unknown: 60, growing as the game gets long) plus the
//   increment (part of it while the clock holds less than a buffer of eight such overheads and
//   ten increments); the hard limit is three soft limits (only one below a buffer of eight
//   whole overheads and ten increments) but never more than a quarter of the usable clock plus
//   the increment, so sudden death decays geometrically and a move cut at the hard limit still
//   leaves the overhead and the reserve on the clock; neither is ever above a few minutes
//   (MAX_SOFT_MS, MAX_HARD_MS), whatever the clock;
// - byoyomi: time inside the byoyomi period is free, so it is added to both limits, and the
//   overhead is taken from the period first.
#include "shishi/search/timeman.hpp"

#include <algorithm>

namespace shishi {

int64_t effective_overhead(int64_t overhead_ms, int64_t left_ms, int64_t inc_ms) {
    const int64_t left = std::max<int64_t>(0, left_ms);
    const int64_t scaled = left / OVERHEAD_CLOCK_DIVISOR + std::max<int64_t>(0, inc_ms);
    return std::clamp<int64_t>(overhead_ms, 0, std::min(left / 2, scaled));
}

namespace {

TimeBudget movetime_budget(const SearchLimits& limits) {
    TimeBudget b;
    const int64_t reaction = std::max<int64_t>(0, limits.reaction_ms);
    const int64_t overhead = limits.movetime_flags ? std::max<int64_t>(0, limits.move_overhead_ms) : 0;
    const int64_t margin = std::min<int64_t>(overhead + reaction, limits.movetime_ms / 5);
    b.limited = true;
    b.hard_ms = b.soft_ms = std::max<int64_t>(1, limits.movetime_ms - margin);
    b.fixed = true;
    return b;
}

TimeBudget clock_budget(const SearchLimits& limits, int game_ply) {
    TimeBudget b;
    const int64_t overhead = std::max<int64_t>(0, limits.move_overhead_ms) + std::max<int64_t>(0, limits.reaction_ms);
    if (limits.time_left_ms < 0 && limits.byoyomi_ms <= 0) return b;  // no clock at all

    const int64_t left = std::max<int64_t>(0, limits.time_left_ms);
    const int64_t inc = std::max<int64_t>(0, limits.increment_ms);
    const int64_t byoyomi = std::max<int64_t>(0, limits.byoyomi_ms);
    // The byoyomi period absorbs the overhead first; the main clock keeps back the rest.
    const int64_t period = std::max<int64_t>(0, byoyomi - overhead);
    const int64_t main_overhead = effective_overhead(overhead - std::min(byoyomi, overhead), left, inc);
    // Unknown length: at least 60 more moves, more the longer the game has already lasted.
    const int mtg =
        limits.moves_to_go > 0 ? limits.moves_to_go : std::max(DEFAULT_MOVES_TO_GO, 40 + std::max(0, game_ply) / 4);
    // Latency that each move costs the clock for good: none under byoyomi (running out of main
    // time is no loss), otherwise what the increment does not give back.
    const int64_t uncovered = byoyomi > 0 ? 0 : std::max<int64_t>(0, main_overhead - inc);
    const int64_t reserve = std::min<int64_t>(uncovered * mtg, left / RESERVE_DIVISOR);
    const int64_t usable = std::max<int64_t>(0, left - main_overhead - reserve);

    // The increment comes back after the move, so it is spent whole, but only once the clock
    // holds a buffer of a few overheads (as kept back from this clock) and increments: below
    // that a proportional part, so a clock that ran low refills to the buffer (a guard against
    // latency spikes) instead of living on the last few milliseconds.
    const int64_t spend_buffer = INCREMENT_BUFFER_OVERHEADS * main_overhead + INCREMENT_BUFFER_INCREMENTS * inc;
    const int64_t inc_spent = left >= spend_buffer ? inc : inc * left / spend_buffer;
    // With the last move before the time control, leave a slice anyway (clocks differ).
    int64_t soft = usable / (mtg + 1) + inc_spent;
    // Never more than a fixed fraction of the clock, however the share comes out; the increment
    // comes back after the move, so it may be spent now (up to half the usable clock).
    int64_t cap = usable / 4 + std::min(inc_spent, usable / 2);
    if (mtg == 1) cap = std::max(cap, usable * 3 / 5);
    int64_t hard = std::min(soft * 3, cap);
    soft = std::min(soft, hard);
    // Below a buffer of whole overheads no move runs past its share: at bullet clocks the
    // iteration after the soft limit is often ten times longer than the last, so a stretched
    // hard limit would be reached on most moves and hold the clock far below the buffer (with
    // the overhead as kept back, 0.625 s + 6 ms lost games on time under load).
    const int64_t stretch_buffer = INCREMENT_BUFFER_OVERHEADS * overhead + INCREMENT_BUFFER_INCREMENTS * inc;
    if (left < stretch_buffer) hard = soft;
    // A clock of days is no reason to think for hours (MAX_SOFT_MS).
    hard = std::min(hard, MAX_HARD_MS);
    soft = std::min(soft, MAX_SOFT_MS);

    if (period > 0) {
        soft += period * 9 / 10;
        hard += period;
    }
    b.limited = true;
    b.hard_ms = std::max<int64_t>(1, hard);
    b.soft_ms = std::clamp<int64_t>(soft, 1, b.hard_ms);
    return b;
}

}  // namespace

TimeBudget allocate_time(const SearchLimits& limits, int game_ply) {
    if (limits.infinite) return TimeBudget{};
    const TimeBudget clock = clock_budget(limits, game_ply);
    if (limits.movetime_ms <= 0) return clock;
    const TimeBudget fixed = movetime_budget(limits);
    // Both given (shoginet sends movetime with the game's clock): whichever limit comes first
    // ends the search. A clock whose allocation would not stop the search before the movetime
    // even with a stable best move leaves the fixed time, spent whole; otherwise the clock's
    // allocation holds, its hard limit cut at the movetime.
    if (!clock.limited || scaled_soft_limit(clock, 0) >= fixed.hard_ms) return fixed;
    TimeBudget b = clock;
    b.hard_ms = std::min(b.hard_ms, fixed.hard_ms);
    b.soft_ms = std::min(b.soft_ms, b.hard_ms);
    return b;
}

int64_t scaled_soft_limit(const TimeBudget& budget, int instability) {
    // Time per move that is not used is lost, so a fixed time runs to its end.
    if (budget.fixed) return budget.hard_ms;
    // A stable best move lets us stop at half the share; each recent change buys more time.
    const int64_t scaled = budget.soft_ms * (5 + 4 * std::min(instability, 4)) / 10;
    return std::min(std::max<int64_t>(1, scaled), budget.hard_ms);
}

}  // namespace shishi
