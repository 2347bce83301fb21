// Fuzz target: USI move text (lishogi notation). The first line is a position (SFEN; the initial setup
// when it does not parse), every further line a move tried in it; accepted moves are checked
// (legal, both notations round-trip, make/unmake exact) and played, so later lines see the
// position after them.
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace shishi;
    std::vector<std::string_view> lines = fuzz::lines_of(fuzz::as_text(data, size));
    if (lines.empty()) return 0;
    auto parsed = parse_sfen(lines[0]);
    Position pos = parsed ? *parsed : Position::start();
    for (size_t i = 1; i < lines.size(); ++i) {
        auto m = parse_usi_move(pos, lines[i]);
        if (!m) {
            SHISHI_FUZZ_CHECK(!m.error.empty());
            continue;
        }
        fuzz::check_move(pos, *m);
        pos.make(*m);
        SHISHI_FUZZ_CHECK(pos.is_consistent());
    }
    return 0;
}
