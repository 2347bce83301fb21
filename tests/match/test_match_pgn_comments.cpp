// The evaluation comments of the PGN ("{+0.35/12 0.52s}" after each engine move, as cutechess-cli
// and XBoard write them), and whitepov engines whose scores are White's view.
#include <catch2/catch.hpp>

#include "match_test_support.hpp"
#include "shishi/match/engine_process.hpp"
#include "shishi/match/game_pgn.hpp"

using namespace shishi::match;
using namespace match_test;

TEST_CASE("evaluation comments read score/depth and time as cutechess writes them", "[match][pgn]") {
    CHECK(eval_comment({35, 12, 520}) == "+0.35/12 0.52s");
    CHECK(eval_comment({-120, 7, 52}) == "-1.20/7 0.052s");
    CHECK(eval_comment({0, 3, 5200}) == "0.00/3 5.2s");
    CHECK(eval_comment({-5, 1, 52000}) == "-0.05/1 52s");
    CHECK(eval_comment({std::nullopt, 0, 0}) == "0s");
    CHECK(eval_comment({MATE_CP - 5, 9, 1000}) == "+M3/9 1.0s");
    CHECK(eval_comment({-(MATE_CP - 2), 4, 1000}) == "-M1/4 1.0s");
}

TEST_CASE("mate scores in XBoard's thinking output (100000 + moves) become +M/-M comments with their moves",
          "[match][pgn]") {
    // XBoard's convention, which Shishi and HaChu follow: 100000 + N mates in N moves,
    // -100000 - N is mated in N. The comment counts moves as cutechess does.
    auto comment = [](const std::string& line) { return eval_comment({xboard_post_score(line), 7, 0}); };
    CHECK(comment("7 100005 12 3456 a1a2") == "+M5/7 0s");
    CHECK(comment("7 100001 12 3456 a1a2") == "+M1/7 0s");
    CHECK(comment("7 -100003 12 3456 a1a2") == "-M3/7 0s");
    CHECK(comment("7 -100001 12 3456 a1a2") == "-M1/7 0s");
    // USI counts plies: mate 5 is the third move of the side that mates.
    CHECK(eval_comment({usi_info_score("info depth 7 score mate 5 pv a1a2"), 7, 0}) == "+M3/7 0s");
    CHECK(eval_comment({usi_info_score("info depth 7 score mate -4 pv a1a2"), 7, 0}) == "-M2/7 0s");
}

TEST_CASE("each engine move of the PGN carries its score and depth; whitepov scores are turned round",
          "[match][pgn][runner]") {
    const std::string moves_a = std::string("--moves '") + WHITE_MOVES + "'";
    const std::string moves_b = std::string("--moves '") + BLACK_MOVES + "'";
    MatchOptions o = parsed({"--engine", "name=A", "cmd=" + fake("xboard", moves_a + " --score 35"), "--engine",
                             "name=B", "cmd=" + fake("xboard", moves_b + " --score -120"), "--games", "1", "--tc", "30",
                             "--max-plies", "4", "--pgn", temp_pgn("comments")});
    Run r = run(o);
    INFO(r.out << r.err << r.pgn);
    CHECK(r.code == 0);
    // 4 plies: two of A (White, +0.35 in its view), two of B (Black, -1.20 in its view).
    CHECK(count_of(r.pgn, "{+0.35/1 ") == 2);
    CHECK(count_of(r.pgn, "{-1.20/1 ") == 2);

    // B reporting White's view: as Black, its -1.20 means +1.20 for itself.
    o.engines[1].white_pov = true;
    Run w = run(o);
    INFO(w.pgn);
    CHECK(count_of(w.pgn, "{+1.20/1 ") == 2);
    CHECK(count_of(w.pgn, "{-1.20/1 ") == 0);
    // cutechess's minimal PGN (-pgnout FILE min): no evaluation comments.
    o.pgn_min = true;
    Run m = run(o);
    CHECK(m.code == 0);
    CHECK(count_of(m.pgn, "/1 ") == 0);
    CHECK(count_of(m.pgn, "[Round \"1\"]") == 1);
    CHECK(parsed({"--engine", "cmd=a", "whitepov", "--engine", "cmd=b", "--games", "1", "--tc", "1", "--pgn", "x"})
              .engines[0]
              .white_pov);
}
