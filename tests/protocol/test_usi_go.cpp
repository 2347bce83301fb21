// USI `go`: the arguments turned into search limits (clocks of the side to move); odd values
// adjusted with a note, and every go answered with one bestmove.
#include <catch2/catch.hpp>

#include "shishi/protocol/usi_go.hpp"
#include "shishi/protocol/usi_text.hpp"
#include "usi_harness.hpp"

using namespace shishi;
using usi::parse_go_command;
using usi::split_words;

TEST_CASE("usi go: btime/binc are the first player's clock, wtime/winc the second's", "[usi]") {
    auto words = split_words("btime 60000 wtime 30000 binc 1000 winc 2000 byoyomi 500 movestogo 20");
    auto first = parse_go_command(words, WHITE);
    CHECK(first.notes.empty());
    CHECK(first.limits.time_left_ms == 60000);
    CHECK(first.limits.increment_ms == 1000);
    CHECK(first.limits.byoyomi_ms == 500);
    CHECK(first.limits.moves_to_go == 20);
    CHECK_FALSE(first.limits.infinite);
    auto second = parse_go_command(words, BLACK);
    CHECK(second.limits.time_left_ms == 30000);
    CHECK(second.limits.increment_ms == 2000);
}

TEST_CASE("usi go: fixed limits, infinite, ponder, bare go", "[usi]") {
    auto g = parse_go_command(split_words("depth 7 nodes 5000 movetime 250"), WHITE);
    CHECK(g.limits.depth == 7);
    CHECK(g.limits.nodes == 5000);
    CHECK(g.limits.movetime_ms == 250);
    CHECK(g.limits.time_left_ms == -1);
    CHECK_FALSE(g.limits.infinite);

    g = parse_go_command(split_words("infinite"), BLACK);
    CHECK(g.limits.infinite);

    g = parse_go_command(split_words("ponder btime 1000 wtime 2000 byoyomi 100"), BLACK);
    CHECK(g.limits.ponder);
    CHECK(g.limits.time_left_ms == 2000);
    CHECK_FALSE(g.limits.infinite);

    g = parse_go_command({}, WHITE);  // bare go analyses until stop
    CHECK(g.limits.infinite);

    g = parse_go_command(split_words("byoyomi 3000"), WHITE);  // byoyomi only: no main time
    CHECK(g.limits.time_left_ms == 0);
    CHECK(g.limits.byoyomi_ms == 3000);

    g = parse_go_command(split_words("btime -50 wtime 100"), WHITE);  // overdrawn clock
    CHECK(g.limits.time_left_ms == 0);

    g = parse_go_command(split_words("mate 3"), WHITE);  // Fairy-Stockfish's: a limit in moves
    CHECK(g.limits.mate == 3);
    CHECK_FALSE(g.limits.infinite);
    g = parse_go_command(split_words("mate infinite"), WHITE);
    CHECK(g.limits.mate == 0);
    CHECK(g.limits.infinite);
}

TEST_CASE("usi go: odd values are adjusted and each adjustment is noted", "[usi]") {
    struct Case {
        const char* args;
        std::vector<std::string> notes;
    };
    const Case cases[] = {
        {"movetime 1000.0", {}},  // an exact float (Lishogi-Bot): nothing to say
        {"movetime 1500.7", {"go: movetime 1500.7 read as 1500"}},
        {"depth", {"go: depth needs a number, got nothing; ignored", "go: no limit could be read; searching 1000 ms"}},
        {"depth 0", {"go: depth 0 read as 1"}},
        {"depth 1000", {"go: depth 1000 read as 127"}},
        {"depth x", {"go: depth needs a number, got 'x'; ignored", "go: no limit could be read; searching 1000 ms"}},
        {"nodes -5", {"go: nodes -5 read as 1"}},
        {"btime 1000 wtime", {"go: wtime needs a number, got nothing; ignored"}},
        {"btime 1e3 wtime 5",
         {"go: btime needs a number, got '1e3'; ignored", "go: btime missing; using the other side's clock"}},
        {"movetime 99999999999999", {"go: movetime 99999999999999 read as 315360000000"}},
        {"movetime 0", {"go: movetime 0 read as 1"}},
        {"btime -50 wtime 100", {"go: btime -50 read as 0"}},
        {"movestogo 0 btime 10", {"go: movestogo 0 read as 1"}},
        {"btime 1000 sometime 5", {"go: unknown word 'sometime' ignored", "go: unknown word '5' ignored"}},
        {"btime 2147483647 wtime 2147483647", {}},  // unclocked lishogi games: no clamp needed
    };
    for (const Case& c : cases) {
        INFO(c.args);
        auto g = parse_go_command(split_words(c.args), WHITE);
        CHECK(g.notes == c.notes);
        CHECK_FALSE(g.limits.infinite);  // only a bare go or go infinite analyses until stop
    }
    auto g = parse_go_command(split_words("movetime 1500.7"), WHITE);
    CHECK(g.limits.movetime_ms == 1500);
    g = parse_go_command(split_words("btime 2147483647 wtime 2147483647"), BLACK);
    CHECK(g.limits.time_left_ms == 2147483647);
    g = parse_go_command(split_words("depth x"), WHITE);
    CHECK(g.limits.movetime_ms == usi::FALLBACK_MOVETIME_MS);
}

TEST_CASE("usi go: a malformed go still gets one bestmove, after info strings naming the problem", "[usi]") {
    using namespace usi_test;
    auto out = run_script("setoption name USI_Hash value 1\nposition startpos\ngo depth zero nodes 2000\nisready\n");
    CHECK(first_with(out, "info string") == "info string go: depth needs a number, got 'zero'; ignored");
    CHECK(count_prefix(out, "bestmove") == 1);
    CHECK(count_prefix(out, "readyok") == 1);
}

TEST_CASE(
    "usi go: with Go_Mate_In_Moves, go mate N is a limit, as in Fairy-Stockfish: a win in N moves ends the search",
    "[usi]") {
    using namespace usi_test;
    using namespace std::chrono_literals;
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("setoption name Go_Mate_In_Moves value true");
    // Sente's Rook takes Gote's only royal, the King on its file: a win in one move.
    s.send("position sfen 6k5/12/12/12/12/12/12/12/12/12/12/5KR5 b - 1");
    s.send("go mate 1");
    const std::string first = s.expect("info depth", 60s);
    CHECK(first.find(" score mate 1 ") != std::string::npos);
    CHECK(starts_with(s.expect("bestmove", 60s), "bestmove 6l6a"));
    // The win found at depth 1 ended the search there (without the limit it goes on to depth 3).
    CHECK(count_prefix(s.lines(), "info depth 2 ") == 0);
    // No such win: the other limits given still end the search.
    s.send("position startpos");
    s.send("go mate 2 nodes 4096");
    CHECK(s.expect("bestmove", 60s) != "");
    s.finish();
    CHECK(count_prefix(s.lines(), "checkmate") == 0);
}
