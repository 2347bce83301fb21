#include "shishi/match/stop_request.hpp"

#include <atomic>

#include "shishi/platform/platform.hpp"

namespace shishi::match {
namespace {

// Lock-free so that the signal handler may set it.
std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

void on_stop_request() { g_stop.store(true); }

}  // namespace

void install_interrupt_handlers() { platform::on_interrupt(on_stop_request); }

void request_stop() { g_stop.store(true); }
bool stop_requested() { return g_stop.load(); }
void clear_stop_request() { g_stop.store(false); }

}  // namespace shishi::match
