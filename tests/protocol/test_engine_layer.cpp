// The engine layer under both protocols: exactly one answer per job, stop and ponderhit that
// arrive while the search thread is still starting, aborts, the option table, the hash
// fallback when memory is short, the one game both sessions play, and the line sessions.
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
#include "shishi/protocol/xboard.hpp"
#include "shishi/search/tt.hpp"
#include "test_support.hpp"
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
    while (!done && std::chrono::steady_clock::now() - t0 < limit)
        std::this_thread::sleep_for(1ms);
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
        const bool ok = finishes_within(
            10s, [&] { engine.wait(); }, [&] { engine.stop(); });
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
        const bool ok = finishes_within(
            5s, [&] { engine.wait(); }, [&] { engine.stop(); });
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
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;)
        text.append(buf, size_t(n));
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
    CHECK(usi_test::first_with(lines, "option name Move_Overhead ") ==
          "option name Move_Overhead type spin default 250 min 0 max 60000");
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

namespace {

std::string plain(std::string_view note) { return std::string(note); }

// Black's King takes White's last piece but the King: King against King, a draw under lishogi
// (bare King rule), the game going on under XBoard's rules (test_bare_king_search.cpp).
const char* const KK_PIECES = "Kl1 Rb11 ka12";
const char* const KK_TAIL = "b - - 0 1";
const char* const KK_TAKE = "a12b11";

}  // namespace

TEST_CASE("engine: one game, set, played, taken back and judged by the rules the options choose", "[engine][rules]") {
    std::ostringstream sink;
    Engine engine(sink, plain, lishogi_rules());
    const Position start = test::board(KK_PIECES, KK_TAIL);  // under the book's rules
    engine.set_position(start);
    CHECK(engine.game().plies() == 0);
    CHECK(engine.position().rules() == lishogi_rules());  // the game's rules, not the start's
    engine.play(test::mv(start, KK_TAKE));
    CHECK(engine.status().outcome == Outcome::DRAW);

    // A rule option changes the rules of the game in progress, its moves kept.
    REQUIRE(engine.options().set("Rules", "xboard").ok());
    CHECK(engine.rules() == xboard_rules());
    CHECK(engine.position().rules() == xboard_rules());
    CHECK(engine.game().plies() == 1);
    CHECK_FALSE(engine.status().over());
    // And the host's own choice (USI_Variant) does, with the options showing it.
    engine.set_rules(lishogi_rules());
    CHECK(engine.status().outcome == Outcome::DRAW);
    CHECK(engine.options().find("Rules")->value == "lishogi");

    CHECK(engine.undo());
    CHECK(engine.position().key() == start.key());
    CHECK_FALSE(engine.status().over());
    CHECK_FALSE(engine.undo());
}

TEST_CASE("engine: a position's moves are the game record its end is judged on", "[engine][rules]") {
    std::ostringstream sink;
    Engine engine(sink, plain, xboard_rules());
    // Both Kings walk out and back twice: the start position comes a third time, and the
    // same again: the fourth time ends the game (XBoard's rule: the side that repeated loses).
    const Position start = test::board("Kl1 ka12", "w - - 0 1");
    std::vector<Move> moves;
    Position p = start;
    for (int round = 0; round < 3; ++round)
        for (const char* text : {"l1k1", "a12b12", "k1l1", "b12a12"}) {
            moves.push_back(test::mv(p, text));
            p.make(moves.back());
        }
    engine.set_position(start, moves);
    CHECK(engine.game().moves() == moves);
    CHECK(engine.game().start_position().key() == start.key());
    CHECK(engine.position().key() == start.key());
    const GameStatus status = engine.status();
    INFO(status.reason);
    CHECK(status.over());
    // A new position replaces the record: nothing of the old one is judged.
    engine.set_position(start, {moves.begin(), moves.begin() + 4});
    CHECK(engine.game().plies() == 4);
    CHECK_FALSE(engine.status().over());
}

TEST_CASE("engine: a job is built on the game's position with its status, or after the expected reply", "[engine]") {
    std::ostringstream sink;
    Engine engine(sink, plain, lishogi_rules());
    REQUIRE(engine.options().set("USI_Hash", "1").ok());
    const Position start = test::board(KK_PIECES, KK_TAIL);
    engine.set_position(start);
    const Move take = test::mv(engine.position(), KK_TAKE);
    SearchLimits limits;
    limits.depth = 1;

    const Engine::Job now = engine.job(limits);
    CHECK(now.root.key() == engine.position().key());
    CHECK(now.limits.depth == 1);
    CHECK_FALSE(now.status.over());

    Engine::Job after = engine.job(limits, take);
    CHECK(after.root.plies() == 1);
    CHECK(after.status.outcome == Outcome::DRAW);
    CHECK(engine.game().plies() == 0);  // building it played nothing on the game
    // A job on a finished game answers at once with no move.
    std::atomic<int> answers{0};
    Move best = take;
    after.on_answer = [&](const SearchResult&, const BestMove& bm) {
        best = bm.best;
        ++answers;
    };
    engine.start(std::move(after));
    engine.wait();
    CHECK(answers == 1);
    CHECK(best.is_none());
}

TEST_CASE("usi: a Rules setoption changes the status of the game in progress", "[engine][usi][rules]") {
    const Position start = test::board(KK_PIECES, KK_TAIL);
    const std::string position = "position sfen " + to_sfen(start) + " moves " + move_to_usi(test::mv(start, KK_TAKE));
    usi_test::Session s;
    s.send("usi");
    s.send(position);
    s.send("go depth 1");  // lishogi's rules: King against King is a draw
    CHECK(s.expect("info string game over by rule, draw") != "");
    CHECK(s.expect("bestmove") == "bestmove resign");
    s.send("setoption name Rules value xboard");  // no new position: the game goes on
    s.send("go depth 1");
    const std::string answer = s.expect("bestmove");
    CHECK(answer.rfind("bestmove ", 0) == 0);
    CHECK(answer != "bestmove resign");
    s.send("setoption name Rules value lishogi");
    s.send("go depth 1");
    CHECK(s.expect("bestmove") == "bestmove resign");
}

TEST_CASE("xboard: a Rules option changes the status of the game in progress", "[engine][xboard][rules]") {
    for (const bool lishogi : {false, true}) {
        xboard_test::LiveSession s;
        s.send("xboard");
        s.send("protover 2");
        s.send("new");
        s.send("force");
        s.send("setboard " + test::fen_of(KK_PIECES, KK_TAIL));
        s.send(std::string("usermove ") + KK_TAKE);  // force mode: played, not judged
        if (lishogi) s.send("option Rules=lishogi");
        s.send("sd 2");
        s.send("go");
        INFO("lishogi " << lishogi);
        // XBoard's rules: the game goes on and the engine moves; lishogi's: it is a draw.
        CHECK(s.wait_for(lishogi ? "1/2-1/2 {" : "move ", 120000));
        s.send("quit");
        s.finish();
        CHECK(xboard_test::count_prefix(s.lines(), lishogi ? "move " : "1/2-1/2") == 0);
    }
}

TEST_CASE("line sessions: each protocol's output lines reach the host's callback whole", "[engine][usi][xboard]") {
    std::vector<std::string> usi_lines;
    {
        std::unique_ptr<LineSession> usi =
            make_usi_session([&](std::string_view l) { usi_lines.emplace_back(l); }, {{"Threads", "1"}});
        CHECK(usi->handle_line("usi"));
        CHECK(usi->handle_line("isready"));
        CHECK_FALSE(usi->handle_line("quit"));
    }
    CHECK(std::count(usi_lines.begin(), usi_lines.end(), "usiok") == 1);
    CHECK(usi_lines.back() == "readyok");
    std::vector<std::string> xboard_lines;
    {
        std::unique_ptr<LineSession> xboard =
            make_xboard_session([&](std::string_view l) { xboard_lines.emplace_back(l); });
        CHECK(xboard->handle_line("xboard"));
        CHECK(xboard->handle_line("protover 2"));
        CHECK(xboard->handle_line("ping 7"));
        xboard->end_of_input();
    }
    CHECK(xboard_lines.back() == "pong 7");
    CHECK(std::count(xboard_lines.begin(), xboard_lines.end(), "feature done=1") == 1);
}
