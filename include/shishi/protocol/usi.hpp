// USI protocol loop (lishogi's Chu Shogi notation).
#pragma once

#include <iosfwd>

namespace shishi {

// Runs the USI loop until `quit` or end of input; called after the first line `usi` has been
// read, so it starts by answering that command (id, options, usiok). Returns the exit code.
int run_usi(std::istream& in, std::ostream& out);

}  // namespace shishi
