// The trained float net turned into the engine's integers (nnue_arch.hpp), which the engine's
// writer writes, and the integer evaluation the engine computes from them, so that the trainer's
// tests can compare it with the float output.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "shishi/eval/nnue_network.hpp"
#include "shishi/tools/nnue_model.hpp"

namespace shishi::nnue_train {

struct QuantizedNet {
    int features = 0, hidden = 0;
    std::vector<int16_t> b1;  // round(b1 * QA)
    std::vector<int16_t> w1;  // round(w1 * QA), features x hidden
    std::vector<int16_t> w2;  // round(w2 * QB)
    int32_t b2 = 0;  // round(b2 * QA * QB)
};

// Rounds to nearest; the weights must be inside the clip bounds (clip_weights). A factorised
// net is folded first (the engine's shape).
QuantizedNet quantize(const Model& m);

// Centipawns for the side to move with the engine's integer arithmetic: int16 accumulators,
// crelu to [0, QA], int32 output, out * SCALE / (QA * QB) rounded toward zero.
int quantized_cp(const QuantizedNet& q, const Sample& x);
// The float net's centipawns (forward * SCALE).
double float_cp(const Model& m, const Sample& x);

// The engine's weights of a full-size net (FEATURES x L1), which nnue::write_network writes.
nnue::NetworkWeights to_network_weights(const QuantizedNet& q);

}  // namespace shishi::nnue_train
