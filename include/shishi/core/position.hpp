// A Chu Shogi position: mailbox board, piece lists per side, side to move, counter-strike state,
// incremental Zobrist key, material/piece-square sums, slider reach and Lion counts, and the
// stack of undo records that doubles as the move history used for repetition detection.
// make()/unmake() change the position in place without copying it.
#pragma once

#include <cstdint>
#include <vector>

#include "shishi/core/pieces.hpp"
#include "shishi/core/rule_set.hpp"
#include "shishi/core/board_types.hpp"

namespace shishi {

// Everything unmake() needs, and the key of the position before the move (for repetitions).
struct UndoRecord {
    uint64_t key;  // key before the move
    Move move;
    Piece moved;  // the moving piece before any promotion
    Piece captured_mid;  // piece taken on the first step of a double move, or EMPTY
    Piece captured_to;  // piece taken on the destination, or EMPTY
    uint8_t index_mid;  // its slot in the owner's piece list
    uint8_t index_to;
    Square counter_strike;  // counter-strike square before the move
    int32_t halfmove_clock;  // before the move (a FEN may give up to nine digits)
    Square royal[2];  // royal_square() of each side before the move
    int32_t psq[2];  // psq_score() of each side before the move
    int32_t reach[2];  // slider_reach() of each side before the move
    uint8_t lions[2];  // lion_count() of each side before the move
};

class Position {
public:
    static constexpr int MAX_PIECES = BOARD_SIZE * BOARD_SIZE;  // per side; the start has 46

    Position();  // an empty board, first player to move
    static Position start();  // the initial setup

    // --- setup (used by the text parsers; keeps key and piece lists consistent) -------------
    void clear();
    void put_piece(Square s, Piece p);  // s must be an empty board square
    void set_side_to_move(Color c);
    void set_counter_strike(Square s);  // NO_SQUARE for none
    void set_move_counters(int halfmove_clock, int start_move_number);
    // Forget the history: the current position becomes the root of repetition checks.
    void clear_history();

    // --- queries -------------------------------------------------------------------------
    Piece piece_on(Square s) const { return board_[s]; }
    const Piece* board() const { return board_; }
    Color side_to_move() const { return side_; }
    Square counter_strike() const { return counter_strike_; }
    uint64_t key() const { return key_; }
    int piece_count(Color c) const { return count_[c]; }
    Square piece_square(Color c, int i) const { return list_[c][i]; }
    int royal_count(Color c) const { return royals_[c]; }
    // The square of one of side c's royal pieces (the only one when royal_count(c) == 1);
    // NO_SQUARE without a royal. Kept up to date by make/unmake: check tests and the
    // evaluation ask for it at every node.
    Square royal_square(Color c) const { return royal_square_[c]; }
    int halfmove_clock() const { return halfmove_clock_; }
    // Material + piece-square score of side c's pieces (its own view), summed from the table
    // of piece_square.hpp; valid while score_generation() equals that table's generation.
    int psq_score(Color c) const { return psq_[c]; }
    uint32_t score_generation() const { return psq_generation_; }
    // Recomputes the sums from the installed table (after the evaluation's weights changed).
    void refresh_scores();
    // Squares side c's sliders reach along their sliding rays (slider_reach.hpp), the
    // evaluation's mobility count, and side c's pieces with full Lion power; both kept through
    // make/unmake (unmake restores them from the undo record). The reach follows a move only
    // when asked for, or when the next move is made: the many positions the search leaves
    // without evaluating them or moving on (cut-offs, cached evaluations) never pay for it.
    // So the first call after a move writes the cached count: like make, not for two threads
    // at once on one position.
    int slider_reach(Color c) const {
        if (reach_pending_) settle_reach();
        return reach_[c];
    }
    int lion_count(Color c) const { return lions_[c]; }
    // SFEN-style move number: 1 for the first move of the game, +1 per ply.
    int move_number() const { return start_move_number_ + plies(); }

    // --- moves ---------------------------------------------------------------------------
    // m must be legal in this position (or at least pseudo-legal for the mover).
    void make(Move m);
    void unmake();
    int plies() const { return int(history_.size()); }  // moves made since the root
    const UndoRecord& history(int i) const { return history_[i]; }  // 0 = first move
    bool is_capture(Move m) const {  // inline: move ordering asks it of every move
        if (m.is_pass()) return false;
        return m.is_double() || (m.to() != m.from() && board_[m.to()] != EMPTY);
    }

    // --- the rule set (book_rules() until set) ------------------------------------------------
    const RuleSet& rules() const { return *rules_; }
    void set_rules(const RuleSet& r) { rules_ = &stable(r); }

    // Internal consistency (piece lists, indices, key, royal counts and squares, slider reach
    // and Lion counts against a recount, and the piece-square sums while their table is
    // current); for tests and debugging.
    bool is_consistent() const;

private:
    void add_piece(Square s, Piece p);
    void remove_piece(Square s);  // swap-remove from the list
    void restore_piece(Square s, Piece p, int idx);  // exact inverse of remove_piece
    uint64_t compute_key() const;
    Square find_royal(Color c) const;  // by scanning the piece list
    void settle_reach() const;  // applies the last move's change to reach_

    Piece board_[FRAME_SQUARES];
    uint8_t index_[FRAME_SQUARES];  // slot of the piece on a square in its side's list
    Square list_[2][MAX_PIECES];
    int count_[2];
    int royals_[2];
    Square royal_square_[2];
    int32_t psq_[2];
    mutable int32_t reach_[2];
    mutable bool reach_pending_;  // reach_ is still that of the position before the last move
    uint8_t lions_[2];
    uint32_t psq_generation_;
    Color side_;
    Square counter_strike_;
    uint64_t key_;
    int halfmove_clock_;
    int start_move_number_;
    const RuleSet* rules_;  // a stable() rule set: copied with the position for free
    std::vector<UndoRecord> history_;
};

}  // namespace shishi
