// Per-engine limits (time odds): each side's clock refereed by its own control, each engine told
// its own control and both clocks, the PGN's per-side TimeControl tags, and the options.
#include <catch2/catch.hpp>

#include <cstdio>
#include <sstream>

#include "match_test_support.hpp"
#include "shishi/match/match_options.hpp"
#include "shishi/match/game_pgn.hpp"
#include "shishi/match/referee.hpp"

using namespace shishi;
using namespace shishi::match;
using match_test::BLACK_MOVES;
using match_test::fake_config;
using match_test::slurp;
using match_test::started;
using match_test::WHITE_MOVES;

namespace {

std::string temp_log(const std::string& stem) {
    std::string path = "/tmp/shishi_match_test_" + stem + "_" + std::to_string(::getpid()) + ".log";
    std::remove(path.c_str());
    return path;
}

TimeControl tc_of(const std::string& text) {
    std::string error;
    auto tc = parse_tc(text, error);
    REQUIRE(tc);
    return *tc;
}

// The lines of `log` starting with `prefix`, in order.
std::vector<std::string> lines_starting(const std::string& log, const std::string& prefix) {
    std::vector<std::string> out;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(prefix, 0) == 0) out.push_back(line);
    return out;
}

}  // namespace

TEST_CASE("time odds: the side with the short clock forfeits, the long clock is untouched by it", "[match][odds]") {
    // Both engines take 250 ms a move. White has 0.7 s in all (margin 100 ms): it is out of time
    // by its fourth move. Black, at 10 s + 0.1 s, would play on for many moves.
    std::string wlog = temp_log("odds_w"), blog = temp_log("odds_b");
    EngineConfig w = fake_config("xboard", std::string("--delay-ms 250 --moves '") + WHITE_MOVES + "' --log " + wlog);
    EngineConfig b = fake_config("xboard", std::string("--delay-ms 250 --moves '") + BLACK_MOVES + "' --log " + blog);
    w.tc = tc_of("0.7");
    b.tc = tc_of("10+0.1");
    RefereeSettings s;
    s.tc = tc_of("60");  // the match's control: neither engine plays under it
    s.margin_ms = 100;
    auto white = started(w);
    auto black = started(b);
    REQUIRE(white);
    REQUIRE(black);
    GameRecord g = play_game(*white, *black, Opening{}, s);
    white->quit();
    black->quit();
    CHECK(g.termination == Termination::TIME_FORFEIT);
    REQUIRE(g.offender);
    CHECK(*g.offender == WHITE);
    CHECK(g.moves.size() <= 7);
    CHECK(g.white_tc.base_ms == 700);
    CHECK(g.black_tc.increment_ms == 100);

    // Each engine was told its own control, and its own and its opponent's clock.
    std::string wl = slurp(wlog), bl = slurp(blog);
    CHECK(lines_starting(wl, "level ") == std::vector<std::string>{"level 0 0:01 0"});
    CHECK(lines_starting(bl, "level ") == std::vector<std::string>{"level 0 0:10 0.1"});
    auto wtime = lines_starting(wl, "time "), wotim = lines_starting(wl, "otim ");
    auto btime = lines_starting(bl, "time "), botim = lines_starting(bl, "otim ");
    REQUIRE(!wtime.empty());
    REQUIRE(!btime.empty());
    REQUIRE(!wotim.empty());
    REQUIRE(!botim.empty());
    CHECK(wtime[0] == "time 70");
    CHECK(wotim[0] == "otim 1000");
    CHECK(btime[0] == "time 1000");
    // Black's first otim is White's 70 cs less its first move's time.
    int white_left = std::stoi(botim[0].substr(5));
    CHECK(white_left < 70);
    CHECK(white_left > 20);
    // Black's second `time`: 10 s less its first move (250 ms and more) plus the 0.1 s increment.
    if (btime.size() >= 2) {
        int black_left = std::stoi(btime[1].substr(5));
        CHECK(black_left > 900);
        CHECK(black_left < 990);
    }
    std::remove(wlog.c_str());
    std::remove(blog.c_str());
}

TEST_CASE("time odds over USI: go carries each side's own time and increment", "[match][odds]") {
    std::string wlog = temp_log("odds_usi_w");
    EngineConfig w = fake_config("usi", std::string("--moves '") + "7i7h 8c8d" + "' --log " + wlog);
    EngineConfig b = fake_config("usi", "--moves '5d5e 4d4e'");
    w.tc = tc_of("0.7");
    b.tc = tc_of("10+0.1");
    RefereeSettings s;
    s.max_plies = 1;
    auto white = started(w);
    auto black = started(b);
    REQUIRE(white);
    REQUIRE(black);
    GameRecord g = play_game(*white, *black, Opening{}, s);
    white->quit();
    black->quit();
    auto go = lines_starting(slurp(wlog), "go ");
    REQUIRE(go.size() == 1);
    // USI's b (sente) is the first player: White here, at 0.7 s without increment.
    CHECK(go[0] == "go btime 700 wtime 10000 binc 0 winc 100");
    std::remove(wlog.c_str());
}

TEST_CASE("per-engine time controls write WhiteTimeControl and BlackTimeControl as cutechess does",
          "[match][odds][pgn]") {
    GameRecord g;
    g.white_name = "A";
    g.black_name = "B";
    g.date = "2026.01.02";
    g.white_tc = tc_of("2.5+0.025");
    g.black_tc = tc_of("10+0.1");
    g.outcome = Outcome::DRAW;
    g.termination = Termination::MAX_PLIES;
    std::ostringstream odds;
    write_pgn(odds, g, PgnHeader{});
    CHECK(odds.str().find("[WhiteTimeControl \"2.5+0.025\"]\n[BlackTimeControl \"10+0.1\"]\n") != std::string::npos);
    CHECK(odds.str().find("[TimeControl ") == std::string::npos);

    g.black_tc = g.white_tc;
    std::ostringstream even;
    write_pgn(even, g, PgnHeader{});
    CHECK(even.str().find("[TimeControl \"2.5+0.025\"]") != std::string::npos);
    CHECK(even.str().find("WhiteTimeControl") == std::string::npos);
}

TEST_CASE("per-engine limit options replace the match's for that engine only", "[match][odds][options]") {
    std::ostringstream err;
    auto o = parse_match_args({"--first", "a", "--second", "b", "--games", "2", "--first-tc", "2.5+0.025",
                               "--second-tc", "10+0.1", "--pgn", "x"},
                              err);
    INFO(err.str());
    REQUIRE(o);
    REQUIRE(o->engines[0].tc);
    REQUIRE(o->engines[1].tc);
    CHECK(o->engines[0].tc->base_ms == 2500);
    CHECK(o->engines[0].tc->increment_ms == 25);
    CHECK(o->engines[1].tc->base_ms == 10000);

    // --first-tc overrides --tc for the first engine; the second keeps the match's clock and
    // gets its own depth on top of it.
    auto mixed =
        parse_match_args({"--first", "a", "--second", "b", "--second-protocol", "usi", "--games", "2", "--tc", "10+0.1",
                          "--first-tc", "5", "--second-nodes", "3000", "--second-depth", "7", "--pgn", "x"},
                         err);
    REQUIRE(mixed);
    REQUIRE(mixed->engines[0].tc);
    CHECK(mixed->engines[0].tc->base_ms == 5000);
    CHECK(mixed->engines[0].tc->increment_ms == 0);
    REQUIRE(mixed->engines[1].tc);
    CHECK(mixed->engines[1].tc->base_ms == 10000);
    CHECK(mixed->engines[1].tc->nodes == 3000);
    CHECK(mixed->engines[1].tc->depth == 7);
    CHECK(mixed->referee.tc.base_ms == 10000);

    // An engine's own time per move replaces the match's clock for it.
    auto st = parse_match_args(
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "10", "--first-st", "2", "--pgn", "x"}, err);
    REQUIRE(st);
    REQUIRE(st->engines[0].tc);
    CHECK(st->engines[0].tc->move_time_ms == 2000);
    CHECK_FALSE(st->engines[0].tc->has_clock());
    CHECK_FALSE(st->engines[1].tc);

    const std::vector<std::vector<std::string>> bad = {
        // The second engine has no limit at all.
        {"--first", "a", "--second", "b", "--games", "2", "--first-tc", "10", "--pgn", "x"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "10", "--first-tc", "ten", "--pgn", "x"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "10", "--first-tc", "5", "--first-st", "1", "--pgn",
         "x"},
        // Nodes for an XBoard engine, fractional seconds per move for an XBoard engine.
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "10", "--first-nodes", "100", "--pgn", "x"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "10", "--second-st", "0.5", "--pgn", "x"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "10", "--first-depth", "0", "--pgn", "x"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "10", "--first-speed", "3", "--pgn", "x"},
    };
    for (const auto& args : bad) {
        std::ostringstream e;
        CHECK_FALSE(parse_match_args(args, e));
        CHECK_FALSE(e.str().empty());
    }
}
