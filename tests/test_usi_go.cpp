// USI `go`: the arguments turned into search limits (clocks of the side to move), and errors.
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
    REQUIRE(first);
    CHECK(first.value->limits.time_left_ms == 60000);
    CHECK(first.value->limits.increment_ms == 1000);
    CHECK(first.value->limits.byoyomi_ms == 500);
    CHECK(first.value->limits.moves_to_go == 20);
    CHECK_FALSE(first.value->limits.infinite);
    auto second = parse_go_command(words, BLACK);
    REQUIRE(second);
    CHECK(second.value->limits.time_left_ms == 30000);
    CHECK(second.value->limits.increment_ms == 2000);
}

TEST_CASE("usi go: fixed limits, infinite, ponder, bare go", "[usi]") {
    auto g = parse_go_command(split_words("depth 7 nodes 5000 movetime 250"), WHITE);
    REQUIRE(g);
    CHECK(g.value->limits.depth == 7);
    CHECK(g.value->limits.nodes == 5000);
    CHECK(g.value->limits.movetime_ms == 250);
    CHECK(g.value->limits.time_left_ms == -1);
    CHECK_FALSE(g.value->limits.infinite);

    g = parse_go_command(split_words("infinite"), BLACK);
    REQUIRE(g);
    CHECK(g.value->limits.infinite);

    g = parse_go_command(split_words("ponder btime 1000 wtime 2000 byoyomi 100"), BLACK);
    REQUIRE(g);
    CHECK(g.value->limits.ponder);
    CHECK(g.value->limits.time_left_ms == 2000);
    CHECK_FALSE(g.value->limits.infinite);

    g = parse_go_command({}, WHITE);  // bare go analyses until stop
    REQUIRE(g);
    CHECK(g.value->limits.infinite);

    g = parse_go_command(split_words("byoyomi 3000"), WHITE);  // byoyomi only: no main time
    REQUIRE(g);
    CHECK(g.value->limits.time_left_ms == 0);
    CHECK(g.value->limits.byoyomi_ms == 3000);

    g = parse_go_command(split_words("btime -50 wtime 100"), WHITE);  // overdrawn clock
    REQUIRE(g);
    CHECK(g.value->limits.time_left_ms == 0);

    g = parse_go_command(split_words("mate 1000"), WHITE);
    REQUIRE(g);
    CHECK(g.value->mate);
}

TEST_CASE("usi go: malformed arguments are errors naming the word", "[usi]") {
    struct Case {
        const char* args;
        const char* error;
    };
    const Case cases[] = {
        {"depth", "go: depth needs a depth from 1 to 128, got nothing"},
        {"depth 0", "go: depth needs a depth from 1 to 128, got '0'"},
        {"depth x", "go: depth needs a depth from 1 to 128, got 'x'"},
        {"nodes -5", "go: nodes needs a positive node count, got '-5'"},
        {"btime 1000 wtime", "go: wtime needs a time in milliseconds, got nothing"},
        {"btime 1e3", "go: btime needs a time in milliseconds, got '1e3'"},
        {"movetime 99999999999999", "go: movetime needs a time in milliseconds, got '99999999999999'"},
        {"movestogo 0", "go: movestogo needs a positive number of moves, got '0'"},
        {"btime 1000 sometime 5", "go: unknown word 'sometime'"},
    };
    for (const Case& c : cases) {
        INFO(c.args);
        auto g = parse_go_command(split_words(c.args), WHITE);
        CHECK_FALSE(g);
        CHECK(g.error == c.error);
    }
}

TEST_CASE("usi go: a malformed go starts no search", "[usi]") {
    using namespace usi_test;
    auto out = run_script("setoption name USI_Hash value 1\nposition startpos\ngo depth zero\nisready\n");
    CHECK(first_with(out, "info string") == "info string go: depth needs a depth from 1 to 128, got 'zero'");
    CHECK(count_prefix(out, "bestmove") == 0);
    CHECK(count_prefix(out, "readyok") == 1);
}

TEST_CASE("usi go: go mate answers that tsume search is not offered", "[usi]") {
    using namespace usi_test;
    auto out = run_script("position startpos\ngo mate 1000\n");
    CHECK(count_prefix(out, "checkmate notimplemented") == 1);
    CHECK(count_prefix(out, "bestmove") == 0);
}
