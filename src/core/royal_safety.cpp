// The move is applied to a copy of the bare board (no make/unmake, no allocation): a pass leaves
// it as it is, igui empties the victim's square and puts the capturer back on its own.
#include "shishi/core/royal_safety.hpp"

#include <cstring>

#include "shishi/core/attacks.hpp"

namespace shishi {

bool royal_attacked_after(const Position& pos, Move m) {
    const Color us = pos.side_to_move(), them = ~us;
    if (pos.royal_count(us) != 1) return false;
    auto takes_last_royal = [&](Square s) {
        const Piece x = pos.piece_on(s);
        return s != m.from() && x != EMPTY && color_of(x) == them && is_royal(kind_of(x)) && pos.royal_count(them) == 1;
    };
    if (!m.is_pass() && (takes_last_royal(m.to()) || (m.mid() != NO_SQUARE && takes_last_royal(m.mid())))) return false;
    Piece b[FRAME_SQUARES];
    std::memcpy(b, pos.board(), sizeof b);
    Square royal = pos.royal_square(us);
    const Piece mover = b[m.from()];
    b[m.from()] = EMPTY;
    if (m.mid() != NO_SQUARE) b[m.mid()] = EMPTY;
    b[m.to()] = mover;
    if (m.from() == royal) royal = m.to();
    return is_attacked(b, royal, them);
}

bool has_royal_safe_move(const Position& pos, const MoveList& moves) {
    for (Move m : moves)
        if (!royal_attacked_after(pos, m)) return true;
    return false;
}

bool shows_royal_safe_move(const Position& pos) {
    const Color us = pos.side_to_move();
    const Square royal = pos.royal_square(us);
    const int rf = file_of(royal), rr = rank_of(royal);
    for (int i = 0; i < pos.piece_count(us); ++i) {
        const Square s = pos.piece_square(us, i);
        const int df = file_of(s) - rf, dr = rank_of(s) - rr;
        if (df == 0 || dr == 0 || df == dr || df == -dr) continue;  // on a line through the royal (or it)
        if (has_quiet_move(pos, s)) return true;
    }
    return false;
}

}  // namespace shishi
