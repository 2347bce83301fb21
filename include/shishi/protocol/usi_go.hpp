// The USI `go` command's limits, turned into the searcher's SearchLimits for the side to move.
// USI's "b" is sente, the first player (shishi::WHITE): btime/binc are the first player's clock.
#pragma once

#include <string_view>
#include <vector>

#include "shishi/core/notation.hpp"
#include "shishi/search/search.hpp"

namespace shishi::usi {

struct GoCommand {
    SearchLimits limits;
    bool mate = false;  // "go mate ...": tsume search, which this engine does not offer
};

// `args` are the words after "go". A bare "go" analyses until `stop` (like "go infinite").
// Unknown words, missing or malformed numbers are errors naming the word.
Parsed<GoCommand> parse_go_command(const std::vector<std::string_view>& args, Color side_to_move);

}  // namespace shishi::usi
