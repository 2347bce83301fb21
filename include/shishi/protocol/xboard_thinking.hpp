// XBoard thinking output: "ply score time nodes pv", time in centiseconds, mate scores (a
// forced capture of the last royal) as 100000 + N (win in N moves) or -100000 - N, and a
// repetition decided by rule (not an evaluation) as 0.
#pragma once

#include <string>

#include "shishi/search/search_limits.hpp"

namespace shishi {

int xboard_score(int score);
std::string xboard_thinking_line(const SearchInfo& info);

}  // namespace shishi
