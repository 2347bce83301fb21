// Attack detection looks outward from the target square along each direction and asks the
// first piece met whether it reaches back; jumpers and Lions are checked on their own squares.
#include "shishi/core/attacks.hpp"

#include <bit>

#include "shishi/core/neighbours.hpp"
#include "shishi/core/piece_reach.hpp"

namespace shishi {
namespace {

inline bool owned_by(Piece x, Piece bit) { return (x & EDGE) == bit; }

// Counts every attacker (attacker_count).
int count_attackers(const Piece* b, Square s, Color by) {
    const Piece bit = colour_bit(by);
    int n = 0;
    for (int d = 0; d < DIRECTION_NB; ++d) {
        const int off = DIRECTION_OFFSET[d];
        const int back = opposite_direction(d);
        // The second square first: a jump to s ignores what stands between.
        Piece x2 = b[s + 2 * off];
        bool jumper_hit = owned_by(x2, bit) && (reach(by, kind_of(x2), back) & REACH_JUMP);
        Piece x = b[s + off];
        if (x != EMPTY) {
            if (owned_by(x, bit) && (reach(by, kind_of(x), back) & (REACH_STEP | REACH_SLIDE))) ++n;
            if (jumper_hit) ++n;
            continue;
        }
        // Adjacent square empty: slide outward to the first piece.
        int t = s + off;
        int dist = 1;
        do {
            t += off;
            ++dist;
        } while (b[t] == EMPTY);
        Piece y = b[t];
        if (owned_by(y, bit)) {
            uint8_t r = reach(by, kind_of(y), back);
            if ((r & REACH_SLIDE) || (dist == 2 && (r & REACH_JUMP))) {
                ++n;
                continue;
            }
        }
        if (jumper_hit && dist != 2) ++n;
    }
    for (int off : LION_OFF_LINE) {
        Piece x = b[s + off];
        if (owned_by(x, bit) && is_lion(kind_of(x))) ++n;
    }
    return n;
}

// Does side `by` have a piece on the ring of squares two away from s (where jumpers and Lions
// off the lines stand)? The sixteen squares as the bytes of two words, each from four loads.
bool ring_has_piece_of(const Piece* b, Square s, Color by) {
    const uint64_t above = (square_bytes(b, s + 27) & 0xFFFFFFFFFF000000) |  // s + 30 .. s + 34
        (square_bytes(b, s + 14) & 0xFF) |  // s + 14
        (square_bytes(b, s + 1) & 0xFF00) |  // s + 2
        (square_bytes(b, s + 16) & 0xFF0000);  // s + 18
    const uint64_t below = (square_bytes(b, s - 34) & 0x000000FFFFFFFFFF) |  // s - 34 .. s - 30
        (square_bytes(b, s - 7) & 0x0000FF0000000000) |  // s - 2
        (square_bytes(b, s - 24) & 0x00FF000000000000) |  // s - 18
        (square_bytes(b, s - 21) & 0xFF00000000000000);  // s - 14
    return (colour_bytes(above, by) | colour_bytes(below, by)) != 0;
}

}  // namespace

// Whether any piece attacks: the neighbours read at once, so only enemy neighbours (by a step
// or slide) and open lines (the first piece by a slide) are looked at; then, only when side
// `by` has a piece two squares away, the jump squares and the Lion squares off the lines. The
// reach tables are zero for the other colour's pieces, so no ownership test is needed.
bool is_attacked(const Piece* b, Square s, Color by) {
    const Neighbours n(b, s);
    for (unsigned m = n.owned_by(by); m; m &= m - 1) {
        const int d = std::countr_zero(m);
        if (side_reach(by, b[s + DIRECTION_OFFSET[d]], opposite_direction(d)) & (REACH_STEP | REACH_SLIDE)) return true;
    }
    for (unsigned m = n.empty(); m; m &= m - 1) {
        const int d = std::countr_zero(m);
        const int off = DIRECTION_OFFSET[d];
        Square t = Square(s + 2 * off);
        while (b[t] == EMPTY)
            t = Square(t + off);
        if (side_reach(by, b[t], opposite_direction(d)) & REACH_SLIDE) return true;
    }
    if (!ring_has_piece_of(b, s, by)) return false;
    for (int d = 0; d < DIRECTION_NB; ++d)
        if (side_reach(by, b[s + 2 * DIRECTION_OFFSET[d]], opposite_direction(d)) & REACH_JUMP) return true;
    for (int off : LION_OFF_LINE)
        if (side_lion(by, b[s + off])) return true;
    return false;
}

int attacker_count(const Piece* board, Square s, Color by) { return count_attackers(board, s, by); }

bool piece_attacks_enemy(const Piece* b, Square s, bool through_own) {
    const Piece mover = b[s];
    const Color us = color_of(mover);
    const Piece them_bit = colour_bit(~us);
    auto enemy = [&](Square t) { return owned_by(b[t], them_bit); };
    const Kind k = kind_of(mover);
    if (is_lion(k)) {
        for (int dr = -2; dr <= 2; ++dr)
            for (int df = -2; df <= 2; ++df)
                if ((dr || df) && enemy(Square(s + dr * FRAME_WIDTH + df))) return true;
        return false;
    }
    const MoveShape& shape = move_shape(us, k);
    for (int i = 0; i < shape.slide_count; ++i) {
        for (Square t = Square(s + shape.slide[i]);; t = Square(t + shape.slide[i])) {
            const Piece x = b[t];
            if (x == EMPTY || (through_own && owned_by(x, colour_bit(us)))) continue;
            if (enemy(t)) return true;
            break;  // the edge, or an own piece that blocks
        }
    }
    for (int i = 0; i < shape.step_count; ++i)
        if (enemy(Square(s + shape.step[i]))) return true;
    for (int i = 0; i < shape.jump_count; ++i) {
        const int off = shape.jump[i];
        if ((shape.jump_reach[i] & (REACH_STEP | REACH_LION_LINE)) && enemy(Square(s + off))) return true;
        if (enemy(Square(s + 2 * off))) return true;
    }
    return false;
}

bool in_check(const Position& pos, Color c) {
    return pos.royal_count(c) == 1 && is_attacked(pos, pos.royal_square(c), ~c);
}

}  // namespace shishi
