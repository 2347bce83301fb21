// Cache of static evaluations by position key, one per search thread. Quiescence evaluates
// every node it enters and iterative deepening revisits the same leaves, so a small table saves
// most of the evaluation's cost without changing a single score (entries hold the full key).
// It stays valid across searches and notices a new weight table (tuning) by its generation.
#pragma once

#include <cstdint>
#include <memory>

#include "shishi/core/position.hpp"

namespace shishi {

class EvalCache {
public:
    EvalCache();
    // evaluate(pos): from the side to move's point of view.
    int evaluate(const Position& pos);
    void clear();

private:
    struct Entry {
        uint64_t key;
        int32_t white_score;  // evaluate_white; EMPTY_SLOT when unused
    };
    static constexpr int32_t EMPTY_SLOT = INT32_MIN;
    static constexpr int BITS = 16;  // 2^16 entries x 16 bytes = 1 MB per search thread
    std::unique_ptr<Entry[]> entries_;
    unsigned generation_ = 0;  // eval_params_generation() the entries were computed with
};

}  // namespace shishi
