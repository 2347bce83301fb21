// The check test as it was before the reach tables by board byte (commit d22ae49): kept only as
// the reference src/core/attacks.cpp's is_attacked is compared with (test_attacks_reference.cpp).
#pragma once

#include "shishi/core/attacks.hpp"

namespace shishi::test::reference {

inline bool is_attacked(const Piece* b, Square s, Color by) {
    auto owned_by = [](Piece x, Piece bit) { return (x & EDGE) == bit; };
    const Piece bit = colour_bit(by);
    for (int d = 0; d < DIRECTION_NB; ++d) {
        const int off = DIRECTION_OFFSET[d];
        const int back = opposite_direction(d);
        Piece x2 = b[s + 2 * off];
        bool jumper_hit = owned_by(x2, bit) && (reach(by, kind_of(x2), back) & REACH_JUMP);
        Piece x = b[s + off];
        if (x != EMPTY) {
            if (owned_by(x, bit) && (reach(by, kind_of(x), back) & (REACH_STEP | REACH_SLIDE))) return true;
            if (jumper_hit) return true;
            continue;
        }
        int t = s + off;
        int dist = 1;
        do {
            t += off;
            ++dist;
        } while (b[t] == EMPTY);
        Piece y = b[t];
        if (owned_by(y, bit)) {
            uint8_t r = reach(by, kind_of(y), back);
            if ((r & REACH_SLIDE) || (dist == 2 && (r & REACH_JUMP))) return true;
        }
        if (jumper_hit && dist != 2) return true;
    }
    for (int off : LION_OFF_LINE) {
        Piece x = b[s + off];
        if (owned_by(x, bit) && is_lion(kind_of(x))) return true;
    }
    return false;
}

}  // namespace shishi::test::reference
