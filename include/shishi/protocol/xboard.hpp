// XBoard/CECP protocol loop.
#pragma once

#include <iosfwd>

namespace shishi {

// Runs the CECP loop until `quit` or end of input; called after the first line `xboard`
// has been read. Returns the process exit code.
int run_xboard(std::istream& in, std::ostream& out);

}  // namespace shishi
