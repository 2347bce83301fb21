// Move scores are bands: hash move, captures, promotions, killers, history for quiet moves,
// then captures that lose material. A capture's exchange is evaluated only when it is picked
// (most nodes cut before the later captures): a losing one drops to the last band and the pick
// goes on. The picker does a partial selection sort.
#include "shishi/search/move_order.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

#include "shishi/eval/eval.hpp"
#include "shishi/search/see.hpp"

namespace shishi {
namespace {

constexpr int HASH_BAND = 1 << 30;
constexpr int CAPTURE_BAND = 1 << 28;
constexpr int KILLER_BAND = 1 << 27;
constexpr int HISTORY_MAX = 1 << 20;
constexpr int BAD_CAPTURE_BAND = -(1 << 29);  // below every history score
constexpr int QUIET_FLOOR = -(1 << 28);       // history scores stay above this

}  // namespace

void HistoryTable::clear() { std::memset(score, 0, sizeof score); }

void HistoryTable::reward(Piece moved, Square to, int depth) {
    int32_t& s = score[piece_index(moved)][to];
    s += depth * depth;
    if (s > HISTORY_MAX)
        for (auto& row : score)
            for (auto& v : row) v /= 2;
}

void HistoryTable::punish(Piece moved, Square to, int depth) {
    int32_t& s = score[piece_index(moved)][to];
    s = std::max(-HISTORY_MAX, s - depth);
}

static int capture_score(const Position& pos, Move m) {
    const int victim = capture_value(pos, m);
    const int attacker = piece_value(kind_of(pos.piece_on(m.from())));
    int s = victim * 16 - attacker / 16;
    if (m.is_promotion()) s += 8 * 100;
    return s;
}

void score_captures(const Position& pos, const MoveList& list, int* scores) {
    for (int i = 0; i < list.size(); ++i) scores[i] = capture_score(pos, list[i]);
}

MovePicker::MovePicker(const Position& pos, MoveList& list, int* scores, Move hash_move,
                       const Move killers[2], const HistoryTable& history)
    : pos_(pos), list_(list), scores_(scores), end_(list.size()) {
    // Locals: the score stores could alias the killers and the board otherwise.
    const Move k0 = killers[0], k1 = killers[1];
    const Piece* board = pos.board();
    const int n = list.size();
    auto score = [&](Move m) {
        if (m == hash_move) return HASH_BAND;
        if (m.is_plain() && board[m.to()] == EMPTY)  // the common case, a quiet move
            return m == k0 ? KILLER_BAND + 2 : m == k1 ? KILLER_BAND + 1 : history.get(board[m.from()], m.to());
        if (!m.is_pass() && (m.mid() != NO_SQUARE || board[m.to()] != EMPTY))  // a capture
            return CAPTURE_BAND + capture_score(pos, m);
        if (m.is_promotion()) {
            const Kind k = kind_of(board[m.from()]);
            return KILLER_BAND + 1000 + piece_value(kind_info(k).promotes_to) - piece_value(k);
        }
        if (m == k0) return KILLER_BAND + 2;
        if (m == k1) return KILLER_BAND + 1;
        return history.get(board[m.from()], m.to());
    };
    for (int i = 0; i < n; ++i) scores[i] = score(list[i]);
}

static bool quiet_score(int s) { return s < KILLER_BAND && s > QUIET_FLOOR; }

inline void MovePicker::rescan_block(int b) {
    const int lo = b * BLOCK, hi = std::min(lo + BLOCK, end_);
    const int* v = scores_ + lo;
    int m;
    if (hi - lo == BLOCK) {  // a whole block: a tree of scalar maxima
        static_assert(BLOCK == 8);
        m = std::max(std::max(std::max(v[0], v[1]), std::max(v[2], v[3])),
                     std::max(std::max(v[4], v[5]), std::max(v[6], v[7])));
    } else {
        m = v[0];
        for (int i = 1; i < hi - lo; ++i) m = std::max(m, v[i]);
    }
    block_max_[b] = m;
}

void MovePicker::rescan_blocks_after(int first) {
    for (int b = first; b * BLOCK < end_; ++b) rescan_block(b);
}

Move MovePicker::next() {
    const int n = end_;
    if (!blocks_ready_) {  // on the first pick (block 0 holds index_ and is scanned move by move)
        rescan_blocks_after(1);
        blocks_ready_ = true;
    }
    for (;;) {
        if (index_ >= n) return Move::none();
        // The first move holding the highest score (the same pick as a scan for the first
        // strictly best): the rest of index_'s block move by move, the later blocks by their
        // kept maxima, then the first holder in the block that won.
        const int first_block = index_ / BLOCK;
        const int first_end = std::min((first_block + 1) * BLOCK, n);
        int s = std::numeric_limits<int>::min(), best = index_;
        for (int i = index_; i < first_end; ++i)
            if (scores_[i] > s) {
                s = scores_[i];
                best = i;
            }
        int best_block = -1;
        for (int b = first_block + 1; b * BLOCK < n; ++b)
            if (block_max_[b] > s) {
                s = block_max_[b];
                best_block = b;
            }
        if (best_block >= 0) {
            best = best_block * BLOCK;
            while (scores_[best] != s) ++best;
        }
        if (s >= CAPTURE_BAND && s < HASH_BAND && !see_ge(pos_, list_[best], 0)) {
            scores_[best] = BAD_CAPTURE_BAND + (s - CAPTURE_BAND);
            if (best >= first_end) rescan_block(best / BLOCK);
            continue;
        }
        std::swap(list_[index_], list_[best]);
        std::swap(scores_[index_], scores_[best]);
        if (best >= first_end) rescan_block(best / BLOCK);  // it holds index_'s old move now
        last_quiet_ = quiet_score(s);
        return list_[index_++];
    }
}

void MovePicker::skip_quiets() {
    int kept = index_;
    for (int i = index_; i < end_; ++i) {
        if (quiet_score(scores_[i])) continue;
        list_[kept] = list_[i];
        scores_[kept++] = scores_[i];
    }
    end_ = kept;
    rescan_blocks_after(index_ / BLOCK + 1);
}

}  // namespace shishi
