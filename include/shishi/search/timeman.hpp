// Time allocation: turns the clock state of SearchLimits into a soft limit (do not start another
// iteration after it, stretched when the best move is unstable) and a hard limit (abort the
// search). Both are measured from the start of the search (or from ponderhit).
#pragma once

#include <cstdint>

#include "shishi/search/search_limits.hpp"

namespace shishi {

struct TimeBudget {
    bool limited = false;  // false: no time limit at all (infinite, depth/nodes only)
    int64_t soft_ms = 0;
    int64_t hard_ms = 0;
    bool fixed = false;  // a fixed time per move (movetime): spent whole, never cut short
};

// Moves assumed still to play when the time control does not say (sudden death).
constexpr int DEFAULT_MOVES_TO_GO = 60;
// The latency reserve (the move overhead of the moves still to come that the increment does not
// pay for) is never more than this fraction of the clock, so a short clock is still spent.
constexpr int64_t RESERVE_DIVISOR = 8;

// The whole increment is spent once the clock holds this many move overheads (as kept back from
// it) plus this many increments, below that a proportional part of it; below this many whole
// overheads plus increments (2.2 s at 10 s + 0.1 s with the default 150 ms) the hard limit is
// the soft one.
constexpr int64_t INCREMENT_BUFFER_OVERHEADS = 8;
constexpr int64_t INCREMENT_BUFFER_INCREMENTS = 10;

// The most a move takes from the main clock, however long it is: lishogi reports 2^31-1 ms
// (24.8 days) for an unclocked game and correspondence clocks hold days, where an equal share
// would mean hours a move (a bot's opponent waiting) for little gain. Classical game clocks
// (two hours for 40 moves, five hours sudden death) give shares below it, so they are not cut.
constexpr int64_t MAX_SOFT_MS = 5 * 60 * 1000;
constexpr int64_t MAX_HARD_MS = 15 * 60 * 1000;

// The latency kept back from a move is never more than this fraction of the clock plus the
// increment. A host that hands out a clock of a second or two is a local one (a GUI, a match
// runner) whose latency is a few milliseconds; a network host's 100 ms only matter on the
// clocks such hosts offer. Without it the default 150 ms kept Shishi's 0.625 s clock near
// 600 ms all game at 1/16 time odds, spending under 6 ms a move.
constexpr int64_t OVERHEAD_CLOCK_DIVISOR = 16;

// The latency actually kept back from a clock of left_ms with increment inc_ms: the Move
// Overhead, but never more than left / OVERHEAD_CLOCK_DIVISOR + inc nor half the clock (a clock
// shorter than twice the overhead must still be used a little).
int64_t effective_overhead(int64_t overhead_ms, int64_t left_ms, int64_t inc_ms = 0);

// game_ply: plies played in the game so far (lengthens the assumed rest of a sudden-death game).
// A movetime and a clock given together both apply: the budget never exceeds either's hard
// limit, and it is the fixed movetime only when the clock would not stop the search sooner.
// Guarantees (tested): hard_ms + the overhead kept back <= the clock (plus the byoyomi period),
// except that hard_ms is at least 1; soft_ms <= hard_ms.
TimeBudget allocate_time(const SearchLimits& limits, int game_ply = 0);

// How far past the soft limit to go: instability is the number of best-move changes in recent
// iterations; the result is the soft limit scaled (never above the hard limit).
int64_t scaled_soft_limit(const TimeBudget& budget, int instability);

}  // namespace shishi
