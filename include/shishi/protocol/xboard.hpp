// XBoard/CECP protocol loop.
#pragma once

#include <iosfwd>
#include <memory>

#include "shishi/protocol/line_output.hpp"
#include "shishi/protocol/line_session.hpp"
#include "shishi/protocol/startup_options.hpp"

namespace shishi {

// Runs the CECP loop until `quit` or end of input; called after the first line `xboard`
// has been read. The command-line options are applied first (a bad one is reported as a
// `telluser`). Returns the process exit code.
int run_xboard(std::istream& in, std::ostream& out, const StartupOptions& startup = {});

// An XBoard session handing its output lines to `out`, the command-line options applied; it
// answers nothing until its first line (`xboard`, `protover 2`, ...).
std::unique_ptr<LineSession> make_xboard_session(LineSink out, const StartupOptions& startup = {});

}  // namespace shishi
