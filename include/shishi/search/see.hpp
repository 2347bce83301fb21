// Static exchange evaluation: the material a move wins or loses if both sides then keep
// capturing on its destination square, each with its least valuable piece, and each free to
// stop when going on would lose. Used by move ordering (losing captures go after the quiet
// moves) and by quiescence (losing captures are skipped).
//
// Chu Shogi simplifications (docs/search.md, "Static exchange"):
// - The move itself is exact: every piece it captures (both victims of a Lion double move)
//   counts, and a promotion counts as the promoted piece's extra value. An igui or pass leaves
//   nothing on the square, so there is no exchange after it.
// - The replies are single captures on that square. A Lion, or a Horned Falcon / Soaring
//   Eagle along its Lion-power ray, standing next to the square can take by igui and stay home:
//   it costs nothing and ends the exchange. Other double captures are not modelled.
// - A Lion never recaptures a Lion from two squares away (the protected-Lion rule usually
//   forbids it); promotions during the replies are ignored.
// - X-rays are exact: when a piece on a line has captured, the piece behind it on that line
//   joins in.
// - Capturing the last royal is worth ROYAL_CAPTURE_VALUE, so a royal recaptures only onto a
//   square nobody can take back.
#pragma once

#include "shishi/core/position.hpp"

namespace shishi {

// Exchange balance of m for the side to move, in centipawns (0 for a quiet move nobody can
// take, negative when the moving piece is lost for less).
int see(const Position& pos, Move m);

// see(pos, m) >= threshold, the exchange stopped as soon as it settles the answer.
bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace shishi
