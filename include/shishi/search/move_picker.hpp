// Move ordering for the search: hash move first, then captures by victim value (most valuable
// victim, cheapest attacker), promotions, the two killer moves of the ply, quiet moves by
// their history score, and last the captures whose static exchange loses material. Moves are
// generated in stages and picked one at a time (selection), since most nodes cut early.
#pragma once

#include <cstdint>

#include "shishi/core/movegen.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/search/search_limits.hpp"

namespace shishi {

namespace detail {
// piece_index of every piece byte, one load instead of the colour and kind arithmetic (the
// picker looks up the history of every quiet move).
struct PieceIndexTable {
    uint8_t of[256];
    constexpr PieceIndexTable() : of{} {
        for (int p = 0; p < 256; ++p)
            of[p] = uint8_t(piece_index(Piece(p)));
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
// of the opponent's last royal gets ROYAL_CAPTURE_VALUE (search_limits.hpp) so it is always tried first.
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

// The moves of a node in stages, each generated only when the previous ones are used up (most
// nodes cut on the hash move or a capture, before the quiet moves are needed):
//   1. the hash move, if it is legal here (the table may hold another position's move);
//   2. the captures, best victim first, each as its exchange is found not to lose (SEE at pick
//      time); the losing ones are kept for stage 4;
//   3. the non-capturing moves (the pass included): promotions, the two killers (generated
//      first, alone), then the rest by history (generated only when those are used up, so a
//      node that skips them before never generates them);
//   4. the losing captures, best victim first.
// Within a stage, equal scores go in generation order. Every legal move comes exactly once.
class MovePicker {
public:
    // list and scores are the caller's scratch (its stack frame's); the picker fills them.
    // all_now: generate every move at once (the caller then finds them all in list, e.g. for
    // the stalemate test of XBoard's rules); the order returned is the same for the same
    // history (all at once, the history quiets are scored when stage 3 starts; staged, after
    // the promotions and killers, whose search may have changed the history).
    MovePicker(const Position& pos, MoveList& list, int* scores, Move hash_move, const Move killers[2],
               const HistoryTable& history, bool all_now = false);
    // Next move, or Move::none() when all have been returned.
    Move next();
    // Was the last move returned a quiet one other than the hash move, a promotion and the
    // killers (for pruning decisions; losing captures are not quiet)?
    bool last_was_quiet() const { return last_quiet_; }
    // Drops the quiet moves not yet returned other than the promotions and killers (pruning
    // has given up on them: the ones after the first pruned quiet move would be pruned too);
    // the losing captures still come. Called before the quiet stage, it spares generating them.
    void skip_quiets() { skip_quiets_ = true; }

    // The selection within a stage: the first move of the highest score, found through the
    // maxima of blocks of BLOCK moves so a pick does not read every score.
    class Selection {
    public:
        static constexpr int TAKEN = -2147483647 - 1;  // a returned or skipped move
        void reset(int* scores, int n);
        // Index of the first move with the highest score, or -1 when all are TAKEN.
        int best() const;
        void set(int i, int score);

    private:
        static constexpr int BLOCK = 8;
        void rescan(int b);
        int* scores_ = nullptr;
        int n_ = 0;
        int blocks_ = 0;
        int block_max_[MoveList::CAPACITY / BLOCK];
    };

private:
    enum Stage { HASH, CAPTURES_START, CAPTURES, QUIETS_START, QUIETS, BAD_START, BAD_CAPTURES, DONE };
    void generate_captures_now();
    void score_captures_now();
    void generate_first_quiets();  // the promotions and the legal killers
    void score_quiets_now(bool first_taken);  // first_taken: promotions and killers returned

    const Position& pos_;
    MoveList& list_;
    int* scores_;
    Move hash_;  // the candidate, then the hash move returned (none if it was not legal)
    Move killer0_, killer1_;
    const HistoryTable& history_;
    Stage stage_ = HASH;
    bool all_now_;
    bool captures_generated_ = false;
    int capture_count_ = 0;  // moves [0, capture_count_) are the captures, then the quiets
    int quiet_begin_ = 0;  // the quiet moves being picked from: [quiet_begin_, size)
    bool first_quiets_ = false;  // only the promotions and killers are generated so far
    bool last_quiet_ = false;
    bool skip_quiets_ = false;
    Selection selection_;
};

// Quiescence ordering: captures only, victim first.
void score_captures(const Position& pos, const MoveList& list, int* scores);

}  // namespace shishi
