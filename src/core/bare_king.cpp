// The bare-king rules: docs/rules.md's (book, JCSA) and scalashogi's (Chushogi.bareKing).
#include "shishi/core/bare_king.hpp"

#include "shishi/core/attacks.hpp"
#include "shishi/core/movegen.hpp"

namespace shishi {
namespace {

// A side has 12 Pawns and 2 Lances, the only pieces that can be dead; with more non-royal pieces
// than that plus the one lishogi allows, it cannot be bare by either rule.
constexpr int MAX_DEAD = 14;

bool is_dead(Piece p, Square s) {
    Kind k = kind_of(p);
    if (k != PAWN && k != LANCE) return false;
    return color_of(p) == WHITE ? rank_of(s) == BOARD_SIZE - 1 : rank_of(s) == 0;
}

bool may_be_bare(const Position& pos, Color c) { return pos.piece_count(c) - pos.royal_count(c) <= MAX_DEAD + 1; }

// Bare King: c has nothing but royals (dead Pawns and Lances do not count).
bool is_bare(const Position& pos, Color c) {
    for (int i = 0; i < pos.piece_count(c); ++i) {
        Square s = pos.piece_square(c, i);
        Piece p = pos.piece_on(s);
        if (!is_royal(kind_of(p)) && !is_dead(p, s)) return false;
    }
    return true;
}

// Can c's material bare a king? Royals, dead pieces, unpromoted Pawns and Go-Betweens cannot.
bool can_bare(const Position& pos, Color c) {
    for (int i = 0; i < pos.piece_count(c); ++i) {
        Square s = pos.piece_square(c, i);
        Piece p = pos.piece_on(s);
        Kind k = kind_of(p);
        if (!is_royal(k) && !is_dead(p, s) && k != PAWN && k != GO_BETWEEN) return true;
    }
    return false;
}

BareKingVerdict::Result book_verdict(const Position& pos) {
    const Color stm = pos.side_to_move(), last = ~stm;
    // The side that just moved was bare: it had this one move to bare back or take the royal.
    if (pos.plies() > 0 && may_be_bare(pos, last) && is_bare(pos, last)) {
        if (is_bare(pos, stm)) return BareKingVerdict::BOTH_BARED;
        if (can_bare(pos, stm)) return BareKingVerdict::MOVER_WINS;
    }
    if (may_be_bare(pos, stm) && is_bare(pos, stm) && can_bare(pos, last)) {
        // The bare side survives only if some move takes the last royal or bares the opponent.
        MoveList list;
        generate_legal(pos, list);
        Position p = pos;
        for (Move m : list) {
            p.make(m);
            const bool saves = p.royal_count(last) == 0 || is_bare(p, last);
            p.unmake();
            if (saves) return BareKingVerdict::NONE;
        }
        return BareKingVerdict::MOVER_LOSES;
    }
    return BareKingVerdict::NONE;
}

// lishogi's count of c's pieces for its bare-king rule (scalashogi Chushogi.bareKing): all but
// dead Pawns and Lances; for the other side also without any Pawn or Go-Between.
int lishogi_count(const Position& pos, Color c, bool as_opponent) {
    int n = 0;
    for (int i = 0; i < pos.piece_count(c); ++i) {
        const Square s = pos.piece_square(c, i);
        const Piece p = pos.piece_on(s);
        const Kind k = kind_of(p);
        if (is_dead(p, s) || (as_opponent && (k == PAWN || k == GO_BETWEEN))) continue;
        ++n;
    }
    return n;
}

// scalashogi's bareKing(sit, c): c has one piece, its one royal; the other side has more than a
// royal; the side that just moved is not in check; and c cannot bare back by taking the other
// side's single remaining piece next to its royal.
bool lishogi_bared(const Position& pos, Color c) {
    if (!may_be_bare(pos, c) || pos.royal_count(c) != 1 || lishogi_count(pos, c, false) != 1) return false;
    const int theirs = lishogi_count(pos, ~c, true);
    if (theirs <= 1 || pos.royal_count(~c) < 1) return false;
    if (in_check(pos, ~pos.side_to_move())) return false;
    if (theirs > 2) return true;
    const Square royal = pos.royal_square(c);
    for (int i = 0; i < pos.piece_count(~c); ++i) {
        const Square s = pos.piece_square(~c, i);
        const Piece p = pos.piece_on(s);
        const Kind k = kind_of(p);
        if (is_dead(p, s) || k == PAWN || k == GO_BETWEEN) continue;
        if (distance(royal, s) == 1) return false;
    }
    return true;
}

BareKingVerdict::Result lishogi_verdict(const Position& pos) {
    const Color stm = pos.side_to_move();
    if (lishogi_bared(pos, stm)) return BareKingVerdict::MOVER_LOSES;
    if (lishogi_bared(pos, ~stm)) return BareKingVerdict::MOVER_WINS;
    if (may_be_bare(pos, WHITE) && may_be_bare(pos, BLACK) && pos.royal_count(WHITE) == 1 &&
        pos.royal_count(BLACK) == 1 && lishogi_count(pos, WHITE, false) + lishogi_count(pos, BLACK, false) == 2 &&
        !in_check(pos, WHITE) && !in_check(pos, BLACK))
        return BareKingVerdict::KING_VS_KING;
    return BareKingVerdict::NONE;
}

}  // namespace

BareKingVerdict judge_bare_king(const Position& pos) {
    switch (pos.rules().bare_king) {
        case BareKingRule::OFF: return {};
        case BareKingRule::BOOK: return {book_verdict(pos)};
        case BareKingRule::LISHOGI: return {lishogi_verdict(pos)};
    }
    return {};
}

}  // namespace shishi
