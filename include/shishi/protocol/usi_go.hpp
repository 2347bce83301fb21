// The USI `go` command's limits, turned into the searcher's SearchLimits for the side to move.
// USI's "b" is sente, the first player (shishi::WHITE): btime/binc are the first player's clock.
// Every `go` gets a search (and so a bestmove): what cannot be read as given is adjusted or
// ignored, and each adjustment is described in a note for an `info string`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "shishi/core/board_types.hpp"
#include "shishi/search/search_limits.hpp"

namespace shishi::usi {

// Times above this (ten years, in ms) are clamped: longer than any clock, and sums of such
// values stay far from overflow.
constexpr int64_t MAX_GO_MS = int64_t(3650) * 24 * 3600 * 1000;
// The search a `go` gets when none of its limits could be read (and it is not a bare `go`).
constexpr int64_t FALLBACK_MOVETIME_MS = 1000;

struct GoCommand {
    SearchLimits limits;
    std::vector<std::string> notes;  // adjustments made, e.g. "go: movetime 1000.0 read as 1000"
};

// `args` are the words after "go". A bare "go" analyses until `stop` (like "go infinite").
// Numbers may carry a fraction (rounded down), be negative (times read as 0) or huge (clamped);
// unknown words and unreadable numbers are skipped. All limits given apply together; `mate N`
// is Fairy-Stockfish's limit (stop at a win in N moves), not USI's tsume search (the session
// sends `go mate` to the tsume search, usi_mate.hpp, unless the option Go_Mate_In_Moves is on).
GoCommand parse_go_command(const std::vector<std::string_view>& args, Color side_to_move);

}  // namespace shishi::usi
