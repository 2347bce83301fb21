// Buckets of two entries: probing checks both; storing overwrites the same key, else the entry
// that is from an older search or, within the same search, the shallower one.
#include "shishi/search/tt.hpp"

#include <algorithm>
#include <cstring>

#include "shishi/search/search.hpp"

namespace shishi {

int score_to_tt(int score, int ply) {
    if (score > SCORE_MATE_BOUND) return score + ply;
    if (score < -SCORE_MATE_BOUND) return score - ply;
    return score;
}

int score_from_tt(int score, int ply) {
    if (score > SCORE_MATE_BOUND) return score - ply;
    if (score < -SCORE_MATE_BOUND) return score + ply;
    return score;
}

TranspositionTable::TranspositionTable(size_t mb) { resize(mb); }

void TranspositionTable::resize(size_t mb) {
    size_t n = std::max<size_t>(1, mb * 1024 * 1024 / sizeof(Bucket));
    table_.reset();  // free the old table first so two never coexist at full size
    table_ = std::make_unique<Bucket[]>(n);
    buckets_ = n;
    clear();
}

void TranspositionTable::clear() {
    std::memset(static_cast<void*>(table_.get()), 0, buckets_ * sizeof(Bucket));
    generation_ = 0;
}

void TranspositionTable::new_search() { generation_ = uint8_t(generation_ + 4); }

bool TranspositionTable::probe(uint64_t key, int ply, TTHit& hit) const {
    const Bucket& b = table_[index(key)];
    for (const Entry& e : b.e) {
        if (e.key == key && (e.gen_bound & 3) != BOUND_NONE) {
            hit.move = Move::from_raw(e.move);
            hit.score = score_from_tt(e.score, ply);
            hit.depth = e.depth;
            hit.bound = Bound(e.gen_bound & 3);
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(uint64_t key, int ply, Move move, int score, int depth, Bound bound) {
    Bucket& b = table_[index(key)];
    Entry* target = nullptr;
    for (Entry& e : b.e)
        if (e.key == key) target = &e;
    if (!target) {
        // Replace the less useful entry: an empty or older one first, then the shallower.
        auto worth = [&](const Entry& e) {
            if ((e.gen_bound & 3) == BOUND_NONE) return -1000;
            bool current = (e.gen_bound & ~3) == generation_;
            return e.depth + (current ? 256 : 0);
        };
        target = worth(b.e[0]) <= worth(b.e[1]) ? &b.e[0] : &b.e[1];
    } else if (move.is_none() && target->move != 0) {
        move = Move::from_raw(target->move);  // keep a known best move for this position
    }
    // A shallower result for the same position does not overwrite an exact deeper one.
    if (target->key == key && (target->gen_bound & 3) == BOUND_EXACT && bound != BOUND_EXACT &&
        target->depth > depth + 2 && (target->gen_bound & ~3) == generation_)
        return;
    target->key = key;
    target->move = move.raw();
    target->score = int16_t(score_to_tt(score, ply));
    target->depth = int8_t(std::clamp(depth, -100, 127));
    target->gen_bound = uint8_t(generation_ | bound);
}

int TranspositionTable::hashfull() const {
    const size_t sample = std::min<size_t>(buckets_, 500);
    int used = 0;
    for (size_t i = 0; i < sample; ++i)
        for (const Entry& e : table_[i].e)
            if ((e.gen_bound & 3) != BOUND_NONE && (e.gen_bound & ~3) == generation_) ++used;
    return int(used * 1000 / (sample * 2));
}

}  // namespace shishi
