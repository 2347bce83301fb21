// --resume: an interrupted run continues from its PGN without replaying or losing a finished
// game; a game torn by a crash is dropped and played again; a PGN of another run is refused.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "live_streams.hpp"
#include "match_test_support.hpp"
#include "shishi/match/stop_request.hpp"
#include "shishi/match/match_options.hpp"
#include "shishi/match/runner_pgn_reader.hpp"
#include "shishi/match/runner.hpp"

using namespace shishi::match;
using match_test::count_of;
using match_test::fake;
using match_test::slurp;
using match_test::temp_pgn;

namespace {

MatchOptions options(const std::string& first_args, const std::string& second_args, const std::string& pgn, int games) {
    std::ostringstream err;
    auto o = parse_match_args({"--first", fake("xboard", first_args), "--second", fake("xboard", second_args),
                               "--games", std::to_string(games), "--tc", "60+1", "--max-plies", "1", "--pgn", pgn},
                              err);
    REQUIRE(o);
    return *o;
}

int run(const MatchOptions& o, std::string& out) {
    std::ostringstream s, err;
    int code = run_match(o, s, err);
    out = s.str() + err.str();
    return code;
}

std::string write_file(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::trunc) << text;
    return path;
}

}  // namespace

TEST_CASE("the PGN reader finds complete games and where a torn one begins", "[match][resume][pgn]") {
    const std::string one =
        "[Event \"x\"]\n[Round \"1\"]\n[White \"A \\\"q\\\"\"]\n\n1. h4h5 {draw at the limit} 1/2-1/2\n\n";
    const std::string two = "[Event \"x\"]\n[Round \"2\"]\n\n1. h4h5 e9e8 {opening} 2. e4e5\n{White resigns} 0-1\n\n";
    PgnFile f = read_pgn_games(one + two + "[Event \"x\"]\n[Round \"3\"]\n\n1. h4h5 e9");
    REQUIRE(f.games.size() == 2);
    CHECK(f.games[0].tag("Round") == "1");
    CHECK(f.games[0].tag("White") == "A \"q\"");
    CHECK(f.games[0].result == "1/2-1/2");
    CHECK(f.games[0].comment == "draw at the limit");
    CHECK(f.games[1].result == "0-1");
    CHECK(f.games[1].comment == "White resigns");
    CHECK(f.complete_bytes == one.size() + two.size());
    // A torn tag line, a result without its line end: not games.
    CHECK(read_pgn_games("[Event \"x\"]\n[Round \"1").games.empty());
    CHECK(read_pgn_games("[Round \"1\"]\n\n1. h4h5 1-0").games.empty());
    CHECK(read_pgn_games("").complete_bytes == 0);
}

TEST_CASE("an interrupted match resumes from its PGN and plays only the missing games", "[match][resume][runner]") {
    // Session 1: game 1 ends at the ply limit after A's first move; in game 2 B (White) stalls
    // until the stop request, so it is not finished and not written.
    const std::string pgn = temp_pgn("resume");
    std::remove(pgn.c_str());
    MatchOptions first = options("--moves h4h5 --name A", "--stall-at 1 --name B", pgn, 6);
    // The stop follows the event (game 1 reported finished), not a guessed time.
    stream_test::LineOutput lines;
    std::ostream live(&lines);
    std::ostringstream err1;
    int code1 = -1;
    std::thread match([&] { code1 = run_match(first, live, err1); });
    const bool finished = lines.wait_for("Finished game 1 ", 0, std::chrono::minutes(2)) >= 0;
    request_stop();
    match.join();
    clear_stop_request();
    std::string out1;
    for (const std::string& l : lines.lines())
        out1 += l + "\n";
    out1 += err1.str();
    REQUIRE(finished);
    INFO(out1);
    CHECK(code1 == 130);
    const std::string after1 = slurp(pgn);
    REQUIRE(count_of(after1, "[Event ") == 1);
    CHECK(count_of(after1, "[Round \"1\"]") == 1);

    // Session 2 (B no longer stalls; with no moves it resigns at once): games 2 to 6 only,
    // game 1 is kept as it was.
    MatchOptions second = options("--moves h4h5 --name A", "--name B", pgn, 6);
    second.resume = true;
    std::string out2;
    int code2 = run(second, out2);
    INFO(out2);
    CHECK(code2 == 0);
    const std::string after2 = slurp(pgn);
    CHECK(after2.substr(0, after1.size()) == after1);
    CHECK(count_of(after2, "[Event ") == 6);
    for (int round = 1; round <= 6; ++round)
        CHECK(count_of(after2, "[Round \"" + std::to_string(round) + "\"]") == 1);
    CHECK(out2.find("Resuming: 1 finished game(s)") != std::string::npos);
    CHECK(count_of(out2, "Finished game ") == 5);
    CHECK(out2.find("Finished game 1 ") == std::string::npos);
    // The summary counts all six games: A draws as White, wins as Black (B resigns at once).
    CHECK(out2.find("Score of A vs B: 3 - 0 - 3  [0.750] 6") != std::string::npos);
    CHECK(out2.find("Pentanomial [0, 0, 0, 3, 0] over 3 game pair(s)") != std::string::npos);

    // Session 3: nothing left to play.
    std::string out3;
    CHECK(run(second, out3) == 0);
    CHECK(slurp(pgn) == after2);
    CHECK(count_of(out3, "Finished game ") == 0);
    std::remove(pgn.c_str());
}

TEST_CASE("resuming drops a game torn by a crash and plays it again", "[match][resume][runner]") {
    const std::string pgn = temp_pgn("torn");
    MatchOptions o = options("--moves h4h5 --name A", "--moves h4h5 --name B", pgn, 4);
    std::string out;
    REQUIRE(run(o, out) == 0);
    const std::string full = slurp(pgn);
    // Keep two games and half of the third, as a power cut might.
    size_t third = full.find("[Event ", full.find("[Event ", full.find("[Event ") + 1) + 1);
    REQUIRE(third != std::string::npos);
    const std::string kept = full.substr(0, third);
    write_file(pgn, kept + full.substr(third, 60));
    o.resume = true;
    REQUIRE(run(o, out) == 0);
    INFO(out);
    const std::string after = slurp(pgn);
    CHECK(after.substr(0, kept.size()) == kept);
    CHECK(count_of(after, "[Event ") == 4);
    for (int round = 1; round <= 4; ++round)
        CHECK(count_of(after, "[Round \"" + std::to_string(round) + "\"]") == 1);
    CHECK(out.find("Resuming: 2 finished game(s)") != std::string::npos);
    std::remove(pgn.c_str());
}

TEST_CASE("resuming refuses the PGN of another run and leaves it alone", "[match][resume][runner]") {
    const std::string pgn = temp_pgn("other");
    MatchOptions o = options("--moves h4h5 --name A", "--moves h4h5 --name B", pgn, 2);
    std::string out;
    REQUIRE(run(o, out) == 0);
    const std::string before = slurp(pgn);
    MatchOptions other = options("--moves h4h5 --name C", "--moves h4h5 --name B", pgn, 2);
    other.resume = true;
    CHECK(run(other, out) == 1);
    CHECK(out.find("--resume: game 1") != std::string::npos);
    CHECK(slurp(pgn) == before);
    // More rounds in the file than the run has games.
    MatchOptions shorter = options("--moves h4h5 --name A", "--moves h4h5 --name B", pgn, 1);
    shorter.resume = true;
    CHECK(run(shorter, out) == 1);
    CHECK(out.find("is not a game of this run") != std::string::npos);
    CHECK(slurp(pgn) == before);
    std::remove(pgn.c_str());

    // No PGN yet: --resume starts afresh.
    MatchOptions fresh = options("--moves h4h5 --name A", "--moves h4h5 --name B", pgn, 2);
    fresh.resume = true;
    CHECK(run(fresh, out) == 0);
    CHECK(count_of(slurp(pgn), "[Event ") == 2);
    std::remove(pgn.c_str());
}

TEST_CASE("resuming drops a game lost to a setup failure and plays it again", "[match][resume][runner]") {
    // Session 1: a mistyped engine path; game 1 is lost before it began and the run stops.
    const std::string pgn = temp_pgn("setup_failure");
    std::remove(pgn.c_str());
    MatchOptions broken = options("--moves h4h5", "", pgn, 2);
    broken.engines[0].name = "A";
    broken.engines[1].name = "B";
    broken.engines[1].command = "/nonexistent/engine";
    std::string out1;
    CHECK(run(broken, out1) == 1);
    REQUIRE(count_of(slurp(pgn), "[TerminationDetails \"setup failure\"]") == 1);

    // Session 2, the path corrected: game 1 is not a finished game of the run.
    MatchOptions fixed = options("--moves h4h5", "", pgn, 2);
    fixed.engines[0].name = "A";
    fixed.engines[1].name = "B";
    fixed.resume = true;
    std::string out2;
    CHECK(run(fixed, out2) == 0);
    INFO(out2);
    CHECK(out2.find("Resuming: 0 finished game(s) in " + pgn + ", 2 to play (1 lost to a setup failure dropped") !=
          std::string::npos);
    const std::string after = slurp(pgn);
    CHECK(count_of(after, "[Event ") == 2);
    CHECK(count_of(after, "setup failure") == 0);
    CHECK(out2.find("Score of A vs B: 1 - 0 - 1  [0.750] 2") != std::string::npos);
    std::remove(pgn.c_str());
}

TEST_CASE("resuming refuses a PGN played at another time control or with other openings", "[match][resume][runner]") {
    const std::string pgn = temp_pgn("other_conditions");
    const std::string book1 = temp_pgn("book1") + ".txt", book2 = temp_pgn("book2") + ".txt";
    write_file(book1, "h4h5 e9e8\n");
    write_file(book2, "e4e5 h9h8\n");
    auto make = [&](const std::string& tc, const std::string& book, const std::string& random_plies) {
        // The games end at the ply limit right after the opening.
        return match_test::parsed({"--first",        fake("xboard", ""),
                                   "--name-first",   "A",
                                   "--second",       fake("xboard", ""),
                                   "--name-second",  "B",
                                   "--games",        "2",
                                   "--tc",           tc,
                                   "--max-plies",    "2",
                                   "--openings",     book,
                                   "--random-plies", random_plies,
                                   "--pgn",          pgn});
    };
    std::string out;
    REQUIRE(run(make("60+1", book1, "0"), out) == 0);
    const std::string before = slurp(pgn);
    REQUIRE(count_of(before, "[Event ") == 2);

    MatchOptions faster = make("30+1", book1, "0");
    faster.resume = true;
    CHECK(run(faster, out) == 1);
    CHECK(out.find("--resume: game 1 in '" + pgn + "' was played with TimeControl \"60+1\", this run has \"30+1\"") !=
          std::string::npos);
    CHECK(slurp(pgn) == before);

    MatchOptions other_book = make("60+1", book2, "0");
    other_book.resume = true;
    CHECK(run(other_book, out) == 1);
    CHECK(out.find("started from another opening than this run's") != std::string::npos);
    CHECK(slurp(pgn) == before);

    MatchOptions random = make("60+1", book1, "2");
    random.resume = true;
    CHECK(run(random, out) == 1);
    CHECK(out.find("started from another opening than this run's") != std::string::npos);
    CHECK(slurp(pgn) == before);

    // The same conditions again: accepted, nothing left to play.
    MatchOptions same = make("60+1", book1, "0");
    same.resume = true;
    CHECK(run(same, out) == 0);
    CHECK(slurp(pgn) == before);

    // Random plies after the book: the same ones (same seed) are accepted.
    std::remove(pgn.c_str());
    REQUIRE(run(make("60+1", book1, "2"), out) == 0);
    const std::string with_random = slurp(pgn);
    MatchOptions same_random = make("60+1", book1, "2");
    same_random.resume = true;
    CHECK(run(same_random, out) == 0);
    CHECK(out.find("Resuming: 2 finished game(s)") != std::string::npos);
    CHECK(slurp(pgn) == with_random);

    // Openings from a position (the PGN's FEN tag): the same one is accepted, another refused.
    write_file(book1, "6k5/12/12/12/12/12/12/12/12/12/6R5/5K6 w - - 0 1\n");
    write_file(book2, "6k5/12/12/12/12/12/12/12/12/12/5R6/5K6 w - - 0 1\n");
    std::remove(pgn.c_str());
    REQUIRE(run(make("60+1", book1, "0"), out) == 0);
    const std::string from_fen = slurp(pgn);
    REQUIRE(count_of(from_fen, "[FEN ") == 2);
    MatchOptions same_fen = make("60+1", book1, "0");
    same_fen.resume = true;
    CHECK(run(same_fen, out) == 0);
    INFO(out);
    CHECK(out.find("Resuming: 2 finished game(s)") != std::string::npos);
    MatchOptions other_fen = make("60+1", book2, "0");
    other_fen.resume = true;
    CHECK(run(other_fen, out) == 1);
    CHECK(out.find("started from another opening than this run's") != std::string::npos);
    CHECK(slurp(pgn) == from_fen);
    for (const std::string& f : {pgn, book1, book2})
        std::remove(f.c_str());
}

TEST_CASE("resuming refuses games played under other limits or adjudication, naming the difference",
          "[match][resume][runner]") {
    // Played at depth 2 with a 10-ply limit; every game ends at the ply limit.
    const std::string pgn = temp_pgn("other_limits");
    std::remove(pgn.c_str());
    auto make = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = {
            "--first",       fake("xboard", std::string("--moves '") + match_test::WHITE_MOVES + "'"),
            "--name-first",  "A",
            "--second",      fake("xboard", std::string("--moves '") + match_test::BLACK_MOVES + "'"),
            "--name-second", "B",
            "--games",       "2",
            "--pgn",         pgn};
        args.insert(args.end(), extra.begin(), extra.end());
        return match_test::parsed(args);
    };
    std::string out;
    REQUIRE(run(make({"--depth", "2", "--max-plies", "10"}), out) == 0);
    const std::string before = slurp(pgn);
    REQUIRE(count_of(before, "[Event ") == 2);
    const std::vector<std::pair<std::vector<std::string>, std::string>> others = {
        {{"--depth", "9", "--max-plies", "10"}, "was played with \"White depth 2\", this run has \"White depth 9\""},
        {{"--depth", "2", "--max-plies", "40"}, "was played with \"max-plies 10\", this run has \"max-plies 40\""},
        {{"--depth", "2", "--max-plies", "10", "--draw", "movenumber=5", "movecount=2", "score=10"},
         "was played with \"draw off\", this run has \"draw movenumber=5 movecount=2 score=10\""},
        {{"--depth", "2", "--max-plies", "10", "--resign", "movecount=3", "score=500"},
         "was played with \"resign off\""},
        {{"--depth", "2", "--max-plies", "10", "--adjudicate", "900:4"}, "was played with \"adjudicate off\""},
        {{"--depth", "2", "--max-plies", "10", "--margin-ms", "500"},
         "was played with \"margin-ms 200\", this run has \"margin-ms 500\""},
    };
    for (const auto& [extra, difference] : others) {
        MatchOptions o = make(extra);
        o.resume = true;
        CHECK(run(o, out) == 1);
        INFO(out);
        CHECK(out.find("--resume: game 1 in '" + pgn + "' " + difference) != std::string::npos);
        CHECK(slurp(pgn) == before);
    }
    MatchOptions same = make({"--depth", "2", "--max-plies", "10"});
    same.resume = true;
    CHECK(run(same, out) == 0);
    CHECK(slurp(pgn) == before);
    std::remove(pgn.c_str());
}
