#include "shishi/protocol/xboard_highlight.hpp"

#include "shishi/core/movegen.hpp"

namespace shishi {

std::string BoardMarks::colour_fen() const {
    std::string out;
    for (int rank = BOARD_SIZE - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < BOARD_SIZE; ++file) {
            char m = mark[rank][file];
            if (m == MARK_NONE) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            out += m;
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    return out;
}

BoardMarks first_leg_marks(const Position& pos, Square from) {
    BoardMarks marks;
    if (!is_board_square(from)) return marks;
    MoveList list;
    generate_legal(pos, list);
    // Per destination: may it promote, may it decline? (Single moves only.)
    bool promote[FRAME_SQUARES] = {}, plain[FRAME_SQUARES] = {};
    for (Move m : list) {
        if (m.from() != from || m.is_pass()) continue;
        if (m.is_double()) {
            marks.at(m.mid()) = MARK_FIRST_LEG;
            continue;
        }
        (m.is_promotion() ? promote : plain)[m.to()] = true;
    }
    for (Move m : list) {
        if (m.from() != from || m.is_pass() || m.is_double()) continue;
        char& mk = marks.at(m.to());
        if (mk == MARK_FIRST_LEG) continue;  // stopping there is offered on the second leg
        if (promote[m.to()] && plain[m.to()])
            mk = MARK_PROMOTE;
        else if (promote[m.to()])
            mk = MARK_FORCED;
        else
            mk = pos.piece_on(m.to()) != EMPTY ? MARK_CAPTURE : MARK_MOVE;
    }
    return marks;
}

BoardMarks second_leg_marks(const Position& pos, Square from, Square mid) {
    BoardMarks marks;
    if (!is_board_square(from) || !is_board_square(mid)) return marks;
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        if (m.from() != from || m.is_pass()) continue;
        if (m.is_double() && m.mid() == mid)
            marks.at(m.to()) = (m.is_igui() || pos.piece_on(m.to()) != EMPTY) ? MARK_CAPTURE : MARK_MOVE;
        else if (!m.is_double() && m.to() == mid && !m.is_promotion())
            marks.at(mid) = MARK_CAPTURE;  // stop after the first capture
    }
    return marks;
}

}  // namespace shishi
