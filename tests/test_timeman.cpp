// Time management: the hard limit never exceeds the time on the clock (plus byoyomi), the soft
// limit never exceeds the hard one, fixed move times are honoured, and long sudden-death games
// keep a reserve.
#include <catch2/catch.hpp>

#include "shishi/search/timeman.hpp"

using namespace shishi;

TEST_CASE("no time limit without a clock or when analysing", "[timeman]") {
    SearchLimits l;
    CHECK_FALSE(allocate_time(l).limited);
    l.depth = 5;
    CHECK_FALSE(allocate_time(l).limited);
    SearchLimits inf;
    inf.infinite = true;
    inf.time_left_ms = 1000;
    CHECK_FALSE(allocate_time(inf).limited);
}

TEST_CASE("movetime is used almost fully but never exceeded", "[timeman]") {
    for (int64_t mt : {1, 5, 50, 100, 1000, 10000}) {
        SearchLimits l;
        l.movetime_ms = mt;
        TimeBudget b = allocate_time(l);
        INFO(mt);
        CHECK(b.limited);
        CHECK(b.hard_ms <= mt);
        CHECK(b.hard_ms >= 1);
        CHECK(b.soft_ms <= b.hard_ms);
        if (mt >= 1000) CHECK(b.hard_ms >= mt - MOVE_OVERHEAD_MS);
    }
}

TEST_CASE("allocations never exceed the clock in many scenarios", "[timeman]") {
    const int64_t clocks[] = {0, 1, 10, 31, 100, 500, 1000, 5000, 60000, 600000, 7200000};
    const int64_t incs[] = {0, 100, 1000, 10000};
    const int64_t byos[] = {0, 1000, 10000};
    const int mtgs[] = {0, 1, 2, 10, 40, 100};
    for (int64_t t : clocks)
        for (int64_t inc : incs)
            for (int64_t byo : byos)
                for (int mtg : mtgs) {
                    SearchLimits l;
                    l.time_left_ms = t;
                    l.increment_ms = inc;
                    l.byoyomi_ms = byo;
                    l.moves_to_go = mtg;
                    TimeBudget b = allocate_time(l);
                    INFO("clock " << t << " inc " << inc << " byoyomi " << byo << " mtg " << mtg);
                    REQUIRE(b.limited);
                    CHECK(b.hard_ms >= 1);
                    CHECK(b.soft_ms >= 1);
                    CHECK(b.soft_ms <= b.hard_ms);
                    // What may be spent: the clock minus latency, plus the byoyomi period.
                    const int64_t avail = std::max<int64_t>(0, t - MOVE_OVERHEAD_MS) +
                                          std::max<int64_t>(0, byo - MOVE_OVERHEAD_MS);
                    CHECK(b.hard_ms <= std::max<int64_t>(1, avail));
                    for (int inst = 0; inst < 8; ++inst) CHECK(scaled_soft_limit(b, inst) <= b.hard_ms);
                }
}

TEST_CASE("one minute sudden death survives a 300-move game with a reserve", "[timeman]") {
    // Worst case: every move runs to the hard limit, plus 5 ms of latency.
    int64_t left = 60000;
    for (int move = 0; move < 300; ++move) {
        SearchLimits l;
        l.time_left_ms = left;
        TimeBudget b = allocate_time(l, 2 * move);
        REQUIRE(b.hard_ms <= std::max<int64_t>(1, left / 4));
        left -= b.hard_ms + 5;
        REQUIRE(left > 0);
    }
    // Typical: stop at the soft limit, the hard limit every fourth move, 10 ms of latency.
    left = 60000;
    int64_t soft_at_100 = 0;
    for (int move = 0; move < 300; ++move) {
        SearchLimits l;
        l.time_left_ms = left;
        TimeBudget b = allocate_time(l, 2 * move);
        if (move == 100) soft_at_100 = b.soft_ms;
        left -= (move % 4 == 3 ? b.hard_ms : b.soft_ms) + 10;
        REQUIRE(left > 0);
    }
    CHECK(soft_at_100 >= 30);  // still thinking, not just moving, a third of the way in
}

TEST_CASE("increments and moves_to_go give sensible shares", "[timeman]") {
    SearchLimits base;
    base.time_left_ms = 60000;
    SearchLimits with_inc = base;
    with_inc.increment_ms = 2000;
    CHECK(allocate_time(with_inc).soft_ms > allocate_time(base).soft_ms);

    SearchLimits few = base;
    few.moves_to_go = 5;
    SearchLimits many = base;
    many.moves_to_go = 40;
    CHECK(allocate_time(few).soft_ms > allocate_time(many).soft_ms);
    // Even the last move before the control leaves part of the clock.
    SearchLimits last = base;
    last.moves_to_go = 1;
    CHECK(allocate_time(last).hard_ms < 60000 - MOVE_OVERHEAD_MS);
}

TEST_CASE("byoyomi time is spent when the main clock is empty", "[timeman]") {
    SearchLimits l;
    l.time_left_ms = 0;
    l.byoyomi_ms = 10000;
    TimeBudget b = allocate_time(l);
    CHECK(b.hard_ms <= 10000 - MOVE_OVERHEAD_MS);
    CHECK(b.soft_ms >= 8000);
}

TEST_CASE("an unstable best move earns more time, up to the hard limit", "[timeman]") {
    SearchLimits l;
    l.time_left_ms = 60000;
    TimeBudget b = allocate_time(l);
    CHECK(scaled_soft_limit(b, 0) < scaled_soft_limit(b, 2));
    CHECK(scaled_soft_limit(b, 100) <= b.hard_ms);
}

TEST_CASE("a fixed time per move is not cut short when the best move is stable", "[timeman]") {
    SearchLimits l;
    l.movetime_ms = 1000;
    TimeBudget b = allocate_time(l);
    CHECK(b.fixed);
    CHECK(scaled_soft_limit(b, 0) == b.hard_ms);
    l = SearchLimits{};
    l.time_left_ms = 60000;
    CHECK_FALSE(allocate_time(l).fixed);
}
