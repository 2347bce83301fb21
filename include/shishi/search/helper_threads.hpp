// The helper threads of a parallel search: created once, parked between searches and woken
// together to run one job each (the job gets the helper's index), so no thread is started
// per search.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace shishi {

class HelperThreads {
public:
    using Job = std::function<void(int index)>;

    explicit HelperThreads(Job job);
    ~HelperThreads();  // ends and joins every helper (they must be idle)
    HelperThreads(const HelperThreads&) = delete;
    HelperThreads& operator=(const HelperThreads&) = delete;

    // Starts or ends helpers until there are n; only between start() ... wait() pairs.
    void resize(int n);
    int size() const { return int(threads_.size()); }

    void start();  // every helper runs the job once
    void wait();  // returns when every helper has finished its job

private:
    void loop(int index, uint64_t seen);

    Job job_;
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    std::vector<std::thread> threads_;
    uint64_t generation_ = 0;  // bumped by start(); a helper runs the job once per value
    int live_ = 0;  // helpers with a smaller index stay; the others end
    int busy_ = 0;  // helpers still running the current job
};

}  // namespace shishi
