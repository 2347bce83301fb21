// Material and piece-square scores per coloured piece and square, which Position keeps summed
// per side through make/unmake so the evaluation need not add them up at every node. The
// evaluation owns the numbers and installs them whenever its weights change; the core only adds
// them, so it does not depend on the evaluation. A Position's sums are valid for the table
// generation it was stamped with (Position::score_generation()).
#pragma once

#include <cstdint>

#include "shishi/core/board_types.hpp"

namespace shishi {

struct PieceSquareScores {
    // score[piece_index(p)][s]: what piece p on square s adds to its own side (its own view).
    int16_t score[2 * KIND_NB][FRAME_SQUARES];
    // Incremented by every install; 0 = nothing installed yet (all scores 0).
    uint32_t generation;
};

// The installed table (zero-initialised until the evaluation installs one).
inline PieceSquareScores piece_square_scores{};

inline int piece_square_score(Piece p, Square s) { return piece_square_scores.score[piece_index(p)][s]; }

}  // namespace shishi
