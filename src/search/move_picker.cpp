// The picker's stages each fill a part of the list (captures first, then the quiet moves) and
// score it in bands: captures above the losing captures, promotions and killers above the
// history scores. A capture's exchange is evaluated only when it is picked (most nodes cut
// before the later captures): a losing one drops to the losing band and the pick goes on.
// Picks are a partial selection sort that leaves the moves in place (a returned move is
// marked TAKEN), so equal scores come in generation order.
#include "shishi/search/move_picker.hpp"

#include <algorithm>
#include <cstring>

#include "shishi/eval/eval.hpp"
#include "shishi/search/see.hpp"

namespace shishi {
namespace {

constexpr int CAPTURE_BAND = 1 << 28;
constexpr int KILLER_BAND = 1 << 27;
constexpr int HISTORY_MAX = 1 << 20;
constexpr int BAD_CAPTURE_BAND = -(1 << 29);  // losing captures, below CAPTURE_BAND, above TAKEN

}  // namespace

void HistoryTable::clear() { std::memset(score, 0, sizeof score); }

void HistoryTable::reward(Piece moved, Square to, int depth) {
    int32_t& s = score[piece_index(moved)][to];
    s += depth * depth;
    if (s > HISTORY_MAX)
        for (auto& row : score)
            for (auto& v : row)
                v /= 2;
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
    for (int i = 0; i < list.size(); ++i)
        scores[i] = capture_score(pos, list[i]);
}

MovePicker::MovePicker(const Position& pos, MoveList& list, int* scores, Move hash_move, const Move killers[2],
                       const HistoryTable& history, bool all_now)
    : pos_(pos),
      list_(list),
      scores_(scores),
      hash_(hash_move),
      killer0_(killers[0]),
      killer1_(killers[1]),
      history_(history),
      all_now_(all_now || hash_move.is_pass()) {
    // A pass hash move is checked against the generated pass (which piece passes is the
    // generator's choice), so it needs the quiet moves at once.
    list_.clear();
    if (all_now_) {
        generate_captures_now();
        generate_quiets(pos_, list_);
    }
}

void MovePicker::generate_captures_now() {
    generate_captures(pos_, list_);
    capture_count_ = list_.size();
    captures_generated_ = true;
}

void MovePicker::generate_first_quiets() {
    generate_quiet_promotions(pos_, list_);
    auto add_killer = [&](Move k) {
        if (!k.is_promotion() && k != hash_ && is_legal_quiet(pos_, k)) list_.push(k);
    };
    add_killer(killer0_);
    if (killer1_ != killer0_) add_killer(killer1_);
}

void MovePicker::score_captures_now() {
    for (int i = 0; i < capture_count_; ++i) {
        const Move m = list_[i];
        scores_[i] = m == hash_ ? Selection::TAKEN : CAPTURE_BAND + capture_score(pos_, m);
    }
}

void MovePicker::score_quiets_now(bool first_taken) {
    // Locals: the score stores could alias the killers and the board otherwise.
    const Move hash = hash_, k0 = killer0_, k1 = killer1_;
    const Piece* board = pos_.board();
    for (int i = quiet_begin_, n = list_.size(); i < n; ++i) {
        const Move m = list_[i];
        int s;
        if (m == hash || (first_taken && (m.is_promotion() || m == k0 || m == k1))) {
            s = Selection::TAKEN;
        } else if (m.is_promotion()) {
            const Kind k = kind_of(board[m.from()]);
            s = KILLER_BAND + 1000 + piece_value(kind_info(k).promotes_to) - piece_value(k);
        } else if (m == k0) {
            s = KILLER_BAND + 2;
        } else if (m == k1) {
            s = KILLER_BAND + 1;
        } else {
            s = history_.get(board[m.from()], m.to());
        }
        scores_[i] = s;
    }
}

Move MovePicker::next() {
    switch (stage_) {
        case HASH: {
            stage_ = CAPTURES_START;
            const Move h = hash_;
            bool legal = false;
            if (!h.is_none()) {
                if (all_now_) {
                    for (Move m : list_)
                        legal |= m == h;
                } else if (h.mid() != NO_SQUARE || pos_.piece_on(h.to()) != EMPTY) {
                    generate_captures_now();  // a capture: found among them, or not legal
                    for (Move m : list_)
                        legal |= m == h;
                } else {
                    legal = is_legal_quiet(pos_, h);
                }
            }
            last_quiet_ = false;
            if (legal) return h;
            hash_ = Move::none();  // nothing to skip later
        }
            [[fallthrough]];
        case CAPTURES_START:
            if (!captures_generated_) generate_captures_now();
            score_captures_now();
            selection_.reset(scores_, capture_count_);
            stage_ = CAPTURES;
            [[fallthrough]];
        case CAPTURES:
            for (;;) {
                const int i = selection_.best();
                if (i < 0 || scores_[i] < CAPTURE_BAND) break;
                if (!see_ge(pos_, list_[i], 0)) {  // losing: kept for the last stage
                    selection_.set(i, BAD_CAPTURE_BAND + (scores_[i] - CAPTURE_BAND));
                    continue;
                }
                selection_.set(i, Selection::TAKEN);
                last_quiet_ = false;
                return list_[i];
            }
            stage_ = QUIETS_START;
            [[fallthrough]];
        case QUIETS_START:
            // The promotions and killers come first, so they are generated first: pruning may
            // skip the other quiet moves by the time they are used up. (A pass killer needs the
            // generator's own pass, so then all quiet moves come at once.)
            quiet_begin_ = capture_count_;
            first_quiets_ = !all_now_ && !killer0_.is_pass() && !killer1_.is_pass();
            if (first_quiets_)
                generate_first_quiets();
            else if (!all_now_)
                generate_quiets(pos_, list_);
            score_quiets_now(false);
            selection_.reset(scores_ + quiet_begin_, list_.size() - quiet_begin_);
            stage_ = QUIETS;
            [[fallthrough]];
        case QUIETS:
            if (const int i = selection_.best(); i >= 0) {
                const int s = scores_[quiet_begin_ + i];
                if (!(skip_quiets_ && s < KILLER_BAND)) {  // skipped: only history quiets are left
                    selection_.set(i, Selection::TAKEN);
                    last_quiet_ = s < KILLER_BAND;
                    return list_[quiet_begin_ + i];
                }
            } else if (first_quiets_ && !skip_quiets_) {
                // The promotions and killers are used up: the other quiet moves after them, the
                // ones returned already taken.
                first_quiets_ = false;
                quiet_begin_ = list_.size();
                generate_quiets(pos_, list_);
                score_quiets_now(true);
                selection_.reset(scores_ + quiet_begin_, list_.size() - quiet_begin_);
                return next();
            }
            stage_ = BAD_START;
            [[fallthrough]];
        case BAD_START:
            selection_.reset(scores_, capture_count_);  // the captures left are the losing ones
            stage_ = BAD_CAPTURES;
            [[fallthrough]];
        case BAD_CAPTURES:
            if (const int i = selection_.best(); i >= 0) {
                selection_.set(i, Selection::TAKEN);
                last_quiet_ = false;
                return list_[i];
            }
            stage_ = DONE;
            [[fallthrough]];
        case DONE: break;
    }
    return Move::none();
}

void MovePicker::Selection::reset(int* scores, int n) {
    scores_ = scores;
    n_ = n;
    blocks_ = (n + BLOCK - 1) / BLOCK;
    for (int b = 0; b < blocks_; ++b)
        rescan(b);
}

inline void MovePicker::Selection::rescan(int b) {
    const int lo = b * BLOCK, hi = std::min(lo + BLOCK, n_);
    const int* v = scores_ + lo;
    int m;
    if (hi - lo == BLOCK) {  // a whole block: a tree of scalar maxima
        static_assert(BLOCK == 8);
        m = std::max(std::max(std::max(v[0], v[1]), std::max(v[2], v[3])),
                     std::max(std::max(v[4], v[5]), std::max(v[6], v[7])));
    } else {
        m = v[0];
        for (int i = 1; i < hi - lo; ++i)
            m = std::max(m, v[i]);
    }
    block_max_[b] = m;
}

int MovePicker::Selection::best() const {
    int s = TAKEN, best_block = -1;
    for (int b = 0; b < blocks_; ++b)
        if (block_max_[b] > s) {  // strictly: the first block holding the highest score
            s = block_max_[b];
            best_block = b;
        }
    if (best_block < 0) return -1;
    int i = best_block * BLOCK;
    while (scores_[i] != s)
        ++i;
    return i;
}

void MovePicker::Selection::set(int i, int score) {
    scores_[i] = score;
    rescan(i / BLOCK);
}

}  // namespace shishi
