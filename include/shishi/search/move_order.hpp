// Move ordering for the search: hash move first, then captures by victim value (most valuable
// victim, cheapest attacker), promotions, the two killer moves of the ply, quiet moves by
// their history score, and last the captures whose static exchange loses material. Moves are
// picked one at a time (selection), since most nodes cut early.
#pragma once

#include <cstdint>

#include "shishi/core/movegen.hpp"
#include "shishi/eval/eval.hpp"

namespace shishi {

namespace detail {
// piece_index of every piece byte, one load instead of the colour and kind arithmetic (the
// picker looks up the history of every quiet move).
struct PieceIndexTable {
    uint8_t of[256];
    constexpr PieceIndexTable() : of{} {
        for (int p = 0; p < 256; ++p) of[p] = uint8_t(piece_index(Piece(p)));
    }
};
inline constexpr PieceIndexTable PIECE_INDEX{};
}  // namespace detail

// History of quiet moves that caused cutoffs, by moving piece (coloured) and destination.
struct HistoryTable {
    int32_t score[2 * KIND_NB][FRAME_SQUARES];
    void clear();
    void reward(Piece moved, Square to, int depth);
    void punish(Piece moved, Square to, int depth);
    int get(Piece moved, Square to) const { return score[detail::PIECE_INDEX.of[moved]][to]; }
};

// Value taken by a move (both captured pieces of a double move); 0 for a quiet move. A capture
// of the opponent's last royal gets ROYAL_CAPTURE_VALUE so it is always tried first.
constexpr int ROYAL_CAPTURE_VALUE = 100000;
namespace detail {
inline int victim_value(const Position& pos, Piece victim) {
    const Kind k = kind_of(victim);
    if (is_royal(k) && pos.royal_count(color_of(victim)) == 1) return ROYAL_CAPTURE_VALUE;
    return piece_value(k);
}
}  // namespace detail
// Inline: quiescence, the move picker and the exchange evaluation ask it of every capture.
inline int capture_value(const Position& pos, Move m) {
    if (m.is_pass()) return 0;
    int v = 0;
    if (m.is_double()) v += detail::victim_value(pos, pos.piece_on(m.mid()));
    if (m.to() != m.from()) {
        const Piece p = pos.piece_on(m.to());
        if (p != EMPTY) v += detail::victim_value(pos, p);
    }
    return v;
}

class MovePicker {
public:
    // Scores every move of list (list and scores stay owned by the caller's stack frame).
    MovePicker(const Position& pos, MoveList& list, int* scores, Move hash_move,
               const Move killers[2], const HistoryTable& history);
    // Next best move, or Move::none() when all have been returned.
    Move next();
    // Score category of the last move returned (for pruning decisions): a quiet move other
    // than the hash move and the killers (losing captures are not quiet).
    bool last_was_quiet() const { return last_quiet_; }
    // Drops the quiet moves not yet returned (pruning has given up on them: the ones after
    // the first pruned quiet move would be pruned too), so they are not picked one by one.
    void skip_quiets();

private:
    // The highest score of each block of BLOCK moves after index_'s block, kept up to date as
    // moves are swapped and demoted, so a pick reads a few block maxima, not every score.
    static constexpr int BLOCK = 8;
    void rescan_block(int b);
    void rescan_blocks_after(int first);

    const Position& pos_;
    MoveList& list_;
    int* scores_;
    int index_ = 0;
    int end_;  // moves [index_, end_) are still to be returned
    bool last_quiet_ = false;
    bool blocks_ready_ = false;
    int block_max_[MoveList::CAPACITY / BLOCK];  // blocks after index_'s only
};

// Quiescence ordering: captures only, victim first.
void score_captures(const Position& pos, const MoveList& list, int* scores);

}  // namespace shishi
