// The match: schedules the games over -j worker threads (each owning its two engine processes),
// writes each finished game to the PGN as it ends, prints progress and the final summary, and
// stops early on an SPRT verdict, on an engine that cannot be started, or on Ctrl-C.
#pragma once

#include <ostream>

#include "shishi/match/match_options.hpp"

namespace shishi::match {

// Exit codes: 0 done (or stopped by SPRT), 1 aborted (engine could not start, PGN not
// writable, bad openings), 130 interrupted.
int run_match(const MatchOptions& options, std::ostream& out, std::ostream& err);

}  // namespace shishi::match
