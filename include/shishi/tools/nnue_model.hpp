// The trainer's float network and its gradient: the shape of nnue_arch.hpp (inputs -> hidden,
// shared by both perspectives, clipped ReLU, x2 -> 1) with the sizes as runtime values, so that
// the tests can check the gradient on a tiny net. docs/nnue.md ("Training") explains the loss.
//
//   acc[p] = b1 + sum of w1 rows of perspective p's active features
//   out    = b2 + w2[0..H) . crelu(acc[stm]) + w2[H..2H) . crelu(acc[~stm])
//   cp     = out * SCALE;   crelu(x) = clamp(x, 0, 1)  (the engine's [0, QA])
//   loss   = (sigmoid(cp / K) - target)^2,  target = (1 - lambda) sigmoid(score / K) + lambda result
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "shishi/eval/nnue_arch.hpp"

namespace shishi::nnue_train {

// Factorised training: besides its own row, every first-layer feature (kind, ours or theirs,
// square) also adds a row shared by all squares of its (kind, ours or theirs) group. The
// shared row learns from every position holding that kind, so piece values settle quickly and
// the square rows only learn what differs by square. The engine never sees the shared rows:
// folded() adds each into its group's square rows before the net is written.
constexpr int FACTORS = 2 * nnue::PIECE_KINDS;
constexpr int FACTORISED_FEATURES = nnue::FEATURES + FACTORS;
constexpr int factor_of(int feature) { return nnue::FEATURES + feature / nnue::SQUARES; }

struct Model {
    int features = 0, hidden = 0;
    std::vector<float> w1;  // features x hidden, one row per feature
    std::vector<float> b1;  // hidden
    std::vector<float> w2;  // 2 x hidden: the side to move's half first
    float b2 = 0;

    Model() = default;
    Model(int features_, int hidden_);
    float* row(int f) { return w1.data() + size_t(f) * size_t(hidden); }
    const float* row(int f) const { return w1.data() + size_t(f) * size_t(hidden); }
};

// The weight bounds of nnue_arch.hpp, which keep the quantised net free of overflow.
constexpr float L1_CLIP = 1.0f;  // first layer weights and biases (|q| <= QA)
constexpr float OUT_CLIP = 127.0f / 64.0f;  // output weights (|q| <= 127 with QB = 64)
void clip_weights(Model& m);

// The engine's shape of a net: a factorised net's shared rows added into their square rows
// (and clipped); any other net unchanged.
Model folded(const Model& m);

// One position as the net sees it: the active features of each perspective.
struct Sample {
    const uint16_t* stm = nullptr;
    int stm_count = 0;
    const uint16_t* nstm = nullptr;
    int nstm_count = 0;
};

struct LossSettings {
    double k = 400;  // centipawns: win probability = sigmoid(cp / k)
    double lambda = 0.3;  // weight of the game result in the target
};

double sigmoid(double x);
// The blended target of a position with search score `score` (centipawns, side to move) and
// game result `result` (side to move: 1 win, 0.5 draw, 0 loss).
double target_of(double score, double result, const LossSettings& s);

// The net's output in units of SCALE centipawns (scratch: 2 x hidden floats).
double forward(const Model& m, const Sample& x, float* scratch);

// The gradient of one position's loss, added (not averaged) to a Gradients of the same shape.
// The first layer's gradient is held only for the rows touched since clear(), which `rows`
// lists in first-touched order.
struct Gradients {
    std::vector<float> w1, b1, w2;
    double b2 = 0;
    std::vector<int> rows;
    std::vector<uint8_t> touched;
    double loss_sum = 0;

    explicit Gradients(const Model& shape);
    float* row(int f, int hidden);  // marks the row touched
    void clear(int hidden);  // zeroes the touched rows and the dense parts
};

// Returns the position's loss.
double add_gradient(const Model& m, const Sample& x, double target, const LossSettings& s, Gradients& g,
                    float* scratch);
double loss_of(const Model& m, const Sample& x, double target, const LossSettings& s, float* scratch);

}  // namespace shishi::nnue_train
