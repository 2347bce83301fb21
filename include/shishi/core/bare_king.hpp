// The verdict of the bare-king rules (RuleSet::bare_king), one function for the game record
// (Game::status) and the search. It reads only the position, so both judge every node alike.
#pragma once

#include "shishi/core/position.hpp"

namespace shishi {

struct BareKingVerdict {
    enum Result {
        NONE,  // the rule decides nothing here
        MOVER_LOSES,  // the side to move has a bare king
        MOVER_WINS,  // the side that just moved has a bare king
        BOTH_BARED,  // book: the bare side bared the other back: a draw
        KING_VS_KING,  // lishogi: one royal each and nothing else, no check: a draw
    };
    Result result = NONE;
    bool decided() const { return result != NONE; }
};

// Cheap test first: a side can be bare only with few pieces (every Pawn and Lance dead at most),
// so positions where both sides have more than that return NONE after two counts.
// Under BareKingRule::LISHOGI a KING_VS_KING verdict ranks after the repetition verdict (as in
// scalashogi); the other verdicts rank before it.
BareKingVerdict judge_bare_king(const Position& pos);

}  // namespace shishi
