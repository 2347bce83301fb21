// The USI search thread: one search at a time on a copy of the position, info lines per
// iteration, exactly one bestmove per search, held back while USI says the host must ask first.
#include "shishi/protocol/usi_search_thread.hpp"

#include "shishi/protocol/usi_info.hpp"

namespace shishi::usi {

SearchThread::~SearchThread() {
    stop();
    join();
}

void SearchThread::configure(const Settings& s) {
    if (!searcher_) {
        searcher_ = std::make_unique<Searcher>(s.hash_mb);
        searcher_->set_threads(s.threads);
        searcher_->set_contempt(s.contempt);
    } else {
        if (s.hash_mb != applied_.hash_mb) searcher_->set_hash_mb(s.hash_mb);
        if (s.threads != applied_.threads) searcher_->set_threads(s.threads);
        if (s.contempt != applied_.contempt) searcher_->set_contempt(s.contempt);
    }
    applied_ = s;
}

void SearchThread::new_game() {
    if (searcher_) searcher_->new_game();
}

void SearchThread::start(const Position& pos, const SearchLimits& limits) {
    join();  // the previous search has written its bestmove; reap its thread
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_requested_ = false;
        ponderhit_seen_ = false;
        first_info_seen_ = false;
        infinite_ = limits.infinite;
        pondering_ = limits.ponder;
    }
    running_ = true;
    thread_ = std::thread(&SearchThread::run, this, pos, limits);
}

void SearchThread::stop() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!running_) return;
        stop_requested_ = true;
    }
    searcher_->stop();
    released_.notify_all();
}

void SearchThread::ponderhit() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!running_ || !pondering_) return;
        pondering_ = false;
        ponderhit_seen_ = true;
    }
    searcher_->ponderhit();
    released_.notify_all();
}

void SearchThread::join() {
    if (thread_.joinable()) thread_.join();
}

bool SearchThread::holds_answer() {
    std::lock_guard<std::mutex> lock(mutex_);
    return running_ && (infinite_ || pondering_);
}

void SearchThread::run(Position pos, SearchLimits limits) {
    const Position root = pos;
    {
        // A ponderhit before the search even started: search on the clock from now on.
        std::lock_guard<std::mutex> lock(mutex_);
        if (limits.ponder && ponderhit_seen_) limits.ponder = false;
    }
    // The searcher clears its stop and ponder state as it starts, so a stop or ponderhit sent
    // just before that is lost; it is repeated when the first iteration reports (depth 1 is a
    // matter of milliseconds, so a repeated ponderhit hardly moves the clock's start).
    auto on_info = [&](const SearchInfo& info) {
        out_.line(format_info(info, root));
        std::lock_guard<std::mutex> lock(mutex_);
        if (first_info_seen_) return;
        first_info_seen_ = true;
        if (stop_requested_) searcher_->stop();
        if (ponderhit_seen_) searcher_->ponderhit();
    };
    SearchResult result = searcher_->search(pos, limits, on_info);
    {
        std::unique_lock<std::mutex> lock(mutex_);
        released_.wait(lock, [&] { return stop_requested_ || (!infinite_ && !pondering_); });
        // Idle before the answer goes out: a host may send its next `go` the moment it reads
        // bestmove. Whatever comes next joins this thread first, so the line is never lost.
        running_ = false;
    }
    out_.line(format_bestmove(choose_best_move(root, result)));
}

}  // namespace shishi::usi
