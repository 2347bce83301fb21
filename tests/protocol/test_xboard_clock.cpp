// XBoard time controls translated into search limits, and thinking-line formatting.
#include <catch2/catch.hpp>

#include "shishi/protocol/xboard_clock.hpp"
#include "shishi/search/timeman.hpp"
#include "shishi/protocol/xboard_thinking.hpp"
#include "shishi/core/notation.hpp"

using shishi::XboardClock;

TEST_CASE("xboard clock: level parses minutes, minutes:seconds and fractional increments", "[xboard]") {
    XboardClock c;
    CHECK(c.set_level("40", "5", "0").empty());
    CHECK(c.moves_per_session == 40);
    CHECK(c.base_ms == 300000);
    CHECK(c.increment_ms == 0);
    CHECK(c.set_level("0", "0:30", "2").empty());
    CHECK(c.moves_per_session == 0);
    CHECK(c.base_ms == 30000);
    CHECK(c.increment_ms == 2000);
    CHECK(c.set_level("0", "1:30", "0.5").empty());
    CHECK(c.base_ms == 90000);
    CHECK(c.increment_ms == 500);
}

TEST_CASE("xboard clock: bad arguments change nothing", "[xboard]") {
    XboardClock c;
    REQUIRE(c.set_level("0", "2", "3").empty());
    CHECK(!c.set_level("x", "5", "0").empty());
    CHECK(!c.set_level("40", "", "0").empty());
    CHECK(!c.set_level("40", "5", "-1").empty());
    CHECK(!c.set_level("40", ":30", "0").empty());
    CHECK(!c.set_move_time("0").empty());
    CHECK(!c.set_move_time("abc").empty());
    CHECK(!c.set_depth("-3").empty());
    CHECK(!c.set_own_time("12a").empty());
    // Issue 24: one rule for every number: no exponents, no trailing text, no sign where the
    // protocol sends none.
    CHECK(!c.set_level("40", "1e30", "0").empty());
    CHECK(!c.set_level("0", "1:30+5", "0").empty());
    CHECK(!c.set_level("+40", "5", "0").empty());
    CHECK(!c.set_level("0", "5", "1e3").empty());
    CHECK(!c.set_move_time("1e3").empty());
    CHECK(!c.set_depth("1.5").empty());
    CHECK(!c.set_own_time("5e2").empty());
    CHECK(!c.set_opponent_time("").empty());
    CHECK(c.moves_per_session == 0);
    CHECK(c.base_ms == 120000);
    CHECK(c.increment_ms == 3000);
    CHECK(c.move_time_ms == 0);
    CHECK(c.depth == 0);
    CHECK(c.own_ms == -1);
    CHECK(c.opponent_ms == -1);
}

TEST_CASE("xboard clock: numbers beyond the limits are clamped with a note", "[xboard][issue24]") {
    XboardClock c;
    REQUIRE(c.set_level("0", "99999999999999", "0").empty());
    CHECK(c.base_ms == shishi::MAX_XBOARD_CLOCK_MS);
    CHECK(!c.note.empty());
    REQUIRE(c.set_level("999999999", "1", "99999999999999999999.5").empty());
    CHECK(c.moves_per_session == shishi::MAX_MOVES_PER_SESSION);
    CHECK(c.base_ms == 60000);
    CHECK(c.increment_ms == shishi::MAX_XBOARD_CLOCK_MS);
    REQUIRE(c.set_level("40", "5", "0").empty());
    CHECK(c.note.empty());
    REQUIRE(c.set_own_time("99999999999999999999999999").empty());
    CHECK(c.own_ms == shishi::MAX_XBOARD_CLOCK_MS);
    CHECK(!c.note.empty());
    REQUIRE(c.set_move_time("99999999999999").empty());
    CHECK(c.move_time_ms == shishi::MAX_XBOARD_CLOCK_MS);
    REQUIRE(c.set_depth("99999999999999999999").empty());
    CHECK(c.depth == shishi::MAX_PLY - 1);
}

TEST_CASE("xboard clock: limits follow time, level, st and sd", "[xboard]") {
    XboardClock c;
    REQUIRE(c.set_level("40", "5", "0").empty());
    auto l = c.limits(0);
    CHECK(l.time_left_ms == 300000);  // no `time` yet: the session's base time
    CHECK(l.moves_to_go == 40);
    REQUIRE(c.set_own_time("1234").empty());  // centiseconds
    REQUIRE(c.set_opponent_time("999").empty());
    l = c.limits(45);
    CHECK(l.time_left_ms == 12340);
    CHECK(l.moves_to_go == 35);
    CHECK(l.movetime_ms == 0);
    REQUIRE(c.set_level("0", "1", "3").empty());
    l = c.limits(10);
    CHECK(l.moves_to_go == 0);
    CHECK(l.increment_ms == 3000);
    REQUIRE(c.set_depth("7").empty());
    REQUIRE(c.set_move_time("2.5").empty());
    l = c.limits(0);
    CHECK(l.movetime_ms == 2500);
    CHECK(l.time_left_ms < 0);
    CHECK(l.depth == 7);
    REQUIRE(c.set_own_time("-50").empty());  // a fallen flag reads as no time left
    CHECK(c.own_ms == 0);
}

TEST_CASE("xboard clock: a bullet clock in centiseconds reaches the time manager intact", "[xboard]") {
    // As shishi-match sends 0.5 s + 5 ms: level with whole seconds, then time/otim in cs.
    XboardClock c;
    REQUIRE(c.set_level("0", "0:01", "0.005").empty());
    REQUIRE(c.set_own_time("50").empty());
    REQUIRE(c.set_opponent_time("48").empty());
    auto l = c.limits(20);
    CHECK(l.time_left_ms == 500);
    CHECK(l.increment_ms == 5);
    CHECK(l.moves_to_go == 0);
    CHECK(l.move_overhead_ms == shishi::SearchLimits{}.move_overhead_ms);
    const shishi::TimeBudget b = shishi::allocate_time(l, 40);
    CHECK(b.soft_ms >= 5);  // it thinks
    CHECK(b.hard_ms <= 500 - l.move_overhead_ms);  // and cannot overstep
    // 1.25 s left (the clock at which the old reserve made it move after 0 ms).
    REQUIRE(c.set_level("0", "0:10", "0").empty());
    REQUIRE(c.set_own_time("125").empty());
    CHECK(shishi::allocate_time(c.limits(50), 100).soft_ms >= 10);
}

TEST_CASE("xboard thinking: ply score centiseconds nodes pv, mate scores past 100000", "[xboard]") {
    using namespace shishi;
    SearchInfo info;
    info.depth = 5;
    info.score = -37;
    info.time_ms = 1234;
    info.nodes = 99;
    Position pos = Position::start();
    info.pv = {*parse_xboard_move(pos, "h4h5")};
    CHECK(xboard_thinking_line(info) == "5 -37 123 99 h4h5");
    CHECK(xboard_score(250) == 250);
    CHECK(xboard_score(SCORE_MATE - 3) > 100000);
    CHECK(xboard_score(SCORE_MATE - 3) == 100000 + mate_in_moves(SCORE_MATE - 3));
    CHECK(xboard_score(-SCORE_MATE + 4) < -100000);
}
