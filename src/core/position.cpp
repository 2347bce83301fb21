#include "shishi/core/position.hpp"

#include <cstring>

#include "shishi/core/piece_square.hpp"
#include "shishi/core/slider_reach.hpp"
#include "shishi/core/zobrist.hpp"
#include "slider_reach_change.hpp"

namespace shishi {

namespace {
constexpr size_t HISTORY_RESERVE = 2048;  // games and search paths rarely exceed this
}

Position::Position() : rules_(&book_rules()) {
    history_.reserve(HISTORY_RESERVE);
    clear();
}

void Position::clear() {
    for (int s = 0; s < FRAME_SQUARES; ++s) {
        board_[s] = is_board_square(Square(s)) ? EMPTY : EDGE;
        index_[s] = 0;
    }
    count_[WHITE] = count_[BLACK] = 0;
    royals_[WHITE] = royals_[BLACK] = 0;
    royal_square_[WHITE] = royal_square_[BLACK] = NO_SQUARE;
    psq_[WHITE] = psq_[BLACK] = 0;
    reach_[WHITE] = reach_[BLACK] = 0;
    reach_pending_ = false;
    lions_[WHITE] = lions_[BLACK] = 0;
    psq_generation_ = piece_square_scores.generation;
    side_ = WHITE;
    counter_strike_ = NO_SQUARE;
    halfmove_clock_ = 0;
    start_move_number_ = 1;
    history_.clear();
    key_ = compute_key();
}

void Position::put_piece(Square s, Piece p) {
    if (reach_pending_) settle_reach();
    add_slider_reach_change(board_, s, EMPTY, p, reach_);
    lions_[color_of(p)] += is_lion(kind_of(p));
    add_piece(s, p);
    key_ ^= zobrist::piece_key(p, s);
    psq_[color_of(p)] += piece_square_score(p, s);
}

void Position::refresh_scores() {
    for (Color c : {WHITE, BLACK}) {
        psq_[c] = 0;
        for (int i = 0; i < count_[c]; ++i)
            psq_[c] += piece_square_score(board_[list_[c][i]], list_[c][i]);
    }
    psq_generation_ = piece_square_scores.generation;
}

void Position::set_side_to_move(Color c) {
    if (c != side_) key_ ^= zobrist::side_key();
    side_ = c;
}

void Position::set_counter_strike(Square s) {
    key_ ^= zobrist::counter_strike_key(counter_strike_) ^ zobrist::counter_strike_key(s);
    counter_strike_ = s;
}

void Position::set_move_counters(int halfmove_clock, int start_move_number) {
    halfmove_clock_ = halfmove_clock;
    start_move_number_ = start_move_number - plies();
}

void Position::clear_history() {
    if (reach_pending_) settle_reach();  // it needs the last undo record
    start_move_number_ += plies();
    history_.clear();
}

void Position::add_piece(Square s, Piece p) {
    Color c = color_of(p);
    board_[s] = p;
    index_[s] = uint8_t(count_[c]);
    list_[c][count_[c]++] = s;
    if (is_royal(kind_of(p))) {
        ++royals_[c];
        royal_square_[c] = s;
    }
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    Color c = color_of(p);
    int i = index_[s];
    Square last = list_[c][--count_[c]];
    list_[c][i] = last;
    index_[last] = uint8_t(i);
    board_[s] = EMPTY;
    if (is_royal(kind_of(p))) --royals_[c];
}

void Position::restore_piece(Square s, Piece p, int i) {
    Color c = color_of(p);
    Square displaced = list_[c][i];
    list_[c][count_[c]] = displaced;
    index_[displaced] = uint8_t(count_[c]);
    ++count_[c];
    list_[c][i] = s;
    index_[s] = uint8_t(i);
    board_[s] = p;
    if (is_royal(kind_of(p))) ++royals_[c];
}

Square Position::find_royal(Color c) const {
    for (int i = 0; i < count_[c]; ++i)
        if (is_royal(kind_of(board_[list_[c][i]]))) return list_[c][i];
    return NO_SQUARE;
}

uint64_t Position::compute_key() const {
    uint64_t k = 0;
    for (int s = 0; s < FRAME_SQUARES; ++s)
        if (board_[s] != EMPTY && board_[s] != EDGE) k ^= zobrist::piece_key(board_[s], Square(s));
    if (side_ == BLACK) k ^= zobrist::side_key();
    return k ^ zobrist::counter_strike_key(counter_strike_);
}

// The board before the last move, rebuilt in a copy from the undo record, then changed square
// by square as make changed it, each change adding what it does to the reach.
void Position::settle_reach() const {
    const UndoRecord& u = history_.back();
    const Move m = u.move;
    const Square from = m.from(), to = m.to(), mid = m.mid();
    const Piece arrived = board_[to];
    Piece b[FRAME_SQUARES];
    std::memcpy(b, board_, sizeof b);
    b[from] = u.moved;
    if (to != from) b[to] = u.captured_to;
    if (mid != NO_SQUARE) {
        b[mid] = u.captured_mid;
        add_slider_reach_change(b, mid, u.captured_mid, EMPTY, reach_);
        b[mid] = EMPTY;
    }
    if (to != from) {
        // First `from` (with `to` as it was), then `to` (with `from` empty).
        add_slider_reach_change(b, from, u.moved, EMPTY, reach_);
        b[from] = EMPTY;
        add_slider_reach_change(b, to, u.captured_to, arrived, reach_);
    } else if (arrived != u.moved) {
        add_slider_reach_change(b, to, u.moved, arrived, reach_);  // promotion in place
    }
    reach_pending_ = false;
}

void Position::make(Move m) {
    if (reach_pending_) settle_reach();  // the undo record keeps the reach before this move
    history_.push_back(UndoRecord{key_,
                                  m,
                                  EMPTY,
                                  EMPTY,
                                  EMPTY,
                                  0,
                                  0,
                                  counter_strike_,
                                  int32_t(halfmove_clock_),
                                  {royal_square_[0], royal_square_[1]},
                                  {psq_[0], psq_[1]},
                                  {reach_[0], reach_[1]},
                                  {lions_[0], lions_[1]}});
    UndoRecord& u = history_.back();
    Square new_counter_strike = NO_SQUARE;
    ++halfmove_clock_;

    if (m.is_pass()) {
        // XBoard restarts its count after a pass; elsewhere a pass is reversible (two passes
        // repeat the position), so the clock that bounds the repetition scans runs on.
        if (rules_->reversible_ply_limit > 0) halfmove_clock_ = 0;
    } else {
        const Square from = m.from(), to = m.to(), mid = m.mid();
        const Piece p = board_[from];
        u.moved = p;
        bool lion_taken = false;
        if (mid != NO_SQUARE) {
            Piece c = board_[mid];
            u.captured_mid = c;
            u.index_mid = index_[mid];
            key_ ^= zobrist::piece_key(c, mid);
            psq_[~side_] -= piece_square_score(c, mid);
            remove_piece(mid);
            lion_taken = is_lion(kind_of(c));
            lions_[~side_] -= lion_taken;
        }
        if (to != from) {
            Piece c = board_[to];
            if (c != EMPTY) {
                u.captured_to = c;
                u.index_to = index_[to];
                key_ ^= zobrist::piece_key(c, to);
                psq_[~side_] -= piece_square_score(c, to);
                remove_piece(to);
                const bool lion = is_lion(kind_of(c));
                lions_[~side_] -= lion;
                lion_taken |= lion;
            }
            int i = index_[from];
            list_[side_][i] = to;
            index_[to] = uint8_t(i);
            board_[from] = EMPTY;
            board_[to] = p;
            key_ ^= zobrist::piece_key(p, from) ^ zobrist::piece_key(p, to);
            psq_[side_] += piece_square_score(p, to) - piece_square_score(p, from);
        }
        if (m.is_promotion()) {
            const Piece q = make_piece(side_, kind_info(kind_of(p)).promotes_to);
            lions_[side_] += is_lion(kind_of(q));
            board_[to] = q;
            key_ ^= zobrist::piece_key(p, to) ^ zobrist::piece_key(q, to);
            psq_[side_] += piece_square_score(q, to) - piece_square_score(p, to);
            if (is_royal(kind_of(q)) && ++royals_[side_] == 1) royal_square_[side_] = to;
        }
        // The clock counts plies since the last irreversible move: a capture, or a move of an
        // unpromoted Pawn or Lance (they only go forward). No earlier position can come back
        // across one, so the repetition scans stop there; XBoard's N-move count restarts on
        // the same moves (rule_set.hpp).
        const Kind k = kind_of(p);
        if (k == PAWN || k == LANCE) halfmove_clock_ = 0;
        if (u.captured_mid != EMPTY || u.captured_to != EMPTY) {
            halfmove_clock_ = 0;
            // The royal followed here may be gone; another one may remain.
            const Color them = ~side_;
            if (royal_square_[them] == mid || royal_square_[them] == to) royal_square_[them] = find_royal(them);
        }
        if (royal_square_[side_] == from) royal_square_[side_] = to;
        // Counter-strike: a non-Lion took a Lion; the square is where the capturer now stands.
        if (lion_taken && !is_lion(kind_of(p))) new_counter_strike = to;
        reach_pending_ = true;  // settle_reach() adds the move's change when it is needed
    }
    key_ ^= zobrist::counter_strike_key(counter_strike_) ^ zobrist::counter_strike_key(new_counter_strike);
    counter_strike_ = new_counter_strike;
    side_ = ~side_;
    key_ ^= zobrist::side_key();
}

void Position::unmake() {
    const UndoRecord& u = history_.back();
    side_ = ~side_;
    const Move m = u.move;
    if (!m.is_pass()) {
        const Square from = m.from(), to = m.to(), mid = m.mid();
        if (m.is_promotion() && is_royal(kind_of(board_[to]))) --royals_[side_];
        if (to != from) {
            int i = index_[to];
            list_[side_][i] = from;
            index_[from] = uint8_t(i);
            board_[to] = EMPTY;
            if (u.captured_to != EMPTY) restore_piece(to, u.captured_to, u.index_to);
        }
        board_[from] = u.moved;
        if (mid != NO_SQUARE) restore_piece(mid, u.captured_mid, u.index_mid);
    }
    counter_strike_ = u.counter_strike;
    halfmove_clock_ = u.halfmove_clock;
    royal_square_[0] = u.royal[0];
    royal_square_[1] = u.royal[1];
    psq_[0] = u.psq[0];
    psq_[1] = u.psq[1];
    reach_[0] = u.reach[0];
    reach_[1] = u.reach[1];
    reach_pending_ = false;
    lions_[0] = u.lions[0];
    lions_[1] = u.lions[1];
    key_ = u.key;
    history_.pop_back();
}

bool Position::is_consistent() const {
    int royals[2] = {0, 0}, pieces[2] = {0, 0};
    for (int s = 0; s < FRAME_SQUARES; ++s) {
        Piece p = board_[s];
        if (!is_board_square(Square(s))) {
            if (p != EDGE) return false;
            continue;
        }
        if (p == EMPTY) continue;
        if (p == EDGE || kind_of(p) == NO_KIND || kind_of(p) >= KIND_NB) return false;
        Color c = color_of(p);
        ++pieces[c];
        if (is_royal(kind_of(p))) ++royals[c];
        if (index_[s] >= count_[c] || list_[c][index_[s]] != s) return false;
    }
    for (Color c : {WHITE, BLACK}) {
        if (pieces[c] != count_[c] || royals[c] != royals_[c]) return false;
        const Square r = royal_square_[c];
        if (royals[c] == 0 ? r != NO_SQUARE
                           : (board_[r] == EMPTY || board_[r] == EDGE || color_of(board_[r]) != c ||
                              !is_royal(kind_of(board_[r]))))
            return false;
    }
    int32_t reach[2] = {0, 0};
    int lions[2] = {0, 0};
    for (Color c : {WHITE, BLACK})
        for (int i = 0; i < count_[c]; ++i) {
            reach[c] += piece_slider_reach(board_, list_[c][i]);
            lions[c] += is_lion(kind_of(board_[list_[c][i]]));
        }
    for (Color c : {WHITE, BLACK})
        if (reach[c] != slider_reach(c) || lions[c] != lions_[c]) return false;
    if (psq_generation_ == piece_square_scores.generation) {
        int32_t psq[2] = {0, 0};
        for (int s = 0; s < FRAME_SQUARES; ++s)
            if (board_[s] != EMPTY && board_[s] != EDGE)
                psq[color_of(board_[s])] += piece_square_score(board_[s], Square(s));
        if (psq[WHITE] != psq_[WHITE] || psq[BLACK] != psq_[BLACK]) return false;
    }
    return key_ == compute_key();
}

}  // namespace shishi
