// Keys come from a fixed-seed generator at compile time, so hashes (and bench node counts that
// depend on transposition-table behaviour) are the same in every build.
#include "shishi/core/zobrist.hpp"

namespace shishi::zobrist {
namespace {

constexpr uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

constexpr Keys make_keys() {
    Keys k{};
    uint64_t state = 0x5348495348490001ull;  // "SHISHI" + 1
    for (auto& row : k.piece_square)
        for (auto& key : row) key = splitmix64(state);
    for (auto& key : k.counter_strike) key = splitmix64(state);
    k.counter_strike[NO_SQUARE] = 0;
    k.side = splitmix64(state);
    return k;
}

}  // namespace

constinit const Keys KEYS = make_keys();

}  // namespace shishi::zobrist
