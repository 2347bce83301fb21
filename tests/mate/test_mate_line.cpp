// The principal mating line's length is the minimax mate length at every node of the line: at
// each attacker node the shortest mate, against, at each defender node, the defence whose own
// shortest mate is longest. Checked by fresh solvers under length bounds: the position before
// each attacker move of the line is mated within the plies left, and not within two fewer.
#include <catch2/catch.hpp>

#include "mate/mate_referee.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/mate/solver.hpp"

using namespace shishi;

namespace {

constexpr uint64_t NODES = 200'000;

mate::MateResult solve(const Position& pos, int max_plies, bool shorten = true) {
    mate::MateSolver solver(4);
    mate::MateLimits limits;
    limits.nodes = NODES;
    limits.max_plies = max_plies;
    limits.shorten = shorten;
    return solver.solve(pos, pos.side_to_move(), limits);
}

std::string usi_line(const std::vector<Move>& line) {
    std::string s;
    for (Move m : line)
        s += move_to_usi(m) + " ";
    return s;
}

// Every attacker node of the line: mated within the plies left and not within two fewer, so
// each defence of the line is a longest one and each check a shortest one.
void check_minimax(const Position& start, const std::vector<Move>& line) {
    Position pos = start;
    for (std::size_t ply = 0; ply < line.size(); ply += 2) {
        const int left = int(line.size() - ply);
        INFO("after " << ply << " plies, " << left << " left");
        CHECK(solve(pos, left).status == mate::MateResult::MATE);
        if (left >= 3) CHECK(solve(pos, left - 2).status == mate::MateResult::NO_MATE);
        pos.make(line[ply]);
        if (ply + 1 < line.size()) pos.make(line[ply + 1]);
    }
}

}  // namespace

TEST_CASE("mate line: the defender's longest defence is followed, and the length claimed is proven", "[mate]") {
    // Small composed positions (the first: a Soaring Eagle, a Dragon King from a Rook and a
    // Silver against a King and a Silver) where the defender has a short and a longer defence
    // at more than one node; the shortest mate against the longest defences is 9 plies. A line
    // read from the first proof tree takes a shorter defence (in the first, after 3d2c 1b2c
    // 5g5c, 2c2b instead of 2c1b) and claims a mate in 7, which does not exist.
    struct Case {
        const char* sfen;
        std::size_t plies;
    };
    const Case cases[] = {
        {"9s2/11k/12/6+D2S2/12/12/7+R4/12/12/12/12/K11 b - 1", 9},
        {"10k1/5R1g4/12/9pss/5+B6/7+R4/12/12/12/12/12/K11 b - 1", 9},
    };
    for (const Case& c : cases) {
        INFO(c.sfen);
        auto pos = parse_sfen(c.sfen);
        REQUIRE(pos);
        const mate::MateResult r = solve(*pos, mate::MAX_MATE_PLIES);
        INFO(usi_line(r.line));
        REQUIRE(r.status == mate::MateResult::MATE);
        CHECK(r.exact);
        CHECK(r.line.size() == c.plies);
        CHECK(r.length == int(c.plies));
        std::string why;
        CHECK(mate_test::confirms_mate(*pos, r.line, why));
        INFO(why);
        check_minimax(*pos, r.line);
    }
}

TEST_CASE("mate line: a mate in 3 is found where the first proof is a mate in 5", "[mate]") {
    // Composed: a Soaring Eagle and a Horned Falcon with a Silver against a King, a Drunk
    // Elephant and a Silver.
    auto pos = parse_sfen("12/7+De2k/7s1+H2/9S2/12/12/12/12/12/12/12/K11 b - 1");
    REQUIRE(pos);
    const mate::MateResult first = solve(*pos, mate::MAX_MATE_PLIES, false);
    REQUIRE(first.status == mate::MateResult::MATE);
    CHECK(first.length == 5);
    CHECK_FALSE(first.exact);
    const mate::MateResult r = solve(*pos, mate::MAX_MATE_PLIES);
    REQUIRE(r.status == mate::MateResult::MATE);
    INFO(usi_line(r.line));
    CHECK(r.exact);
    CHECK(r.line.size() == 3);
    CHECK(r.length == 3);
    std::string why;
    CHECK(mate_test::confirms_mate(*pos, r.line, why));
    INFO(why);
    check_minimax(*pos, r.line);
}

TEST_CASE("mate line: a limit that cuts the refinement leaves the length an upper bound", "[mate]") {
    // MSM-A17: the first proof needs about 600 000 nodes and its shortening millions more.
    auto pos = parse_sfen("3s1+G2+D3/3c1e6/3gvk2+dm2/+H1q2p3tN1/1ppp1b4p1/m2+ap1cp4/8i3/1Q9p/+r5+r5/5X5R/12/11K b - 1");
    REQUIRE(pos);
    mate::MateSolver solver(16);
    mate::MateLimits limits;
    limits.nodes = 1'000'000;
    const mate::MateResult r = solver.solve(*pos, WHITE, limits);
    REQUIRE(r.status == mate::MateResult::MATE);
    CHECK_FALSE(r.exact);
    CHECK(r.length >= int(r.line.size()));
    std::string why;
    CHECK(mate_test::confirms_mate(*pos, r.line, why));
    INFO(why);
}
