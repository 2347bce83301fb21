#include "shishi/cli/interrupt.hpp"

#include <atomic>
#include <chrono>
#include <cstdlib>

#include "shishi/platform/platform.hpp"

namespace shishi::cli {
namespace {

// Lock-free so that the signal handler may set it.
std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// The first Ctrl-C asks the job to stop; a second one ends the process at once.
void on_cli_stop_request() {
    if (g_stop.exchange(true)) std::_Exit(130);
}

}  // namespace

void catch_stop_signals() { platform::on_interrupt(on_cli_stop_request); }

bool stop_requested() { return g_stop.load(); }
void request_stop() { g_stop.store(true); }
void clear_stop_request() { g_stop.store(false); }

StopRelay::StopRelay(std::function<void()> on_stop) : on_stop_(std::move(on_stop)) {
    thread_ = std::thread([this] {
        std::unique_lock<std::mutex> lock(mutex_);
        while (!cv_.wait_for(lock, std::chrono::milliseconds(20), [this] { return done_; }))
            if (stop_requested()) on_stop_();
    });
}

StopRelay::~StopRelay() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ = true;
    }
    cv_.notify_all();
    thread_.join();
}

}  // namespace shishi::cli
