// Whether two path names lead to one file: `x` and `./x`, a symlink and its target, a hard link.
// The runner's outputs and the merge's output are checked with it, so that no output
// overwrites another output or an input.
#pragma once

#include <string>

namespace shishi::match {

// True when both name the same existing file, or would name the same new file (the same
// absolute path once the existing folders and links on the way are resolved).
bool same_file(const std::string& a, const std::string& b);

}  // namespace shishi::match
