// What a host can send to the protocol loops while the engine thinks, and numbers and text no
// host should send. Nothing crashes or hangs, every `go` is answered, bad input gets a
// clear message and changes nothing.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "usi_harness.hpp"
#include "xboard_test_io.hpp"

using stream_test::count_prefix;

namespace {

// An XBoard session whose engine is thinking about its move for about two seconds.
void start_thinking(xboard_test::LiveSession& s) {
    for (const char* c : {"xboard", "protover 2", "new", "st 2", "go"})
        s.send(c);
}

// An XBoard session whose engine thinks until told to move (`?`): a command sent now surely
// arrives during the search, however loaded the machine.
void start_thinking_long(xboard_test::LiveSession& s) {
    for (const char* c : {"xboard", "protover 2", "new", "level 0 60 0", "time 360000", "otim 360000", "go"})
        s.send(c);
}

// Sends `command` while the engine thinks, expects `answer`, then checks that the search is still
// there: `?` makes it move (on the old code the refusal had stopped it and no move came), and
// exactly one move comes.
void refused_while_thinking(const std::string& command, const std::string& answer) {
    INFO(command);
    xboard_test::LiveSession s;
    start_thinking_long(s);
    s.send(command);
    REQUIRE(s.wait_for(answer));
    s.send("?");
    REQUIRE(s.wait_for("move ", 60000));
    s.send("ping 1");
    REQUIRE(s.wait_for("pong 1"));
    CHECK(count_prefix(s.lines(), "move ") == 1);
    s.send("quit");
    CHECK(s.finish() == 0);
}

bool has_line(xboard_test::LiveSession& s, const std::string& prefix) {
    for (const std::string& l : s.lines())
        if (l.rfind(prefix, 0) == 0) return true;
    return false;
}

}  // namespace

TEST_CASE("xboard: a refused move while the engine thinks changes nothing; its move still comes",
          "[xboard][robustness][issue24]") {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"usermove zz", "Illegal move (malformed move): zz"},
        // The user's next move sent early (a premove, the user's own piece): out of turn.
        {"usermove h9h8", "Illegal move (not your turn: the engine is thinking about its move): h9h8"},
        {"a0b0", "Illegal move ("},  // a bare move (protocol 1)
        // Legal for the side to move, but that side is the engine's and it is thinking.
        {"usermove h4h5", "Illegal move (not your turn: the engine is thinking about its move): h4h5"},
    };
    for (const auto& [command, answer] : cases)
        refused_while_thinking(command, answer);
}

TEST_CASE("xboard: bad commands while the engine thinks are refused and do not stop it",
          "[xboard][robustness][issue24]") {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"setboard nonsense", "tellusererror Illegal position"},
        {"undo", "Error (command not legal now): undo"},
        {"remove", "Error (command not legal now): remove"},
        {"variant shogi", "Error (unsupported variant): variant shogi"},
        {"option Nonsense=1", "Error (unknown option): option Nonsense=1"},
        {"option Resign=maybe", "Error (bad option value): option Resign=maybe"},
        {"memory lots", "Error (bad argument): memory lots"},
        {"cores 0", "Error (bad argument): cores 0"},
        {"exclude z9z9", "Error (illegal move): exclude z9z9"},
        {"usermove", "Error (bad argument): usermove"},
        {"edit", "Error (unknown command): edit"},
        {"frobnicate", "Error (unknown command): frobnicate"},
        {"level 40 1e30 0", "Error (bad argument): level 40 1e30 0"},
    };
    for (const auto& [command, answer] : cases)
        refused_while_thinking(command, answer);
}

TEST_CASE("xboard: exit, exclude and variant chu outside analysis leave a game search running",
          "[xboard][robustness][issue24]") {
    xboard_test::LiveSession s;
    start_thinking(s);
    s.send("exit");
    s.send("exclude all");
    s.send("variant chu");
    REQUIRE(s.wait_for("move ", 60000));
    s.send("ping 1");
    REQUIRE(s.wait_for("pong 1"));
    CHECK(!has_line(s, "Error"));
    s.send("quit");
    CHECK(s.finish() == 0);
}

TEST_CASE("xboard: option, memory and cores while the engine thinks apply after its move",
          "[xboard][robustness][issue24]") {
    xboard_test::LiveSession s;
    start_thinking(s);
    s.send("option Contempt=5");
    s.send("memory 2");
    s.send("cores 1");
    s.send("ping 1");
    REQUIRE(s.wait_for("pong 1", 60000));
    CHECK(count_prefix(s.lines(), "move ") == 1);
    CHECK(!has_line(s, "Error"));
    s.send("quit");
    CHECK(s.finish() == 0);
}

TEST_CASE("xboard: numbers follow one rule: malformed is refused, too large is clamped with a note",
          "[xboard][robustness][issue24]") {
    const auto out = xboard_test::transcript(
        "xboard\nlevel 40 1e30 0\nlevel 0 1:30+5 0\nlevel 0 5 1e3\nst 1e3\nst 0x10\ntime 5e2\nsd 1.5\n"
        "level 0 99999999999999 0\nlevel 0 99999999999999999999999 0\ntime 99999999999999999999\n"
        "otim 99999999999999999999\nst 99999999999999\nsd 99999999999999999999\nping 1\n");
    const std::vector<std::string> expected = {
        "Error (bad argument): level 40 1e30 0",
        "Error (bad argument): level 0 1:30+5 0",
        "Error (bad argument): level 0 5 1e3",
        "Error (bad argument): st 1e3",
        "Error (bad argument): st 0x10",
        "Error (bad argument): time 5e2",
        "Error (bad argument): sd 1.5",
        "telluser level 99999999999999 is longer than the longest clock this engine keeps (10 years); using 10 years",
        "telluser level 99999999999999999999999 is longer than the longest clock this engine keeps (10 years); using "
        "10 years",
        "telluser time 99999999999999999999 is longer than the longest clock this engine keeps (10 years); using 10 "
        "years",
        "telluser otim 99999999999999999999 is longer than the longest clock this engine keeps (10 years); using 10 "
        "years",
        "telluser st 99999999999999 is longer than the longest clock this engine keeps (10 years); using 10 years",
        "telluser sd 99999999999999999999 is deeper than the search goes; using 127",
        "pong 1",
    };
    CHECK(out == expected);
}

TEST_CASE("xboard: memory and cores beyond any machine are clamped like every other number",
          "[xboard][robustness][issue24]") {
    const auto out = xboard_test::transcript(
        "xboard\nmemory 99999999999999999999\ncores 99999999999999999999\n"
        "memory 1e9\ncores +2\nping 1\n");
    REQUIRE(out.size() == 5);
    CHECK(out[0].rfind("telluser memory 99999999999999999999 MB is more than this machine offers; using ", 0) == 0);
    CHECK(out[1].rfind("telluser cores 99999999999999999999 is more than the ", 0) == 0);
    CHECK(out[2] == "Error (bad argument): memory 1e9");
    CHECK(out[3] == "Error (bad argument): cores +2");
    CHECK(out[4] == "pong 1");
}

TEST_CASE("xboard: a huge clock still plays a move", "[xboard][robustness][issue24]") {
    const auto out = xboard_test::transcript(
        "xboard\nnew\nlevel 0 99999999999999 0\ntime 99999999999999999999\n"
        "sd 2\ngo\nping 1\n");
    CHECK(count_prefix(out, "move ") == 1);
    CHECK(out.back() == "pong 1");
}

TEST_CASE("xboard: a megabyte of unknown command and binary bytes are quoted short and escaped",
          "[xboard][robustness][issue24]") {
    const std::string huge(1 << 20, 'x');
    const std::string binary = std::string("ab\x01\x7f\xff\x1b[2J", 9);
    const auto out = xboard_test::transcript("xboard\n" + huge + "\n" + binary + "\nping 1\n");
    REQUIRE(out.size() == 3);
    const std::string quoted = std::string(80, 'x').append("... (1048576 bytes)");
    CHECK(out[0] == std::string("Error (unknown command): ").append(quoted));
    CHECK(out[1] == "Error (unknown command): ab\\x01\\x7f\\xff\\x1b[2J");
    CHECK(out[2] == "pong 1");
}

TEST_CASE("usi: perft runs like a search: isready is answered during it and stop ends it",
          "[usi][robustness][issue24]") {
    usi_test::Session s;
    s.send("position startpos");
    s.send("perft 6");  // about a minute of counting
    s.send("isready");
    REQUIRE(s.expect("readyok", std::chrono::seconds(20)) == "readyok");
    s.send("stop");
    const std::string stopped = s.expect("info string perft stopped: ", std::chrono::seconds(20));
    REQUIRE(!stopped.empty());
    CHECK(count_prefix(s.lines(), "nodes ") == 0);  // no total claimed for a partial count
    // The engine goes on as before.
    s.send("go depth 1");
    CHECK(!s.expect("bestmove ").empty());
    s.send("quit");
    CHECK(s.finish() == 0);
}

TEST_CASE("usi: go, quit and end of input end a perft run", "[usi][robustness][issue24]") {
    SECTION("go") {
        usi_test::Session s;
        s.send("perft 6");
        s.send("go depth 1");
        REQUIRE(!s.expect("info string go while perft runs: perft is stopped", std::chrono::seconds(20)).empty());
        CHECK(!s.expect("bestmove ").empty());
        s.send("quit");
        CHECK(s.finish() == 0);
    }
    SECTION("quit") {
        usi_test::Session s;
        s.send("perft 6");
        s.send("quit");
        CHECK(s.finish() == 0);
        CHECK(count_prefix(s.lines(), "nodes ") == 0);
    }
    SECTION("end of input") {
        usi_test::Session s;
        s.send("perft 6");
        CHECK(s.finish() == 0);
        CHECK(count_prefix(s.lines(), "nodes ") == 0);
    }
}

TEST_CASE("usi: a second perft while one runs is refused", "[usi][robustness][issue24]") {
    usi_test::Session s;
    s.send("perft 6");
    s.send("perft 1");
    REQUIRE(
        !s.expect("info string perft ignored: a perft is running (send stop first)", std::chrono::seconds(20)).empty());
    s.send("stop");
    REQUIRE(!s.expect("info string perft stopped: ", std::chrono::seconds(20)).empty());
    CHECK(count_prefix(s.lines(), "nodes ") == 0);  // perft 1 never ran
    s.send("quit");
    CHECK(s.finish() == 0);
}

TEST_CASE("usi: a megabyte of unknown command and binary bytes are quoted short and escaped",
          "[usi][robustness][issue24]") {
    const std::string huge(1 << 20, 'x');
    const std::string binary = std::string("ab\x01\x7f\xff\x1b[2J", 9);
    const auto out = usi_test::run_script(huge + "\n" + binary + "\nisready\n");
    CHECK(usi_test::first_with(out, "info string unknown command 'x") ==
          std::string("info string unknown command '").append(80, 'x').append("... (1048576 bytes)'"));
    CHECK(usi_test::first_with(out, "info string unknown command 'ab") ==
          "info string unknown command 'ab\\x01\\x7f\\xff\\x1b[2J'");
    CHECK(out.back() == "readyok");
}
