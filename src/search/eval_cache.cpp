// Direct-mapped: the low key bits pick the slot, the full key confirms it, and a new position
// simply replaces the old one (recent positions are the ones the search comes back to).
#include "shishi/search/eval_cache.hpp"

#include "shishi/eval/eval.hpp"

namespace shishi {

EvalCache::EvalCache() : entries_(new Entry[size_t(1) << BITS]) {
    clear();
    source_ = HAND_SOURCE | eval_params_generation();
}

void EvalCache::clear() {
    for (size_t i = 0; i < (size_t(1) << BITS); ++i)
        entries_[i] = Entry{0, EMPTY_SLOT};
}

int EvalCache::evaluate(const Position& pos) {
    use(HAND_SOURCE | eval_params_generation());
    const uint64_t key = pos.key();
    Entry& e = slot(key);
    if (e.key != key || e.white_score == EMPTY_SLOT) e = Entry{key, evaluate_white(pos)};
    return pos.side_to_move() == WHITE ? e.white_score : -e.white_score;
}

}  // namespace shishi
