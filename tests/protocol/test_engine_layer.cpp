// The engine layer under both protocols: exactly one answer per job, stop and ponderhit that
// arrive while the search thread is still starting, aborts, the option table, and the hash
// fallback when memory is short.
#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <sstream>
#include <thread>

#include "shishi/core/movegen.hpp"
#include "shishi/protocol/engine.hpp"
#include "shishi/protocol/startup_options.hpp"
#include "shishi/protocol/usi.hpp"
#include "shishi/search/tt.hpp"
#include "usi_harness.hpp"
#include "xboard_test_io.hpp"

using namespace shishi;
using namespace std::chrono_literals;

namespace {

struct Counted {
    std::atomic<int> answers{0};
    std::atomic<bool> legal{true};
};

Engine::Job job_for(const Position& root, const SearchLimits& limits, Counted& c) {
    Engine::Job job;
    job.root = root;
    job.limits = limits;
    job.on_answer = [&c, root](const SearchResult&, const BestMove& bm) {
        if (!is_legal(root, bm.best)) c.legal = false;
        ++c.answers;
    };
    return job;
}

// Runs f on a thread; false if it has not returned within the time (then `unstick` is called
// until it does, so a failing test ends instead of hanging).
template <class F, class U>
bool finishes_within(std::chrono::milliseconds limit, F f, U unstick) {
    std::atomic<bool> done{false};
    std::thread t([&] {
        f();
        done = true;
    });
    const auto t0 = std::chrono::steady_clock::now();
    while (!done && std::chrono::steady_clock::now() - t0 < limit) std::this_thread::sleep_for(1ms);
    const bool in_time = done;
    while (!done) {
        unstick();
        std::this_thread::sleep_for(10ms);
    }
    t.join();
    return in_time;
}

}  // namespace

TEST_CASE("engine: a stop sent the moment a search starts is not lost", "[engine]") {
    std::ostringstream sink;
    Engine engine(sink, [](std::string_view n) { return std::string(n); });
    REQUIRE(engine.options().set("USI_Hash", "1").ok());
    Counted c;
    SearchLimits infinite;
    infinite.infinite = true;
    // Before the fix, a stop that reached the searcher before search() began was cleared by
    // it, and the infinite search ran (and held its answer) for ever.
    for (int i = 0; i < 50; ++i) {
        engine.start(job_for(Position::start(), infinite, c));
        engine.stop();
        const bool ok = finishes_within(10s, [&] { engine.wait(); }, [&] { engine.stop(); });
        REQUIRE(ok);
    }
    CHECK(c.answers == 50);
    CHECK(c.legal);
}

TEST_CASE("engine: a ponderhit sent the moment a ponder search starts is kept", "[engine]") {
    std::ostringstream sink;
    Engine engine(sink, [](std::string_view n) { return std::string(n); });
    REQUIRE(engine.options().set("USI_Hash", "1").ok());
    Counted c;
    SearchLimits ponder;
    ponder.ponder = true;
    ponder.movetime_ms = 200;
    for (int i = 0; i < 10; ++i) {
        engine.start(job_for(Position::start(), ponder, c));
        engine.ponderhit();
        // the 200 ms run from the ponderhit; a lost ponderhit would ponder for ever
        const bool ok = finishes_within(5s, [&] { engine.wait(); }, [&] { engine.stop(); });
        REQUIRE(ok);
    }
    CHECK(c.answers == 10);
    CHECK(c.legal);
}

TEST_CASE("engine: infinite and ponder searches hold their answer until told", "[engine]") {
    std::ostringstream sink;
    Engine engine(sink, [](std::string_view n) { return std::string(n); });
    REQUIRE(engine.options().set("USI_Hash", "1").ok());
    Counted c;
    SearchLimits l;
    l.infinite = true;
    l.depth = 1;  // done at once, but must not answer before stop
    engine.start(job_for(Position::start(), l, c));
    std::this_thread::sleep_for(200ms);
    CHECK(c.answers == 0);
    CHECK(engine.holding());
    engine.stop();
    engine.wait();
    CHECK(c.answers == 1);

    l = SearchLimits();
    l.ponder = true;
    l.depth = 1;
    engine.start(job_for(Position::start(), l, c));
    std::this_thread::sleep_for(200ms);
    CHECK(c.answers == 1);
    CHECK(engine.pondering());
    engine.ponderhit();  // depth 1 is done: the answer comes at once
    engine.wait();
    CHECK(c.answers == 2);
    CHECK(c.legal);
}

TEST_CASE("engine: abort drops the answer; an illegal or missing best move is replaced", "[engine]") {
    std::ostringstream sink;
    Engine engine(sink, [](std::string_view n) { return std::string(n); });
    REQUIRE(engine.options().set("USI_Hash", "1").ok());
    Counted c;
    SearchLimits l;
    l.infinite = true;
    engine.start(job_for(Position::start(), l, c));
    std::this_thread::sleep_for(50ms);
    engine.abort();
    CHECK(c.answers == 0);
    CHECK_FALSE(engine.searching());

    // the one fallback both protocols use
    SearchResult none;
    BestMove bm = choose_best_move(Position::start(), none);
    CHECK(is_legal(Position::start(), bm.best));
    SearchResult bad;
    bad.best = Move::normal(make_square(0, 0), make_square(5, 5));
    CHECK(is_legal(Position::start(), choose_best_move(Position::start(), bad).best));
}

TEST_CASE("engine: the table clamps resource options and refuses other values out of range", "[engine]") {
    std::ostringstream sink;
    Engine engine(sink, [](std::string_view n) { return std::string(n); });
    OptionTable& t = engine.options();
    OptionSetResult r = t.set("Threads", "1000000");
    CHECK(r.ok());
    CHECK(t.as_int("Threads") == max_threads());
    r = t.set("Contempt", "1001");
    CHECK_FALSE(r.ok());
    CHECK(t.as_int("Contempt") == 0);
    CHECK(t.set("move_overhead", "250").ok());  // names fold case, spaces and underscores
    CHECK(engine.move_overhead_ms() == 250);
    CHECK(t.set("Repetition", "jcsa").ok());
    CHECK(t.value("Repetition") == "JCSA");
    CHECK(engine.rules().repetition == RepetitionRule::JCSA);
    CHECK(max_hash_mb() >= 1);
    CHECK(max_hash_mb() <= MAX_TT_MB);
}

TEST_CASE("engine: a hash the allocator refuses falls back to the largest size it grants", "[engine][no_sanitize]") {
    // In a child process with its address space limited to about 1 GB more than it uses now,
    // ask for 4 GB: the table halves until it fits, the session says so and answers readyok.
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        rlimit lim{};
        getrlimit(RLIMIT_AS, &lim);
        long pages = 0;
        if (FILE* f = fopen("/proc/self/statm", "r")) {
            if (fscanf(f, "%ld", &pages) != 1) pages = 0;
            fclose(f);
        }
        lim.rlim_cur = rlim_t(pages) * rlim_t(sysconf(_SC_PAGE_SIZE)) + (rlim_t(1) << 30);
        setrlimit(RLIMIT_AS, &lim);
        std::istringstream in("setoption name USI_Hash value 4096\nisready\nposition startpos\ngo depth 1\nquit\n");
        std::ostringstream out;
        run_usi(in, out);
        const std::string text = out.str();
        if (write(fds[1], text.data(), text.size()) < 0) _exit(3);
        _exit(0);
    }
    close(fds[1]);
    std::string text;
    char buf[4096];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) text.append(buf, size_t(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    INFO(text);
    CHECK(text.find("info string hash of 4096 MB could not be allocated; using ") != std::string::npos);
    CHECK(text.find("readyok") != std::string::npos);
    CHECK(text.find("bestmove ") != std::string::npos);
}

TEST_CASE("startup options: --Name=value and --Name value, names as the protocols know them", "[engine][cli]") {
    StartupParse p = parse_startup_options({"--Threads=1", "--Move_Overhead", "200", "--USI_Hash=8", "--Resign=1"});
    REQUIRE(p.error.empty());
    REQUIRE(p.options.size() == 4);
    CHECK(p.options[1].name == "Move_Overhead");
    CHECK(p.options[1].value == "200");
    CHECK(parse_startup_options({"--Bogus=3"}).error ==
          "unknown engine option '--Bogus' (the options are listed after `usi`, or by `protover 2` in XBoard)");
    CHECK(parse_startup_options({"--Threads"}).error == "engine option '--Threads' needs a value (--Threads=value)");
    CHECK(parse_startup_options({"--Threads=1", "perft"}).error ==
          "'perft' is not an engine option (expected --Name=value or --Name value)");
    CHECK(looks_like_startup_options({"--Threads=1"}));
    CHECK_FALSE(looks_like_startup_options({"perft", "3"}));
    CHECK_FALSE(looks_like_startup_options({"--help"}));
}

TEST_CASE("startup options are applied before the USI handshake; bad values are reported", "[engine][usi]") {
    std::istringstream in("quit\n");
    std::ostringstream out;
    run_usi(in, out, {{"Threads", "1"}, {"Move Overhead", "250"}, {"Contempt", "lots"}, {"USI_Hash", "8"}});
    auto lines = stream_test::split_lines(out.str());
    CHECK(usi_test::first_with(lines, "option name Move Overhead ") ==
          "option name Move Overhead type spin default 250 min 0 max 60000");
    CHECK(usi_test::first_with(lines, "option name USI_Hash ") ==
          "option name USI_Hash type spin default 8 min 1 max " + std::to_string(max_hash_mb()));
    CHECK(usi_test::first_with(lines, "info string") ==
          "info string command line --Contempt: Contempt needs an integer from -1000 to 1000, got 'lots'");
}

TEST_CASE("startup options are applied before XBoard's first command", "[engine][xboard]") {
    std::istringstream in("protover 2\nquit\n");
    std::ostringstream out;
    run_xboard(in, out, {{"Move_Overhead", "300"}, {"Resign", "1"}});
    auto lines = stream_test::split_lines(out.str());
    CHECK(xboard_test::contains(lines, "feature option=\"Move Overhead -spin 300 0 60000\""));
    CHECK(xboard_test::contains(lines, "feature option=\"Resign -check 1\""));
}
