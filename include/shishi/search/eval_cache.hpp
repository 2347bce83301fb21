// Cache of static evaluations by position key, one per search thread. Quiescence evaluates
// every node it enters and iterative deepening revisits the same leaves, so a small table saves
// most of the evaluation's cost without changing a single score (entries hold the full key).
// It stays valid across searches and is cleared when the evaluation behind it changes: a new
// weight table of the hand evaluation (tuning, by its generation) or another net (by its hash).
#pragma once

#include <cstdint>
#include <memory>

#include "shishi/core/position.hpp"

namespace shishi {

class EvalCache {
public:
    EvalCache();
    // evaluate(pos): the hand evaluation, from the side to move's point of view.
    int evaluate(const Position& pos);
    // The evaluation named by net_hash (a net's payload hash): compute() gives the side to
    // move's score of pos on a miss.
    template <class Compute>
    int evaluate(const Position& pos, uint64_t net_hash, Compute&& compute) {
        use(net_hash & ~HAND_SOURCE);
        Entry& e = slot(pos.key());
        const bool white = pos.side_to_move() == WHITE;
        if (e.key != pos.key() || e.white_score == EMPTY_SLOT) {
            const int v = compute();
            e = Entry{pos.key(), white ? v : -v};
        }
        return white ? e.white_score : -e.white_score;
    }
    void clear();
    // Starts loading key's entry into the cache, so an evaluate soon after does not wait for memory.
    void prefetch(uint64_t key) const { __builtin_prefetch(&entries_[key & ((uint64_t(1) << BITS) - 1)]); }

private:
    struct Entry {
        uint64_t key;
        int32_t white_score;  // from WHITE's view; EMPTY_SLOT when unused
    };
    static constexpr int32_t EMPTY_SLOT = INT32_MIN;
    static constexpr int BITS = 16;  // 2^16 entries x 16 bytes = 1 MB per search thread
    // The hand evaluation's sources have this bit set (and its generation below); a net's
    // hash has it cleared, so the two never meet.
    static constexpr uint64_t HAND_SOURCE = uint64_t(1) << 63;
    Entry& slot(uint64_t key) { return entries_[key & ((uint64_t(1) << BITS) - 1)]; }
    void use(uint64_t source) {
        if (source != source_) {
            clear();
            source_ = source;
        }
    }
    std::unique_ptr<Entry[]> entries_;
    uint64_t source_ = 0;  // which evaluation the entries were computed with
};

}  // namespace shishi
