#include "shishi/protocol/search_thread.hpp"

#include <chrono>
#include <utility>

namespace shishi {

void SearchThread::start(std::function<void()> job) {
    join();
    finished_ = false;
    thread_ = std::thread([this, job = std::move(job)] {
        job();
        finished_ = true;
    });
}

void SearchThread::stop_and_join(const std::function<void()>& stop) {
    while (thread_.joinable() && !finished_) {
        stop();
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    join();
}

void SearchThread::join() {
    if (thread_.joinable()) thread_.join();
}

}  // namespace shishi
