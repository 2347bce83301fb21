// The search running beside the USI command loop, so that `stop`, `ponderhit`, `isready` and
// `quit` are answered while it thinks. It owns the Searcher (created on first use with the
// current settings), runs one search at a time on its own thread on a copy of the position,
// writes `info` lines as iterations complete and exactly one `bestmove` line per `go`.
// USI forbids sending bestmove during `go infinite` or an unanswered `go ponder` before the host
// says `stop`/`ponderhit`, so a search that ends early in those modes holds its answer until then.
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "shishi/core/position.hpp"
#include "shishi/protocol/usi_options.hpp"
#include "shishi/protocol/usi_writer.hpp"
#include "shishi/search/search.hpp"

namespace shishi::usi {

class SearchThread {
public:
    explicit SearchThread(LineWriter& out) : out_(out) {}
    ~SearchThread();  // stops and joins a running search
    SearchThread(const SearchThread&) = delete;
    SearchThread& operator=(const SearchThread&) = delete;

    // Is a search running? False from the moment its answer is decided; join() waits until
    // the bestmove line has been written.
    bool busy() const { return running_.load(); }

    // Creates the searcher or brings its hash/threads/contempt up to date. Only when idle.
    void configure(const Settings& s);
    void new_game();  // only when idle

    // Starts searching pos (copied). Only when idle; configure() first.
    void start(const Position& pos, const SearchLimits& limits);
    void stop();       // ends the search; its bestmove follows
    void ponderhit();  // the pondered move was played: continue on normal timing
    void join();       // waits until the bestmove is written (call stop() first if it may hold)
    // Is the search one that holds its answer until stop/ponderhit (infinite or pondering)?
    bool holds_answer();

private:
    void run(Position pos, SearchLimits limits);

    LineWriter& out_;
    std::unique_ptr<Searcher> searcher_;
    Settings applied_;
    std::thread thread_;
    std::atomic<bool> running_{false};
    std::mutex mutex_;
    std::condition_variable released_;
    bool stop_requested_ = false;   // guarded by mutex_
    bool ponderhit_seen_ = false;   // guarded by mutex_
    bool first_info_seen_ = false;  // guarded by mutex_: the searcher has started for sure
    bool infinite_ = false;         // guarded by mutex_
    bool pondering_ = false;        // guarded by mutex_
};

}  // namespace shishi::usi
