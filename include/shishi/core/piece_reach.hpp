// The reach of pieces as they stand on the board: indexed by the board byte itself (colour bit
// and kind), so attack scans need no colour or kind split and no test for empty or guard
// squares, whose rows are all zero.
#pragma once

#include <cstdint>

#include "shishi/core/pieces.hpp"

namespace shishi {

struct PieceReach {
    uint8_t reach[256][DIRECTION_NB];  // reach(color_of(p), kind_of(p), d); 0 for EMPTY and EDGE
    uint8_t lion[256];  // 1 for a Lion-powered piece of either colour
    uint8_t side_reach[2][256][DIRECTION_NB];  // [c]: as reach for pieces of colour c, else 0
    uint8_t side_lion[2][256];  // [c]: as lion for pieces of colour c, else 0
};
extern const PieceReach PIECE_REACH;

// Reach of the piece byte p along absolute direction d.
inline uint8_t piece_reach(Piece p, int d) { return PIECE_REACH.reach[p][d]; }
inline bool lion_piece_byte(Piece p) { return PIECE_REACH.lion[p]; }
// The same for pieces of colour c only (0 for the other colour).
inline uint8_t side_reach(Color c, Piece p, int d) { return PIECE_REACH.side_reach[c][p][d]; }
inline bool side_lion(Color c, Piece p) { return PIECE_REACH.side_lion[c][p]; }

// The move shape (MoveShape) again by piece byte, its direction lists as masks (bit d for
// DIRECTION_OFFSET[d]; a mask's directions in rising order are the list in order), with the
// flags capture generation asks of every piece: one eight-byte row a piece, no kind table.
struct PieceShape {
    uint8_t slides, steps, jumps;  // MoveShape::slide, step (its step_mask) and jump directions
    uint8_t jump_steps;  // the jumps whose reach includes the step to the first square
    uint8_t lion_lines;  // the jumps with REACH_LION_LINE
    uint8_t flags;  // SHAPE_*
    int8_t single_step;  // the step's offset when steps has one direction, else 0
    uint8_t unused;
};
enum : uint8_t {
    SHAPE_LION = 1,  // full Lion power: its own generator, none of the masks used
    SHAPE_PROMOTES = 2,  // can_promote
    SHAPE_STEPPER = 4,  // steps only (no slide, no jump), in more than one direction
    SHAPE_ONE_STEP = 8,  // one step only (the Pawn)
};
struct PieceShapes {
    alignas(8) PieceShape of[256];  // all zero for EMPTY and EDGE
};
extern const PieceShapes PIECE_SHAPES;
inline const PieceShape& piece_shape(Piece p) { return PIECE_SHAPES.of[p]; }

}  // namespace shishi
