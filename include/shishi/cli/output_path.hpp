// Output files are checked before a long job (an analysis, a tuning run, a match), not after
// it: a typo in a folder name must not cost the work.
#pragma once

#include <string>

namespace shishi::cli {

// Why `path` cannot be written ("" when it can: the file is writable, or it does not exist and
// its folder does and is writable; "-" is standard output).
std::string output_path_problem(const std::string& path);

}  // namespace shishi::cli
