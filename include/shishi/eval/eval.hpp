// Static evaluation: material (every kind valued, see docs/evaluation.md), promotion potential,
// piece-square terms and royal safety. Scores are centipawns.
#pragma once

#include "shishi/core/position.hpp"

namespace shishi {

// Material value of a kind on its own (the King and Prince count as a spare royal; with a single
// royal left its loss ends the game, which search scores as a mate).
int piece_value(Kind k);

// Score from the first player's (WHITE's) point of view.
int evaluate_white(const Position& pos);

// Score from the side to move's point of view (what search uses).
int evaluate(const Position& pos);

}  // namespace shishi
