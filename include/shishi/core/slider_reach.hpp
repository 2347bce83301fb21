// Slider reach: the squares a side's sliding pieces reach along their sliding rays, counting
// the empty squares of each ray and the enemy piece that ends it (not an own piece or the edge).
// The evaluation weighs it as mobility; Position keeps each side's total through make/unmake,
// which needs only the rays that pass through a changed square, found by walking outwards
// from that square (Chu rays are short, about 2.5 squares).
#pragma once

#include <cstdint>

#include "shishi/core/types.hpp"

namespace shishi {

// The reach of the piece on s alone, by walking its rays (0 for a piece that does not slide).
int piece_slider_reach(const Piece* board, Square s);

// Adds to reach[WHITE] and reach[BLACK] the change of their slider reach when square s turns
// from `before` into `after` (EMPTY or a piece; either may slide) and nothing else changes.
// board[s] is not read, so the caller may call it before or after writing the square.
void add_slider_reach_change(const Piece* board, Square s, Piece before, Piece after, int32_t reach[2]);

}  // namespace shishi
