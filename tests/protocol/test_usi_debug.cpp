// USI debug commands: perft with per-move counts in USI notation.
#include <catch2/catch.hpp>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/perft.hpp"
#include "shishi/protocol/line_output.hpp"
#include "shishi/protocol/usi_debug.hpp"
#include "usi_harness.hpp"

using namespace usi_test;
using namespace shishi;

TEST_CASE("usi perft: per-move counts in USI notation and the total", "[usi]") {
    // perft runs on its own thread and end of input stops it: wait for its total.
    Session s;
    s.send("position startpos");
    s.send("perft 2");
    REQUIRE(!s.expect("nodes ").empty());
    s.send("quit");
    REQUIRE(s.finish() == 0);
    auto out = s.lines();
    Position pos = Position::start();
    std::string total = first_with(out, "nodes ");
    CHECK(total == "nodes " + std::to_string(perft(pos, 2)));
    // one line per legal move, each a legal USI move
    int rows = 0;
    uint64_t sum = 0;
    for (const auto& l : out) {
        auto colon = l.find(": ");
        if (colon == std::string::npos || starts_with(l, "info")) continue;
        ++rows;
        CHECK(parse_usi_move(pos, l.substr(0, colon)));
        sum += std::stoull(l.substr(colon + 2));
    }
    CHECK(rows == count_legal(pos));
    CHECK("nodes " + std::to_string(sum) == total);
}

TEST_CASE("usi perft: a bad depth is refused", "[usi]") {
    for (const char* cmd : {"perft", "perft 0", "perft 7", "perft x", "perft 1 2"}) {
        INFO(cmd);
        auto out = run_script(std::string(cmd) + "\n");
        CHECK(first_with(out, "info string") == "info string perft: expected one depth from 1 to 6");
        CHECK(count_prefix(out, "nodes") == 0);
    }
}

TEST_CASE("usi perft: the next perft is accepted as soon as the total is read", "[usi]") {
    // A host waits for `nodes N`, then asks again; the run must count as ended by then.
    Session s;
    s.send("position startpos");
    int refused = 0;
    for (int i = 0; i < 200; ++i) {
        s.send("perft 1");
        for (;;) {
            const std::string line = s.expect("");
            REQUIRE(!line.empty());
            if (starts_with(line, "info string perft")) {
                ++refused;
                break;
            }
            if (starts_with(line, "nodes ")) break;
        }
    }
    CHECK(refused == 0);
    s.send("quit");
    CHECK(s.finish() == 0);
}

TEST_CASE("usi perft: a run counts as ended when its last line is written", "[usi]") {
    // A host may send the next perft the moment it reads the total (or the stop line): the
    // run must not count as running by then. Read at that very line, whichever way it ends.
    for (int depth : {1, 5}) {
        INFO("depth " << depth);
        usi::PerftRun run;
        std::string last;
        bool running_at_last = true;
        LineOutput out([&](std::string_view l) {
            if (starts_with(std::string(l), "nodes ") || starts_with(std::string(l), "info string perft stopped")) {
                last = std::string(l);
                running_at_last = run.running();
            }
        });
        run.start(Position::start(), depth, out);
        if (depth == 5) run.stop();  // usually cut short: the stop line is the last
        run.stop();  // joins
        REQUIRE(!last.empty());
        CHECK_FALSE(running_at_last);
    }
}
