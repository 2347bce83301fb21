// USI protocol loop (lishogi's Chu Shogi notation).
#pragma once

#include <iosfwd>

#include "shishi/protocol/startup_options.hpp"

namespace shishi {

// Runs the USI loop until `quit` or end of input; called after the first line `usi` has been
// read. The command-line options are applied first (a bad one is reported as `info string`),
// then it answers `usi` (id, options, usiok). Returns the exit code.
int run_usi(std::istream& in, std::ostream& out, const StartupOptions& startup = {});

}  // namespace shishi
