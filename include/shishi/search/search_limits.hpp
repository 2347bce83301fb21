// What the search and its users share without the searcher itself: the score scale, the ply
// limit, and the limits, lines and result of one search. The table, the clock and the protocols
// include this instead of search.hpp.
#pragma once

#include <cstdint>
#include <vector>

#include "shishi/core/board_types.hpp"

namespace shishi {

// Scores are centipawns from the side to move's view. Capturing the last royal is a win;
// mate scores count plies to that capture.
constexpr int SCORE_INFINITE = 32000;
constexpr int SCORE_MATE = 31000;  // win with the royal capture at the root
constexpr int SCORE_MATE_BOUND = 30000;  // |score| above this is a mate score
constexpr int MAX_PLY = 128;
// A repetition lost or won by rule: above any material balance, below the mate scores. Not an
// evaluation of the position (protocols print it as such: XBoard shows 0).
constexpr int SCORE_REPETITION = 20000;
// The main search thread reads the clock and the node limit every this many of its nodes, so a
// single-threaded search with a node limit that is a multiple of it stops exactly at the limit.
constexpr int NODE_CHECK_INTERVAL = 512;
// The value of capturing a side's last royal in move ordering and the exchange evaluation:
// above any material, so it is always tried first and ends an exchange.
constexpr int ROYAL_CAPTURE_VALUE = 100000;

// Is this a mate score, and in how many moves (positive: side to move wins)?
constexpr bool is_mate_score(int score) { return score > SCORE_MATE_BOUND || score < -SCORE_MATE_BOUND; }
constexpr int mate_in_moves(int score) {
    if (score > SCORE_MATE_BOUND) return (SCORE_MATE - score) / 2 + 1;
    if (score < -SCORE_MATE_BOUND) return -((SCORE_MATE + score + 1) / 2);
    return 0;
}

struct SearchLimits {
    int depth = 0;  // 0 = no depth limit
    uint64_t nodes = 0;  // 0 = no node limit
    int mate = 0;  // > 0: stop once a win in this many moves (or fewer) is found
    int64_t movetime_ms = 0;  // > 0: fixed time for this move
    // Clock-based control (XBoard level/time/otim, USI btime/wtime/byoyomi/inc/movestogo).
    int64_t time_left_ms = -1;  // own clock; < 0 = no clock
    int64_t increment_ms = 0;
    int64_t byoyomi_ms = 0;
    int moves_to_go = 0;  // 0 = sudden death / unknown
    int64_t move_overhead_ms = 30;  // Move Overhead option: the host's latency, kept back from a clock
    // The engine's own time from noticing its limit to the move written: kept back from every
    // budget, a movetime's too.
    int64_t reaction_ms = 0;
    // The host also times the movetime as a clock it can flag (XBoard `st`), so the Move
    // Overhead is kept back from it too. A USI `go movetime` is searched until the move can
    // just be delivered at the movetime, as in Stockfish.
    bool movetime_flags = false;
    bool infinite = false;  // analyse until stop()
    bool ponder = false;  // do not stop on time until ponderhit()
    bool allow_pass = true;  // false: choose a turn pass only when it is the only move
    int multipv = 1;  // best lines to find and report per iteration (1-50)
    std::vector<Move> excluded;  // root moves not to search (XBoard analysis `exclude`)
};

struct SearchInfo {
    int depth = 0;
    int seldepth = 0;
    int score = 0;  // centipawns, side to move
    uint64_t nodes = 0;  // all threads
    int64_t time_ms = 0;
    int hashfull = 0;  // per mille
    int multipv = 1;  // which line this is (1 = best), under SearchLimits::multipv
    std::vector<Move> pv;
};

struct SearchResult {
    Move best;  // Move::none() when there is no legal move
    Move ponder;  // expected reply, or none
    int score = 0;
    int depth = 0;
    uint64_t nodes = 0;  // all threads
};

}  // namespace shishi
