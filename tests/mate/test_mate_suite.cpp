// The mate suite (tests/data/mate/suite.tsv) under a node limit: each problem gives the answer
// the file expects, each mate found and each published or intended line is confirmed by the
// referee, and the composed mates in one agree with a brute-force search.
#include <algorithm>
#include <fstream>

#include <catch2/catch.hpp>

#include "mate/mate_referee.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/repetition.hpp"
#include "shishi/mate/solver.hpp"
#include "shishi/mate/suite.hpp"
#include "shishi/mate/threat.hpp"

using namespace shishi;

namespace {

// Enough for every problem's first proof (MSM-A17's, the largest, takes about 600 000).
constexpr uint64_t SUITE_NODES = 1'000'000;

std::vector<mate::MateProblem> load_suite() {
    std::ifstream in(SHISHI_SOURCE_DIR "/tests/data/mate/suite.tsv");
    REQUIRE(in);
    std::vector<std::string> errors;
    auto problems = mate::parse_mate_suite(in, errors);
    for (const std::string& e : errors)
        FAIL(e);
    return problems;
}

std::string usi_line(const std::vector<Move>& line) {
    std::string s;
    for (Move m : line)
        s += move_to_usi(m) + " ";
    return s;
}

}  // namespace

TEST_CASE("mate suite: every problem as expected under a node limit, each mate confirmed by the referee", "[mate]") {
    const auto problems = load_suite();
    REQUIRE(problems.size() >= 15);
    mate::MateSolver solver(16);
    for (const mate::MateProblem& p : problems) {
        INFO(p.id);
        mate::MateLimits limits;
        limits.nodes = SUITE_NODES;
        const mate::MateResult r = solver.solve(p.position, p.position.side_to_move(), limits);
        INFO(usi_line(r.line));
        if (p.expect == mate::MateProblem::MATE) {
            REQUIRE(r.status == mate::MateResult::MATE);
            std::string why;
            CHECK(mate_test::confirms_mate(p.position, r.line, why));
            INFO(why);
            if (!p.first.empty()) CHECK(std::find(p.first.begin(), p.first.end(), r.line.at(0)) != p.first.end());
        } else if (p.expect == mate::MateProblem::NO_MATE) {
            CHECK(r.status == mate::MateResult::NO_MATE);
        }
        if (!p.line.empty()) {
            std::string why;
            CHECK(mate_test::confirms_mate(p.position, p.line, why));
            INFO(why);
        }
    }
}

TEST_CASE("mate suite: composed mates in one agree with a brute-force search by the referee", "[mate]") {
    for (const mate::MateProblem& p : load_suite()) {
        if (p.id.rfind("MSM-", 0) == 0) continue;  // the historical problems are longer
        INFO(p.id);
        const std::vector<Move> keys = mate_test::mates_in_one(p.position);
        mate::MateSolver solver(4);
        mate::MateLimits limits;
        limits.nodes = SUITE_NODES;
        const mate::MateResult r = solver.solve(p.position, p.position.side_to_move(), limits);
        if (p.expect == mate::MateProblem::MATE) {
            REQUIRE(r.status == mate::MateResult::MATE);
            CHECK(r.line.size() == 1);
            CHECK(std::find(keys.begin(), keys.end(), r.line[0]) != keys.end());
            // The expected first moves, where the file lists them, are exactly the brute force's keys.
            if (!p.first.empty()) {
                CHECK(keys.size() == p.first.size());
                for (Move k : keys)
                    CHECK(std::find(p.first.begin(), p.first.end(), k) != p.first.end());
            }
        } else {
            CHECK(keys.empty());
        }
    }
}

TEST_CASE("mate solver: the suite's mate lines are the shortest: a bound two plies shorter finds none", "[mate]") {
    for (const mate::MateProblem& p : load_suite()) {
        if (p.expect != mate::MateProblem::MATE || p.id == "MSM-A17") continue;  // A17's shortening needs millions
        INFO(p.id);
        mate::MateSolver solver(16);
        mate::MateLimits limits;
        limits.nodes = SUITE_NODES;
        const mate::MateResult r = solver.solve(p.position, p.position.side_to_move(), limits);
        REQUIRE(r.status == mate::MateResult::MATE);
        if (r.line.size() < 3) continue;
        limits.max_plies = int(r.line.size()) - 2;
        CHECK(solver.solve(p.position, p.position.side_to_move(), limits).status == mate::MateResult::NO_MATE);
    }
}

TEST_CASE("mate solver: the side named mates, a node limit gives unknown, stop is honoured", "[mate]") {
    const auto problems = load_suite();
    auto find = [&](const std::string& id) {
        for (const auto& p : problems)
            if (p.id == id) return p.position;
        FAIL("no problem " << id);
        return Position();
    };
    mate::MateSolver solver(4);
    // Gote, with nothing but its royals, has no check: asked to mate, it has none.
    Position prince = find("prince-second-royal");
    CHECK(solver.solve(prince, BLACK, {}).status == mate::MateResult::NO_MATE);
    mate::MateLimits tiny;
    tiny.nodes = 10;
    CHECK(solver.solve(find("MSM-D84"), WHITE, tiny).status == mate::MateResult::UNKNOWN);
    std::atomic<bool> stop{true};
    mate::MateLimits stopped;
    stopped.stop = &stop;
    CHECK(solver.solve(find("MSM-A17"), WHITE, stopped).status == mate::MateResult::UNKNOWN);
}

TEST_CASE("mate solver: a root where the mating side takes the royal at once is a mate with that capture", "[mate]") {
    // The Lion at 3c reaches the King at 1a.
    auto pos = parse_sfen("11k/12/9N2/12/12/12/12/12/12/12/12/K11 b - 1");
    REQUIRE(pos);
    mate::MateSolver solver(4);
    const mate::MateResult r = solver.solve(*pos, WHITE, {});
    REQUIRE(r.status == mate::MateResult::MATE);
    REQUIRE(r.line.size() == 1);
    Position after = *pos;
    after.make(r.line[0]);
    CHECK(after.royal_count(BLACK) == 0);
}

TEST_CASE("mate solver: two royals: attacking one is no check, threatening both with a double move is", "[mate]") {
    // Gote has King 1a and Prince 2a. A sente Rook moving to 12b attacks nothing royal; to the
    // a-file's rank it attacks the Prince only: no check either way.
    auto pos = parse_sfen("10+ek/12/12/12/12/12/12/12/12/12/R11/K11 b - 1");
    REQUIRE(pos);
    Position p = *pos;
    p.make(*parse_usi_move(p, "12k12a"));
    CHECK_FALSE(mate::is_threatened(p));
    // A Lion next to the Prince threatens to take it and then the King in one move.
    auto lion = parse_sfen("10+ek/12/8N3/12/12/12/12/12/12/12/12/K11 b - 1");
    REQUIRE(lion);
    Position q = *lion;
    q.make(*parse_usi_move(q, "4c3b"));
    CHECK(mate::is_threatened(q));
    CHECK(mate_test::threatened(q));
}

TEST_CASE("mate solver: repeated checks are never a win for the checker under any rule set", "[mate]") {
    // The cycle of a mate search: the attacker checks with every move (facts per move, the
    // attacker's moves at even indices); whoever closes the cycle, judge_repetition (the game's
    // and the search's verdict) gives the attacker no win, which is why the solver counts a
    // repeated position as a failed mating attempt.
    for (RepetitionRule rule :
         {RepetitionRule::XBOARD, RepetitionRule::JCSA, RepetitionRule::DRAW, RepetitionRule::LISHOGI}) {
        for (int defender_checks = 0; defender_checks < 2; ++defender_checks) {
            const uint8_t def = defender_checks ? FACT_CHECK : 0;
            // Closed by the defender: moves 0..3 (A D A D), first = 0.
            const uint8_t closed_by_defender[] = {FACT_CHECK, def, FACT_CHECK, def};
            const RepetitionVerdict v1 = judge_repetition(rule, closed_by_defender, 0, 4);
            if (!defender_checks) CHECK(v1.loser != RepetitionVerdict::LAST_MOVER);
            // Closed by the attacker: facts from index 0 (the defender's move before the cycle).
            const uint8_t closed_by_attacker[] = {def, FACT_CHECK, def, FACT_CHECK, def, FACT_CHECK};
            const RepetitionVerdict v2 = judge_repetition(rule, closed_by_attacker, 2, 6);
            CHECK(v2.loser != RepetitionVerdict::OTHER_SIDE);
            INFO(int(rule) << " " << defender_checks);
        }
    }
}
