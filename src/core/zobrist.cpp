// Keys come from a fixed-seed generator at compile time, so hashes (and bench node counts that
// depend on transposition-table behaviour) are the same in every build.
#include "shishi/core/zobrist.hpp"

#include "shishi/core/splitmix.hpp"

namespace shishi::zobrist {
namespace {

constexpr Keys make_keys() {
    Keys k{};
    uint64_t state = 0x5348495348490001ull;  // "SHISHI" + 1
    for (auto& row : k.piece_square)
        for (auto& key : row)
            key = splitmix64(state);
    for (auto& key : k.counter_strike)
        key = splitmix64(state);
    k.counter_strike[NO_SQUARE] = 0;
    k.side = splitmix64(state);
    return k;
}

}  // namespace

constinit const Keys KEYS = make_keys();

}  // namespace shishi::zobrist
