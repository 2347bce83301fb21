// Ctrl-C for the long command-line jobs (analyze, tune): the first SIGINT or SIGTERM only sets
// a flag that the job checks between its steps, so that it stops and keeps what it finished; a
// second one ends the process at once (the handler is installed for one signal only).
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace shishi::cli {

void catch_stop_signals();
bool stop_requested();
void request_stop();  // as if the user pressed Ctrl-C (tests)
void clear_stop_request();  // for tests

// While it lives, calls `on_stop` (e.g. Searcher::stop) from its own thread every 20 ms once a
// stop is requested: a search that starts just after the request is stopped too.
class StopRelay {
public:
    explicit StopRelay(std::function<void()> on_stop);
    ~StopRelay();
    StopRelay(const StopRelay&) = delete;
    StopRelay& operator=(const StopRelay&) = delete;

private:
    std::function<void()> on_stop_;
    std::mutex mutex_;
    std::condition_variable cv_;
    bool done_ = false;
    std::thread thread_;
};

}  // namespace shishi::cli
