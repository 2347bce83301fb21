// Time controls as text and the referee's clocks.
#include <catch2/catch.hpp>

#include "shishi/match/time_control.hpp"

using namespace shishi::match;

TEST_CASE("time controls parse from [moves/]base[+increment] in seconds", "[match][clock]") {
    std::string error;
    auto a = parse_tc("10+0.1", error);
    REQUIRE(a);
    CHECK(a->base_ms == 10000);
    CHECK(a->increment_ms == 100);
    CHECK(a->moves_per_session == 0);
    CHECK(a->pgn_tag() == "10+0.1");

    auto b = parse_tc("40/60+0", error);
    REQUIRE(b);
    CHECK(b->moves_per_session == 40);
    CHECK(b->base_ms == 60000);
    CHECK(b->pgn_tag() == "40/60");

    auto c = parse_tc("0.5", error);
    REQUIRE(c);
    CHECK(c->base_ms == 500);

    for (const char* bad : {"", "abc", "10+", "+1", "0", "0+0", "x/10", "40/", "1.2.3", "-5", "2.5/60"}) {
        INFO(bad);
        CHECK_FALSE(parse_tc(bad, error));
        CHECK_FALSE(error.empty());
    }
}

TEST_CASE("fixed time per move and depth show in the PGN tag and description", "[match][clock]") {
    TimeControl st;
    st.move_time_ms = 5000;
    CHECK(st.pgn_tag() == "1/5");
    TimeControl depth;
    depth.depth = 6;
    CHECK(depth.pgn_tag() == "-");
    CHECK(depth.describe() == "depth 6");
}

TEST_CASE("the clock charges thinking time, adds the increment, forfeits beyond the margin", "[match][clock]") {
    TimeControl tc;
    tc.base_ms = 1000;
    tc.increment_ms = 100;
    Clock c(tc);
    CHECK(c.remaining_ms() == 1000);
    CHECK(c.allowance_ms(50) == 1050);
    CHECK(c.charge(300, 50));
    CHECK(c.remaining_ms() == 800);
    // 820 ms is late by 20 ms: inside the margin, the clock stops at zero, then the increment.
    CHECK(c.charge(820, 50));
    CHECK(c.remaining_ms() == 100);
    CHECK_FALSE(c.charge(151, 50));
}

TEST_CASE("moves per session refill the clock after each session", "[match][clock]") {
    TimeControl tc;
    tc.base_ms = 1000;
    tc.moves_per_session = 2;
    Clock c(tc);
    CHECK(c.moves_to_go() == 2);
    CHECK(c.charge(400, 0));
    CHECK(c.moves_to_go() == 1);
    CHECK(c.remaining_ms() == 600);
    CHECK(c.charge(500, 0));
    CHECK(c.remaining_ms() == 1100);
    CHECK(c.moves_to_go() == 2);
}

TEST_CASE("fixed time per move does not accumulate; no clock means the hang limit", "[match][clock]") {
    TimeControl st;
    st.move_time_ms = 200;
    Clock c(st);
    CHECK(c.allowance_ms(30) == 230);
    CHECK(c.charge(220, 30));
    CHECK(c.allowance_ms(30) == 230);
    CHECK_FALSE(c.charge(231, 30));

    TimeControl depth;
    depth.depth = 3;
    depth.no_clock_move_limit_ms = 5000;
    Clock d(depth);
    CHECK(d.allowance_ms(30) == 5000);
    CHECK(d.charge(4000, 30));
    CHECK_FALSE(d.charge(6000, 30));
}

TEST_CASE("seconds parse as decimals", "[match][clock]") {
    CHECK(parse_seconds("2") == 2000);
    CHECK(parse_seconds("0.25") == 250);
    CHECK_FALSE(parse_seconds(""));
    CHECK_FALSE(parse_seconds("-1"));
    CHECK_FALSE(parse_seconds("1e3"));
    CHECK_FALSE(parse_seconds("."));
}
