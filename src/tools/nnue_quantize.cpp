#include "shishi/tools/nnue_quantize.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>

#include "shishi/eval/nnue_arch.hpp"

namespace shishi::nnue_train {
namespace {

int16_t q16(float w, int scale) { return int16_t(std::lround(double(w) * scale)); }

// Little-endian bytes of the payload, in file order.
void payload(const QuantizedNet& q, std::string& out) {
    auto put16 = [&](int16_t v) {
        out.push_back(char(uint16_t(v) & 0xFF));
        out.push_back(char(uint16_t(v) >> 8));
    };
    for (int16_t v : q.b1) put16(v);
    for (int16_t v : q.w1) put16(v);
    for (int16_t v : q.w2) put16(v);
    const uint32_t b = uint32_t(q.b2);
    for (int i = 0; i < 4; ++i) out.push_back(char(b >> (8 * i) & 0xFF));
}

uint64_t fnv1a64(const std::string& s) {
    uint64_t h = 14695981039346656037ull;
    for (char c : s) {
        h ^= uint8_t(c);
        h *= 1099511628211ull;
    }
    return h;
}

void put32(std::ostream& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.put(char(v >> (8 * i) & 0xFF));
}

}  // namespace

QuantizedNet quantize(const Model& m) {
    QuantizedNet q;
    q.features = m.features;
    q.hidden = m.hidden;
    q.b1.reserve(m.b1.size());
    for (float w : m.b1) q.b1.push_back(q16(w, nnue::QA));
    q.w1.reserve(m.w1.size());
    for (float w : m.w1) q.w1.push_back(q16(w, nnue::QA));
    for (float w : m.w2) q.w2.push_back(q16(w, nnue::QB));
    q.b2 = int32_t(std::lround(double(m.b2) * nnue::QA * nnue::QB));
    return q;
}

int quantized_cp(const QuantizedNet& q, const Sample& x) {
    const int h = q.hidden;
    std::vector<int16_t> acc(2 * size_t(h));
    auto accumulate = [&](const uint16_t* f, int n, int16_t* a) {
        std::copy(q.b1.begin(), q.b1.end(), a);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < h; ++j) a[j] = int16_t(a[j] + q.w1[size_t(f[i]) * size_t(h) + size_t(j)]);
    };
    accumulate(x.stm, x.stm_count, acc.data());
    accumulate(x.nstm, x.nstm_count, acc.data() + h);
    int32_t out = q.b2;
    for (int j = 0; j < 2 * h; ++j) out += std::clamp<int32_t>(acc[size_t(j)], 0, nnue::QA) * q.w2[size_t(j)];
    return int(int64_t(out) * nnue::SCALE / (nnue::QA * nnue::QB));
}

double float_cp(const Model& m, const Sample& x) {
    std::vector<float> scratch(2 * size_t(m.hidden));
    return forward(m, x, scratch.data()) * nnue::SCALE;
}

uint64_t net_hash(const QuantizedNet& q) {
    std::string p;
    payload(q, p);
    return fnv1a64(p);
}

void write_net(std::ostream& out, const QuantizedNet& q, const std::string& description) {
    std::string p;
    payload(q, p);
    out.write(nnue::MAGIC, sizeof nnue::MAGIC);
    for (uint32_t v : {nnue::FILE_VERSION, uint32_t(q.features), uint32_t(q.hidden), uint32_t(nnue::QA),
                       uint32_t(nnue::QB), uint32_t(nnue::SCALE), uint32_t(description.size())})
        put32(out, v);
    out.write(description.data(), std::streamsize(description.size()));
    const uint64_t hash = fnv1a64(p);
    put32(out, uint32_t(hash));
    put32(out, uint32_t(hash >> 32));
    out.write(p.data(), std::streamsize(p.size()));
}

}  // namespace shishi::nnue_train
