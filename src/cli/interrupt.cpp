#include "shishi/cli/interrupt.hpp"

#include <atomic>
#include <chrono>
#include <csignal>

namespace shishi::cli {
namespace {

// Lock-free so that the signal handler may set it.
std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// C linkage names are global: this one must differ from shishi-match's handler.
extern "C" void on_cli_stop_signal(int) { g_stop.store(true); }

}  // namespace

void catch_stop_signals() {
    struct sigaction sa{};
    sa.sa_handler = on_cli_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;  // the second Ctrl-C is the default action: the process ends
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
}

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
