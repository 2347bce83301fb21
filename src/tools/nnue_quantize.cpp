#include "shishi/tools/nnue_quantize.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>

#include "shishi/eval/nnue_arch.hpp"

namespace shishi::nnue_train {
namespace {

int16_t q16(float w, int scale) { return int16_t(std::lround(double(w) * scale)); }

}  // namespace

QuantizedNet quantize(const Model& net) {
    const Model m = folded(net);
    QuantizedNet q;
    q.features = m.features;
    q.hidden = m.hidden;
    q.b1.reserve(m.b1.size());
    for (float w : m.b1)
        q.b1.push_back(q16(w, nnue::QA));
    q.w1.reserve(m.w1.size());
    for (float w : m.w1)
        q.w1.push_back(q16(w, nnue::QA));
    for (float w : m.w2)
        q.w2.push_back(q16(w, nnue::QB));
    q.b2 = int32_t(std::lround(double(m.b2) * nnue::QA * nnue::QB));
    return q;
}

int quantized_cp(const QuantizedNet& q, const Sample& x) {
    const int h = q.hidden;
    std::vector<int16_t> acc(2 * size_t(h));
    auto accumulate = [&](const uint16_t* f, int n, int16_t* a) {
        std::copy(q.b1.begin(), q.b1.end(), a);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < h; ++j)
                a[j] = int16_t(a[j] + q.w1[size_t(f[i]) * size_t(h) + size_t(j)]);
    };
    accumulate(x.stm, x.stm_count, acc.data());
    accumulate(x.nstm, x.nstm_count, acc.data() + h);
    int32_t out = q.b2;
    for (int j = 0; j < 2 * h; ++j)
        out += std::clamp<int32_t>(acc[size_t(j)], 0, nnue::QA) * q.w2[size_t(j)];
    return int(int64_t(out) * nnue::SCALE / (nnue::QA * nnue::QB));
}

double float_cp(const Model& m, const Sample& x) {
    std::vector<float> scratch(2 * size_t(m.hidden));
    return forward(m, x, scratch.data()) * nnue::SCALE;
}

nnue::NetworkWeights to_network_weights(const QuantizedNet& q) {
    nnue::NetworkWeights w;
    w.l1_bias = q.b1;
    w.l1_weights = q.w1;
    w.out_weights = q.w2;
    w.out_bias = q.b2;
    return w;
}

}  // namespace shishi::nnue_train
