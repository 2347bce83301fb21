// The USI `position` command: "startpos [moves ...]" or "sfen <SFEN> [moves ...]", with every
// move checked legal in turn. Nothing is half-applied: the caller gets either the whole new
// position (its history holding the moves, for repetition detection) or an error naming the
// first bad word.
#pragma once

#include <string_view>
#include <vector>

#include "shishi/core/notation.hpp"
#include "shishi/core/options.hpp"

namespace shishi::usi {

// `args` are the words after "position". `rules` are the rule options to play the moves under.
Parsed<Position> parse_position_command(const std::vector<std::string_view>& args,
                                        const RuleOptions& rules);

}  // namespace shishi::usi
