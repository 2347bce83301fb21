// Neuron budget per kind: a kind whose side can hold m pieces (its initial count plus the
// pieces promoting to it) counts c = 255 / m per piece, so m pieces fill the clipped range
// exactly; one output weight of at most 127 then gives c * 127 * SCALE / (QA * QB) centipawns
// a piece, and a kind worth more gets several neurons.
#include "shishi/tools/nnue_placeholder.hpp"

#include <array>
#include <cmath>
#include <stdexcept>

#include "shishi/core/pieces.hpp"
#include "shishi/eval/eval.hpp"

namespace shishi {

nnue::NetworkWeights material_network() {
    using namespace nnue;
    std::array<int, KIND_NB> initial{};
    const Position start = Position::start();
    for (int i = 0; i < start.piece_count(WHITE); ++i)
        ++initial[kind_of(start.piece_on(start.piece_square(WHITE, i)))];
    std::array<int, KIND_NB> most = initial;
    for (int k = 1; k < KIND_NB; ++k)
        if (can_promote(Kind(k))) most[kind_info(Kind(k)).promotes_to] += initial[k];

    NetworkWeights w;
    const double cp_unit = double(SCALE) / (QA * QB);  // centipawns per unit of the output sum
    int neuron = 0;
    for (int k = 1; k < KIND_NB; ++k) {
        const int m = std::max(1, most[k]);
        const int c = QA / m;
        const double want = piece_value(Kind(k)) / cp_unit / c;  // output weight in total
        const int n = int(std::ceil(want / 127.0));
        for (int j = 0; j < n; ++j, ++neuron) {
            if (neuron >= L1) throw std::logic_error("material_network: more kinds' neurons than L1");
            const int16_t out = int16_t(std::lround(want / n));
            for (int sq = 0; sq < SQUARES; ++sq)
                w.l1_weights[size_t((k - 1) * SQUARES + sq) * L1 + size_t(neuron)] = int16_t(c);  // own pieces only
            w.out_weights[size_t(neuron)] = out;
            w.out_weights[size_t(L1 + neuron)] = int16_t(-out);
        }
    }
    return w;
}

}  // namespace shishi
