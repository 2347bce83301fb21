// Slider reach from scratch (the change of one square is in slider_reach_change.hpp).
#include "shishi/core/slider_reach.hpp"

#include <bit>

#include "shishi/core/pieces.hpp"
#include "slider_reach_change.hpp"

namespace shishi {

int piece_slider_reach(const Piece* board, Square s) {
    const Piece p = board[s];
    const Piece own = p & EDGE;
    int n = 0;
    for (unsigned mask = slide_mask(p); mask; mask &= mask - 1) {
        const int off = DIRECTION_OFFSET[std::countr_zero(mask)];
        int t = s + off;
        while (board[t] == EMPTY) {
            ++n;
            t += off;
        }
        n += slider_reach_detail::enemy_of(board[t], own);
    }
    return n;
}

}  // namespace shishi
