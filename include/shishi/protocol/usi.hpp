// USI protocol loop (lishogi's Chu Shogi notation).
#pragma once

#include <iosfwd>
#include <memory>

#include "shishi/protocol/line_output.hpp"
#include "shishi/protocol/line_session.hpp"
#include "shishi/protocol/startup_options.hpp"

namespace shishi {

// Runs the USI loop until `quit` or end of input; called after the first line `usi` has been
// read. The command-line options are applied first (a bad one is reported as `info string`),
// then it answers `usi` (id, options, usiok). Returns the exit code.
int run_usi(std::istream& in, std::ostream& out, const StartupOptions& startup = {});

// A USI session handing its output lines to `out`, the command-line options applied; it
// answers nothing until its first line (send it `usi`). With `inline_input`, searches run on
// the caller's thread inside handle_line("go ...") (no threads needed), reading `inline_input`
// as they go: stop, ponderhit, isready and gameover act at once, go and quit stop the search,
// and every other line is handled after the search has answered. Threads is then limited to 1.
std::unique_ptr<LineSession> make_usi_session(LineSink out, const StartupOptions& startup = {},
                                              InputPoll inline_input = {});
// The same, writing each line to `out` (stream_sink).
std::unique_ptr<LineSession> make_usi_session(std::ostream& out, const StartupOptions& startup = {},
                                              InputPoll inline_input = {});

}  // namespace shishi
