// EngineProcess processes: lines in and out, deadlines against fast floods, over-long lines, exits.
#include <catch2/catch.hpp>

#include <chrono>

#include "shishi/match/process.hpp"

using namespace shishi::match;
using namespace std::chrono_literals;

TEST_CASE("a child echoes lines back and ends with end of output", "[match][process]") {
    ChildProcess p;
    std::string error, line;
    REQUIRE(p.start("cat", "", "", error));
    CHECK(p.write_line("hello"));
    REQUIRE(p.read_line(line, SteadyClock::now() + 2s) == ChildProcess::ReadStatus::LINE);
    CHECK(line == "hello");
    p.stop();
    CHECK_FALSE(p.running());
}

TEST_CASE("reading stops at the deadline even when a fast flood keeps lines coming", "[match][process]") {
    ChildProcess p;
    std::string error, line;
    REQUIRE(p.start("yes flood", "", "", error));
    // The flood has begun (on a loaded machine the child may need a while to start): only then
    // is the deadline under test.
    REQUIRE(p.read_line(line, SteadyClock::now() + 60s) == ChildProcess::ReadStatus::LINE);
    auto t0 = SteadyClock::now();
    auto deadline = t0 + 300ms;
    long lines = 0;
    while (p.read_line(line, deadline) == ChildProcess::ReadStatus::LINE)
        ++lines;
    auto took = std::chrono::duration<double>(SteadyClock::now() - t0).count();
    CHECK(lines > 0);  // the pending flood is read up to the deadline
    CHECK(took < 1.5);
    p.discard_pending(SteadyClock::now() + 100ms);  // bounded too
    CHECK(std::chrono::duration<double>(SteadyClock::now() - t0).count() < 2.0);
    p.stop();
}

TEST_CASE("an over-long line is cut into pieces of the maximum length", "[match][process]") {
    ChildProcess p;
    std::string error, line;
    REQUIRE(p.start("head -c 200000 /dev/zero | tr '\\0' x; echo; echo done", "", "", error));
    auto deadline = SteadyClock::now() + 5s;
    REQUIRE(p.read_line(line, deadline) == ChildProcess::ReadStatus::LINE);
    CHECK(line.size() == ChildProcess::max_line_length);
    size_t total = line.size();
    while (p.read_line(line, deadline) == ChildProcess::ReadStatus::LINE && line != "done")
        total += line.size();
    CHECK(line == "done");
    CHECK(total == 200000);
}

TEST_CASE("a child that exits is noticed; writing to it fails without killing us", "[match][process]") {
    ignore_sigpipe();
    ChildProcess p;
    std::string error, line;
    REQUIRE(p.start("exit 3", "", "", error));
    CHECK(p.read_line(line, SteadyClock::now() + 2s) == ChildProcess::ReadStatus::CLOSED);
    auto until = SteadyClock::now() + 2s;
    while (!p.exited() && SteadyClock::now() < until) {}
    CHECK(p.exited());
    CHECK_FALSE(p.write_line("anyone?"));
}

TEST_CASE("stop kills a child that ignores end of input and SIGTERM", "[match][process]") {
    ChildProcess p;
    std::string error;
    REQUIRE(p.start("trap '' TERM; while :; do sleep 1; done", "", "", error));
    auto t0 = SteadyClock::now();
    p.stop(100ms);
    CHECK_FALSE(p.running());
    CHECK(std::chrono::duration<double>(SteadyClock::now() - t0).count() < 2.0);
}
