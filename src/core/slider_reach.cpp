// Slider reach from scratch and its change when one square changes. A changed square s alters
// exactly the rays that reach it: those of the first piece on each side of s along a line, if
// that piece slides toward s, plus the rays of the pieces that leave or enter s. The first
// pieces (and the empty squares before them) of all eight directions from s are found once and
// serve both.
#include "shishi/core/slider_reach.hpp"

#include <bit>

#include "shishi/core/pieces.hpp"

namespace shishi {
namespace {

// 1 when p is a piece of the side opposite to slider colour bit `own` (the edge is neither).
inline int enemy_of(Piece p, Piece own) { return (p & EDGE) == (own ^ EDGE); }

// What a ray of a slider (colour bit `own`) that has reached s counts from s on, with s
// holding `there`: s itself, then (if s is empty) the `beyond` empty squares behind it and the
// piece `far` that ends the ray.
inline int reach_from(Piece there, Piece own, int beyond, Piece far) {
    return there == EMPTY ? 1 + beyond + enemy_of(far, own) : enemy_of(there, own);
}

}  // namespace

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
        n += enemy_of(board[t], own);
    }
    return n;
}

void add_slider_reach_change(const Piece* board, Square s, Piece before, Piece after, int32_t reach[2]) {
    Piece first[DIRECTION_NB];  // the first non-empty square's content in each direction
    int empties[DIRECTION_NB];  // the empty squares before it
    for (int d = 0; d < DIRECTION_NB; ++d) {
        const int off = DIRECTION_OFFSET[d];
        int t = s + off, n = 0;
        while (board[t] == EMPTY) {
            ++n;
            t += off;
        }
        first[d] = board[t];
        empties[d] = n;
    }
    // Rays through s: the piece first met in direction d reaches s if it slides back (d + 4).
    for (int d = 0; d < DIRECTION_NB; ++d) {
        const Piece p = first[d];
        if (!(slide_mask(p) >> opposite_direction(d) & 1)) continue;
        const Piece own = p & EDGE;
        const int o = opposite_direction(d);
        reach[color_of(p)] += reach_from(after, own, empties[o], first[o]) - reach_from(before, own, empties[o], first[o]);
    }
    // The rays of the pieces leaving and entering s.
    if (const unsigned mask = slide_mask(before)) {
        int n = 0;
        for (unsigned m = mask; m; m &= m - 1) {
            const int d = std::countr_zero(m);
            n += empties[d] + enemy_of(first[d], before & EDGE);
        }
        reach[color_of(before)] -= n;
    }
    if (const unsigned mask = slide_mask(after)) {
        int n = 0;
        for (unsigned m = mask; m; m &= m - 1) {
            const int d = std::countr_zero(m);
            n += empties[d] + enemy_of(first[d], after & EDGE);
        }
        reach[color_of(after)] += n;
    }
}

}  // namespace shishi
