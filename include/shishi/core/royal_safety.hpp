// XBoard's mate test for a side with one royal (RuleSet::host_mate_test): which moves leave
// the royal attacked, and is there any move that does not. XBoard refuses a move that leaves a
// lone royal attacked and adjudicates a side without a safe move: checkmate when its royal is
// attacked now, stalemate (a draw) when not.
#pragma once

#include "shishi/core/movegen.hpp"

namespace shishi {

// After m (legal in pos), is the mover's royal attacked? False when the mover has more than one
// royal, and when m captures the opponent's last royal (that ends the game).
bool royal_attacked_after(const Position& pos, Move m);

// Does some move of `moves` (the legal moves of pos) keep the mover's royal unattacked?
bool has_royal_safe_move(const Position& pos, const MoveList& moves);

// A quick sufficient test for has_royal_safe_move with all the legal moves, for a mover with
// one royal that is not attacked now: a piece other than the royal, standing on no line
// through the royal, has a non-capturing move. (Leaving a square off every line uncovers no
// slider onto the royal, and a move that takes nothing removes no blocker.) False means the
// test found nothing, not that no safe move exists.
bool shows_royal_safe_move(const Position& pos);

}  // namespace shishi
