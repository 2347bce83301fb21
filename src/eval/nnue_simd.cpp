// One vector body (GCC/Clang vector extensions, 16 int16 lanes a step) compiled twice on x86:
// for the build's baseline (SSE2 on x86-64) and for AVX2 (target attribute), picked at run
// time by __builtin_cpu_supports. Elsewhere (Emscripten with -msimd128, other CPUs) the
// baseline build is the only vector one. The scalar loops are the reference the tests hold
// the others to: int16 lanes, sums in int32, the same order-free integer results.
#include "shishi/eval/nnue_simd.hpp"

#include "shishi/eval/nnue_arch.hpp"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define SHISHI_NNUE_X86 1
#endif

// The vector helpers below are internal and always inlined, so the ABI of passing a vector
// wider than the baseline's registers (which GCC and Clang warn about) never comes into play.
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace shishi::nnue {
namespace {

using V16 = int16_t __attribute__((vector_size(32)));
using V32 = int32_t __attribute__((vector_size(64)));
constexpr int LANES = 16;
static_assert(L1 % LANES == 0);

// --- scalar reference --------------------------------------------------------------------------

void update_scalar(int16_t* out, const int16_t* in, const int16_t* const* add, int nadd, const int16_t* const* sub,
                   int nsub) {
    for (int i = 0; i < L1; ++i) {
        int v = in[i];
        for (int j = 0; j < nadd; ++j)
            v += add[j][i];
        for (int j = 0; j < nsub; ++j)
            v -= sub[j][i];
        out[i] = int16_t(v);
    }
}

int32_t output_scalar(const int16_t* us, const int16_t* them, const int16_t* w, int32_t bias) {
    int32_t sum = bias;
    for (int i = 0; i < L1; ++i) {
        const int a = us[i] < 0 ? 0 : us[i] > QA ? QA : us[i];
        const int b = them[i] < 0 ? 0 : them[i] > QA ? QA : them[i];
        sum += a * w[i] + b * w[L1 + i];
    }
    return sum;
}

// --- vector body ----------------------------------------------------------------------------------

[[gnu::always_inline]] inline V16 load(const int16_t* p) { return *reinterpret_cast<const V16*>(p); }

// The common shapes with their column counts fixed, so the loops over columns unroll: a step
// (1 in, 1 out), a capture (1, 2), a Lion double capture (1, 3).
template <int NADD, int NSUB>
[[gnu::always_inline]] inline void update_fixed(int16_t* out, const int16_t* in, const int16_t* const* add,
                                                const int16_t* const* sub) {
    for (int i = 0; i < L1; i += LANES) {
        V16 v = load(in + i);
        for (int j = 0; j < NADD; ++j)
            v += load(add[j] + i);
        for (int j = 0; j < NSUB; ++j)
            v -= load(sub[j] + i);
        *reinterpret_cast<V16*>(out + i) = v;
    }
}

[[gnu::always_inline]] inline void update_vector_body(int16_t* out, const int16_t* in, const int16_t* const* add,
                                                      int nadd, const int16_t* const* sub, int nsub) {
    if (nadd == 1 && nsub == 1) return update_fixed<1, 1>(out, in, add, sub);
    if (nadd == 1 && nsub == 2) return update_fixed<1, 2>(out, in, add, sub);
    if (nadd == 1 && nsub == 3) return update_fixed<1, 3>(out, in, add, sub);
    if (nadd == 4 && nsub == 0) return update_fixed<4, 0>(out, in, add, sub);
    for (int i = 0; i < L1; i += LANES) {
        V16 v = load(in + i);
        for (int j = 0; j < nadd; ++j)
            v += load(add[j] + i);
        for (int j = 0; j < nsub; ++j)
            v -= load(sub[j] + i);
        *reinterpret_cast<V16*>(out + i) = v;
    }
}

[[gnu::always_inline]] inline V32 crelu_times(V16 x, V16 w) {
    const V16 zero = {};
    const V16 qa = zero + int16_t(QA);
    x = x < zero ? zero : x;
    x = x > qa ? qa : x;
    return __builtin_convertvector(x, V32) * __builtin_convertvector(w, V32);
}

[[gnu::always_inline]] inline int32_t output_vector_body(const int16_t* us, const int16_t* them, const int16_t* w,
                                                         int32_t bias) {
    V32 sum = {};
    for (int i = 0; i < L1; i += LANES) {
        sum += crelu_times(load(us + i), load(w + i));
        sum += crelu_times(load(them + i), load(w + L1 + i));
    }
    int32_t total = bias;
    for (int i = 0; i < LANES; ++i)
        total += sum[i];
    return total;
}

void update_vector(int16_t* out, const int16_t* in, const int16_t* const* add, int nadd, const int16_t* const* sub,
                   int nsub) {
    update_vector_body(out, in, add, nadd, sub, nsub);
}
int32_t output_vector(const int16_t* us, const int16_t* them, const int16_t* w, int32_t bias) {
    return output_vector_body(us, them, w, bias);
}

#ifdef SHISHI_NNUE_X86
[[gnu::target("avx2")]] void update_avx2(int16_t* out, const int16_t* in, const int16_t* const* add, int nadd,
                                         const int16_t* const* sub, int nsub) {
    update_vector_body(out, in, add, nadd, sub, nsub);
}
[[gnu::target("avx2")]] int32_t output_avx2(const int16_t* us, const int16_t* them, const int16_t* w, int32_t bias) {
    return output_vector_body(us, them, w, bias);
}
#endif

}  // namespace

bool kernel_available(Kernel k) {
#ifdef SHISHI_NNUE_X86
    if (k == Kernel::AVX2) return __builtin_cpu_supports("avx2");
#else
    if (k == Kernel::AVX2) return false;
#endif
    return true;
}

Kernel best_kernel() {
    static const Kernel best = kernel_available(Kernel::AVX2) ? Kernel::AVX2 : Kernel::VECTOR;
    return best;
}

const char* kernel_name(Kernel k) {
    switch (k) {
        case Kernel::SCALAR: return "scalar";
        case Kernel::AVX2: return "avx2";
        default:
#if defined(__wasm_simd128__)
            return "simd128";
#elif defined(SHISHI_NNUE_X86)
            return "sse2";
#else
            return "vector";
#endif
    }
}

void update_columns(Kernel k, int16_t* out, const int16_t* in, const int16_t* const* add, int nadd,
                    const int16_t* const* sub, int nsub) {
    switch (k) {
#ifdef SHISHI_NNUE_X86
        case Kernel::AVX2: return update_avx2(out, in, add, nadd, sub, nsub);
#endif
        case Kernel::SCALAR: return update_scalar(out, in, add, nadd, sub, nsub);
        default: return update_vector(out, in, add, nadd, sub, nsub);
    }
}

int32_t output_layer(Kernel k, const int16_t* us, const int16_t* them, const int16_t* w, int32_t bias) {
    switch (k) {
#ifdef SHISHI_NNUE_X86
        case Kernel::AVX2: return output_avx2(us, them, w, bias);
#endif
        case Kernel::SCALAR: return output_scalar(us, them, w, bias);
        default: return output_vector(us, them, w, bias);
    }
}

}  // namespace shishi::nnue
