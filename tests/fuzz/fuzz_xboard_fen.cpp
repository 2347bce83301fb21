// Fuzz target: XBoard FEN text. Whatever parse_xboard_fen accepts must be a consistent
// position that both writers round-trip, and all of its legal moves must make and unmake.
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto pos = shishi::parse_xboard_fen(shishi::fuzz::as_text(data, size));
    if (!pos) {
        SHISHI_FUZZ_CHECK(!pos.error.empty());  // a refusal always says why
        return 0;
    }
    shishi::fuzz::check_position(*pos);
    shishi::fuzz::check_all_moves(*pos);
    return 0;
}
