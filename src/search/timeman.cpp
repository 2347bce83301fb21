// Allocation rules (reasoning in docs/search.md):
// - movetime: use it all but a small latency margin;
// - clock: an equal share of what is left (less a fixed reserve) over the moves still to play
//   (when unknown: 60, growing as the game gets long), plus most of the increment; the hard
//   limit is a few times that share but never more than a quarter of the usable clock, so a
//   long game at 1 minute + 0 decays geometrically and keeps the reserve for latency;
// - byoyomi: time inside the byoyomi period is free, so it is added to both limits.
#include "shishi/search/timeman.hpp"

#include <algorithm>

namespace shishi {

TimeBudget allocate_time(const SearchLimits& limits, int game_ply) {
    TimeBudget b;
    if (limits.infinite) return b;
    const int64_t overhead = std::max<int64_t>(0, limits.move_overhead_ms);
    if (limits.movetime_ms > 0) {
        const int64_t margin = std::min<int64_t>(overhead, limits.movetime_ms / 5);
        b.limited = true;
        b.hard_ms = b.soft_ms = std::max<int64_t>(1, limits.movetime_ms - margin);
        b.fixed = true;
        return b;
    }
    if (limits.time_left_ms < 0 && limits.byoyomi_ms <= 0) return b;  // no clock at all

    const int64_t left = std::max<int64_t>(0, limits.time_left_ms);
    // A fixed reserve that only latency eats into: a game that goes far past the assumed
    // number of moves still has time for hundreds of pipe round trips.
    const int64_t reserve = std::min<int64_t>(left, RESERVE_MS);
    const int64_t usable = std::max<int64_t>(0, left - overhead - reserve);
    // Unknown length: at least 60 more moves, more the longer the game has already lasted.
    const int mtg = limits.moves_to_go > 0
                        ? limits.moves_to_go
                        : std::max(DEFAULT_MOVES_TO_GO, 40 + std::max(0, game_ply) / 4);
    // With the last move before the time control, leave a slice anyway (clocks differ).
    int64_t soft = usable / (mtg + 1);
    if (limits.increment_ms > 0) soft += limits.increment_ms * 3 / 4;
    // Never more than a fixed fraction of the clock, however the share comes out.
    const int64_t cap = mtg == 1 ? usable * 3 / 5 : usable / 4;
    int64_t hard = std::min(soft * 3, cap);
    soft = std::min(soft, hard);

    if (limits.byoyomi_ms > 0) {
        const int64_t period = std::max<int64_t>(0, limits.byoyomi_ms - overhead);
        soft += period * 9 / 10;
        hard += period;
    }
    b.limited = true;
    b.hard_ms = std::max<int64_t>(1, hard);
    b.soft_ms = std::clamp<int64_t>(soft, 1, b.hard_ms);
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
