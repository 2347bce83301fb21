// Static evaluation: material (every kind valued, see docs/evaluation.md), promotion potential,
// piece-square terms, slider mobility and promotion-zone control, Lion monopoly, royal safety
// and the Lion-proof wall. Scores are centipawns; the weights are the table in eval_params.hpp.
#pragma once

#include <atomic>

#include "shishi/core/position.hpp"

namespace shishi {

namespace detail {
// The installed value table (null until the evaluation's tables are built on first use).
extern constinit std::atomic<const int*> piece_values;
const int* init_piece_values();
}  // namespace detail

// Material value of a kind on its own (the King and Prince count as a spare royal; with a single
// royal left its loss ends the game, which search scores as a mate). Inline: exchange evaluation
// and move ordering ask it for every capture.
inline int piece_value(Kind k) {
    const int* v = detail::piece_values.load(std::memory_order_acquire);
    if (v == nullptr) [[unlikely]]
        v = detail::init_piece_values();
    return k < KIND_NB ? v[k] : 0;
}

// Builds the evaluation's tables now, on the calling thread, if no evaluation has yet. They are
// otherwise built by the first evaluation, which writes the piece-square table every Position
// reads: a search thread doing that while the protocol thread makes a Position would be a data
// race. The Searcher calls it before any search thread runs.
void prepare_tables();

// Makes pos's material/piece-square sums current for the evaluation's weights (the search calls
// it on its root; positions made from it by make/unmake stay current). Without it evaluation is
// the same, only slower.
void prepare_evaluation(Position& pos);

// Score from the first player's (WHITE's) point of view.
int evaluate_white(const Position& pos);

// Score from the side to move's point of view (what search uses).
int evaluate(const Position& pos);

// Changes whenever the weight table changes (set_eval_params), so caches of scores can tell.
unsigned eval_params_generation();

}  // namespace shishi
