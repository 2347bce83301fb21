// The verdict on a repeated position, one function for the game record (Game) and the search.
// Both keep a small flags byte per move (did it give check, did the moved piece attack an enemy
// piece, was it a pass), recorded as each move is played; the verdict reads only those bytes.
#pragma once

#include <cstdint>

#include "shishi/core/position.hpp"

namespace shishi {

enum PlyFact : uint8_t {
    FACT_CHECK = 1,  // after the move the opponent's royal is attacked ("check")
    FACT_ATTACK = 2,  // the moved piece attacks an enemy piece from where it stands
    FACT_PASS = 4,  // the move was a turn pass
};

// Does `rule` read FACT_ATTACK? (Only then is it worth computing.)
inline bool needs_attack_facts(RepetitionRule rule) {
    return rule == RepetitionRule::JCSA || rule == RepetitionRule::LISHOGI;
}

// The facts of the move just made (the last history entry of `after`) as `rule` defines them.
// `gave_check` is in_check(after, after.side_to_move()), which callers usually have at hand.
//  - check: the opponent's only royal is attacked; under LISHOGI any of its royals.
//  - attack: under JCSA the moved piece attacks an enemy piece with its own pieces counted as
//    absent (docs/rules.md), never for a pass; under LISHOGI by its moves (own pieces block),
//    a pass included. Left out for the other rules.
uint8_t ply_facts(const Position& after, RepetitionRule rule, bool gave_check);
uint8_t ply_facts(const Position& after, RepetitionRule rule);

struct RepetitionVerdict {
    enum Loser { NOBODY, LAST_MOVER, OTHER_SIDE };
    enum Why { REPEATED, PERPETUAL_CHECK, ATTACKED, STARTED_PASSING, NO_ATTACKS, DRAW_RULE, PERPETUAL_ATTACK };
    Loser loser = NOBODY;  // the side that made the move producing the repetition, or the other
    Why why = DRAW_RULE;
};

// The position after move n - 1 is the position before move `first` again (n - first is even).
// facts[i] are the facts of move i, for every i from first - 1 (when first > 0; LISHOGI reads
// it) to n - 1. The verdict is what the repetition rule says when this cycle makes the fourth
// occurrence; the search applies it to the first repetition, as if the cycle went on.
RepetitionVerdict judge_repetition(RepetitionRule rule, const uint8_t* facts, int first, int n);

}  // namespace shishi
