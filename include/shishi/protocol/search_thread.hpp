// One background worker for searches, so a protocol loop keeps reading commands (stop, move
// now, quit) while the engine thinks. At most one job runs at a time.
#pragma once

#include <atomic>
#include <functional>
#include <thread>

namespace shishi {

class SearchThread {
public:
    SearchThread() = default;
    ~SearchThread() { join(); }
    SearchThread(const SearchThread&) = delete;
    SearchThread& operator=(const SearchThread&) = delete;

    // Runs job on a new thread; waits first for any previous job to end.
    void start(std::function<void()> job);
    // Waits for the current job (if any) to end. Call from the owning thread only.
    void join();
    // Calls stop() until the job has ended, then joins: a stop request that arrives before
    // the job's search has begun (and reset its stop flag) is repeated rather than lost.
    void stop_and_join(const std::function<void()>& stop);
    // Has a job been started and not yet joined?
    bool active() const { return thread_.joinable(); }

private:
    std::thread thread_;
    std::atomic<bool> finished_{true};
};

}  // namespace shishi
