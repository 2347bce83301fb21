// The reach of pieces as they stand on the board: indexed by the board byte itself (colour bit
// and kind), so attack scans need no colour or kind split and no test for empty or guard
// squares, whose rows are all zero.
#pragma once

#include <cstdint>

#include "shishi/core/pieces.hpp"

namespace shishi {

struct PieceReach {
    uint8_t reach[256][DIRECTION_NB];  // reach(color_of(p), kind_of(p), d); 0 for EMPTY and EDGE
    uint8_t lion[256];                 // 1 for a Lion-powered piece of either colour
    uint8_t side_reach[2][256][DIRECTION_NB];  // [c]: as reach for pieces of colour c, else 0
    uint8_t side_lion[2][256];                 // [c]: as lion for pieces of colour c, else 0
};
extern const PieceReach PIECE_REACH;

// Reach of the piece byte p along absolute direction d.
inline uint8_t piece_reach(Piece p, int d) { return PIECE_REACH.reach[p][d]; }
inline bool lion_piece_byte(Piece p) { return PIECE_REACH.lion[p]; }
// The same for pieces of colour c only (0 for the other colour).
inline uint8_t side_reach(Color c, Piece p, int d) { return PIECE_REACH.side_reach[c][p][d]; }
inline bool side_lion(Color c, Piece p) { return PIECE_REACH.side_lion[c][p]; }

}  // namespace shishi
