// More than two engines: pairings, the order of the games, per-pairing results with pentanomial
// pairs, the cross table and ranking, whole round robins and gauntlets with the fake engines,
// and engines given by --engine words or a JSON engines file.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "match_test_support.hpp"
#include "shishi/core/rule_fields.hpp"
#include "shishi/match/engine_spec.hpp"
#include "shishi/match/match_options.hpp"
#include "shishi/match/runner.hpp"
#include "shishi/match/tournament.hpp"

using namespace shishi::match;
using match_test::count_of;
using match_test::fake;
using match_test::line_containing;
using match_test::parsed;
using match_test::Run;
using match_test::run;
using match_test::slurp;
using match_test::temp_pgn;

TEST_CASE("round robin and gauntlet pairings", "[match][tournament]") {
    auto rr = make_pairings(4, TournamentKind::ROUND_ROBIN);
    REQUIRE(rr.size() == 6);
    CHECK((rr[0].a == 0 && rr[0].b == 1));
    CHECK((rr[2].a == 0 && rr[2].b == 3));
    CHECK((rr[5].a == 2 && rr[5].b == 3));
    auto g = make_pairings(4, TournamentKind::GAUNTLET);
    REQUIRE(g.size() == 3);
    for (size_t i = 0; i < g.size(); ++i)
        CHECK((g[i].a == 0 && g[i].b == int(i) + 1));
    CHECK(make_pairings(2, TournamentKind::ROUND_ROBIN).size() == 1);
}

TEST_CASE("the schedule plays each opening pair for every pairing, round by round", "[match][tournament]") {
    for (int games : {1, 4, 5}) {
        INFO(games);
        Schedule s(make_pairings(3, TournamentKind::ROUND_ROBIN), games);
        REQUIRE(s.total() == 3 * games);
        std::set<std::pair<int, int>> seen;
        int white_a = 0;
        for (int i = 0; i < s.total(); ++i) {
            GameSlot slot = s.slot(i);
            CHECK(seen.insert({slot.pairing, slot.game}).second);  // every game exactly once
            const Pairing& p = s.pairings()[size_t(slot.pairing)];
            CHECK(slot.white == (slot.game % 2 == 0 ? p.a : p.b));
            CHECK(slot.black == (slot.game % 2 == 0 ? p.b : p.a));
            CHECK(slot.opening == slot.game / 2);
            white_a += slot.white == p.a;
        }
        CHECK(int(seen.size()) == s.total());
        CHECK(white_a == 3 * ((games + 1) / 2));
    }
    // The first round: both games of opening 0 for pairing 0, then pairing 1, then pairing 2.
    Schedule s(make_pairings(3, TournamentKind::ROUND_ROBIN), 4);
    CHECK((s.slot(0).pairing == 0 && s.slot(0).game == 0));
    CHECK((s.slot(1).pairing == 0 && s.slot(1).game == 1));
    CHECK((s.slot(2).pairing == 1 && s.slot(2).game == 0));
    CHECK((s.slot(5).pairing == 2 && s.slot(5).game == 1));
    CHECK((s.slot(6).pairing == 0 && s.slot(6).game == 2));
}

TEST_CASE("standings: per-pairing scores, pentanomial pairs, cross table and ranking", "[match][tournament]") {
    Schedule s(make_pairings(3, TournamentKind::ROUND_ROBIN), 2);
    Standings st(3, s);
    // Pairing 0 (A-B): A wins as White, draws as Black: a pair worth 1.5.
    st.add(s.slot(0), 1.0);
    st.add(s.slot(1), 0.5);
    // Pairing 1 (A-C): C wins both.
    st.add(s.slot(2), 0.0);
    st.add(s.slot(3), 1.0);
    // Pairing 2 (B-C): only one game so far, B wins as White: no complete pair.
    st.add(s.slot(4), 1.0);
    CHECK(st.pairing(0).score.wins == 1);
    CHECK(st.pairing(0).score.draws == 1);
    CHECK(st.pairing(0).penta.counts == std::array<int, 5>{0, 0, 0, 1, 0});
    CHECK(st.pairing(1).penta.counts == std::array<int, 5>{1, 0, 0, 0, 0});
    CHECK(st.pairing(2).penta.pairs() == 0);
    CHECK(st.engine_score(0).wins == 1);
    CHECK(st.engine_score(0).losses == 2);
    CHECK(st.engine_score(2).wins == 2);
    CHECK(st.engine_score(2).losses == 1);
    int games = 0;
    CHECK(st.points(1, 0, games) == 0.5);
    CHECK(games == 2);
    std::vector<std::string> names = {"Alpha", "Beta", "Gamma"};
    std::string table = st.cross_table(names);
    INFO(table);
    CHECK(line_containing(table, "Alpha").find("1.5/2") != std::string::npos);
    CHECK(line_containing(table, "Beta").find("0.5/2") != std::string::npos);
    CHECK(line_containing(table, "Beta").find("1.0/1") != std::string::npos);
    CHECK(line_containing(table, "Gamma").find("2.0/2") != std::string::npos);
    std::string ranking = st.ranking(names);
    INFO(ranking);
    // Gamma 2 of 3 points, Beta 1.5 of 3, Alpha 1.5 of 4.
    CHECK(ranking.find("Gamma") < ranking.find("Beta"));
    CHECK(ranking.find("Beta") < ranking.find("Alpha"));

    // In a gauntlet the others do not meet: "-" in the cross table.
    Schedule g(make_pairings(3, TournamentKind::GAUNTLET), 2);
    Standings gs(3, g);
    gs.add(g.slot(0), 1.0);
    std::string gt = gs.cross_table(names);
    INFO(gt);
    CHECK(line_containing(gt, "Beta").find(" -") != std::string::npos);
}

TEST_CASE("a three-engine round robin plays every pairing with colours reversed", "[match][tournament][runner]") {
    // Each game ends at the ply limit after the first move: a draw.
    std::string pgn = temp_pgn("rr");
    MatchOptions o = parsed({"--engine",  "name=A",  "cmd=" + fake("xboard", "--moves h4h5"),
                             "--engine",  "name=B",  "cmd=" + fake("xboard", "--moves h4h5"),
                             "--engine",  "name=C",  "cmd=" + fake("usi", "--moves 7i7h"),
                             "proto=usi", "--games", "4",
                             "--tc",      "5+0.1",   "--max-plies",
                             "1",         "-j",      "2",
                             "--pgn",     pgn});
    REQUIRE(o.engines.size() == 3);
    Run r = run(o);
    INFO(r.out);
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(count_of(r.pgn, "[Event ") == 12);
    for (const char* w : {"A", "B", "C"})
        CHECK(count_of(r.pgn, std::string("[White \"") + w + "\"]") == 4);
    for (const char* pair :
         {"[White \"A\"]\n[Black \"B\"]", "[White \"B\"]\n[Black \"A\"]", "[White \"A\"]\n[Black \"C\"]",
          "[White \"C\"]\n[Black \"A\"]", "[White \"B\"]\n[Black \"C\"]", "[White \"C\"]\n[Black \"B\"]"})
        CHECK(count_of(r.pgn, pair) == 2);
    // Every round number once.
    for (int round = 1; round <= 12; ++round)
        CHECK(count_of(r.pgn, "[Round \"" + std::to_string(round) + "\"]") == 1);
    CHECK(r.out.find("Round robin: A (xboard), B (xboard), C (usi), 12 games (4 per pairing)") != std::string::npos);
    CHECK(r.out.find("Cross table") != std::string::npos);
    CHECK(line_containing(r.out, "  1 A ").find("2.0/4") != std::string::npos);
    CHECK(line_containing(r.out, "  1 A ").find("4.0/8") != std::string::npos);
    CHECK(r.out.find("Score of B vs C: 0 - 0 - 4") != std::string::npos);
    CHECK(r.out.find("Pentanomial [0, 0, 2, 0, 0] over 2 game pair(s)") != std::string::npos);
    CHECK(r.out.find("Ranking") != std::string::npos);
}

TEST_CASE("a gauntlet pairs the first engine with each of the others only", "[match][tournament][runner]") {
    std::string pgn = temp_pgn("gauntlet");
    MatchOptions o =
        parsed({"--engine", "name=Hero", "cmd=" + fake("xboard", "--moves h4h5"), "--engine", "name=X",
                "cmd=" + fake("xboard", "--moves h4h5"), "--engine", "name=Y", "cmd=" + fake("xboard", "--moves h4h5"),
                "--tournament", "gauntlet", "--games", "2", "--tc", "5", "--max-plies", "1", "--pgn", pgn});
    Run r = run(o);
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(count_of(r.pgn, "[Event ") == 4);
    CHECK(count_of(r.pgn, "\"Hero\"]") == 4);
    CHECK(count_of(r.pgn, "[White \"X\"]\n[Black \"Y\"]") == 0);
    CHECK(count_of(r.pgn, "[White \"Y\"]\n[Black \"X\"]") == 0);
    CHECK(r.out.find("Gauntlet: Hero (xboard), X (xboard), Y (xboard), 4 games") != std::string::npos);
}

TEST_CASE("engine words (--engine) and engines files define engines with their own limits and options",
          "[match][tournament][options]") {
    MatchOptions o = parsed({"--engine", "name=A", "cmd=./a --flag", "proto=usi", "tc=2.5+0.025", "option.Threads=2",
                             "option.Allow repeats=1", "--first", "./first", "--engine", "cmd=./b", "depth=5",
                             "--games", "2", "--tc", "10+0.1", "--pgn", "x"});
    REQUIRE(o.engines.size() == 3);
    // --first comes first, then the --engine engines in order.
    CHECK(o.engines[0].command == "./first");
    CHECK_FALSE(o.engines[0].tc);
    CHECK(o.engines[1].name == "A");
    CHECK(o.engines[1].command == "./a --flag");
    CHECK(o.engines[1].protocol == Protocol::USI);
    REQUIRE(o.engines[1].tc);
    CHECK(o.engines[1].tc->base_ms == 2500);
    REQUIRE(o.engines[1].options.size() == 2);
    CHECK(o.engines[1].options[1].first == "Allow repeats");
    CHECK(o.engines[1].options[1].second == "1");
    REQUIRE(o.engines[2].tc);
    CHECK(o.engines[2].tc->depth == 5);
    CHECK(o.engines[2].tc->base_ms == 10000);  // the match's clock with its own depth
    // Every engine, not only --first and --second, is offered the referee's rules.
    for (const EngineConfig& e : o.engines)
        CHECK(e.rule_options.size() == shishi::rule_fields().size() + 1);

    std::string file = "/tmp/shishi_match_test_engines_" + std::to_string(::getpid()) + ".json";
    std::ofstream(file) << R"({"engines": [
        {"name": "Shishi", "cmd": "./build/shishi", "protocol": "usi", "tc": "2.5+0.025", "options": {"Threads": 1, "USI_Hash": "16"}},
        {"name": "HaChu", "command": "/usr/games/hachu", "options": {"Allow repeats": 1}}
    ]})";
    MatchOptions f = parsed({"--engines", file, "--games", "2", "--tc", "10+0.1", "--pgn", "x"});
    REQUIRE(f.engines.size() == 2);
    CHECK(f.engines[0].protocol == Protocol::USI);
    REQUIRE(f.engines[0].tc);
    CHECK(f.engines[0].tc->increment_ms == 25);
    REQUIRE(f.engines[0].options.size() == 2);
    CHECK(f.engines[0].options[0].second == "1");
    CHECK(f.engines[1].command == "/usr/games/hachu");
    CHECK(f.engines[1].options[0].first == "Allow repeats");

    const std::vector<std::string> bad_files = {
        R"([{"name": "no command"}])",
        R"([{"cmd": "a", "speed": "fast"}])",
        R"([{"cmd": "a", "options": [1]}])",
        R"([{"cmd": "a", "tc": "soon"}])",
        R"({"engine": []})",
        R"([{"cmd": "a"},])",
        "[\"a\"]",
    };
    for (const std::string& text : bad_files) {
        INFO(text);
        std::ofstream(file) << text;
        std::ostringstream err;
        CHECK_FALSE(
            parse_match_args({"--engines", file, "--first", "x", "--games", "2", "--tc", "1", "--pgn", "x"}, err));
        CHECK(err.str().find(file) != std::string::npos);
    }
    std::remove(file.c_str());

    const std::vector<std::vector<std::string>> bad = {
        {"--engine", "name=A", "--engine", "cmd=b", "--games", "2", "--tc", "1", "--pgn", "x"},  // no cmd
        {"--engine", "cmd=a", "--games", "2", "--tc", "1", "--pgn", "x"},  // one engine
        {"--engine", "cmd=a", "flavour=x", "--engine", "cmd=b", "--games", "2", "--tc", "1", "--pgn", "x"},
        {"--engine", "cmd=a", "proto=uci", "--engine", "cmd=b", "--games", "2", "--tc", "1", "--pgn", "x"},
        {"--engine", "cmd=a", "nodes=100", "--engine", "cmd=b", "--games", "2", "--tc", "1", "--pgn", "x"},
        {"--engine", "cmd=a", "--engine", "cmd=b", "--engine", "cmd=c", "--games", "2", "--tc", "1", "--pgn", "x",
         "--sprt", "elo0=0", "elo1=5"},
        {"--engine", "cmd=a", "--engine", "cmd=b", "--tournament", "swiss", "--games", "2", "--tc", "1", "--pgn", "x"},
        {"--engines", "/nonexistent/engines.json", "--games", "2", "--tc", "1", "--pgn", "x"},
        {"--first-tc", "10", "--engine", "cmd=a", "--engine", "cmd=b", "--games", "2", "--tc", "1", "--pgn", "x"},
    };
    for (const auto& args : bad) {
        std::ostringstream e;
        CHECK_FALSE(parse_match_args(args, e));
        CHECK_FALSE(e.str().empty());
    }
}
