// Move generation walks the side's piece list; each piece's moves come from its reach per
// direction in the piece table (capture generation reads it as one row by piece byte,
// PieceShape, and tells the steppers without an enemy neighbour first). Lions (full Lion
// power) have their own generator for the 5x5 area, the double moves through an adjacent
// enemy and the pass. Lion-capture restrictions are checked only for moves that capture a
// Lion, which keeps the common path cheap.
#include "shishi/core/movegen.hpp"

#include <bit>
#include <cstring>

#include "shishi/core/attacks.hpp"
#include "shishi/core/neighbours.hpp"
#include "shishi/core/piece_reach.hpp"

namespace shishi {
namespace {

// GEN_QUIET_PROMOTIONS: of the quiet moves only the promotions, for a node whose other quiet
// moves are pruned (the move picker still tries the promotions).
enum GenMode { GEN_ALL, GEN_CAPTURES, GEN_QUIETS, GEN_QUIET_PROMOTIONS };

// Offsets of the 24 squares of the 5x5 area around a square.
struct LionArea {
    int off[24];
    bool far[24];  // two squares away (a non-adjacent Lion capture)
    constexpr LionArea() : off{}, far{} {
        int n = 0;
        for (int dr = -2; dr <= 2; ++dr)
            for (int df = -2; df <= 2; ++df) {
                if (!dr && !df) continue;
                off[n] = dr * FRAME_WIDTH + df;
                far[n] = dr == 2 || dr == -2 || df == 2 || df == -2;
                ++n;
            }
    }
};
constexpr LionArea LION_AREA{};

struct ZoneTable {
    bool zone[2][FRAME_SQUARES];
    bool last_rank[2][FRAME_SQUARES];
    uint8_t ranks_to_zone[2][FRAME_SQUARES];  // 0 inside the zone
    constexpr ZoneTable() : zone{}, last_rank{}, ranks_to_zone{} {
        for (int f = 0; f < BOARD_SIZE; ++f)
            for (int r = 0; r < BOARD_SIZE; ++r) {
                Square s = make_square(f, r);
                zone[WHITE][s] = r >= BOARD_SIZE - 4;
                zone[BLACK][s] = r < 4;
                last_rank[WHITE][s] = r == BOARD_SIZE - 1;
                last_rank[BLACK][s] = r == 0;
                ranks_to_zone[WHITE][s] = uint8_t(r >= BOARD_SIZE - 4 ? 0 : BOARD_SIZE - 4 - r);
                ranks_to_zone[BLACK][s] = uint8_t(r < 4 ? 0 : r - 3);
            }
    }
};
constexpr ZoneTable ZONES{};

inline bool lion_piece(Piece p) { return is_lion(kind_of(p)); }

// Bit d set when the neighbour of s in direction d is a target of the generation mode: a piece
// of the side not to move `us` (captures), an empty square (quiet moves) or either (all moves);
// the eight squares tested at once instead of one step at a time.
template <GenMode Mode>
inline unsigned neighbour_targets(const Piece* b, Square s, Color us) {
    const Neighbours n(b, s);
    if (Mode == GEN_CAPTURES) return n.any_owned_by(~us) ? n.owned_by(~us) : 0;  // mostly none
    return Mode == GEN_ALL ? n.open_to(us) : n.empty();
}

// Would `sq` be attacked by `by` on the board after the mover leaves `from`, the pieces on
// `vacated` (NO_SQUARE allowed) disappear and the mover stands on `to`?
bool attacked_after(const Piece* board, Square from, Square vacated, Square to, Square sq, Color by) {
    Piece b[FRAME_SQUARES];
    std::memcpy(b, board, sizeof b);
    Piece mover = b[from];
    b[from] = EMPTY;
    if (vacated != NO_SQUARE) b[vacated] = EMPTY;
    b[to] = mover;
    return is_attacked(b, sq, by);
}

// Counter-strike for a non-Lion taking a Lion on `sq` (the side to move's restriction).
bool counter_strike_allows(const Position& pos, Move m, Square sq) {
    Square cs = pos.counter_strike();
    if (cs == NO_SQUARE || sq == cs) return true;
    if (!pos.rules().okazaki) return false;
    // Okazaki: allowed when the captured Lion's square is not protected after the move.
    Square vacated = m.mid() != sq ? m.mid() : NO_SQUARE;
    return !attacked_after(pos.board(), m.from(), vacated, m.to(), sq, ~pos.side_to_move());
}

// Where generated moves go: a MoveList, a counter when only the number is wanted, or a test
// for one move.
struct MoveCounter {
    int count = 0;
    void push(Move) { ++count; }
};
struct MoveFinder {
    Move wanted;
    bool found = false;
    void push(Move m) { found |= m == wanted; }
};
struct AnyMove {
    bool found = false;
    void push(Move) { found = true; }
};

// One instance per side to move, so the colour tests of the inner loops are constants.
template <GenMode Mode, Color Us, class Sink = MoveList>
class Generator {
    static constexpr bool QUIET = Mode == GEN_QUIETS || Mode == GEN_QUIET_PROMOTIONS;  // no captures

public:
    Generator(const Position& pos, Sink& list) : pos_(pos), list_(list), b_(pos.board()) {}

    void run() {
        if (pos_.royal_count(us_) == 0) return;
        const int n = pos_.piece_count(us_);  // a local: the move stores may alias the position's bytes
        for (int i = 0; i < n; ++i) {
            Square s = pos_.piece_square(us_, i);
            if constexpr (Mode == GEN_CAPTURES) {
                captures(s);
            } else {
                Kind k = kind_of(b_[s]);
                if (is_lion(k))
                    lion(s);
                else
                    ordinary(s, k);
            }
        }
        if ((Mode == GEN_ALL || Mode == GEN_QUIETS) && pass_from_ != NO_SQUARE)
            list_.push(Move::pass(pass_from_, pass_via_));
    }

    // The moves of the piece on s alone (no pass: run() adds the side's one pass).
    void run_piece(Square s) {
        if (pos_.royal_count(us_) == 0 || !(b_[s] & us_bit_) || b_[s] == EDGE) return;
        if constexpr (Mode == GEN_CAPTURES) {
            captures(s);
        } else {
            const Kind k = kind_of(b_[s]);
            if (is_lion(k))
                lion(s);
            else
                ordinary(s, k);
        }
    }

private:
    // True the first time an igui without counter-strike effect captures on `victim`.
    bool first_igui_on(Square victim) {
        uint64_t bit = uint64_t(1) << (victim & 63);
        if (igui_done_[victim >> 6] & bit) return false;
        igui_done_[victim >> 6] |= bit;
        return true;
    }

    void note_pass(Square from, Square via) {
        if (pass_from_ == NO_SQUARE) {
            pass_from_ = from;
            pass_via_ = via;
        }
    }

    // A single move of a non-Lion piece onto a square not holding its own piece (all and quiet
    // moves; captures() has its own add_capture).
    void add(Square from, Square to, Piece target) {
        static_assert(Mode != GEN_CAPTURES);
        if (QUIET && target != EMPTY) return;
        if (target != EMPTY && lion_piece(target) && !counter_strike_allows(pos_, Move::normal(from, to), to)) return;
        if (promotes(to, target != EMPTY)) list_.push(Move::normal(from, to, true));
        if (Mode != GEN_QUIET_PROMOTIONS) list_.push(Move::normal(from, to));
    }

    // may_promote for the piece being generated, its per-piece part worked out once (set_piece;
    // all and quiet moves):
    // from outside the zone a move promotes exactly when it enters the zone (a capture or the
    // last rank there enters it too); from inside, when it captures or reaches the last rank.
    void set_piece(Square from, Kind k) {
        promotable_ = can_promote(k);
        if (!promotable_) return;
        from_zone_ = ZONES.zone[us_][from];
        last_rank_kind_ = k == PAWN || (k == LANCE && pos_.rules().lance_promotes_on_last_rank);
    }
    bool promotes(Square to, bool capture) const {
        if (!promotable_) return false;
        if (!from_zone_) return ZONES.zone[us_][to];
        return capture || (last_rank_kind_ && ZONES.last_rank[us_][to]);
    }

    void ordinary(Square s, Kind k) {
        static_assert(Mode != GEN_CAPTURES);  // captures() reads the shapes by piece byte
        set_piece(s, k);
        const MoveShape& shape = move_shape(us_, k);
        if (Mode == GEN_QUIET_PROMOTIONS && !may_promote_quietly(s, shape)) return;
        // The counts in locals: the move stores may alias the table's bytes, which would
        // otherwise be read again after every move.
        const int slides = shape.slide_count, steps = shape.step_count, jumps = shape.jump_count;
        for (int i = 0; i < slides; ++i) {
            const int off = shape.slide[i];
            Square t = Square(s + off);
            for (; b_[t] == EMPTY; t = Square(t + off))
                add(s, t, EMPTY);
            if (!(b_[t] & us_bit_)) add(s, t, b_[t]);
        }
        if (steps > 1) {
            // Only the target neighbours, still in direction order.
            for (unsigned m = neighbour_targets<Mode>(b_, s, us_) & shape.step_mask; m; m &= m - 1) {
                const Square t = Square(s + DIRECTION_OFFSET[std::countr_zero(m)]);
                add(s, t, b_[t]);
            }
        } else if (steps == 1) {
            const Square t = Square(s + shape.step[0]);
            const Piece x = b_[t];
            if (!(x & us_bit_)) add(s, t, x);
        }
        for (int i = 0; i < jumps; ++i) {
            const uint8_t r = shape.jump_reach[i];
            const int off = shape.jump[i];
            const Square t1 = Square(s + off);
            const Piece x1 = b_[t1];
            if ((r & REACH_STEP) && !(x1 & us_bit_)) add(s, t1, x1);
            const Square t2 = Square(s + 2 * off);
            const Piece x2 = b_[t2];
            if (!(x2 & us_bit_)) add(s, t2, x2);
            if (r & REACH_LION_LINE) lion_line(s, t1, x1, t2, x2);
        }
    }

    // The captures of the piece on s, in the order ordinary() or lion() would give them: its
    // shape read by piece byte (one row, no kind table), the directions as masks, the common
    // shapes (steps only, the Pawn's one step) tested first.
    void captures(Square s) {
        const PieceShape& shape = piece_shape(b_[s]);
        const uint8_t flags = shape.flags;
        if (flags & SHAPE_STEPPER) {
            // Most pieces: whether any neighbour is an enemy told from the rows, which ones (in
            // direction order) from the word only then.
            if (!Neighbours::any_owned_by(b_, s, ~us_)) return;
            const bool promotable = flags & SHAPE_PROMOTES;
            for (unsigned m = Neighbours(b_, s).owned_by(~us_) & shape.steps; m; m &= m - 1) {
                const Square t = Square(s + DIRECTION_OFFSET[std::countr_zero(m)]);
                add_capture(s, t, b_[t], promotable);
            }
            return;
        }
        if (flags & SHAPE_ONE_STEP) {
            const Square t = Square(s + shape.single_step);
            const Piece x = b_[t];
            if (x != EMPTY && !(x & us_bit_)) add_capture(s, t, x, flags & SHAPE_PROMOTES);
            return;
        }
        if (flags & SHAPE_LION) {
            lion_captures(s);
            return;
        }
        const bool promotable = flags & SHAPE_PROMOTES;
        for (unsigned m = shape.slides; m; m &= m - 1) {
            const int off = DIRECTION_OFFSET[std::countr_zero(m)];
            Square t = Square(s + off);
            while (b_[t] == EMPTY)
                t = Square(t + off);
            if (!(b_[t] & us_bit_)) add_capture(s, t, b_[t], promotable);
        }
        if (shape.single_step) {
            const Square t = Square(s + shape.single_step);
            const Piece x = b_[t];
            if (x != EMPTY && !(x & us_bit_)) add_capture(s, t, x, promotable);
        } else if (shape.steps) {
            for (unsigned m = neighbour_targets<GEN_CAPTURES>(b_, s, us_) & shape.steps; m; m &= m - 1) {
                const Square t = Square(s + DIRECTION_OFFSET[std::countr_zero(m)]);
                add_capture(s, t, b_[t], promotable);
            }
        }
        for (unsigned m = shape.jumps; m; m &= m - 1) {
            const int d = std::countr_zero(m), off = DIRECTION_OFFSET[d];
            const Square t1 = Square(s + off);
            const Piece x1 = b_[t1];
            if ((shape.jump_steps >> d & 1) && x1 != EMPTY && !(x1 & us_bit_)) add_capture(s, t1, x1, promotable);
            const Square t2 = Square(t1 + off);
            const Piece x2 = b_[t2];
            if (x2 != EMPTY && !(x2 & us_bit_)) add_capture(s, t2, x2, promotable);
            if (shape.lion_lines >> d & 1) lion_line(s, t1, x1, t2, x2);
        }
    }

    // A single capture by a non-Lion (target an enemy piece). It promotes when it starts or
    // ends in the zone: most pieces capture nothing, so this is worked out per capture.
    void add_capture(Square from, Square to, Piece target, bool promotable) {
        if (lion_piece_byte(target) && !counter_strike_allows(pos_, Move::normal(from, to), to)) return;
        if (promotable && (ZONES.zone[us_][from] || ZONES.zone[us_][to])) list_.push(Move::normal(from, to, true));
        list_.push(Move::normal(from, to));
    }

    // Whether a quiet move of the piece on s (set_piece done) can promote: from inside the zone
    // only a last-rank move of a Pawn (or lishogi's Lance) does; from outside, one that enters
    // the zone, out of reach for a piece that does not slide (it moves at most two ranks).
    bool may_promote_quietly(Square s, const MoveShape& shape) const {
        if (!promotable_) return false;
        if (from_zone_) return last_rank_kind_;
        return shape.slide_count > 0 || ZONES.ranks_to_zone[us_][s] <= 2;
    }

    // Falcon/Eagle extra moves along one ray: igui, capture-and-continue, pass.
    void lion_line(Square s, Square t1, Piece x1, Square t2, Piece x2) {
        if (x1 == EMPTY) {
            note_pass(s, t1);
            return;
        }
        if (x1 & us_bit_) return;  // own piece or edge: nothing to capture on the way
        if (QUIET) return;
        // Igui leaves the capturer in place, so igui by different pieces on the same victim
        // give one position, unless the counter-strike square (the capturer's) tells them apart.
        if (lion_piece(x1) || first_igui_on(t1)) add_double_by_non_lion(Move::double_step(s, t1, s), x1, EMPTY);
        if (!(x2 & us_bit_)) add_double_by_non_lion(Move::double_step(s, t1, t2), x1, x2);
    }

    void add_double_by_non_lion(Move m, Piece x1, Piece x2) {
        if (lion_piece(x1) && !counter_strike_allows(pos_, m, m.mid())) return;
        if (x2 != EMPTY && lion_piece(x2) && !counter_strike_allows(pos_, m, m.to())) return;
        list_.push(m);
    }

    void lion(Square s) {
        static_assert(Mode != GEN_CAPTURES);  // captures() calls lion_captures()
        if (Mode == GEN_QUIET_PROMOTIONS) return;  // a Lion's moves never promote
        // Leaps (and steps) anywhere in the 5x5 area.
        for (int i = 0; i < 24; ++i) {
            const Square t = Square(s + LION_AREA.off[i]);
            const Piece x = b_[t];
            if (x & us_bit_) continue;
            if (QUIET && x != EMPTY) continue;
            if (LION_AREA.far[i] && x != EMPTY && lion_piece(x) && !far_lion_takeable(s, t)) continue;
            list_.push(Move::normal(s, t));
        }
        // Double moves through an adjacent enemy, igui, and the pass.
        for (int d = 0; d < DIRECTION_NB; ++d) {
            const Square e = Square(s + DIRECTION_OFFSET[d]);
            const Piece x1 = b_[e];
            if (x1 == EMPTY) {
                note_pass(s, e);
                continue;
            }
            if (x1 & us_bit_) continue;
            if (QUIET) continue;
            lion_through(s, e, x1);
        }
    }

    // The Lion's captures only: the same moves in the same order as lion(), the 5x5 area read a
    // row of five squares at a time and the double moves through the enemy neighbours alone.
    void lion_captures(Square s) {
        constexpr Color them = ~Us;
        for (int dr = -2; dr <= 2; ++dr) {
            const int row = s + dr * FRAME_WIDTH;
            for (uint64_t e = colour_bytes(five_squares(row - 2), them); e; e &= e - 1) {
                const int df = std::countr_zero(e) / 8 - 2;
                const Square t = Square(row + df);
                const bool far = dr == 2 || dr == -2 || df == 2 || df == -2;
                if (far && lion_piece(b_[t]) && !far_lion_takeable(s, t)) continue;
                list_.push(Move::normal(s, t));
            }
        }
        for (unsigned m = Neighbours(b_, s).owned_by(them); m; m &= m - 1) {
            const Square e = Square(s + DIRECTION_OFFSET[std::countr_zero(m)]);
            lion_through(s, e, b_[e]);
        }
    }

    // Squares b[from] .. b[from + 4] as the low five bytes of a word (five, not eight: the last
    // square of the frame may be among them).
    uint64_t five_squares(int from) const {
        uint64_t w = 0;
        if constexpr (std::endian::native == std::endian::little) {
            uint32_t first;
            std::memcpy(&first, b_ + from, 4);
            w = first;
        } else {
            for (int i = 0; i < 4; ++i)
                w |= uint64_t(b_[from + i]) << (8 * i);
        }
        return w | uint64_t(b_[from + 4]) << 32;
    }

    // Protected-Lion rule for a non-adjacent Lion capture (no bridge on a single leap).
    bool far_lion_takeable(Square s, Square t) const { return !attacked_after(b_, s, NO_SQUARE, t, t, ~us_); }

    // The igui on the enemy neighbour e and the double moves through it.
    void lion_through(Square s, Square e, Piece x1) {
        const Color them = ~us_;
        if (first_igui_on(e)) list_.push(Move::double_step(s, e, s));  // an adjacent Lion may always be taken
        const bool bridge = !kind_info(kind_of(x1)).weak_bridge;
        for (int d2 = 0; d2 < DIRECTION_NB; ++d2) {
            const Square t = Square(e + DIRECTION_OFFSET[d2]);
            if (t == s) continue;
            const Piece x2 = b_[t];
            if (x2 & us_bit_) continue;
            // Without a bridge: judged on the board after the move, the Pawn or Go-Between
            // taken first gone (lishogi: it still protects, RuleSet::lion_victim_protects).
            if (x2 != EMPTY && lion_piece(x2) && !bridge && distance(s, t) == 2 &&
                (attacked_after(b_, s, e, t, t, them) ||
                 (pos_.rules().lion_victim_protects && (reach(them, kind_of(x1), d2) & REACH_STEP))))
                continue;
            list_.push(Move::double_step(s, e, t));
        }
    }

    const Position& pos_;
    Sink& list_;
    const Piece* b_;
    static constexpr Color us_ = Us;
    static constexpr Piece us_bit_ = colour_bit(Us);
    bool promotable_ = false, from_zone_ = false, last_rank_kind_ = false;  // set_piece
    Square pass_from_ = NO_SQUARE;
    Square pass_via_ = NO_SQUARE;
    uint64_t igui_done_[FRAME_SQUARES / 64] = {};
};

}  // namespace

bool may_promote(const RuleSet& rules, Color c, Kind k, Square from, Square to, bool capture) {
    const bool zf = ZONES.zone[c][from], zt = ZONES.zone[c][to];
    if ((zt && !zf) || (capture && (zf || zt))) return true;
    const bool last_rank_kind = k == PAWN || (k == LANCE && rules.lance_promotes_on_last_rank);
    return last_rank_kind && ZONES.last_rank[c][to];
}

bool MoveList::contains(Move m) const {
    for (Move x : *this)
        if (x.same_as(m)) return true;
    return false;
}

namespace {
template <GenMode Mode, class Sink>
void generate(const Position& pos, Sink& sink) {
    if (pos.side_to_move() == WHITE)
        Generator<Mode, WHITE, Sink>(pos, sink).run();
    else
        Generator<Mode, BLACK, Sink>(pos, sink).run();
}
// The moves of the side to move's piece on s alone (no pass).
template <GenMode Mode, class Sink>
void generate_piece(const Position& pos, Square s, Sink& sink) {
    if (pos.side_to_move() == WHITE)
        Generator<Mode, WHITE, Sink>(pos, sink).run_piece(s);
    else
        Generator<Mode, BLACK, Sink>(pos, sink).run_piece(s);
}
}  // namespace

void generate_legal(const Position& pos, MoveList& list) { generate<GEN_ALL>(pos, list); }
void generate_captures(const Position& pos, MoveList& list) { generate<GEN_CAPTURES>(pos, list); }
void generate_quiets(const Position& pos, MoveList& list) { generate<GEN_QUIETS>(pos, list); }
void generate_quiet_promotions(const Position& pos, MoveList& list) { generate<GEN_QUIET_PROMOTIONS>(pos, list); }

bool is_legal(const Position& pos, Move m) {
    MoveList list;
    generate_legal(pos, list);
    return list.contains(m);
}

bool is_legal_quiet(const Position& pos, Move m) {
    if (m.is_none() || m.is_pass()) return false;
    MoveFinder finder{m};
    generate_piece<GEN_QUIETS>(pos, m.from(), finder);
    return finder.found;
}

bool has_quiet_move(const Position& pos, Square s) {
    AnyMove any;
    generate_piece<GEN_QUIETS>(pos, s, any);
    return any.found;
}

int count_legal(const Position& pos) {
    MoveCounter counter;
    generate<GEN_ALL>(pos, counter);
    return counter.count;
}

}  // namespace shishi
