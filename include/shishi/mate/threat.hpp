// What the mate solver counts as check and as the end of a mating line (docs/mate.md).
// A "win" is what ends the game for the side that makes it: taking the opponent's last royal
// (both royals at once by a double move), or a capture that leaves the opponent lost by the
// rule set's bare-king rule. A "check" is a move after which its maker could win with its
// next move if the opponent let it.
#pragma once

#include "shishi/core/position.hpp"

namespace shishi::mate {

// Can the side to move win with this move (see above)? pos is restored before it returns.
bool has_winning_move(Position& pos);

// With the side to move being the defender: would the other side (the attacker) have a winning
// move if it were its turn? The defender's turn is passed for the test (the counter-strike
// square cleared, as it binds only the next move); pos is restored.
bool is_threatened(Position& pos);

// The game-end verdict of a node as the solver reads it, before its moves are looked at.
enum class NodeVerdict : uint8_t {
    OPEN,  // nothing decided yet
    MOVER_LOST,  // the side to move has lost (royals gone, bared)
    MOVER_WON,  // the side to move has won (the bare-king rule in its favour)
    DRAWN,  // a draw by rule (both bared, King against King)
};
NodeVerdict node_verdict(const Position& pos);

}  // namespace shishi::mate
