// The move generator against tests/data/perft/reference.tsv (counts from an independent
// implementation of the rule book, docs/rules.md) and reference-lishogi.tsv (lishogi's rules, also independent):
// every position, every listed depth, each under its rule set.
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

namespace {

constexpr uint64_t START_DEPTH4 = 1801639;

// The start position's depth 4 runs in its own [slow] test case.
bool is_slow(const PerftCase& c, int depth) { return c.name == "startpos" && depth >= 4; }

}  // namespace

TEST_CASE("reference suite parses completely", "[perft]") {
    std::ifstream in(SHISHI_PERFT_DIR "/reference.tsv");
    REQUIRE(in);
    std::vector<std::string> errors;
    auto cases = parse_perft_suite(in, errors);
    CHECK(errors.empty());
    CHECK(cases.size() == 16);
    for (const PerftCase& c : cases) {
        INFO(c.name);
        CHECK(!c.counts.empty());
    }
}

TEST_CASE("both position columns of the reference suite describe the same position", "[perft][notation]") {
    for (const PerftCase& c : reference_cases()) {
        INFO(c.name);
        Position a = sfen(c.sfen);
        Position b = xfen(c.xboard_fen);
        CHECK(a.key() == b.key());
        CHECK(board_to_fen_field(a) == board_to_fen_field(b));
        CHECK(a.side_to_move() == b.side_to_move());
        CHECK(a.counter_strike() == b.counter_strike());
    }
}

TEST_CASE("perft matches the reference counts", "[perft]") {
    for (const PerftCase& c : reference_cases()) {
        Position pos = sfen(c.sfen);
        for (int d = 1; d <= int(c.counts.size()); ++d) {
            if (is_slow(c, d)) continue;
            INFO(c.name << " depth " << d);
            CHECK(perft(pos, d) == c.counts[d - 1]);
            CHECK(pos.plies() == 0);
            CHECK(pos.is_consistent());
        }
    }
}

TEST_CASE("the lishogi reference suite parses completely", "[perft][lishogi]") {
    std::ifstream in(SHISHI_PERFT_DIR "/reference-lishogi.tsv");
    REQUIRE(in);
    std::vector<std::string> errors;
    auto cases = parse_perft_suite(in, errors);
    CHECK(errors.empty());
    CHECK(cases.size() == 18);
}

TEST_CASE("perft under lishogi's rules matches reference-lishogi.tsv", "[perft][lishogi]") {
    for (const PerftCase& c : reference_cases("reference-lishogi.tsv")) {
        Position pos = sfen(c.sfen);
        pos.set_rules(lishogi_rules());
        for (int d = 1; d <= int(c.counts.size()); ++d) {
            if (is_slow(c, d)) continue;
            INFO(c.name << " depth " << d);
            CHECK(perft(pos, d) == c.counts[d - 1]);
        }
    }
}

TEST_CASE("the two references differ exactly where the rule sets do", "[perft][lishogi]") {
    // lion-trade and lion-victim-*: the Lion-victim reading; promotion and lance-*: the Lance.
    // Under the book's rules lishogi's counts are wrong there, and under XBoard's rules (the
    // book's move list) the book's counts hold.
    for (const PerftCase& c : reference_cases("reference-lishogi.tsv")) {
        if (c.name != "lion-victim-protects" && c.name != "lance-last-rank") continue;
        INFO(c.name);
        Position book = sfen(c.sfen);
        CHECK(perft(book, 2) != c.counts[1]);
    }
    for (const PerftCase& c : reference_cases()) {
        if (c.counts.size() < 3 || c.name == "startpos") continue;
        INFO(c.name);
        Position pos = sfen(c.sfen);
        pos.set_rules(xboard_rules());
        CHECK(perft(pos, 3) == c.counts[2]);
    }
}

TEST_CASE("run_perft_suite counts under the rules it is given", "[perft][lishogi]") {
    std::istringstream in(
        "lance\t11k/2P9/L6l4/12/12/12/12/12/12/1L10/12/K11 b - 1\t"
        "11k/2P9/L6l4/12/12/12/12/12/12/1L10/12/K11 w - - 0 1\t21 336\n");
    std::vector<std::string> errors;
    auto cases = parse_perft_suite(in, errors);
    REQUIRE(cases.size() == 1);
    std::ostringstream book_out, lishogi_out;
    CHECK(run_perft_suite(cases, 2, lishogi_out, lishogi_rules()) == 0);
    CHECK(run_perft_suite(cases, 2, book_out) > 0);
}

TEST_CASE("perft of the start position at depth 4", "[perft][slow]") {
    const auto cases = reference_cases();
    const PerftCase& c = cases.front();
    REQUIRE(c.name == "startpos");
    REQUIRE(c.counts.size() >= 4);
    REQUIRE(c.counts[3] == START_DEPTH4);
    Position pos = Position::start();
    CHECK(perft(pos, 4) == START_DEPTH4);
}

TEST_CASE("divide sums to perft and lists every legal move once", "[perft]") {
    for (const PerftCase& c : reference_cases()) {
        if (c.counts.size() < 2) continue;
        INFO(c.name);
        Position pos = sfen(c.sfen);
        auto rows = divide(pos, 2);
        CHECK(rows.size() == c.counts[0]);
        uint64_t total = 0;
        std::set<std::string> names;
        for (auto& [move, n] : rows) {
            total += n;
            names.insert(move);
        }
        CHECK(names.size() == rows.size());
        CHECK(total == c.counts[1]);
    }
}

TEST_CASE("perft suite runner reports mismatches and unparsable positions", "[perft]") {
    std::istringstream in(
        "# comment\n"
        "ok\t" +
        std::string(START_SFEN) + "\t" + START_XBOARD_FEN +
        "\t36 1296\n"
        "wrong\t" +
        std::string(START_SFEN) + "\t" + START_XBOARD_FEN +
        "\t37\n"
        "broken\tnot a position\t" +
        START_XBOARD_FEN +
        "\t1\n"
        "short\tonly two\tcolumns\n"
        "badcount\t" +
        std::string(START_SFEN) + "\t" + START_XBOARD_FEN + "\t36 x\n");
    std::vector<std::string> errors;
    auto cases = parse_perft_suite(in, errors);
    REQUIRE(cases.size() == 3);
    REQUIRE(errors.size() == 2);
    CHECK(errors[0].rfind("line 5:", 0) == 0);
    CHECK(errors[1].rfind("line 6:", 0) == 0);
    CHECK(cases[0].line == 2);
    CHECK(cases[0].counts == std::vector<uint64_t>{36, 1296});
    std::ostringstream out;
    CHECK(run_perft_suite(cases, 99, out) == 2);
    CHECK(out.str().find("MISMATCH wrong depth 1: expected 37, found 36") != std::string::npos);
    CHECK(out.str().find("MISMATCH broken") != std::string::npos);
}
