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
#include "shishi/eval/nnue_network.hpp"
#include "shishi/search/search_limits.hpp"

namespace shishi {

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
    void set_threads(int n);  // 1 = single-threaded; helper threads start here, once
    void set_contempt(int cp);  // score of a draw for the side to move, negated
    // The evaluation: a learned net (shared with its owner, the engine), or null for the hand
    // evaluation.
    void set_network(std::shared_ptr<const nnue::Network> net);
    std::shared_ptr<const nnue::Network> network() const;  // the one set (null: the hand evaluation)
    void new_game();  // clears the table and history statistics
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

    void stop();  // thread-safe: finish as soon as possible
    void ponderhit();  // thread-safe: switch from ponder to normal timing
    uint64_t nodes_searched() const;  // thread-safe: all threads' nodes of the last search

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace shishi
