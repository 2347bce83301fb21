// The searcher: iterative deepening PVS alpha-beta with a transposition table and quiescence
// over captures. One Searcher per engine; search() runs on the caller's thread and can be
// stopped from another thread with stop(). With set_threads(n), n - 1 helper threads search
// the same root at the same time, sharing the table (Lazy SMP); the caller's thread keeps the
// time, reports and chooses the move.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "shishi/core/position.hpp"

namespace shishi {

// Scores are centipawns from the side to move's view. Capturing the last royal is a win;
// mate scores count plies to that capture.
constexpr int SCORE_INFINITE = 32000;
constexpr int SCORE_MATE = 31000;          // win with the royal capture at the root
constexpr int SCORE_MATE_BOUND = 30000;    // |score| above this is a mate score
constexpr int MAX_PLY = 128;
// A repetition lost or won by rule: above any material balance, below the mate scores. Not an
// evaluation of the position (protocols print it as such: XBoard shows 0).
constexpr int SCORE_REPETITION = 20000;
// The main search thread reads the clock and the node limit every this many of its nodes, so a
// single-threaded search with a node limit that is a multiple of it stops exactly at the limit.
constexpr int NODE_CHECK_INTERVAL = 512;

struct SearchLimits {
    int depth = 0;                // 0 = no depth limit
    uint64_t nodes = 0;           // 0 = no node limit
    int mate = 0;                 // > 0: stop once a win in this many moves (or fewer) is found
    int64_t movetime_ms = 0;      // > 0: fixed time for this move
    // Clock-based control (XBoard level/time/otim, USI btime/wtime/byoyomi/inc/movestogo).
    int64_t time_left_ms = -1;    // own clock; < 0 = no clock
    int64_t increment_ms = 0;
    int64_t byoyomi_ms = 0;
    int moves_to_go = 0;          // 0 = sudden death / unknown
    int64_t move_overhead_ms = 30;   // Move Overhead option: kept back from every budget
    bool infinite = false;        // analyse until stop()
    bool ponder = false;          // do not stop on time until ponderhit()
    bool allow_pass = true;       // false: choose a turn pass only when it is the only move
    int multipv = 1;              // best lines to find and report per iteration (1-50)
    std::vector<Move> excluded;   // root moves not to search (XBoard analysis `exclude`)
};

struct SearchInfo {
    int depth = 0;
    int seldepth = 0;
    int score = 0;                // centipawns, side to move
    uint64_t nodes = 0;           // all threads
    int64_t time_ms = 0;
    int hashfull = 0;             // per mille
    int multipv = 1;              // which line this is (1 = best), under SearchLimits::multipv
    std::vector<Move> pv;
};

struct SearchResult {
    Move best;                    // Move::none() when there is no legal move
    Move ponder;                  // expected reply, or none
    int score = 0;
    int depth = 0;
    uint64_t nodes = 0;           // all threads
};

// Is this a mate score, and in how many moves (positive: side to move wins)?
bool is_mate_score(int score);
int mate_in_moves(int score);

class Searcher {
public:
    explicit Searcher(size_t hash_mb = 64);
    ~Searcher();
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    // Settings: only while no search runs.
    // Replaces the table (cleared). When mb cannot be allocated, the largest size that can
    // (halving) is used instead; returns the size in use, in MB.
    size_t set_hash_mb(size_t mb);
    void set_threads(int n);       // 1 = single-threaded; helper threads start here, once
    void set_contempt(int cp);     // score of a draw for the side to move, negated
    void new_game();               // clears the table and history statistics
    // Called by the main worker every NODE_CHECK_INTERVAL nodes, on the search's thread: a
    // host without threads (the single-threaded WebAssembly build) reads its input there and
    // may call stop() or ponderhit(), which take effect at once. Empty: not called.
    void set_poll(std::function<void()> poll);

    // Starts the stop/ponder state of the next search now: a stop() or ponderhit() that
    // arrives between prepare() and search() (the search thread is still starting) is kept.
    // Without prepare(), search() starts that state itself, forgetting earlier requests.
    void prepare(bool ponder);

    // Searches pos (its move history is used for repetition detection); pos is restored.
    // on_info is called after each completed iteration (and may be empty), once per line
    // under MultiPV (line 1 first; the result is line 1's move). An infinite or
    // ponder search returns when stopped, or earlier when it has nothing deeper to search
    // (the caller holds the answer if its protocol says so).
    SearchResult search(Position& pos, const SearchLimits& limits,
                        const std::function<void(const SearchInfo&)>& on_info = {});

    void stop();                   // thread-safe: finish as soon as possible
    void ponderhit();              // thread-safe: switch from ponder to normal timing
    uint64_t nodes_searched() const;  // thread-safe: all threads' nodes of the last search

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace shishi
