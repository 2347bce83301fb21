// The first layer's output for both perspectives (int16), and the lazily updated stack of them
// that a search worker keeps beside its position: one entry per move made since the root, each
// holding the move's change of pieces and, once someone evaluated there, its accumulator.
// Evaluating walks back to the last computed entry and applies the changes forward (or
// refreshes from the board when that is cheaper). Not inside Position: positions are copied by
// value (job roots, helper threads), and the stack belongs to the one worker searching it.
#pragma once

#include <array>
#include <cstdint>

#include "shishi/core/position.hpp"
#include "shishi/eval/nnue_network.hpp"
#include "shishi/eval/nnue_simd.hpp"

namespace shishi::nnue {

struct alignas(64) Accumulator {
    int16_t v[2][L1];  // [perspective][neuron]
};

// What a move changed on the board: pieces that left squares and the piece that arrived.
// A step or slide removes 1 and adds 1, a capture removes 2, a Lion double capture 3, igui
// removes 1 (the victim), a pass nothing; a promotion adds the promoted piece.
struct BoardChange {
    uint8_t removed = 0, added = 0;
    Piece removed_piece[3];
    Square removed_square[3];
    Piece added_piece;
    Square added_square;
};

// The change made by pos's last move (pos is the position after it).
BoardChange last_move_change(const Position& pos);

// acc = the network's first layer over every piece of pos, both perspectives.
void refresh(Accumulator& acc, const Position& pos, const Network& net, Kernel k);
// next = prev plus change, both perspectives.
void apply(Accumulator& next, const Accumulator& prev, const BoardChange& change, const Network& net, Kernel k);
// The network's output for the side to move, in centipawns.
int output_cp(const Accumulator& acc, Color stm, const Network& net, Kernel k);

// A full evaluation on a temporary accumulator (callers outside the search, tests).
int evaluate(const Position& pos, const Network& net, Kernel k = best_kernel());

class AccumulatorStack {
public:
    static constexpr int CAPACITY = 256;  // plies from the root (the search goes to MAX_PLY)

    // The root: entry 0 computed from pos now. Entries above it are forgotten.
    void reset(const Position& pos, const Network& net, Kernel k = best_kernel());
    // After pos.make(m): records the move's change, not yet applied.
    void push(const Position& pos) {
        Entry& e = entries_[size_t(++top_)];
        e.change = last_move_change(pos);
        e.computed = false;
    }
    // After pos.unmake().
    void pop() { --top_; }
    int depth() const { return top_; }
    // The network's score of pos (the position of the top entry) for its side to move.
    int evaluate(const Position& pos);
    // The top entry's accumulator, brought up to date (tests compare it with a refresh).
    const Accumulator& current(const Position& pos);

private:
    struct Entry {
        Accumulator acc;
        BoardChange change;
        bool computed = false;
    };
    const Network* net_ = nullptr;
    Kernel kernel_ = Kernel::SCALAR;
    int top_ = 0;
    std::array<Entry, CAPACITY> entries_;
};

}  // namespace shishi::nnue
