// Knockout tournaments (cutechess-cli's -tournament knockout): the seeded bracket with byes,
// cutechess's rule for when an encounter needs more games, the refusal of the options that need
// a fixed schedule, and a whole four-engine knockout with the fake engines.
#include <catch2/catch.hpp>

#include <sstream>

#include "match_test_support.hpp"
#include "shishi/match/knockout.hpp"
#include "shishi/match/match_options.hpp"

using namespace shishi::match;
using match_test::count_of;
using match_test::fake;
using match_test::parsed_cutechess;
using match_test::run;
using match_test::Run;
using match_test::temp_pgn;

TEST_CASE("knockout bracket: seeds by bracket order, byes to the top seeds", "[match][knockout]") {
    // Seeds 1 and 2 are in different halves; places 2k and 2k+1 meet first.
    CHECK(knockout_bracket(2, 2, 1) == std::vector<int>{0, 1});
    CHECK(knockout_bracket(4, 4, 1) == std::vector<int>{0, 2, 1, 3});
    CHECK(knockout_bracket(8, 8, 1) == std::vector<int>{0, 4, 2, 6, 1, 5, 3, 7});
    // Three engines: seed 1 gets the bye.
    CHECK(knockout_bracket(3, 3, 1) == std::vector<int>{0, -1, 1, 2});
    // Five engines in a bracket of eight: seeds 1 to 3 get the three byes.
    const std::vector<int> five = knockout_bracket(5, 5, 1);
    CHECK(five == std::vector<int>{0, -1, 2, -1, 1, -1, 3, 4});
    auto round = first_round(five);
    REQUIRE(round.size() == 4);
    CHECK((round[0].a == 0 && round[0].bye()));
    CHECK((round[3].a == 3 && round[3].b == 4));
    // Unseeded engines are drawn by the seed, the same on every machine; seeded ones keep their places.
    const std::vector<int> drawn = knockout_bracket(8, 2, 7);
    CHECK(drawn == knockout_bracket(8, 2, 7));
    CHECK((drawn[0] == 0 && drawn[4] == 1));
    std::vector<int> sorted = drawn;
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
}

TEST_CASE("knockout encounter: more games on a tie, as cutechess decides", "[match][knockout]") {
    auto after = [](std::initializer_list<int> results) {  // 1 a wins, 0 draw, -1 b wins
        Encounter e;
        e.a = 0;
        e.b = 1;
        for (int r : results)
            e.add(r == 1, r == 0);
        return e;
    };
    // One planned game: decided by a win, a draw needs another game.
    CHECK_FALSE(after({1}).needs_more_games(1));
    CHECK(after({0}).needs_more_games(1));
    CHECK_FALSE(after({0, -1}).needs_more_games(1));
    CHECK(after({}).needs_more_games(1));
    // Two planned games: 1.5-0.5 decides, 1-1 goes on, and the extension comes in pairs.
    CHECK(after({1}).needs_more_games(2));
    CHECK_FALSE(after({1, 0}).needs_more_games(2));
    CHECK_FALSE(after({1, 1}).needs_more_games(2));
    CHECK(after({1, -1}).needs_more_games(2));
    CHECK(after({1, -1, 1}).needs_more_games(2));  // 2-1 after an odd number: finish the pair
    CHECK_FALSE(after({1, -1, 1, 0}).needs_more_games(2));  // 2.5-1.5
    CHECK_FALSE(after({1, -1, 1, 1}).needs_more_games(2));
    CHECK(after({0, 0, 0, 0}).needs_more_games(2));
    CHECK(after({0, 0, 0, 0}).leader() == 0);
    CHECK(after({0, -1}).leader() == 1);
    // A bye needs no game; its engine advances.
    Encounter bye;
    bye.a = 3;
    CHECK_FALSE(bye.needs_more_games(2));
    CHECK(bye.leader() == 3);
}

TEST_CASE("knockout refuses options that need a fixed list of games, before any game", "[match][knockout][options]") {
    const std::vector<std::string> base = {"--engine",     "cmd=a",    "--engine", "cmd=b", "--engine", "cmd=c",
                                           "--tournament", "knockout", "--games",  "2",     "--depth",  "1",
                                           "--pgn",        "k.pgn"};
    for (std::vector<std::string> extra : {std::vector<std::string>{"--shard", "1/2"},
                                           {"--resume"},
                                           {"--json", "k.json"},
                                           {"--plot", "k.svg"},
                                           {"--epd", "k.epd"}}) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        std::ostringstream err;
        INFO(extra[0]);
        CHECK_FALSE(parse_match_args(args, err));
        CHECK(err.str().find(extra[0] + " cannot be used with --tournament knockout") != std::string::npos);
    }
    std::ostringstream err;
    CHECK_FALSE(parse_match_args(
        {"--engine", "cmd=a", "--engine", "cmd=b", "--seeds", "2", "--games", "2", "--depth", "1", "--pgn", "k.pgn"},
        err));
    CHECK(err.str().find("--seeds is for --tournament knockout") != std::string::npos);
}

TEST_CASE("a four-engine knockout: bracket, tie-break games, winners advance, final report",
          "[match][knockout][runner]") {
    // Every game ends after White's first move (a draw at the ply limit) or White resigns at once.
    // Seeded 1-4: A-C and B-D, then the final. C and D resign as White: A and B win 1.5-0.5.
    // The final is drawn 1-1, so it goes on by pairs: B resigns as White in its fourth game.
    std::string pgn = temp_pgn("knockout");
    const std::vector<std::string> args = {
        "-engine",     "name=A",   "cmd=" + fake("xboard", "--moves h4h5"),
        "-engine",     "name=B",   "cmd=" + fake("xboard", "--moves h4h5 --resign-in-game 4"),
        "-engine",     "name=C",   "cmd=" + fake("xboard", "--moves h4h5 --resign-at 1"),
        "-engine",     "name=D",   "cmd=" + fake("usi", "--moves 7i7h --resign-at 1"),
        "proto=usi",   "-each",    "depth=1",
        "-tournament", "knockout", "-seeds",
        "4",           "-games",   "2",
        "--max-plies", "1",        "-concurrency",
        "2",           "-pgnout",  pgn};
    MatchOptions o = parsed_cutechess(args);
    REQUIRE(o.tournament == TournamentKind::KNOCKOUT);
    REQUIRE(o.seeds == 4);
    Run r = run(o);
    INFO(r.out);
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(r.out.find("Round 1: A 1.5-0.5 C (2 games); B 1.5-0.5 D (2 games)\n") != std::string::npos);
    CHECK(r.out.find("Final: A 2.5-1.5 B (4 games)\n") != std::string::npos);
    CHECK(r.out.find("Winner: A\n") != std::string::npos);
    CHECK(count_of(r.pgn, "[Event ") == 8);
    for (int round = 1; round <= 8; ++round)
        CHECK(count_of(r.pgn, "[Round \"" + std::to_string(round) + "\"]") == 1);
    // Who met whom, with colours alternating in each encounter.
    CHECK(count_of(r.pgn, "[White \"A\"]\n[Black \"C\"]") == 1);
    CHECK(count_of(r.pgn, "[White \"C\"]\n[Black \"A\"]") == 1);
    CHECK(count_of(r.pgn, "[White \"B\"]\n[Black \"D\"]") == 1);
    CHECK(count_of(r.pgn, "[White \"D\"]\n[Black \"B\"]") == 1);
    CHECK(count_of(r.pgn, "[White \"A\"]\n[Black \"B\"]") == 2);
    CHECK(count_of(r.pgn, "[White \"B\"]\n[Black \"A\"]") == 2);
    CHECK(count_of(r.pgn, "\"C\"]\n[Black \"D\"]") == 0);
}

TEST_CASE("a knockout encounter that stays tied ends after the cap on extra games: the higher seed advances",
          "[match][knockout]") {
    Encounter e;
    e.a = 0, e.b = 1, e.a_rank = 2, e.b_rank = 1;  // b is the higher seed
    int games = 0;
    while (e.needs_more_games(1) && games < 1000) {
        e.add(false, true);  // every game drawn
        ++games;
    }
    CHECK(games == 1 + 2 * KNOCKOUT_EXTRA_PAIRS);
    CHECK(e.capped(1));
    CHECK(e.leader() == 1);
    // Ahead on points at the cap: the leader advances whatever its seed.
    Encounter f;
    f.a = 0, f.b = 1, f.a_rank = 2, f.b_rank = 1;
    f.add(true, false);
    for (int k = 0; k < 2 * KNOCKOUT_EXTRA_PAIRS + 1; ++k)
        f.add(false, true);
    CHECK_FALSE(f.needs_more_games(2));
    CHECK(f.leader() == 0);
}

TEST_CASE("a knockout of engines that always draw ends, with a warning for each capped encounter",
          "[match][knockout][runner]") {
    // Every game is drawn at the ply limit: each encounter reaches the cap.
    const std::vector<std::string> args = {"-engine",
                                           "name=A",
                                           "cmd=" + fake("xboard", "--moves h4h5"),
                                           "-engine",
                                           "name=B",
                                           "cmd=" + fake("xboard", "--moves h4h5"),
                                           "-engine",
                                           "name=C",
                                           "cmd=" + fake("xboard", "--moves h4h5"),
                                           "-engine",
                                           "name=D",
                                           "cmd=" + fake("xboard", "--moves h4h5"),
                                           "-each",
                                           "depth=1",
                                           "-tournament",
                                           "knockout",
                                           "-seeds",
                                           "4",
                                           "-games",
                                           "1",
                                           "--max-plies",
                                           "1",
                                           "-concurrency",
                                           "2"};
    MatchOptions o = parsed_cutechess(args);
    Run r = run(o);
    INFO(r.out);
    CHECK(r.code == 0);
    const std::string capped = std::to_string(1 + 2 * KNOCKOUT_EXTRA_PAIRS) + " games";
    CHECK(r.out.find("Warning: A - C undecided after " + capped) != std::string::npos);
    CHECK(r.out.find("Warning: B - D undecided after " + capped) != std::string::npos);
    CHECK(r.out.find("A advances as the higher seed") != std::string::npos);
    CHECK(r.out.find("B advances as the higher seed") != std::string::npos);
    CHECK(r.out.find("Final: A 10.5-10.5 B (" + capped + ")\n") != std::string::npos);
    CHECK(r.out.find("Winner: A\n") != std::string::npos);
}
