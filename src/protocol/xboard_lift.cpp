// XboardSession: lift / put / hover, XBoard's notice of how the user moves a piece, answered
// with `highlight` marks (and `choice` where only promotion is possible).
#include "shishi/protocol/xboard_session.hpp"
#include "shishi/core/notation.hpp"

namespace shishi {

bool XboardSession::parse_square_arg(const Args& a, Square& s) {
    std::optional<Square> sq = a.size() == 1 ? parse_xboard_square(a[0]) : std::nullopt;
    if (!sq) return false;
    s = *sq;
    return true;
}

void XboardSession::cmd_lift(const Args& a) {
    Square s;
    if (!parse_square_arg(a, s)) return error("bad square", "lift");
    if (lifted_ != NO_SQUARE && first_leg_ == s) {
        // XBoard follows a put on the cyan square with a lift there: the double move goes on,
        // so the second-step marks stand (sent again, as XBoard cleared them).
        out_.send("highlight " + shown_.colour_fen());
        return;
    }
    lifted_ = s;
    first_leg_ = NO_SQUARE;
    const Position& pos = engine_.position();
    const Piece piece = pos.piece_on(s);
    if (game_search_running() && piece != EMPTY && color_of(piece) != pos.side_to_move()) {
        // The user picks up a piece while the engine thinks: its moves are known only after
        // the engine's move, so the marks are sent then (as HaChu does), not empty now.
        pending_lift_ = s;
        shown_ = BoardMarks();
        return;
    }
    shown_ = first_leg_marks(pos, s);
    out_.send("highlight " + shown_.colour_fen());
}

void XboardSession::cmd_put(const Args& a) {
    Square s;
    if (!parse_square_arg(a, s)) return error("bad square", "put");
    if (lifted_ == NO_SQUARE) return;
    char mark = shown_.at(s);
    if (first_leg_ == NO_SQUARE && mark == MARK_FIRST_LEG) {
        // The Lion (or Falcon, Eagle) took its first step: show where it can go on.
        first_leg_ = s;
        shown_ = second_leg_marks(engine_.position(), lifted_, s);
        out_.send("highlight " + shown_.colour_fen());
        return;
    }
    if (mark == MARK_FORCED) out_.send("choice +");
    // A blue square gets a second put once the choice is made; anything else ends the entry.
    if (mark != MARK_FORCED) lifted_ = first_leg_ = pending_lift_ = NO_SQUARE;
}

void XboardSession::cmd_hover(const Args& a) {
    Square s;
    if (!parse_square_arg(a, s)) return error("bad square", "hover");
    if (first_leg_ == NO_SQUARE || shown_.at(s) == MARK_NONE) return;
    // Ending the double move on s captures on the first-step square too: mark it as a victim.
    BoardMarks marks = shown_;
    if (marks.at(first_leg_) == MARK_NONE) marks.at(first_leg_) = MARK_VICTIM;
    out_.send("highlight " + marks.colour_fen());
}

}  // namespace shishi
