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

// Milliseconds kept back per move for the GUI/pipe latency between our clock and theirs.
constexpr int64_t MOVE_OVERHEAD_MS = 30;
// Clock time kept back for latency in very long games.
constexpr int64_t RESERVE_MS = 2000;
// Moves assumed still to play when the time control does not say (sudden death).
constexpr int DEFAULT_MOVES_TO_GO = 60;

// game_ply: plies played in the game so far (lengthens the assumed rest of a sudden-death game).
TimeBudget allocate_time(const SearchLimits& limits, int game_ply = 0);

// How far past the soft limit to go: instability is the number of best-move changes in recent
// iterations; the result is the soft limit scaled (never above the hard limit).
int64_t scaled_soft_limit(const TimeBudget& budget, int instability);

}  // namespace shishi
