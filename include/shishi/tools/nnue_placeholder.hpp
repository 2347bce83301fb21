// The placeholder net shipped until a trained one replaces data/nnue/shishi.nnue: material only,
// from the hand evaluation's piece values, built exactly (deterministic, no training).
#pragma once

#include "shishi/eval/nnue_network.hpp"

namespace shishi {

// Each kind gets a few first-layer neurons that count its pieces on the perspective's own side
// (scaled so the most a side can hold of it stays inside the clipped ReLU's range); the output
// weighs the side to move's neurons by the kind's value and the other side's by minus it.
nnue::NetworkWeights material_network();

constexpr const char* MATERIAL_NETWORK_DESCRIPTION =
    "placeholder: material only, from the hand evaluation's piece values (not trained)";

}  // namespace shishi
