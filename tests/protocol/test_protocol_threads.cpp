// The protocol loops with a multi-threaded search: `stop`, `ponderhit`, `?` and `force` while
// several threads search, and thread/hash changes between searches. These are the tests the
// ThreadSanitizer pass of scripts/test runs (tag [threads]), so they exercise every place where
// the loop thread, the search thread and the helper threads meet; they also check the answers.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <sstream>
#include <thread>
#include <vector>

#include "usi_harness.hpp"
#include "xboard_test_io.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/protocol/engine.hpp"
#include "shishi/protocol/usi_text.hpp"
#include "shishi/tools/bench.hpp"
#include "shell_run.hpp"

using namespace std::chrono_literals;
using namespace shishi;

namespace {

// The move of a "bestmove <move> [ponder <move>]" line parses as legal in pos.
bool bestmove_is_legal(const std::string& line, const Position& pos) {
    auto words = usi::split_words(line);
    return words.size() >= 2 && words[0] == "bestmove" && bool(parse_usi_move(pos, words[1]));
}

using Run = shell_test::ShellResult;
using shell_test::run;

}  // namespace

TEST_CASE("usi threads: stop during a 3-thread infinite search, several times", "[usi][threads]") {
    usi_test::Session s;
    s.send("setoption name USI_Hash value 2");
    s.send("setoption name Threads value 3");
    s.send("isready");
    REQUIRE(s.expect("readyok", 30s) == "readyok");
    for (int round = 0; round < 3; ++round) {
        INFO("round " << round);
        s.send("position startpos");
        s.send("go infinite");
        REQUIRE(s.expect("info depth 1", 30s) != "");
        s.send("stop");
        CHECK(bestmove_is_legal(s.expect("bestmove ", 30s), Position::start()));
    }
    CHECK(s.finish() == 0);
    CHECK(usi_test::count_prefix(s.lines(), "bestmove ") == 3);
}

TEST_CASE("usi threads: ponderhit and a ponder miss with 2 threads", "[usi][threads]") {
    usi_test::Session s;
    s.send("setoption name USI_Hash value 2");
    s.send("setoption name Threads value 2");
    s.send("position startpos");
    s.send("go ponder btime 2000 wtime 2000");
    REQUIRE(s.expect("info depth 1", 30s) != "");
    s.send("ponderhit");
    CHECK(bestmove_is_legal(s.expect("bestmove ", 30s), Position::start()));
    s.send("go ponder depth 3");
    REQUIRE(s.expect("info depth 1", 30s) != "");
    s.send("stop");  // the opponent played something else
    CHECK(bestmove_is_legal(s.expect("bestmove ", 30s), Position::start()));
    CHECK(s.finish() == 0);
}

TEST_CASE("usi threads: thread count and hash size change between searches", "[usi][threads]") {
    usi_test::Session s;
    s.send("position startpos");
    int answered = 0;
    for (const char* threads : {"1", "4", "2", "3", "1", "2"}) {
        INFO(threads << " threads");
        s.send(std::string("setoption name Threads value ") + threads);
        s.send(std::string("setoption name USI_Hash value ") + (answered % 2 ? "1" : "2"));
        s.send("isready");
        REQUIRE(s.expect("readyok", 30s) == "readyok");
        s.send("go nodes 3000");
        CHECK(bestmove_is_legal(s.expect("bestmove ", 30s), Position::start()));
        ++answered;
    }
    CHECK(s.finish() == 0);
    CHECK(usi_test::count_prefix(s.lines(), "bestmove ") == answered);
}

TEST_CASE("usi threads: quit and end of input during a 4-thread search", "[usi][threads]") {
    for (const char* ending : {"quit\n", ""}) {
        int rc = -1;
        auto out = usi_test::run_script(
            "setoption name USI_Hash value 1\nsetoption name Threads value 4\nposition startpos\n"
            "go infinite\n" +
                std::string(ending),
            &rc);
        CHECK(rc == 0);
        CHECK(usi_test::count_prefix(out, "bestmove ") == 1);
    }
}

TEST_CASE("xboard threads: ?, force and cores changes with a multi-threaded search", "[xboard][threads]") {
    xboard_test::LiveSession s;
    s.send("xboard");
    s.send("protover 2");
    s.send("new");
    s.send("variant chu");
    s.send("memory 2");
    s.send("cores 3");
    s.send("post");
    s.send("st 30");  // long: it is `?` that ends the search
    s.send("go");
    REQUIRE(s.wait_for("1 ", 30000));  // a thinking line of depth 1
    s.send("?");
    REQUIRE(s.wait_for("move ", 30000));
    // The engine has moved; the opponent replies, the engine thinks, and `force` stops it.
    s.send("force");
    s.send("new");
    s.send("variant chu");
    s.send("cores 2");
    s.send("sd 3");
    s.send("go");
    s.send("force");
    s.send("cores 4");
    s.send("analyze");
    std::this_thread::sleep_for(200ms);
    s.send("exit");
    s.send("cores 1");
    s.send("sd 2");
    s.send("go");
    s.send("ping 7");
    REQUIRE(s.wait_for("pong 7", 30000));
    CHECK(s.finish() == 0);
    // Only searches that were not stopped by force play a move: the first and the last.
    CHECK(usi_test::count_prefix(s.lines(), "move ") >= 2);
}

TEST_CASE("bench runs with several threads", "[search][threads]") {
    std::ostringstream out;
    const uint64_t nodes = run_bench(3, out, 3);
    CHECK(nodes > 0);
    const std::string text = out.str();
    CHECK(text.find("position 8 depth 3") != std::string::npos);
    CHECK(text.find("best none") == std::string::npos);
}

// A fresh process, so the first evaluation may happen on a helper thread (in the test binary the
// evaluation tables are built long before any search). Under ThreadSanitizer a race makes the
// process exit with status 66; this is how the lazily built evaluation tables were caught.
TEST_CASE("threads in a fresh engine process: bench and a USI session exit cleanly", "[threads]") {
    Run bench = run(std::string(SHISHI_EXE) + " bench 3 3");
    INFO(bench.out);
    CHECK(bench.status == 0);
    CHECK(bench.out.find("\nnodes ") != std::string::npos);

    Run session =
        run("printf 'usi\\nsetoption name USI_Hash value 2\\nsetoption name Threads value 3\\n"
            "position startpos\\ngo infinite\\nisready\\nstop\\ngo ponder depth 2\\nponderhit\\n"
            "setoption name Threads value 2\\ngo nodes 2000\\nquit\\n' | " +
            std::string(SHISHI_EXE));
    INFO(session.out);
    CHECK(session.status == 0);
    CHECK(session.out.find("readyok") != std::string::npos);
    CHECK(session.out.find("bestmove") != std::string::npos);

    Run xboard =
        run("printf 'xboard\\nprotover 2\\nnew\\nvariant chu\\nmemory 2\\ncores 3\\nsd 3\\ngo\\n"
            "ping 1\\nanalyze\\nexit\\nquit\\n' | " +
            std::string(SHISHI_EXE));
    INFO(xboard.out);
    CHECK(xboard.status == 0);
    CHECK(xboard.out.find("\nmove ") != std::string::npos);
    CHECK(xboard.out.find("pong 1") != std::string::npos);
}

TEST_CASE("engine: one search thread serves search after search", "[engine][threads]") {
    // A thread per search cost 36-48 ms a move under Wine (docs/windows.md). The thread that
    // answered the first search answers the next ones: a fresh thread would find the marker
    // unset.
    static thread_local bool served_before = false;
    std::ostringstream sink;
    Engine engine(sink, [](std::string_view n) { return std::string(n); });
    REQUIRE(engine.options().set("USI_Hash", "1").ok());
    std::vector<bool> seen;  // written by the search thread, read after wait()
    for (int i = 0; i < 3; ++i) {
        Engine::Job job;
        job.root = Position::start();
        job.limits.depth = 1;
        job.on_answer = [&seen](const SearchResult&, const BestMove&) {
            seen.push_back(served_before);
            served_before = true;
        };
        engine.start(std::move(job));
        CHECK(engine.active());
        engine.wait();
        CHECK_FALSE(engine.active());
    }
    REQUIRE(seen.size() == 3);
    CHECK_FALSE(seen[0]);
    CHECK(seen[1]);
    CHECK(seen[2]);
}
