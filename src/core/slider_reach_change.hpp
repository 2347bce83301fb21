// Private to the core: the change of the slider reach totals when one square changes, inline
// for Position's make and setup (the hot caller). A changed square s alters exactly the rays
// that reach it: those of the first piece on each side of s along a line, if that piece slides
// toward s, plus the rays of the pieces that leave or enter s. The first pieces (and the empty
// squares before them) of all eight directions from s are found once and serve both.
#pragma once

#include <bit>
#include <cstdint>

#include "shishi/core/pieces.hpp"
#include "shishi/core/board_types.hpp"

namespace shishi::slider_reach_detail {

// 1 when p is a piece of the side opposite to slider colour bit `own` (the edge is neither).
inline int enemy_of(Piece p, Piece own) { return (p & EDGE) == (own ^ EDGE); }

// What a ray of a slider (colour bit `own`) that has reached s counts from s on, with s
// holding `there`: s itself, then (if s is empty) the `beyond` empty squares behind it and the
// piece `far` that ends the ray.
inline int reach_from(Piece there, Piece own, int beyond, Piece far) {
    return there == EMPTY ? 1 + beyond + enemy_of(far, own) : enemy_of(there, own);
}

// The first non-empty square's content in direction D from s and the empty squares before it;
// one instance per direction, so the walk steps by a constant.
template <int D>
inline Piece first_in(const Piece* board, Square s, int& empties) {
    constexpr int OFF = DIRECTION_OFFSET[D];
    const Piece* t = board + s + OFF;
    while (*t == EMPTY)
        t += OFF;
    // The steps taken: the file distance along a rank, else the rank distance (no division).
    const int end = int(t - board);
    constexpr int SIGN = OFF > 0 ? 1 : -1;
    empties = (OFF == 1 || OFF == -1 ? (end - s) * SIGN : ((end >> 4) - (s >> 4)) * SIGN) - 1;
    return *t;
}

// The reach of a piece on s with `mask` as its sliding directions, `own` its colour bit.
inline int own_reach(unsigned mask, Piece own, const Piece* first, const int* empties) {
    int n = 0;
    for (; mask; mask &= mask - 1) {
        const int d = std::countr_zero(mask);
        n += empties[d] + enemy_of(first[d], own);
    }
    return n;
}

}  // namespace shishi::slider_reach_detail

namespace shishi {

// Adds to reach[WHITE] and reach[BLACK] the change of their slider reach when square s turns
// from `before` into `after` (EMPTY or a piece; either may slide) and nothing else changes.
// board[s] is not read, so the caller may call it before or after writing the square.
inline void add_slider_reach_change(const Piece* board, Square s, Piece before, Piece after, int32_t reach[2]) {
    using namespace slider_reach_detail;
    Piece first[DIRECTION_NB];  // the first non-empty square's content in each direction
    int empties[DIRECTION_NB];  // the empty squares before it
    first[0] = first_in<0>(board, s, empties[0]);
    first[1] = first_in<1>(board, s, empties[1]);
    first[2] = first_in<2>(board, s, empties[2]);
    first[3] = first_in<3>(board, s, empties[3]);
    first[4] = first_in<4>(board, s, empties[4]);
    first[5] = first_in<5>(board, s, empties[5]);
    first[6] = first_in<6>(board, s, empties[6]);
    first[7] = first_in<7>(board, s, empties[7]);
    int delta[2] = {0, 0};  // summed here, stored once
    // Rays through s: the piece first met in direction d reaches s if it slides back (d + 4).
    for (int d = 0; d < DIRECTION_NB; ++d) {
        const Piece p = first[d];
        const int o = opposite_direction(d);
        if (!(slide_mask(p) >> o & 1)) continue;
        const Piece own = p & EDGE;
        delta[color_of(p)] +=
            reach_from(after, own, empties[o], first[o]) - reach_from(before, own, empties[o], first[o]);
    }
    // The rays of the pieces leaving and entering s.
    if (const unsigned mask = slide_mask(before))
        delta[color_of(before)] -= own_reach(mask, before & EDGE, first, empties);
    if (const unsigned mask = slide_mask(after))
        delta[color_of(after)] += own_reach(mask, after & EDGE, first, empties);
    reach[WHITE] += delta[WHITE];
    reach[BLACK] += delta[BLACK];
}

}  // namespace shishi
