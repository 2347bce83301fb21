// The short mate probe before the game search (option Mate_Probe): off by default; on, it plays
// a short mate that the normal search at a small depth does not see, with a mate score.
#include <catch2/catch.hpp>

#include "mate/mate_referee.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/mate/solver.hpp"
#include "usi_harness.hpp"

namespace {

// Composed (tests/mate/test_mate_line.cpp): a mate in 3 plies whose first move is a quiet
// check, beyond a depth-1 search.
const std::string MATE_IN_3 = "12/7+De2k/7s1+H2/9S2/12/12/12/12/12/12/12/K11 b - 1";

bool any_mate_score(const std::vector<std::string>& lines) {
    for (const auto& l : lines)
        if (usi_test::starts_with(l, "info") && l.find(" score mate ") != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("Mate_Probe: a short mate missed at depth 1 is found by the probe and played", "[mate][usi]") {
    const auto off = usi_test::run_script("usi\nsetoption name Rules value book\nposition sfen " + MATE_IN_3 +
                                          "\ngo depth 1\nquit\n");
    CHECK(usi_test::first_with(off, "option name Mate_Probe") == "option name Mate_Probe type check default false");
    CHECK_FALSE(any_mate_score(off));  // the search alone does not see it

    const auto on = usi_test::run_script(
        "usi\nsetoption name Rules value book\nsetoption name Mate_Probe value true\n"
        "position sfen " +
        MATE_IN_3 + "\ngo depth 1\nquit\n");
    REQUIRE(any_mate_score(on));
    const std::string best = usi_test::first_with(on, "bestmove");
    REQUIRE(best.size() > 9);
    // The move played starts a mate the referee confirms (the solver gives the rest of it).
    auto pos = shishi::parse_sfen(MATE_IN_3);
    REQUIRE(pos);
    auto move = shishi::parse_usi_move(*pos, best.substr(9, best.find(' ', 9) - 9));
    REQUIRE(move);
    shishi::Position after = *pos;
    after.make(*move);
    shishi::mate::MateSolver solver(4);
    const auto r = solver.solve(after, shishi::WHITE, {});
    REQUIRE(r.status == shishi::mate::MateResult::MATE);
    std::vector<shishi::Move> line{*move};
    line.insert(line.end(), r.line.begin(), r.line.end());
    CHECK(line.size() == 3);
    std::string why;
    CHECK(mate_test::confirms_mate(*pos, line, why));
    INFO(why);
}
