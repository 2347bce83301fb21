// Time management: the hard limit never exceeds the time on the clock (plus byoyomi) less the
// move overhead, the soft limit never exceeds the hard one, fixed move times are honoured, long
// sudden-death games keep a reserve, and every clock from half a second up is actually used.
#include <catch2/catch.hpp>

#include <algorithm>

#include "shishi/search/timeman.hpp"

using namespace shishi;

namespace {

constexpr int64_t OVERHEAD = SearchLimits{}.move_overhead_ms;

SearchLimits clock_limits(int64_t left, int64_t inc = 0, int64_t byoyomi = 0) {
    SearchLimits l;
    l.time_left_ms = left;
    l.increment_ms = inc;
    l.byoyomi_ms = byoyomi;
    return l;
}

}  // namespace

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
        if (mt >= 1000) CHECK(b.hard_ms >= mt - OVERHEAD);
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
                    // What may be spent: the clock and the byoyomi period less the overhead,
                    // which a clock shorter than twice the overhead keeps only half of, and
                    // a main clock without byoyomi at most a sixteenth of, plus the increment.
                    const int64_t kept =
                        byo > 0 ? std::min(OVERHEAD, (t + byo) / 2) : std::min({OVERHEAD, t / 2, t / 16 + inc});
                    CHECK(b.hard_ms <= std::max<int64_t>(1, t + byo - kept));
                    if (byo > 0 ? t + byo >= 2 * OVERHEAD : t >= 16 * OVERHEAD) CHECK(b.hard_ms <= t + byo - OVERHEAD);
                    for (int inst = 0; inst < 8; ++inst)
                        CHECK(scaled_soft_limit(b, inst) <= b.hard_ms);
                }
}

TEST_CASE("one minute sudden death survives long games and keeps thinking", "[timeman]") {
    // Worst case: every move runs to the hard limit, plus 5 ms of latency, for 150 moves (a
    // 300-ply game). The reserve scales with the clock (an eighth at most), so this no longer
    // holds for ever: a fixed 2 s reserve did, at the price of moving at once below 2 s.
    int64_t left = 60000;
    for (int move = 0; move < 150; ++move) {
        TimeBudget b = allocate_time(clock_limits(left), 2 * move);
        REQUIRE(b.hard_ms <= std::max<int64_t>(1, left / 4));
        REQUIRE(b.hard_ms <= left - std::min(OVERHEAD, left / 2));
        left -= b.hard_ms + 5;
        REQUIRE(left > 0);
    }
    // Typical: stop at the soft limit, the hard limit every fourth move, 10 ms of latency.
    left = 60000;
    int64_t soft_at_100 = 0, soft_at_200 = 0;
    for (int move = 0; move < 300; ++move) {
        TimeBudget b = allocate_time(clock_limits(left), 2 * move);
        if (move == 100) soft_at_100 = b.soft_ms;
        if (move == 200) soft_at_200 = b.soft_ms;
        left -= (move % 4 == 3 ? b.hard_ms : b.soft_ms) + 10;
        REQUIRE(left > 0);
    }
    CHECK(soft_at_200 >= 5);  // two thirds of the way in, below 2 s left, it still searches
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
    CHECK(allocate_time(last).hard_ms < 60000 - OVERHEAD);
}

TEST_CASE("byoyomi time is spent when the main clock is empty", "[timeman]") {
    SearchLimits l;
    l.time_left_ms = 0;
    l.byoyomi_ms = 10000;
    TimeBudget b = allocate_time(l);
    CHECK(b.hard_ms <= 10000 - OVERHEAD);
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

TEST_CASE("every clock from half a second up is spent, not kept back", "[timeman]") {
    // Before: a fixed 2 s reserve swallowed such clocks and the engine moved after 0 ms.
    for (int64_t left : {500, 620, 1000, 1250, 10000, 60000}) {
        for (int64_t inc : {int64_t(0), left / 100}) {
            for (int ply : {0, 100, 300}) {
                const TimeBudget b = allocate_time(clock_limits(left, inc), ply);
                INFO("clock " << left << " inc " << inc << " ply " << ply);
                CHECK(b.soft_ms >= left / 150 + inc);  // an equal share of most of the clock
                CHECK(b.hard_ms >= 2 * b.soft_ms);  // room to finish an iteration
                CHECK(b.hard_ms <= left - OVERHEAD);  // the overhead is never spent
                CHECK(b.hard_ms <= left / 4 + inc);  // sudden death decays geometrically
            }
        }
    }
    // The clocks of the issue: 1.25 s and 0.62 s left, sudden death, mid-game.
    CHECK(allocate_time(clock_limits(1250), 100).soft_ms >= 10);
    CHECK(allocate_time(clock_limits(620), 100).soft_ms >= 5);
}

TEST_CASE("the increment is spent whole on top of the share of the clock", "[timeman]") {
    for (int64_t left : {500, 1000, 10000, 60000}) {
        const int64_t inc = left / 100;
        INFO("clock " << left);
        CHECK(allocate_time(clock_limits(left, inc)).soft_ms >= allocate_time(clock_limits(left)).soft_ms + inc);
    }
    // Above the buffer (four overheads and ten increments) all of it; a clock run down to three
    // increments spends a part of it and so refills, but still thinks.
    const int64_t buffer = INCREMENT_BUFFER_OVERHEADS * OVERHEAD + INCREMENT_BUFFER_INCREMENTS * 100;
    CHECK(allocate_time(clock_limits(buffer, 100), 200).soft_ms >= 100);
    const TimeBudget low = allocate_time(clock_limits(300, 100), 200);
    CHECK(low.soft_ms >= 20);
    CHECK(low.soft_ms < 100);
    CHECK(low.hard_ms <= 300 - OVERHEAD);
}

TEST_CASE("the move overhead of SearchLimits is kept back from every budget", "[timeman]") {
    SearchLimits l = clock_limits(10000, 100);
    for (int64_t overhead : {0, 30, 200, 1000}) {
        l.move_overhead_ms = overhead;
        INFO("overhead " << overhead);
        CHECK(allocate_time(l).hard_ms <= 10000 - overhead);
    }
    l.move_overhead_ms = 10;
    const int64_t small = allocate_time(l).soft_ms;
    l.move_overhead_ms = 1000;
    CHECK(allocate_time(l).soft_ms < small);
    l.move_overhead_ms = -5;  // nonsense reads as no overhead, not as extra time
    CHECK(allocate_time(l).hard_ms <= 10000);
    // Byoyomi keeps it back too, and the engine's reaction time with it.
    SearchLimits byo = clock_limits(0, 0, 3000);
    byo.move_overhead_ms = 100;
    CHECK(allocate_time(byo).hard_ms == 2900);
    byo.reaction_ms = 50;
    CHECK(allocate_time(byo).hard_ms == 2850);
    // A clock shorter than twice the overhead keeps half of it back and still thinks a little.
    SearchLimits tiny = clock_limits(100);
    tiny.move_overhead_ms = 200;
    CHECK(allocate_time(tiny).hard_ms <= 50);
    CHECK(effective_overhead(200, 100) == 6);
    CHECK(effective_overhead(200, 100, 40) == 46);
    CHECK(effective_overhead(200, 100, 400) == 50);
    CHECK(effective_overhead(30, 10000) == 30);
    CHECK(effective_overhead(150, 10000, 100) == 150);  // 10 s + 0.1 s: the whole overhead
}

TEST_CASE("a bullet clock is not swallowed by a network-sized move overhead", "[timeman]") {
    // The default 100 ms Move Overhead plus 50 ms reaction time on Shishi's clock at 1/16 of
    // HaChu's 10 s + 0.1 s: at most a sixteenth of the clock plus the increment is kept back.
    SearchLimits l = clock_limits(625, 6);
    l.move_overhead_ms = 150;
    CHECK(effective_overhead(150, 625, 6) == 45);
    const TimeBudget b = allocate_time(l, 0);
    CHECK(b.soft_ms >= 12);  // was 8 with the whole 150 ms kept back
    CHECK(b.hard_ms <= 625 - 45);
    // A whole game of 190 moves that stops at three quarters of the soft limit (an iteration
    // rarely ends on it) spends the clock down to a few hundred milliseconds, not 600.
    int64_t left = 625;
    for (int move = 0; move < 190; ++move) {
        l.time_left_ms = left;
        left -= allocate_time(l, 2 * move).soft_ms * 3 / 4 + 1;
        REQUIRE(left > 0);
        left += 6;
    }
    CHECK(left < 300);
    CHECK(left >= 100);
    // Clocks of 2.4 s and more keep the whole overhead back.
    CHECK(effective_overhead(150, 2400, 0) == 150);
    // No move runs past its share below eight whole overheads and ten increments (1.26 s
    // here), though the increment is spent whole down to eight overheads as kept back and ten
    // increments (8 x 37 + 10 x 6 = 356 ms with 500 ms left).
    for (int64_t clock : {1250, 1000, 625, 420, 300}) {
        l.time_left_ms = clock;
        const TimeBudget at = allocate_time(l, 60);
        INFO("clock " << clock);
        CHECK(at.hard_ms == at.soft_ms);
    }
    l.time_left_ms = 500;  // 37 ms kept back, a 62 ms reserve: (500 - 37 - 62) / 61 + 6
    CHECK(allocate_time(l, 60).soft_ms == 12);
    l.time_left_ms = 200;  // below 8 x 18 + 10 x 6: (200 - 18 - 25) / 61 + 6 x 200 / 204
    CHECK(allocate_time(l, 60).soft_ms == 2 + 5);
}

TEST_CASE("byoyomi with main time left: the main clock and the period are both used", "[timeman]") {
    const TimeBudget b = allocate_time(clock_limits(500, 0, 1000), 50);
    CHECK(b.hard_ms <= 1500 - OVERHEAD);
    CHECK(b.soft_ms >= 850);
    // No latency reserve is kept from a main clock that may run out without loss.
    CHECK(allocate_time(clock_limits(60000, 0, 1000)).soft_ms > allocate_time(clock_limits(60000)).soft_ms + 900);
}

TEST_CASE("whole bullet games on the hard limit every move never run out", "[timeman]") {
    // Worst case: every move is cut at the hard limit and costs latency on top (below the
    // overhead and below the increment, which pays it back).
    struct Control {
        int64_t base, inc, latency;
    };
    for (Control c : {Control{500, 5, 3}, Control{1000, 10, 5}, Control{10000, 100, 25}, Control{625, 6, 3}}) {
        int64_t left = c.base;
        for (int move = 0; move < 400; ++move) {
            const TimeBudget b = allocate_time(clock_limits(left, c.inc), 2 * move);
            INFO("control " << c.base << "+" << c.inc << " move " << move << " left " << left);
            left -= b.hard_ms + c.latency;
            REQUIRE(left > 0);
            // Below the buffer the hard limit is the soft one, so even this keeps ten times
            // the latency on the clock instead of running it down to the last milliseconds.
            if (move > 50) REQUIRE(left >= 10 * c.latency);
            left += c.inc;
        }
        // Typical (soft limit, hard limit every fourth move): the clock settles where about
        // the increment is still spent a move, not where the engine moves at once.
        left = c.base;
        int64_t least_soft = c.base, least_left = c.base;
        for (int move = 0; move < 400; ++move) {
            const TimeBudget b = allocate_time(clock_limits(left, c.inc), 2 * move);
            least_soft = std::min(least_soft, b.soft_ms);
            left -= (move % 4 == 3 ? b.hard_ms : b.soft_ms) + c.latency;
            REQUIRE(left > 0);
            left += c.inc;
            least_left = std::min(least_left, left);
        }
        INFO("control " << c.base << "+" << c.inc);
        CHECK(least_soft >= (c.inc - c.latency) / 2);  // spends what the increment gives back
        CHECK(least_left >= OVERHEAD);  // and keeps a buffer against spikes
    }
}

TEST_CASE("a clock of days or lishogi's unclocked 2^31-1 ms is not spent in hours a move", "[timeman]") {
    for (int64_t left : {int64_t(2147483647), int64_t(14) * 24 * 3600 * 1000, int64_t(24) * 3600 * 1000}) {
        const TimeBudget b = allocate_time(clock_limits(left));
        REQUIRE(b.limited);
        CHECK(b.soft_ms == MAX_SOFT_MS);
        CHECK(b.hard_ms == MAX_HARD_MS);
        CHECK(scaled_soft_limit(b, 4) <= MAX_HARD_MS);
    }
    // A classical clock keeps its own share: two hours for 40 moves, five hours sudden death.
    SearchLimits classical = clock_limits(2 * 3600 * 1000);
    classical.moves_to_go = 40;
    CHECK(allocate_time(classical).soft_ms < MAX_SOFT_MS);
    CHECK(allocate_time(classical).soft_ms > 2 * 60 * 1000);
    CHECK(allocate_time(clock_limits(5 * 3600 * 1000)).soft_ms < MAX_SOFT_MS);
    // Byoyomi time is the host's promise of a period a move, so it is used as given.
    const TimeBudget byo = allocate_time(clock_limits(int64_t(14) * 24 * 3600 * 1000, 0, 600000));
    CHECK(byo.hard_ms == MAX_HARD_MS + 600000 - OVERHEAD);
}

TEST_CASE("movetime and a clock together: the first limit reached ends the search", "[timeman][usi]") {
    // shoginet's level 9 move with half a second on the clock (issue 23): the clock decides.
    SearchLimits l = clock_limits(500);
    l.movetime_ms = 1500;
    TimeBudget both = allocate_time(l);
    SearchLimits clock_only = clock_limits(500);
    CHECK(both.limited);
    CHECK_FALSE(both.fixed);
    CHECK(both.hard_ms == allocate_time(clock_only).hard_ms);
    CHECK(both.hard_ms <= 500 - effective_overhead(OVERHEAD, 500));
    // A long clock leaves the movetime, spent whole (lishogi's level 1: 50 ms, 20 minutes).
    l = clock_limits(1200000);
    l.movetime_ms = 50;
    SearchLimits fixed_only;
    fixed_only.movetime_ms = 50;
    CHECK(allocate_time(l).fixed);
    CHECK(allocate_time(l).hard_ms == allocate_time(fixed_only).hard_ms);
    // Every combination: never beyond either limit alone, soft within hard.
    for (int64_t mt : {1, 50, 500, 1500, 2000, 10000})
        for (int64_t left : {0, 100, 500, 2000, 10000, 60000, 1200000})
            for (int64_t byo : {0, 1000}) {
                SearchLimits c = clock_limits(left, 0, byo);
                SearchLimits m;
                m.movetime_ms = mt;
                SearchLimits cm = c;
                cm.movetime_ms = mt;
                const TimeBudget b = allocate_time(cm, 40);
                INFO("movetime " << mt << " clock " << left << " byoyomi " << byo);
                CHECK(b.limited);
                CHECK(b.hard_ms <= allocate_time(m, 40).hard_ms);
                CHECK(b.hard_ms <= std::max<int64_t>(1, allocate_time(c, 40).hard_ms));
                CHECK(b.soft_ms <= b.hard_ms);
                CHECK(scaled_soft_limit(b, 0) <= scaled_soft_limit(allocate_time(c, 40), 0));
            }
}

TEST_CASE("a movetime is searched until the move can be delivered, the overhead only where it flags",
          "[timeman][usi]") {
    // USI `go movetime`: only the engine's reaction is kept back, as Stockfish spends it whole;
    // the Move Overhead guards a clock, and no flag falls on a movetime.
    SearchLimits l;
    l.movetime_ms = 1000;
    l.move_overhead_ms = 100;
    l.reaction_ms = 50;
    CHECK(allocate_time(l).hard_ms == 950);
    l.move_overhead_ms = 5000;
    CHECK(allocate_time(l).hard_ms == 950);
    // XBoard's `st` is counted down on its clock and flagged: the overhead is kept back there.
    l.move_overhead_ms = 100;
    l.movetime_flags = true;
    CHECK(allocate_time(l).hard_ms == 850);
    // A short movetime still gets four fifths of itself, whatever is kept back.
    l.movetime_ms = 50;
    CHECK(allocate_time(l).hard_ms == 40);
    l.movetime_flags = false;
    CHECK(allocate_time(l).hard_ms == 40);
}
