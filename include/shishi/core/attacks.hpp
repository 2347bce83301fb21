// "Is this square attacked by side X": could a piece of X capture on it with its next move?
// Used for the protected-Lion rule, check detection and evaluation.
#pragma once

#include "shishi/core/position.hpp"

namespace shishi {

// Works on a bare board array so callers can ask about a hypothetical board (a copy with a
// move applied) without making the move.
bool is_attacked(const Piece* board, Square s, Color by);

inline bool is_attacked(const Position& pos, Square s, Color by) { return is_attacked(pos.board(), s, by); }

// Number of pieces of side `by` that attack s (for evaluation and exchange estimates).
int attacker_count(const Piece* board, Square s, Color by);

// Does the piece on `sq` attack an enemy piece (could it capture one with its next move, by its
// movement alone)? With `through_own`, pieces of its own side count as absent: they neither
// block its lines nor stand in its way (the JCSA repetition rule's reading, docs/rules.md).
bool piece_attacks_enemy(const Piece* board, Square sq, bool through_own);

// True when side c has exactly one royal and side ~c attacks it ("check" in docs/rules.md).
bool in_check(const Position& pos, Color c);

// The eight squares of the 5x5 Lion area that are not on a line through the centre.
constexpr int LION_OFF_LINE[8] = {33, 31, 18, 14, -14, -18, -31, -33};

}  // namespace shishi
