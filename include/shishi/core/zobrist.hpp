// Zobrist hashing keys: per coloured piece and square, side to move, counter-strike square.
#pragma once

#include <cstdint>

#include "shishi/core/board_types.hpp"

namespace shishi::zobrist {

struct Keys {
    uint64_t piece_square[2 * KIND_NB][FRAME_SQUARES];
    uint64_t counter_strike[FRAME_SQUARES];  // entry NO_SQUARE is 0: no counter-strike
    uint64_t side;  // xor-ed in when the second player is to move
};

extern const Keys KEYS;

inline uint64_t piece_key(Piece p, Square s) { return KEYS.piece_square[piece_index(p)][s]; }
inline uint64_t counter_strike_key(Square s) { return KEYS.counter_strike[s]; }
inline uint64_t side_key() { return KEYS.side; }

}  // namespace shishi::zobrist
