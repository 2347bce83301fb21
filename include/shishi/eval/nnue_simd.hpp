// The network's two inner loops, in three builds of the same integer arithmetic: a scalar
// reference, a vector one (GCC/Clang vector extensions: SSE2 on x86-64, SIMD128 under
// Emscripten with -msimd128) and, on x86, the vector one compiled for AVX2, chosen at run time
// when the CPU has it. All three give identical results (tests/eval/test_nnue.cpp).
#pragma once

#include <cstdint>

namespace shishi::nnue {

enum class Kernel : uint8_t { SCALAR, VECTOR, AVX2 };

// The fastest kernel this CPU runs (AVX2 when __builtin_cpu_supports says so).
Kernel best_kernel();
bool kernel_available(Kernel k);
const char* kernel_name(Kernel k);

// out[i] = in[i] + sum add[j][i] - sum sub[j][i] over the L1 lanes (out may equal in).
// Pointers aligned to 64 bytes; nadd <= 4, nsub <= 4.
void update_columns(Kernel k, int16_t* out, const int16_t* in, const int16_t* const* add, int nadd,
                    const int16_t* const* sub, int nsub);

// bias + sum crelu(us[i]) w[i] + sum crelu(them[i]) w[L1 + i], crelu = clamp to [0, QA].
int32_t output_layer(Kernel k, const int16_t* us, const int16_t* them, const int16_t* w, int32_t bias);

}  // namespace shishi::nnue
