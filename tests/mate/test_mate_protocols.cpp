// The mate solver through the protocols: USI's `go mate` (checkmate answers, stop, the option
// that keeps Fairy-Stockfish's reading) and XBoard's Tsume option.
#include <catch2/catch.hpp>

#include "usi_harness.hpp"
#include "xboard_test_io.hpp"

namespace {

// From tests/data/mate/suite.tsv: the Lion takes the Prince and mates (5c3b); a lone Gold
// checks but cannot mate; MSM-A17, which takes the solver about 600 000 nodes.
const std::string PRINCE = "11k/9+e2/7N4/12/12/12/12/12/12/12/12/K11 b - 1";
const std::string LONE_GOLD = "11k/12/9G2/12/12/12/12/12/12/12/12/K11 b - 1";
const std::string A17 = "3s1+G2+D3/3c1e6/3gvk2+dm2/+H1q2p3tN1/1ppp1b4p1/m2+ap1cp4/8i3/1Q9p/+r5+r5/5X5R/12/11K b - 1";

}  // namespace

TEST_CASE("USI go mate <ms>: checkmate with the line, or checkmate nomate", "[mate][usi]") {
    const auto lines = usi_test::run_script("usi\nposition sfen " + PRINCE + "\ngo mate 60000\nposition sfen " +
                                            LONE_GOLD + "\ngo mate infinite\nquit\n");
    std::vector<std::string> answers;
    for (const auto& l : lines)
        if (usi_test::starts_with(l, "checkmate")) answers.push_back(l);
    REQUIRE(answers.size() == 2);
    CHECK(answers[0] == "checkmate 5c3b");
    CHECK(answers[1] == "checkmate nomate");
    CHECK(usi_test::count_prefix(lines, "bestmove") == 0);
}

TEST_CASE("USI go mate infinite then stop: checkmate timeout", "[mate][usi]") {
    usi_test::Session s;
    s.send("usi");
    REQUIRE(s.expect("usiok") == "usiok");
    s.send("setoption name Rules value book");
    s.send("position sfen " + A17);
    s.send("go mate infinite");
    s.send("stop");
    CHECK(s.expect("checkmate") == "checkmate timeout");
    // The session goes on: the next go mate is answered too.
    s.send("position sfen " + PRINCE);
    s.send("go mate 60000");
    CHECK(s.expect("checkmate") == "checkmate 5c3b");
}

TEST_CASE("USI Go_Mate_In_Moves keeps Fairy-Stockfish's go mate N (answered by bestmove)", "[mate][usi]") {
    const auto lines = usi_test::run_script("usi\nsetoption name Go_Mate_In_Moves value true\nposition sfen " + PRINCE +
                                            "\ngo mate 1\nquit\n");
    CHECK(usi_test::count_prefix(lines, "bestmove") == 1);
    CHECK(usi_test::count_prefix(lines, "checkmate") == 0);
    CHECK(usi_test::first_with(lines, "option name Go_Mate_In_Moves") ==
          "option name Go_Mate_In_Moves type check default false");
}

TEST_CASE("XBoard Tsume: analysis shows the mate as PV with a mate score; go plays its first move", "[mate][xboard]") {
    xboard_test::LiveSession s;
    s.send("xboard");
    s.send("protover 2");
    s.send("option Tsume=Sente mates");
    s.send("setboard " + PRINCE.substr(0, PRINCE.find(' ')) + " w 0 1");
    s.send("post");
    s.send("analyze");
    // Mate in one: the capture follows two plies later, XBoard's 100000 + 2.
    REQUIRE(s.wait_for("1 100002 "));
    s.send("exit");
    s.send("force");
    s.send("go");
    REQUIRE(s.wait_for("move "));
    const auto lines = s.lines();
    CHECK(xboard_test::contains(lines, "move h10j11"));
    bool pv = false;
    for (const auto& l : lines)
        if (l.rfind("1 100002 ", 0) == 0 && l.find(" h10j11") != std::string::npos) pv = true;
    CHECK(pv);
}

TEST_CASE("XBoard Tsume: no mate is said in the thinking output, then the normal search moves", "[mate][xboard]") {
    xboard_test::LiveSession s;
    s.send("xboard");
    s.send("protover 2");
    s.send("option Tsume=Sente mates");
    s.send("setboard " + LONE_GOLD.substr(0, LONE_GOLD.find(' ')) + " w 0 1");
    s.send("post");
    s.send("sd 2");
    s.send("go");
    REQUIRE(s.wait_for("move "));
    bool said = false;
    for (const auto& l : s.lines())
        if (l.find("no mate found") != std::string::npos) said = true;
    CHECK(said);
}

TEST_CASE("XBoard Tsume for the other side leaves the search alone", "[mate][xboard]") {
    xboard_test::LiveSession s;
    s.send("xboard");
    s.send("protover 2");
    s.send("option Tsume=Gote mates");
    s.send("setboard " + PRINCE.substr(0, PRINCE.find(' ')) + " w 0 1");
    s.send("post");
    s.send("sd 1");
    s.send("go");
    REQUIRE(s.wait_for("move "));
    for (const auto& l : s.lines())
        CHECK(l.find("no mate found") == std::string::npos);
}
