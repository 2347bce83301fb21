// The exchange evaluation as it was before the attacker collection (commit d22ae49): a copy of
// the board, rescanned for the least valuable attacker after every capture. Kept only as the
// reference the faster src/search/see.cpp is compared with (test_see_reference.cpp).
#pragma once

#include <algorithm>
#include <cstring>

#include "shishi/core/attacks.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/search/move_picker.hpp"

namespace shishi::test::reference {

namespace see_detail {

constexpr int NO_ATTACKER = 1 << 30;

inline bool owned_by(Piece x, Piece bit) { return (x & EDGE) == bit; }

struct Attacker {
    Square from = NO_SQUARE;
    int cost = NO_ATTACKER;
    bool igui = false;
};

inline int loss_value(const int royals[2], Piece p) {
    const Kind k = kind_of(p);
    if (is_royal(k) && royals[color_of(p)] == 1) return ROYAL_CAPTURE_VALUE;
    return piece_value(k);
}

inline Attacker least_valuable_attacker(const Piece* b, Square s, Color by, const int royals[2]) {
    const Piece bit = colour_bit(by);
    const bool lion_victim = is_lion(kind_of(b[s]));
    Attacker best;
    auto consider = [&](Square from, bool adjacent, uint8_t r) {
        const Piece x = b[from];
        const Kind k = kind_of(x);
        if (!adjacent && lion_victim && is_lion(k)) return;
        const bool igui = adjacent && (is_lion(k) || (r & REACH_LION_LINE));
        const int cost = igui ? 0 : loss_value(royals, x);
        if (cost < best.cost) best = Attacker{from, cost, igui};
    };
    for (int d = 0; d < DIRECTION_NB; ++d) {
        const int off = DIRECTION_OFFSET[d];
        const int back = opposite_direction(d);
        const Square s2 = Square(s + 2 * off);
        const Piece x2 = b[s2];
        if (owned_by(x2, bit)) {
            const uint8_t r = reach(by, kind_of(x2), back);
            if (r & REACH_JUMP) consider(s2, false, r);
        }
        const Square s1 = Square(s + off);
        const Piece x = b[s1];
        if (x != EMPTY) {
            if (owned_by(x, bit)) {
                const uint8_t r = reach(by, kind_of(x), back);
                if (r & (REACH_STEP | REACH_SLIDE)) consider(s1, true, r);
            }
            continue;
        }
        Square t = s1;
        do {
            t = Square(t + off);
        } while (b[t] == EMPTY);
        if (owned_by(b[t], bit)) {
            const uint8_t r = reach(by, kind_of(b[t]), back);
            if (r & REACH_SLIDE) consider(t, false, r);
        }
    }
    for (int off : LION_OFF_LINE) {
        const Square from = Square(s + off);
        if (owned_by(b[from], bit) && is_lion(kind_of(b[from]))) consider(from, false, 0);
    }
    return best;
}

}  // namespace see_detail

inline int see(const Position& pos, Move m) {
    using namespace see_detail;
    if (m.is_pass() || m.is_none()) return 0;
    Piece b[FRAME_SQUARES];
    std::memcpy(b, pos.board(), sizeof b);
    const int royals[2] = {pos.royal_count(WHITE), pos.royal_count(BLACK)};

    const Color us = pos.side_to_move();
    Piece mover = b[m.from()];
    int gain[64];
    gain[0] = 0;
    if (m.is_double()) {
        gain[0] += loss_value(royals, b[m.mid()]);
        b[m.mid()] = EMPTY;
    }
    if (m.is_igui()) return gain[0];
    const Square to = m.to();
    if (b[to] != EMPTY) gain[0] += loss_value(royals, b[to]);
    if (m.is_promotion()) {
        const Kind k = kind_of(mover);
        const Kind promoted = kind_info(k).promotes_to;
        gain[0] += piece_value(promoted) - piece_value(k);
        mover = make_piece(us, promoted);
    }
    b[m.from()] = EMPTY;
    b[to] = mover;
    if (gain[0] >= ROYAL_CAPTURE_VALUE) return gain[0];

    int on_square = loss_value(royals, mover);
    Color side = ~us;
    int d = 0;
    while (d < 63) {
        const Attacker a = least_valuable_attacker(b, to, side, royals);
        if (a.cost == NO_ATTACKER) break;
        ++d;
        gain[d] = on_square - gain[d - 1];
        if (a.igui || on_square >= ROYAL_CAPTURE_VALUE) break;
        on_square = a.cost;
        b[to] = b[a.from];
        b[a.from] = EMPTY;
        side = ~side;
    }
    for (; d > 0; --d)
        gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    return gain[0];
}

}  // namespace shishi::test::reference
