// The command sequences of issue 12 (what hosts send) and issue 15's resource limits, each
// answered as a host expects: one bestmove per go, clamped values with a note, no abort.
#include <catch2/catch.hpp>

#include <chrono>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/protocol/engine.hpp"
#include "shishi/protocol/usi_text.hpp"
#include "usi_harness.hpp"
#include "xboard_test_io.hpp"

using namespace shishi;
using namespace std::chrono_literals;
using usi_test::count_prefix;
using usi_test::first_with;

namespace {

bool legal_bestmove(const std::string& line, const Position& pos) {
    auto words = usi::split_words(line);
    return words.size() >= 2 && words[0] == "bestmove" && parse_usi_move(pos, words[1]);
}

}  // namespace

TEST_CASE("hosts: go movetime 1000.0 (Lishogi-Bot's float) gets its bestmove", "[hosts][usi]") {
    auto out = usi_test::run_script("setoption name USI_Hash value 1\nposition startpos\ngo movetime 1000.0\n");
    REQUIRE(count_prefix(out, "bestmove") == 1);
    CHECK(legal_bestmove(first_with(out, "bestmove"), Position::start()));
    CHECK(count_prefix(out, "info string") == 0);  // 1000.0 is exactly 1000: nothing adjusted
}

TEST_CASE("hosts: go with clocks over a week (unclocked lishogi games) searches and answers stop", "[hosts][usi]") {
    usi_test::Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("position startpos");
    s.send("go btime 2147483647 wtime 2147483647");
    CHECK(s.expect("info depth 1", 30s) != "");  // it searches (it used to refuse the numbers)
    s.send("stop");
    CHECK(legal_bestmove(s.expect("bestmove", 30s), Position::start()));
    CHECK(s.finish() == 0);
    CHECK(count_prefix(s.lines(), "bestmove") == 1);
}

TEST_CASE("hosts: huge, zero, negative and fractional go values each get one bestmove", "[hosts][usi]") {
    const char* gos[] = {
        "go btime 0 wtime 0 byoyomi 100",
        "go btime -500 wtime -500 byoyomi 100",
        "go movetime 0",
        "go movetime -20",
        "go movetime 50.5",
        "go depth 100000 movetime 100",
        "go nodes 0",
        "go nodes 99999999999999999999999 movetime 100",
        "go btime 100.5 wtime 100.5 binc 10.5 winc 10.5",
        "go wtime 200",  // the other side's clock only
        "go depth",
        "go sometimes",
        "go searchmoves 3i3h depth 1",
    };
    for (const char* go : gos) {
        INFO(go);
        auto out = usi_test::run_script(std::string("setoption name USI_Hash value 1\nposition startpos\n") + go +
                                        "\nisready\n");
        CHECK(count_prefix(out, "bestmove") == 1);
        CHECK(legal_bestmove(first_with(out, "bestmove"), Position::start()));
        CHECK(count_prefix(out, "readyok") == 1);
    }
}

TEST_CASE("hosts: resign only when there is no legal move", "[hosts][usi]") {
    // Sente to move has lost its last royal: nothing is legal, so resign is the answer.
    auto out = usi_test::run_script(
        "setoption name USI_Hash value 1\nposition sfen 11k/12/12/12/12/12/12/12/12/12/12/12 b - 1\ngo depth 2\n");
    CHECK(first_with(out, "bestmove") == "bestmove resign");
    out = usi_test::run_script("setoption name USI_Hash value 1\nposition startpos\ngo depth 1\n");
    CHECK(first_with(out, "bestmove") != "bestmove resign");
}

TEST_CASE("hosts: the advertised hash maximum and the issue's hash sizes answer normally", "[hosts][usi]") {
    for (const char* mb : {"65536", "30000"}) {
        INFO(mb);
        // No isready here: on a machine with enough memory that would really allocate it.
        auto out = usi_test::run_script(std::string("setoption name USI_Hash value ") + mb + "\nusi\nquit\n");
        if (int64_t(max_hash_mb()) < std::stoll(mb)) {
            CHECK(first_with(out, "info string") ==
                  std::string("info string setoption: USI_Hash ") + mb + " is above the maximum; using " +
                      std::to_string(max_hash_mb()));
            // the second handshake shows the clamped value
            CHECK(count_prefix(out, "option name USI_Hash type spin default " + std::to_string(max_hash_mb())) == 1);
        }
        CHECK(count_prefix(out, "usiok") == 2);
    }
}

TEST_CASE("hosts: XBoard memory, cores and sd far beyond the machine are clamped with telluser", "[hosts][xboard]") {
    auto out = xboard_test::transcript("xboard\nprotover 2\nmemory 99999999\ncores 100000\nsd 100000\nping 1\n");
    const std::string hash = std::to_string(max_hash_mb()), threads = std::to_string(max_threads());
    CHECK(xboard_test::contains(out,
                                "telluser memory 99999999 MB is more than this machine offers; using " + hash + " MB"));
    CHECK(xboard_test::contains(
        out,
        "telluser cores 100000 is more than the " + threads + " hardware threads of this machine; using " + threads));
    CHECK(xboard_test::contains(out, "telluser sd 100000 is deeper than the search goes; using 127"));
    CHECK(out.back() == "pong 1");
}

TEST_CASE("hosts: XBoard Move Overhead and the other table options", "[hosts][xboard]") {
    auto out = xboard_test::transcript(
        "xboard\nprotover 2\noption Move Overhead=250\noption Move Overhead=-1\n"
        "option Move Overhead=x\nping 1\n");
    CHECK(xboard_test::contains(out, "feature option=\"Move Overhead -spin 100 0 60000\""));
    CHECK(xboard_test::contains(out, "Error (bad option value): option Move Overhead=-1"));
    CHECK(xboard_test::contains(out, "Error (bad option value): option Move Overhead=x"));
    CHECK(out.back() == "pong 1");
}

TEST_CASE("hosts: XBoard go and usermove in play mode end in a move or RESULT", "[hosts][xboard]") {
    // With sd 1 and st values of every odd kind the engine must still move.
    for (const char* limit : {"sd 1\n", "st 0.001\n", "level 0 0 0\ntime 0\notim 0\n", "level 1 0:01 0\ntime -5\n"}) {
        INFO(limit);
        auto out = xboard_test::transcript(std::string("xboard\nprotover 2\nnew\nvariant chu\n") + limit +
                                           "usermove h4h5\nping 1\n");
        int moves = 0;
        for (const auto& l : out)
            moves += l.rfind("move ", 0) == 0 || l.rfind("1-0", 0) == 0 || l.rfind("0-1", 0) == 0;
        CHECK(moves >= 1);
        CHECK(out.back() == "pong 1");
    }
}
