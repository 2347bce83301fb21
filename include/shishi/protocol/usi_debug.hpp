// Debug commands of USI mode: `d` (board diagram in USI coordinates and the SFEN) and
// `perft <depth>` (per-move counts in USI notation, then the total).
#pragma once

#include <cstdint>
#include <string>

#include "shishi/core/position.hpp"

namespace shishi::usi {

// Diagram with USI coordinates (files 12..1 across, ranks a..l down), then "sfen ...".
std::string display(const Position& pos);

// One line "<usi move>: <count>" per legal move, then "nodes <total>". Returns the total.
uint64_t perft_divide(Position& pos, int depth, std::string& text);

}  // namespace shishi::usi
