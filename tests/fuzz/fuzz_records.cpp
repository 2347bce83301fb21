// Fuzz target: the game-record readers (shishi convert / analyze). The input is decoded as a
// file would be (UTF-8, Shift-JIS) and read as a KIF, a PGN and a USI list. A refusal names its
// problem; a record read is written in every format (KIF in both of lishogi's layouts) and
// read back: the same start, the same moves, the same number of variations, and the second
// writing gives the same text as the first.
#include "fuzz_support.hpp"
#include "shishi/record/record.hpp"
#include "shishi/record/text_encoding.hpp"

namespace {

using namespace shishi;
using namespace shishi::record;

size_t variation_count(const std::vector<Ply>& plies) {
    size_t n = 0;
    for (const Ply& p : plies)
        for (const auto& v : p.variations)
            n += 1 + variation_count(v);
    return n;
}

void check_round_trip(const Record& r, Format f, const WriteOptions& options) {
    const std::string text = write_record(r, f, options);
    auto back = read_record(text, f, 1);
    // The text first and the reason last: the CI log keeps only the tail of a failure.
    if (!back) std::fprintf(stderr, "%s\nwritten text does not read back: %s\n", text.c_str(), back.error.c_str());
    SHISHI_FUZZ_CHECK(back);
    const Record& b = *back.value;
    SHISHI_FUZZ_CHECK(to_xboard_fen(b.start) == to_xboard_fen(r.start));
    SHISHI_FUZZ_CHECK(b.plies.size() == r.plies.size());
    for (size_t i = 0; i < r.plies.size(); ++i)
        SHISHI_FUZZ_CHECK(move_to_usi(b.plies[i].move) == move_to_usi(r.plies[i].move));
    if (f == Format::USI) return;
    SHISHI_FUZZ_CHECK(variation_count(b.plies) == variation_count(r.plies));
    const std::string again = write_record(b, f, options);
    if (again != text) std::fprintf(stderr, "first writing:\n%s\nsecond writing:\n%s\n", text.c_str(), again.c_str());
    SHISHI_FUZZ_CHECK(again == text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto text = to_utf8(fuzz::as_text(data, size));
    if (!text) {
        SHISHI_FUZZ_CHECK(!text.error.empty());
        return 0;
    }
    for (Format f : {Format::KIF, Format::PGN, Format::USI}) {
        auto r = read_record(*text.value, f, 0);
        if (!r) {
            SHISHI_FUZZ_CHECK(!r.error.empty());
            continue;
        }
        for (const Position& p : r.value->positions())
            SHISHI_FUZZ_CHECK(p.is_consistent());
        for (Format to : {Format::KIF, Format::PGN, Format::USI})
            check_round_trip(*r.value, to, {KifStyle::LISHOGI_SERVER});
        check_round_trip(*r.value, Format::KIF, {KifStyle::LISHOGI_CLIENT});
    }
    return 0;
}
