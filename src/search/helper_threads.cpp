// Helpers sleep on a condition variable between jobs; a generation counter tells a woken helper
// whether there is a new job or it is to end (its index is no longer below live_).
#include "shishi/search/helper_threads.hpp"

#include <algorithm>

namespace shishi {

HelperThreads::HelperThreads(Job job) : job_(std::move(job)) {}

HelperThreads::~HelperThreads() { resize(0); }

void HelperThreads::resize(int n) {
    n = std::max(0, n);
    if (n < size()) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            live_ = n;
        }
        wake_.notify_all();
        for (size_t i = size_t(n); i < threads_.size(); ++i)
            threads_[i].join();
        threads_.resize(size_t(n));
        return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    while (size() < n) {
        // The current generation is passed in, so a helper started now waits for the next job.
        threads_.emplace_back(&HelperThreads::loop, this, size(), generation_);
        ++live_;
    }
}

void HelperThreads::start() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        busy_ = live_;
        ++generation_;
    }
    wake_.notify_all();
}

void HelperThreads::wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return busy_ == 0; });
}

void HelperThreads::loop(int index, uint64_t seen) {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        wake_.wait(lock, [&] { return index >= live_ || generation_ != seen; });
        if (index >= live_) return;
        seen = generation_;
        lock.unlock();
        job_(index);
        lock.lock();
        if (--busy_ == 0) done_.notify_all();
    }
}

}  // namespace shishi
