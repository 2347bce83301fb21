// Pondering: a ponder hit saves the clock time the pondering already spent (USI ponderhit,
// XBoard hard + the expected reply), a miss costs only the stop; XBoard easy ends it.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/protocol/usi_text.hpp"
#include "usi_harness.hpp"
#include "xboard_test_io.hpp"

using namespace shishi;
using namespace std::chrono_literals;

namespace {
double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// XBoard `hint`: the reply the engine expects (and ponders on under `hard`).
std::string ask_hint(xboard_test::LiveSession& s) {
    s.send("hint");
    REQUIRE(s.wait_for("Hint: ", 10000));
    std::string hint;
    for (const auto& l : s.lines())
        if (l.rfind("Hint: ", 0) == 0) hint = l.substr(6);
    return hint;
}
}  // namespace

TEST_CASE("usi ponder: a hit after pondering longer than the move's share answers at once", "[usi][ponder][slow]") {
    usi_test::Session s;
    s.send("setoption name USI_Hash value 4");
    s.send("position startpos");
    // 300 s sudden death: a share of about 5 s. Pondering 5.5 s has spent it.
    s.send("go ponder btime 300000 wtime 300000");
    std::this_thread::sleep_for(5500ms);
    CHECK_FALSE(s.has_pending("bestmove"));
    const auto t0 = std::chrono::steady_clock::now();
    s.send("ponderhit");
    CHECK(s.expect("bestmove ", 30s) != "");
    // Before, the share started again at the ponderhit (at least 2.4 s more).
    CHECK(seconds_since(t0) < 1.0);
}

TEST_CASE("usi ponder: a miss (stop) answers at once and the real search follows", "[usi][ponder]") {
    usi_test::Session s;
    s.send("setoption name USI_Hash value 4");
    s.send("position startpos moves 3i3h");
    s.send("go ponder btime 300000 wtime 300000");
    std::this_thread::sleep_for(300ms);
    auto t0 = std::chrono::steady_clock::now();
    s.send("stop");
    CHECK(s.expect("bestmove ", 30s) != "");
    CHECK(seconds_since(t0) < 1.0);
    s.send("position startpos moves 4i4h");
    s.send("go btime 300000 wtime 300000 movetime 200");
    CHECK(s.expect("bestmove ", 30s) != "");
}

TEST_CASE("xboard hard: the engine ponders on its expected reply; a hit moves at once", "[xboard][ponder][slow]") {
    xboard_test::LiveSession s;
    for (const char* l : {"xboard", "protover 2", "memory 4", "new", "hard", "level 0 2 0", "time 12000", "otim 12000",
                          "usermove h4h5"})
        s.send(l);
    REQUIRE(s.wait_for("move ", 60000));
    const std::string hint = ask_hint(s);
    std::this_thread::sleep_for(3000ms);  // more than the move's share of 2 minutes
    const int moves_before = xboard_test::count_prefix(s.lines(), "move ");
    const auto t0 = std::chrono::steady_clock::now();
    s.send("time 11700");
    s.send("otim 11700");
    s.send("usermove " + hint);
    while (xboard_test::count_prefix(s.lines(), "move ") == moves_before && seconds_since(t0) < 30)
        std::this_thread::sleep_for(5ms);
    CHECK(xboard_test::count_prefix(s.lines(), "move ") > moves_before);
    CHECK(seconds_since(t0) < 1.0);  // the share (about 2 s) was spent pondering
    s.send("ping 7");
    CHECK(s.wait_for("pong 7", 10000));  // ping during the next pondering is answered
    s.send("easy");
    s.send("force");
    s.send("ping 8");
    CHECK(s.wait_for("pong 8", 10000));
}

TEST_CASE("xboard hard: a miss aborts the pondering and the engine answers the real move", "[xboard][ponder]") {
    xboard_test::LiveSession s;
    for (const char* l : {"xboard", "protover 2", "memory 4", "new", "hard", "st 0.3", "usermove h4h5"})
        s.send(l);
    REQUIRE(s.wait_for("move ", 60000));
    std::this_thread::sleep_for(200ms);
    // Answer with a move unlikely to be the predicted one; if it is, the test still holds.
    s.send("usermove a4a5");
    const auto t0 = std::chrono::steady_clock::now();
    while (xboard_test::count_prefix(s.lines(), "move ") < 2 && seconds_since(t0) < 30)
        std::this_thread::sleep_for(5ms);
    CHECK(xboard_test::count_prefix(s.lines(), "move ") == 2);
    s.send("ping 3");
    CHECK(s.wait_for("pong 3", 10000));
    CHECK(xboard_test::count_prefix(s.lines(), "Illegal") == 0);
}

TEST_CASE("xboard hard: after a miss the real move gets its whole time, as without pondering",
          "[xboard][ponder][slow]") {
    // st 1: one second a move. A miss must neither answer early (a reply searched for the
    // predicted move, or a budget the pondering ate) nor late (the pondering not stopped).
    xboard_test::LiveSession s;
    for (const char* l : {"xboard", "protover 2", "memory 4", "new", "hard", "st 1", "usermove h4h5"})
        s.send(l);
    REQUIRE(s.wait_for("move ", 60000));
    const std::string hint = ask_hint(s);
    std::this_thread::sleep_for(1500ms);  // pondering longer than a whole move's time
    const std::string miss = hint == "a4a5" ? "l4l5" : "a4a5";
    const auto t0 = std::chrono::steady_clock::now();
    s.send("usermove " + miss);
    while (xboard_test::count_prefix(s.lines(), "move ") < 2 && seconds_since(t0) < 30)
        std::this_thread::sleep_for(5ms);
    const double took = seconds_since(t0);
    REQUIRE(xboard_test::count_prefix(s.lines(), "move ") == 2);
    CHECK(took > 0.7);  // the fixed second, less the move overhead (150 ms)
    CHECK(took < 2.0);
    CHECK(xboard_test::count_prefix(s.lines(), "Illegal") == 0);
}
