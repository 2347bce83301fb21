// XBoard/CECP protocol loop.
#pragma once

#include <iosfwd>

#include "shishi/protocol/startup_options.hpp"

namespace shishi {

// Runs the CECP loop until `quit` or end of input; called after the first line `xboard`
// has been read. The command-line options are applied first (a bad one is reported as a
// `telluser`). Returns the process exit code.
int run_xboard(std::istream& in, std::ostream& out, const StartupOptions& startup = {});

}  // namespace shishi
