// Helpers shared by the game-record tests: fixture files, reading records that must parse, and
// comparing two records position by position.
#pragma once

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "shishi/record/record.hpp"

namespace shishi::test {

inline std::string record_fixture_path(const std::string& name) {
    return std::string(SHISHI_SOURCE_DIR) + "/tests/data/records/" + name;
}

inline std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::string record_fixture(const std::string& name) { return read_bytes(record_fixture_path(name)); }

inline record::Record must_read(std::string_view text, record::Format f, int game = 1) {
    auto r = record::read_record(text, f, game);
    INFO(r.error);
    REQUIRE(r);
    return *r;
}

// Same start, same moves (same positions), same result.
inline void require_same_game(const record::Record& a, const record::Record& b) {
    REQUIRE(to_xboard_fen(a.start) == to_xboard_fen(b.start));
    REQUIRE(a.plies.size() == b.plies.size());
    const auto pa = a.positions(), pb = b.positions();
    for (size_t i = 0; i < pa.size(); ++i) {
        INFO("position " << i);
        REQUIRE(to_xboard_fen(pa[i]) == to_xboard_fen(pb[i]));
    }
    CHECK(a.result == b.result);
}

}  // namespace shishi::test
