// Swap-list exchange evaluation without a board copy: the capturers of the destination are
// collected once for both sides, each in a slot of its own (per direction the jump square and
// the first piece along the line, then the eight Lion squares off the lines). Each reply takes
// the cheapest slot of its side, the first in that order among equal costs; when a piece on a
// line leaves, the line is walked on past it, so the piece behind it (an x-ray) joins in. The
// running balance goes into a list that a negamax over it resolves (each side may stop).
// see_ge keeps no list: it follows the same captures with the running balance and stops as soon
// as the threshold is settled, which for most captures is after the first reply; the collection
// itself stops at the first enemy capturer cheap enough to settle the answer.
#include "shishi/search/see.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <utility>

#include "shishi/core/attacks.hpp"
#include "shishi/core/piece_reach.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/search/search_limits.hpp"

namespace shishi {
namespace {

// Value of losing piece p: its material, or ROYAL_CAPTURE_VALUE for a side's last royal.
inline int loss_value(const int royals[2], Piece p) {
    const Kind k = kind_of(p);
    if (is_royal(k) && royals[color_of(p)] == 1) return ROYAL_CAPTURE_VALUE;
    return piece_value(k);
}

// Slots: 2d = the jump square of direction d, 2d + 1 = the first piece along d, 16 + i = the
// Lion square LION_OFF_LINE[i]. Rising slot order is the order of the original attacker scan,
// which breaks ties between equal costs.
constexpr int OFF_LINE_SLOT = 16;
constexpr int SLOT_NB = 24;

class Capturers {
public:
    // The board after the move: `from` and `mid` are empty, the mover stands on `to`. The
    // collection stops (settled()) at the first capturer of side `stop_side` that costs less
    // than `stop_below` and may take on the square (with a Lion on it, `lion_on_square`, not a
    // Lion from two squares away); the slots are then incomplete.
    [[gnu::always_inline]] Capturers(const Piece* b, Square to, Square from, Square mid, const int royals[2],
                                     Color stop_side, int stop_below, bool lion_on_square)
        : b_(b),
          to_(to),
          from_(from),
          mid_(mid),
          royals_(royals),
          stop_side_(stop_side),
          stop_below_(stop_below),
          lion_on_square_(lion_on_square) {
        settled_ = scan_lines(std::make_integer_sequence<int, DIRECTION_NB>{}) ||
            scan_off_line(std::make_integer_sequence<int, 8>{});
    }
    bool settled() const { return settled_; }

    // The cheapest capture of side c (the first slot among equal costs), -1 when it has none.
    // With a Lion on the square, Lions that are not adjacent do not count.
    int cheapest(Color c, bool lion_on_square) const {
        uint32_t m = side_[c] & (lion_on_square ? ~far_lion_ : ~0u);
        if (m == 0) return -1;
        int best = std::countr_zero(m);
        int best_cost = cost_[best];
        for (m &= m - 1; m; m &= m - 1) {
            const int i = std::countr_zero(m);
            if (cost_[i] < best_cost) best_cost = cost_[i], best = i;
        }
        return best;
    }
    int cost(int slot) const { return cost_[slot]; }
    bool igui(int slot) const { return igui_ >> slot & 1; }
    bool lion(int slot) const { return lion_ >> slot & 1; }

    // The piece of `slot` has captured on the square: it leaves its own square, and the line it
    // stood on opens to the next piece.
    void remove(int slot) {
        const uint32_t bit = 1u << slot;
        side_[0] &= ~bit;
        side_[1] &= ~bit;
        if (slot >= OFF_LINE_SLOT) return;
        const int d = slot >> 1;
        const int off = DIRECTION_OFFSET[d];
        const Square s = square_[slot];
        if (s == Square(to_ + 2 * off)) {  // the jump square: both of its slots go
            const uint32_t jump = 1u << (2 * d);
            side_[0] &= ~jump;
            side_[1] &= ~jump;
            jumped_ |= 1u << d;
        }
        if (s != line_[d]) return;
        const uint32_t line = 1u << (2 * d + 1);
        side_[0] &= ~line;
        side_[1] &= ~line;
        const Square s2 = Square(to_ + 2 * off);
        const bool s2_gone = jumped_ >> d & 1;
        Square t = Square(s + off);
        for (;; t = Square(t + off)) {
            while (b_[t] == EMPTY)
                t = Square(t + off);
            if (t != from_ && t != mid_ && !(s2_gone && t == s2)) break;
        }
        line_[d] = t;
        const Piece x = b_[t];
        const uint8_t r = piece_reach(x, opposite_direction(d));
        if (r & REACH_SLIDE) add(2 * d + 1, t, x, false, r);
    }

private:
    // One direction and one Lion square at a time with constant offsets (unrolled).
    template <int... D>
    [[gnu::always_inline]] bool scan_lines(std::integer_sequence<int, D...>) {
        return (scan_line<D>() || ...);
    }
    template <int... I>
    [[gnu::always_inline]] bool scan_off_line(std::integer_sequence<int, I...>) {
        return (scan_lion_square<I>() || ...);
    }

    template <int D>
    [[gnu::always_inline]] bool scan_line() {
        constexpr int off = DIRECTION_OFFSET[D];
        constexpr int back = opposite_direction(D);
        const Square s2 = Square(to_ + 2 * off);
        const Piece x2 = b_[s2];
        const uint8_t r2 = piece_reach(x2, back);
        if ((r2 & REACH_JUMP) && s2 != from_ && add(2 * D, s2, x2, false, r2)) return true;
        // The first piece along the line; `from` and `mid` are empty now.
        Square t = Square(to_ + off);
        for (;; t = Square(t + off)) {
            while (b_[t] == EMPTY)
                t = Square(t + off);
            if (t != from_ && t != mid_) break;
        }
        line_[D] = t;
        const Piece x = b_[t];
        const uint8_t r = piece_reach(x, back);
        const bool adjacent = t == Square(to_ + off);
        return (r & (adjacent ? (REACH_STEP | REACH_SLIDE) : REACH_SLIDE)) && add(2 * D + 1, t, x, adjacent, r);
    }

    template <int I>
    [[gnu::always_inline]] bool scan_lion_square() {
        const Square s = Square(to_ + LION_OFF_LINE[I]);
        const Piece x = b_[s];
        return lion_piece_byte(x) && s != from_ && add(OFF_LINE_SLOT + I, s, x, false, 0);
    }

    // x (not EMPTY or EDGE) on s captures on the square along slot's line, reach r there. True
    // when that settles the collection (see the constructor).
    bool add(int slot, Square s, Piece x, bool adjacent, uint8_t r) {
        const uint32_t bit = 1u << slot;
        const bool lion = lion_piece_byte(x);
        const Color c = color_of(x);
        const bool igui = adjacent && (lion || (r & REACH_LION_LINE));
        side_[c] |= bit;
        if (igui)
            igui_ |= bit;
        else
            igui_ &= ~bit;
        if (lion)
            lion_ |= bit;
        else
            lion_ &= ~bit;
        if (lion && !adjacent)
            far_lion_ |= bit;
        else
            far_lion_ &= ~bit;
        const int cost = igui ? 0 : loss_value(royals_, x);
        cost_[slot] = cost;
        square_[slot] = s;
        // (A far Lion against a Lion costs what the Lion on the square is worth, so with the
        // present values it never settles anything; it is kept out for the rule's sake.)
        return c == stop_side_ && cost < stop_below_ && !(lion && !adjacent && lion_on_square_);
    }

    const Piece* b_;
    Square to_, from_, mid_;
    const int* royals_;
    Color stop_side_;
    int stop_below_;
    bool lion_on_square_, settled_;
    uint32_t side_[2] = {0, 0};
    uint32_t igui_ = 0, lion_ = 0, far_lion_ = 0;
    uint32_t jumped_ = 0;  // bit d: the piece on direction d's jump square has captured
    Square line_[DIRECTION_NB];
    int cost_[SLOT_NB];
    Square square_[SLOT_NB];
};

}  // namespace

namespace {

// What m itself takes (as capture_value of move_picker.hpp counts it): both victims of a double move, and
// nothing on the destination of an igui.
int captured_by(const Piece* b, Move m, const int royals[2]) {
    int v = 0;
    if (m.is_double()) v += loss_value(royals, b[m.mid()]);
    if (m.to() != m.from() && b[m.to()] != EMPTY) v += loss_value(royals, b[m.to()]);
    return v;
}

// The exchange after m (not a pass), which takes `captured`.
int exchange(const Position& pos, Move m, int captured, const int royals[2]) {
    if (m.is_igui()) return captured;
    const Piece* b = pos.board();
    const Color us = pos.side_to_move();
    Piece mover = b[m.from()];
    int gain[64];
    gain[0] = captured;
    if (m.is_promotion()) {
        const Kind k = kind_of(mover);
        const Kind promoted = kind_info(k).promotes_to;
        gain[0] += piece_value(promoted) - piece_value(k);
        mover = make_piece(us, promoted);
    }
    if (gain[0] >= ROYAL_CAPTURE_VALUE) return gain[0];  // the game is over

    const Square to = m.to();
    // A single move has no mid square; its origin stands in (already empty).
    int on_square = loss_value(royals, mover);
    bool lion_on_square = is_lion(kind_of(mover));
    Capturers caps(b, to, m.from(), m.is_double() ? m.mid() : m.from(), royals, ~us, INT_MIN, lion_on_square);
    Color side = ~us;
    int d = 0;
    while (d < 63) {
        const int a = caps.cheapest(side, lion_on_square);
        if (a < 0) break;
        ++d;
        gain[d] = on_square - gain[d - 1];
        if (caps.igui(a) || on_square >= ROYAL_CAPTURE_VALUE) break;
        on_square = caps.cost(a);
        lion_on_square = caps.lion(a);
        caps.remove(a);
        side = ~side;
    }
    // Each capturer may decline: it keeps -gain[k - 1] then.
    for (; d > 0; --d)
        gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    return gain[0];
}

// exchange(pos, m, captured, royals) >= threshold, without the balance list: the same captures
// in the same order, stopped as soon as the threshold is settled. With s the balance for the
// mover's side after the captures so far, a side may always stop, so s below the threshold
// after the mover's side captured (s >= threshold after the other side did) settles the result
// whatever follows. The next capture's effect is known before its capturer is looked for (it
// takes what stands on the square), so each side is asked only when it can change the answer.
bool exchange_ge(const Position& pos, Move m, int captured, const int royals[2], int threshold) {
    if (m.is_igui()) return captured >= threshold;
    const Piece* b = pos.board();
    const Color us = pos.side_to_move();
    Piece mover = b[m.from()];
    int s = captured;
    if (m.is_promotion()) {
        const Kind k = kind_of(mover);
        const Kind promoted = kind_info(k).promotes_to;
        s += piece_value(promoted) - piece_value(k);
        mover = make_piece(us, promoted);
    }
    if (s < threshold) return false;
    if (s >= ROYAL_CAPTURE_VALUE) return true;  // the game is over
    int on_square = loss_value(royals, mover);
    if (s - on_square >= threshold) return true;  // even losing the mover keeps the threshold

    const Square to = m.to();
    const Color them = ~us;
    bool lion_on_square = is_lion(kind_of(mover));
    // Their first reply leaves s - on_square, below the threshold. If one of their capturers
    // costs less than the rest of the way back to it, the answer is no whichever of them the
    // exchange picks (the cheapest costs no more; an igui or a royal capture ends it there), so
    // the collection stops at the first such capturer: often before most lines are walked.
    Capturers caps(b, to, m.from(), m.is_double() ? m.mid() : m.from(), royals, them, threshold - (s - on_square),
                   lion_on_square);
    if (caps.settled()) return false;
    // d: the replies made so far (exchange() stops at 63); s >= threshold before each of
    // theirs, below it before each of ours.
    for (int d = 0;; d += 2) {
        int a = caps.cheapest(them, lion_on_square);
        if (a < 0) return true;
        s -= on_square;  // now below the threshold
        if (caps.igui(a) || on_square >= ROYAL_CAPTURE_VALUE) return false;
        on_square = caps.cost(a);
        if (s + on_square < threshold) return false;  // even taking back stays below
        lion_on_square = caps.lion(a);
        caps.remove(a);
        if (d + 1 == 63) return false;
        a = caps.cheapest(us, lion_on_square);
        if (a < 0) return false;
        s += on_square;  // now at the threshold or above
        if (caps.igui(a) || on_square >= ROYAL_CAPTURE_VALUE) return true;
        on_square = caps.cost(a);
        if (s - on_square >= threshold) return true;  // even losing it again keeps the threshold
        lion_on_square = caps.lion(a);
        caps.remove(a);
    }
}

}  // namespace

int see(const Position& pos, Move m) {
    if (m.is_pass() || m.is_none()) return 0;
    const int royals[2] = {pos.royal_count(WHITE), pos.royal_count(BLACK)};
    return exchange(pos, m, captured_by(pos.board(), m, royals), royals);
}

bool see_ge(const Position& pos, Move m, int threshold) {
    if (m.is_pass() || m.is_none()) return 0 >= threshold;
    const int royals[2] = {pos.royal_count(WHITE), pos.royal_count(BLACK)};
    return exchange_ge(pos, m, captured_by(pos.board(), m, royals), royals, threshold);
}

}  // namespace shishi
