// Time allocation: turns the clock state of SearchLimits into a soft limit (do not start another
// iteration after it, stretched when the best move is unstable) and a hard limit (abort the
// search). Both are measured from the start of the search (or from ponderhit).
#pragma once

#include <cstdint>

#include "shishi/search/search.hpp"

namespace shishi {

struct TimeBudget {
    bool limited = false;   // false: no time limit at all (infinite, depth/nodes only)
    int64_t soft_ms = 0;
    int64_t hard_ms = 0;
    bool fixed = false;     // a fixed time per move (movetime): spent whole, never cut short
};

// Moves assumed still to play when the time control does not say (sudden death).
constexpr int DEFAULT_MOVES_TO_GO = 60;
// The latency reserve (the move overhead of the moves still to come that the increment does not
// pay for) is never more than this fraction of the clock, so a short clock is still spent.
constexpr int64_t RESERVE_DIVISOR = 8;

// The whole increment is spent once the clock holds this many move overheads plus this many
// increments (1.24 s at 10 s + 0.1 s); below that a proportional part of it, and the hard
// limit is the soft one.
constexpr int64_t INCREMENT_BUFFER_OVERHEADS = 8;
constexpr int64_t INCREMENT_BUFFER_INCREMENTS = 10;

// The most a move takes from the main clock, however long it is: lishogi reports 2^31-1 ms
// (24.8 days) for an unclocked game and correspondence clocks hold days, where an equal share
// would mean hours a move (a bot's opponent waiting) for little gain. Classical game clocks
// (two hours for 40 moves, five hours sudden death) give shares below it, so they are not cut.
constexpr int64_t MAX_SOFT_MS = 5 * 60 * 1000;
constexpr int64_t MAX_HARD_MS = 15 * 60 * 1000;

// The latency actually kept back from a clock of left_ms: the Move Overhead, but never more
// than half the clock (a clock shorter than twice the overhead must still be used a little).
int64_t effective_overhead(int64_t overhead_ms, int64_t left_ms);

// game_ply: plies played in the game so far (lengthens the assumed rest of a sudden-death game).
// Guarantees (tested): hard_ms + the overhead kept back <= the clock (plus the byoyomi period),
// except that hard_ms is at least 1; soft_ms <= hard_ms.
TimeBudget allocate_time(const SearchLimits& limits, int game_ply = 0);

// How far past the soft limit to go: instability is the number of best-move changes in recent
// iterations; the result is the soft limit scaled (never above the hard limit).
int64_t scaled_soft_limit(const TimeBudget& budget, int instability);

}  // namespace shishi
