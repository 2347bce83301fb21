// shishi-match as a program: short real matches between real engines, and Ctrl-C.
#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

#include "match_test_support.hpp"
#include "shell_run.hpp"

using namespace match_test;

namespace {

using Result = shell_test::ShellResult;
using shell_test::run;

// Runs `command` and sends it SIGINT once it has reported a finished game: the event, not a
// guessed time (on a loaded machine the first game may take many seconds). The output is the
// command's; the status is its exit status.
Result run_interrupted_after_first_game(const std::string& command, const std::string& stem) {
    const std::string log = "/tmp/shishi_match_test_" + stem + "_" + std::to_string(::getpid()) + ".log";
    const std::string script = log + ".sh";
    {
        std::ofstream s(script);
        s << command << " >" << log << " 2>&1 &\n"
          << "pid=$!\n"
          << "for _ in $(seq 1 6000); do grep -q '^Finished game' " << log
          << " && break; kill -0 $pid 2>/dev/null || break; sleep 0.1; done\n"
          << "kill -INT $pid\nwait $pid\nst=$?\ncat " << log << "\nexit $st\n";
    }
    Result r = run("bash " + script);
    std::remove(script.c_str());
    std::remove(log.c_str());
    return r;
}

const char* const HACHU = "/usr/games/hachu";

// A match that should have run two games to a normal end (by rule or at the ply limit): exit
// status 0, two games in the PGN (read, then removed), and no forfeit of any kind reported.
// Returns the PGN text for further checks.
std::string check_two_clean_games(const Result& r, const std::string& pgn) {
    CHECK(r.status == 0);
    std::string games = slurp(pgn);
    std::remove(pgn.c_str());
    CHECK(count_of(games, "[Variant \"chu\"]") == 2);
    // Each failure shows the offending summary line itself, not only its position in the output.
    for (const char* bad :
         {"time forfeit", "illegal move", "crash", "refused legal move", "false claim", "setup failure"})
        CHECK(line_containing(r.out, std::string(bad) + ":").empty());
    return games;
}

}  // namespace

TEST_CASE("HaChu against HaChu: two short games with -j 2 and openings", "[match][integration][slow]") {
    std::string pgn = temp_pgn("hachu");
    // HaChu refuses any move that repeats a position unless told otherwise, and two HaChus
    // passing in turn repeat one; that refusal is HaChu's, not the runner's, so allow repeats.
    // The games are depth-limited, with no clock: what is under test is the runner driving two
    // real engines at once from the openings, not HaChu's clock keeping (at 2+0.05 a CI run on a
    // slow, loaded machine once reported a forfeit in these games). Time forfeits are tested
    // with the scripted fake engines, whose timing the tests control.
    // Appended piece by piece: GCC 12 misreads one long chain of + on temporaries as a
    // buffer overrun (-Warray-bounds) once Catch comes from the precompiled header.
    std::string command = SHISHI_MATCH_EXE;
    command += std::string(" --first ") + HACHU + " --second " + HACHU;
    command +=
        " --first-option 'Allow repeats=1' --second-option 'Allow repeats=1'"
        " --games 2 --depth 3 -j 2 --max-plies 40 --openings " SHISHI_SOURCE_DIR "/data/openings.txt --pgn ";
    command += pgn;
    Result r = run(command);
    INFO(r.out);
    const std::string games = check_two_clean_games(r, pgn);
    CHECK(count_of(games, "{opening}") == 2);
    CHECK(r.out.find("Score of HaChu 0.21 (1) vs HaChu 0.21 (2)") != std::string::npos);
    CHECK(r.out.find("Elo difference:") != std::string::npos);
}

TEST_CASE("SIGINT writes the finished games and the summary", "[match][integration][slow]") {
    std::string pgn = temp_pgn("sigint");
    // One-ply games keep finishing until the interrupt, sent after the first one is reported;
    // the finished ones must all be kept.
    Result r = run_interrupted_after_first_game(std::string(SHISHI_MATCH_EXE) + " --first " + HACHU + " --second " +
                                                    HACHU + " --games 500 --tc 60+1 --max-plies 1 --pgn " + pgn,
                                                "sigint");
    INFO(r.out);
    CHECK(r.status == 130);
    CHECK(r.out.find("Interrupted: ") != std::string::npos);
    std::string games = slurp(pgn);
    std::remove(pgn.c_str());
    int finished = count_of(games, "[Event ");
    CHECK(finished >= 1);
    CHECK(r.out.find("Interrupted: " + std::to_string(finished) + " finished game(s) kept") != std::string::npos);
}

TEST_CASE("Shishi in XBoard mode against Shishi in USI mode", "[match][integration][slow][no_sanitize]") {
    std::string pgn = temp_pgn("self");
    Result r = run(std::string(SHISHI_MATCH_EXE) +
                   " --first " SHISHI_EXE " --second " SHISHI_EXE
                   " --second-protocol usi --games 2 --tc 2+0.05 --max-plies 30 --openings " SHISHI_SOURCE_DIR
                   "/data/openings.txt --pgn " +
                   pgn);
    INFO(r.out);
    check_two_clean_games(r, pgn);
}

TEST_CASE("Shishi against Shishi in USI mode at fixed nodes per move", "[match][integration][slow]") {
    std::string pgn = temp_pgn("nodes");
    Result r = run(std::string(SHISHI_MATCH_EXE) +
                   " --first " SHISHI_EXE " --second " SHISHI_EXE
                   " --first-protocol usi --second-protocol usi --games 2 --nodes 3000 --max-plies 24"
                   " --openings " SHISHI_SOURCE_DIR "/data/openings.txt --debug --pgn " +
                   pgn);
    INFO(r.out);
    check_two_clean_games(r, pgn);
    CHECK(r.out.find("go nodes 3000") != std::string::npos);  // the limit reaches the engines
}

TEST_CASE("Shishi against HaChu with -j 2", "[match][integration][slow][no_sanitize]") {
    std::string pgn = temp_pgn("shishi_hachu");
    // HaChu would refuse a legal move of Shishi's that repeats a position (its own rule; the
    // runner records it as a refusal, which the clean-game check rejects), so allow repeats.
    // The clock is long for 40 plies, so that neither engine forfeits on a loaded machine (at
    // 5 s + 0.1 s HaChu lost on time while a full test run and helpers' builds shared 2 cores).
    Result r =
        run(std::string(SHISHI_MATCH_EXE) + " --first " SHISHI_EXE " --second " + HACHU +
            " --second-option 'Allow repeats=1'"
            " --games 2 --tc 40+0.4 -j 2 --max-plies 40 --openings " SHISHI_SOURCE_DIR "/data/openings.txt --pgn " +
            pgn);
    INFO(r.out);
    check_two_clean_games(r, pgn);
}

TEST_CASE("a three-engine round robin is interrupted by SIGINT, resumed, and prints its cross table",
          "[match][integration][slow]") {
    std::string pgn = temp_pgn("rr_resume");
    std::remove(pgn.c_str());
    // Fake engines that take 400 ms a move; each game ends at the ply limit after one move, so the
    // 30 games take at least 6 s with -j 2, and the interrupt, sent once the first game is
    // reported finished, comes mid-run.
    auto engine = [](const char* name) {
        return std::string(" --engine name=") + name + " 'cmd=" + fake("xboard", "--moves h4h5 --delay-ms 400") + "'";
    };
    const std::string command = std::string(SHISHI_MATCH_EXE) + engine("A") + engine("B") + engine("C") +
        " --games 10 --tc 10 --max-plies 1 -j 2 --pgn " + pgn;
    Result first = run_interrupted_after_first_game(command, "rr_resume");
    INFO(first.out);
    CHECK(first.status == 130);
    const std::string before = slurp(pgn);
    const int kept = count_of(before, "[Event ");
    CHECK(kept >= 1);
    CHECK(kept < 30);
    Result second = run(command + " --resume");
    INFO(second.out);
    CHECK(second.status == 0);
    const std::string after = slurp(pgn);
    std::remove(pgn.c_str());
    CHECK(after.substr(0, before.size()) == before);  // nothing finished was lost or rewritten
    CHECK(count_of(after, "[Event ") == 30);
    for (int round = 1; round <= 30; ++round)
        CHECK(count_of(after, "[Round \"" + std::to_string(round) + "\"]") == 1);
    CHECK(second.out.find("Resuming: " + std::to_string(kept) + " finished game(s)") != std::string::npos);
    CHECK(count_of(second.out, "Finished game ") == 30 - kept);
    CHECK(line_containing(second.out, "  1 A ").find("10.0/20") != std::string::npos);
    CHECK(second.out.find("Cross table") != std::string::npos);
}

TEST_CASE("Shishi pondering in USI mode against Shishi: every go ponder ends in ponderhit or stop",
          "[match][integration][ponder][slow]") {
    std::string pgn = temp_pgn("ponder");
    // Depth-limited, so no clock can be lost on a loaded machine; a ponder search still waits
    // for ponderhit or stop once it reaches the depth.
    Result r = run(std::string(SHISHI_MATCH_EXE) +
                   " --engine cmd=" SHISHI_EXE " proto=usi ponder --engine cmd=" SHISHI_EXE
                   " proto=usi --games 2 --depth 3 --max-plies 24 --openings " SHISHI_SOURCE_DIR
                   "/data/openings.txt --debug --pgn " +
                   pgn);
    INFO(r.out);
    check_two_clean_games(r, pgn);
    const int pondered = count_of(r.out, "> go ponder ");
    CHECK(pondered >= 2);  // the first engine ponders after each of its moves with a legal prediction
    CHECK(count_of(r.out, "> ponderhit\n") + count_of(r.out, "> stop\n") == pondered);
    CHECK(count_of(r.out, "> setoption name USI_Ponder value true\n") >= 1);
    CHECK(count_of(r.out, "> setoption name USI_Ponder value false\n") >= 1);  // the second engine lists it
}
