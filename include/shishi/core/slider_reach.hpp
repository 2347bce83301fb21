// Slider reach: the squares a side's sliding pieces reach along their sliding rays, counting
// the empty squares of each ray and the enemy piece that ends it (not an own piece or the edge).
// The evaluation weighs it as mobility; Position keeps each side's total through make/unmake,
// which needs only the rays that pass through a changed square, found by walking outwards
// from that square (Chu rays are short, about 2.5 squares).
#pragma once

#include "shishi/core/board_types.hpp"

namespace shishi {

// The reach of the piece on s alone, by walking its rays (0 for a piece that does not slide).
int piece_slider_reach(const Piece* board, Square s);

// How a change of one square changes the totals is Position's business, inline in its source
// (src/core/slider_reach_change.hpp): make (when the reach is settled) and setup call it for every changed square.

}  // namespace shishi
