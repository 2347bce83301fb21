// Check and game end for the mate solver. The cheap tests come first: one royal attacked is a
// win at once; the move generation is needed only for two royals (a double move taking both)
// and for the bare-king rules (a capture that bares the opponent).
#include "shishi/mate/threat.hpp"

#include "shishi/core/attacks.hpp"
#include "shishi/core/bare_king.hpp"
#include "shishi/core/movegen.hpp"

namespace shishi::mate {
namespace {

// Non-royal pieces a side may have and still be bared by one capture: every Pawn and Lance dead
// (they do not count), one piece left to take, and the one lishogi's count allows.
constexpr int BARE_REACH = 16;

bool both_royals_attacked(const Position& pos, Color them) {
    int attacked = 0;
    for (int i = 0; i < pos.piece_count(them); ++i) {
        const Square s = pos.piece_square(them, i);
        if (!is_royal(kind_of(pos.piece_on(s)))) continue;
        if (!is_attacked(pos, s, ~them)) return false;
        ++attacked;
    }
    return attacked >= 2;
}

bool capture_wins(Position& pos) {
    const Color them = ~pos.side_to_move();
    MoveList list;
    generate_captures(pos, list);
    for (Move m : list) {
        pos.make(m);
        const bool won = pos.royal_count(them) == 0 || judge_bare_king(pos).result == BareKingVerdict::MOVER_LOSES;
        pos.unmake();
        if (won) return true;
    }
    return false;
}

}  // namespace

bool has_winning_move(Position& pos) {
    const Color us = pos.side_to_move(), them = ~us;
    const int royals = pos.royal_count(them);
    if (royals == 0 || pos.royal_count(us) == 0) return false;
    if (royals == 1 && is_attacked(pos, pos.royal_square(them), us)) return true;
    const bool bare_rule = pos.rules().bare_king != BareKingRule::OFF && pos.piece_count(them) - royals <= BARE_REACH;
    const bool double_take = royals >= 2 && both_royals_attacked(pos, them);
    return (bare_rule || double_take) && capture_wins(pos);
}

bool is_threatened(Position& pos) {
    const Color defender = pos.side_to_move();
    const Square cs = pos.counter_strike();
    pos.set_counter_strike(NO_SQUARE);
    pos.set_side_to_move(~defender);
    const bool threat = has_winning_move(pos);
    pos.set_side_to_move(defender);
    pos.set_counter_strike(cs);
    return threat;
}

NodeVerdict node_verdict(const Position& pos) {
    if (pos.royal_count(pos.side_to_move()) == 0) return NodeVerdict::MOVER_LOST;
    switch (judge_bare_king(pos).result) {
        case BareKingVerdict::MOVER_LOSES: return NodeVerdict::MOVER_LOST;
        case BareKingVerdict::MOVER_WINS: return NodeVerdict::MOVER_WON;
        case BareKingVerdict::BOTH_BARED:
        case BareKingVerdict::KING_VS_KING: return NodeVerdict::DRAWN;
        case BareKingVerdict::NONE: break;
    }
    return NodeVerdict::OPEN;
}

}  // namespace shishi::mate
