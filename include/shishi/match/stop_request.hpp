// The match-wide stop request: Ctrl-C (SIGINT, or the console's Ctrl-C event on Windows) or
// SIGTERM sets it, every wait in the runner
// checks it, finished games are still written.
#pragma once

namespace shishi::match {

void install_interrupt_handlers();
void request_stop();  // as if the user pressed Ctrl-C
bool stop_requested();
void clear_stop_request();  // for tests

}  // namespace shishi::match
