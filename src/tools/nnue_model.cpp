#include "shishi/tools/nnue_model.hpp"

#include <algorithm>
#include <cmath>

#include "shishi/eval/nnue_arch.hpp"

namespace shishi::nnue_train {

Model::Model(int features_, int hidden_)
    : features(features_),
      hidden(hidden_),
      w1(size_t(features_) * size_t(hidden_)),
      b1(size_t(hidden_)),
      w2(2 * size_t(hidden_)) {}

void clip_weights(Model& m) {
    for (float& w : m.w1)
        w = std::clamp(w, -L1_CLIP, L1_CLIP);
    for (float& w : m.b1)
        w = std::clamp(w, -L1_CLIP, L1_CLIP);
    for (float& w : m.w2)
        w = std::clamp(w, -OUT_CLIP, OUT_CLIP);
}

Model folded(const Model& m) {
    if (m.features != FACTORISED_FEATURES) return m;
    Model f(nnue::FEATURES, m.hidden);
    f.b1 = m.b1;
    f.w2 = m.w2;
    f.b2 = m.b2;
    for (int feature = 0; feature < nnue::FEATURES; ++feature) {
        const float* own = m.row(feature);
        const float* shared = m.row(factor_of(feature));
        float* out = f.row(feature);
        for (int j = 0; j < m.hidden; ++j)
            out[j] = std::clamp(own[j] + shared[j], -L1_CLIP, L1_CLIP);
    }
    return f;
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

double target_of(double score, double result, const LossSettings& s) {
    return (1 - s.lambda) * sigmoid(score / s.k) + s.lambda * result;
}

namespace {

// acc = b1 + the rows of the features.
void accumulate(const Model& m, const uint16_t* f, int n, float* acc) {
    const int h = m.hidden;
    std::copy(m.b1.begin(), m.b1.end(), acc);
    for (int i = 0; i < n; ++i) {
        const float* r = m.row(f[i]);
        for (int j = 0; j < h; ++j)
            acc[j] += r[j];
    }
}

double output(const Model& m, const float* acc_s, const float* acc_n) {
    const int h = m.hidden;
    const float* ws = m.w2.data();
    const float* wn = ws + h;
    float sum = 0;
    for (int j = 0; j < h; ++j)
        sum += std::clamp(acc_s[j], 0.0f, 1.0f) * ws[j] + std::clamp(acc_n[j], 0.0f, 1.0f) * wn[j];
    return double(sum) + m.b2;
}

}  // namespace

double forward(const Model& m, const Sample& x, float* scratch) {
    float* acc_s = scratch;
    float* acc_n = scratch + m.hidden;
    accumulate(m, x.stm, x.stm_count, acc_s);
    accumulate(m, x.nstm, x.nstm_count, acc_n);
    return output(m, acc_s, acc_n);
}

Gradients::Gradients(const Model& shape)
    : w1(shape.w1.size()),
      b1(shape.b1.size()),
      w2(shape.w2.size()),
      touched(size_t(shape.features)) {}

float* Gradients::row(int f, int hidden) {
    if (!touched[size_t(f)]) {
        touched[size_t(f)] = 1;
        rows.push_back(f);
    }
    return w1.data() + size_t(f) * size_t(hidden);
}

void Gradients::clear(int hidden) {
    for (int f : rows) {
        std::fill_n(w1.data() + size_t(f) * size_t(hidden), hidden, 0.0f);
        touched[size_t(f)] = 0;
    }
    rows.clear();
    std::fill(b1.begin(), b1.end(), 0.0f);
    std::fill(w2.begin(), w2.end(), 0.0f);
    b2 = 0;
    loss_sum = 0;
}

double loss_of(const Model& m, const Sample& x, double target, const LossSettings& s, float* scratch) {
    const double p = sigmoid(forward(m, x, scratch) * nnue::SCALE / s.k);
    return (p - target) * (p - target);
}

double add_gradient(const Model& m, const Sample& x, double target, const LossSettings& s, Gradients& g,
                    float* scratch) {
    const int h = m.hidden;
    float* acc_s = scratch;
    float* acc_n = scratch + h;
    const double out = forward(m, x, scratch);
    const double p = sigmoid(out * nnue::SCALE / s.k);
    const double loss = (p - target) * (p - target);
    // d loss / d out, through the sigmoid and the scale.
    const float d = float(2 * (p - target) * p * (1 - p) * nnue::SCALE / s.k);
    g.b2 += d;
    const float* ws = m.w2.data();
    const float* wn = ws + h;
    float* gs = g.w2.data();
    float* gn = gs + h;
    // The accumulators become their gradients (zero where the clipped ReLU is flat).
    for (int j = 0; j < h; ++j) {
        const float a = acc_s[j], b = acc_n[j];
        gs[j] += d * std::clamp(a, 0.0f, 1.0f);
        gn[j] += d * std::clamp(b, 0.0f, 1.0f);
        acc_s[j] = a > 0 && a < 1 ? d * ws[j] : 0.0f;
        acc_n[j] = b > 0 && b < 1 ? d * wn[j] : 0.0f;
        g.b1[size_t(j)] += acc_s[j] + acc_n[j];
    }
    for (int i = 0; i < x.stm_count; ++i) {
        float* r = g.row(x.stm[i], h);
        for (int j = 0; j < h; ++j)
            r[j] += acc_s[j];
    }
    for (int i = 0; i < x.nstm_count; ++i) {
        float* r = g.row(x.nstm[i], h);
        for (int j = 0; j < h; ++j)
            r[j] += acc_n[j];
    }
    g.loss_sum += loss;
    return loss;
}

}  // namespace shishi::nnue_train
