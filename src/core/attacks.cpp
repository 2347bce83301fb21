// Attack detection looks outward from the target square along each direction and asks the
// first piece met whether it reaches back; jumpers and Lions are checked on their own squares.
#include "shishi/core/attacks.hpp"

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

}  // namespace

// Whether any piece attacks: the lines first (the first piece along each, by step or slide),
// then the jump squares and the Lion squares off the lines, with reach tables that are zero for
// the other colour's pieces, so no ownership test is needed.
bool is_attacked(const Piece* b, Square s, Color by) {
    for (int d = 0; d < DIRECTION_NB; ++d) {
        const int off = DIRECTION_OFFSET[d];
        const int back = opposite_direction(d);
        Square t = Square(s + off);
        if (b[t] == EMPTY) {
            do t = Square(t + off);
            while (b[t] == EMPTY);
            if (side_reach(by, b[t], back) & REACH_SLIDE) return true;
        } else if (side_reach(by, b[t], back) & (REACH_STEP | REACH_SLIDE)) {
            return true;
        }
        if (side_reach(by, b[s + 2 * off], back) & REACH_JUMP) return true;
    }
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
