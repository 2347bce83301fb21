// splitmix64: the one small, seedable generator of the project (Zobrist keys at compile time,
// Skill Level's choices, self-play data). Its output for a given state is the same everywhere.
#pragma once

#include <cstdint>

namespace shishi {

// The finaliser: a well-mixed 64-bit value of z.
constexpr uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Advances state and returns the next value.
constexpr uint64_t splitmix64(uint64_t& state) { return mix64(state += 0x9E3779B97F4A7C15ull); }

}  // namespace shishi
