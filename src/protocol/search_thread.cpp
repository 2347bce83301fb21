#include "search_thread.hpp"

#include <utility>

namespace shishi {

void SearchThread::start(std::function<void()> job) {
    join();
    thread_ = std::thread(std::move(job));
}

void SearchThread::join() {
    if (thread_.joinable()) thread_.join();
}

}  // namespace shishi
