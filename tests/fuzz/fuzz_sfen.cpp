// Fuzz target: SFEN text (lishogi's Chu Shogi positions). Whatever parse_sfen accepts must be
// a consistent position that both writers round-trip, and its legal moves must make and unmake.
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto pos = shishi::parse_sfen(shishi::fuzz::as_text(data, size));
    if (!pos) {
        SHISHI_FUZZ_CHECK(!pos.error.empty());
        return 0;
    }
    shishi::fuzz::check_position(*pos);
    shishi::fuzz::check_all_moves(*pos);
    return 0;
}
