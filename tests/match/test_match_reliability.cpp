// The runner survives its own Ctrl-C and engines that die at any point of a game: before the
// first game (while the names are asked for), during a game's setup, while the opponent thinks,
// and at whatever moment a stop request arrives in a stream of games. Finished games are kept
// whole; nothing hangs; an interrupted game is not counted against anyone.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <thread>

#include "match_test_support.hpp"
#include "shishi/match/stop_request.hpp"
#include "shishi/match/match_options.hpp"
#include "shishi/match/runner_pgn_reader.hpp"
#include "shishi/match/referee.hpp"
#include "shishi/match/runner.hpp"

using namespace shishi;
using namespace shishi::match;
using match_test::count_of;
using match_test::fake;
using match_test::fake_config;
using match_test::slurp;
using match_test::started;
using match_test::temp_pgn;

namespace {

MatchOptions options(const std::string& first_args, const std::string& second_args, const std::string& pgn,
                     const std::string& protocol = "xboard", std::vector<std::string> extra = {}) {
    std::ostringstream err;
    std::vector<std::string> args = {"--first",
                                     fake(protocol, first_args),
                                     "--second",
                                     fake(protocol, second_args),
                                     "--first-protocol",
                                     protocol,
                                     "--second-protocol",
                                     protocol,
                                     "--games",
                                     "2",
                                     "--tc",
                                     "60+1",
                                     "--pgn",
                                     pgn};
    args.insert(args.end(), extra.begin(), extra.end());
    auto o = parse_match_args(args, err);
    REQUIRE(o);
    return *o;
}

struct Run {
    int code;
    double seconds;
    std::string out, pgn;
};

// Runs the match, with a stop request after `stop_ms` when it is positive.
Run run(const MatchOptions& o, int stop_ms = 0) {
    std::thread stopper;
    if (stop_ms > 0)
        stopper = std::thread([stop_ms] {
            std::this_thread::sleep_for(std::chrono::milliseconds(stop_ms));
            request_stop();
        });
    std::ostringstream out, err;
    auto t0 = std::chrono::steady_clock::now();
    int code = run_match(o, out, err);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (stopper.joinable()) stopper.join();
    clear_stop_request();
    Run r{code, seconds, out.str() + err.str(), slurp(o.pgn_path)};
    std::remove(o.pgn_path.c_str());
    return r;
}

}  // namespace

TEST_CASE("Ctrl-C while the engines are asked for their names stops at once", "[match][reliability]") {
    MatchOptions o = options("--no-handshake", "--no-handshake", temp_pgn("ctrlc_probe"));
    for (auto& e : o.engines)
        e.handshake_timeout_ms = 20'000;
    Run r = run(o, 800);
    INFO(r.out);
    CHECK(r.code == 130);
    CHECK(r.seconds < 5);
    CHECK(r.out.find("Interrupted before the first game") != std::string::npos);
}

TEST_CASE("Ctrl-C during a game's setup is an interruption, not a setup failure", "[match][reliability]") {
    // Both engines answer the handshake but never the ping that ends a game's setup.
    MatchOptions o = options("--no-pong --name A", "--no-pong --name B", temp_pgn("ctrlc_setup"));
    for (auto& e : o.engines)
        e.handshake_timeout_ms = 20'000;
    Run r = run(o, 1500);
    INFO(r.out);
    CHECK(r.code == 130);
    CHECK(r.seconds < 8);
    CHECK(count_of(r.pgn, "[Event ") == 0);
    CHECK(r.out.find("setup failure") == std::string::npos);

    // The same over USI, where setup waits for readyok.
    MatchOptions u = options("--no-pong --name A", "--no-pong --name B", temp_pgn("ctrlc_setup_usi"), "usi");
    for (auto& e : u.engines)
        e.handshake_timeout_ms = 20'000;
    Run ru = run(u, 1500);
    INFO(ru.out);
    CHECK(ru.code == 130);
    CHECK(ru.seconds < 8);
    CHECK(ru.out.find("setup failure") == std::string::npos);
}

TEST_CASE("an engine that dies while its opponent thinks loses by crash and is restarted", "[match][reliability]") {
    for (const char* protocol : {"xboard", "usi"}) {
        INFO(protocol);
        const std::string moves_a = std::string(protocol) == "usi" ? "'5i5h 8i8h'" : "'h4h5 e4e5'";
        const std::string moves_b = std::string(protocol) == "usi" ? "'8d8e 5d5e'" : "'e9e8 h9h8'";
        MatchOptions o = options("--moves " + moves_a + " --exit-after 1 --name A", "--moves " + moves_b + " --name B",
                                 temp_pgn("die_waiting"), protocol);
        o.games = 2;
        Run r = run(o);
        INFO(r.out);
        CHECK(r.code == 0);
        CHECK(count_of(r.pgn, "[Event ") == 2);
        // Game 1: A (White) moved, died during B's turn, and loses when its turn comes.
        CHECK(r.out.find("Finished game 1 (A vs B): 0-1 {White's engine stopped (crash or exit)}") !=
              std::string::npos);
        CHECK(r.out.find("crash: ") != std::string::npos);
    }
}

TEST_CASE("an engine that dies while a game is set up loses that game; the match goes on", "[match][reliability]") {
    MatchOptions o = options("--exit-on-new --name A", "--moves h4h5 --name B", temp_pgn("die_setup"));
    Run r = run(o);
    INFO(r.out);
    // Both games were lost before they began: the run says so and does not pass as a success.
    CHECK(r.code == 1);
    CHECK(r.out.find("2 game(s) lost to a setup failure, not played") != std::string::npos);
    CHECK(r.seconds < 15);
    CHECK(count_of(r.pgn, "[Event ") == 2);
    CHECK(r.out.find("setup failure: 2 (A 2, B 0)") != std::string::npos);
}

TEST_CASE("a stop request at any moment of a stream of games keeps every finished game whole", "[match][reliability]") {
    for (int stop_ms : {300, 900, 1700}) {
        INFO(stop_ms);
        // One-ply games of about 30 ms each, far more than fit before the stop.
        // Names given, so no engine is asked for its own before the first game: the stop falls
        // into engine starts, setups and games (the name probe has its own test above).
        MatchOptions o = options("--moves h4h5 --delay-ms 30", "--moves h4h5 --delay-ms 30", temp_pgn("ctrlc_stream"),
                                 "xboard", {"--name-first", "A", "--name-second", "B"});
        o.games = 100'000;
        o.referee.max_plies = 1;
        o.concurrency = 2;
        Run r = run(o, stop_ms);
        INFO(r.out);
        CHECK(r.code == 130);
        CHECK(r.seconds < stop_ms / 1000.0 + 5);
        PgnFile f = read_pgn_games(r.pgn);
        CHECK(f.complete_bytes == r.pgn.size());  // no torn game
        const int games = int(f.games.size());
        CHECK(count_of(r.pgn, "[Event ") == games);
        CHECK(r.out.find("Interrupted: " + std::to_string(games) + " finished game(s) kept") != std::string::npos);
        CHECK(r.out.find("interrupted:") == std::string::npos);  // no game ended as "interrupted"
    }
}
