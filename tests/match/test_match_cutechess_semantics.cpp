// cutechess-cli's options with their semantics: -noswap and -reverse (who is White), -wait
// (a pause between games), -epdout (end positions), the engine words ponder, restart= and
// initstr=, and two-sided resign adjudication read from cutechess's spelling.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "match_test_support.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/match/engine_spec.hpp"
#include "shishi/match/process.hpp"
#include "shishi/match/tournament.hpp"

using namespace shishi;
using namespace shishi::match;
using match_test::count_of;
using match_test::fake;
using match_test::Run;
using match_test::run;
using match_test::slurp;
using match_test::temp_pgn;

namespace {

std::string temp_file(const std::string& stem) {
    return "/tmp/shishi_match_test_" + stem + "_" + std::to_string(::getpid());
}

// Two fake XBoard engines named A and B (names given, so no engine is started to ask for them),
// games of the two-ply opening h4h5 e9e8 and nothing more (a draw at the ply limit).
MatchOptions two_ply_match(const std::string& pgn, int games, const std::string& a_args = "",
                           const std::string& b_args = "") {
    const std::string book = temp_file("book") + ".txt";
    std::ofstream(book) << "h4h5 e9e8\n";
    MatchOptions o = match_test::parsed({"--first", fake("xboard", a_args), "--name-first", "A", "--second",
                                         fake("xboard", b_args), "--name-second", "B", "--games", std::to_string(games),
                                         "--tc", "5+0.1", "--openings", book, "--pgn", pgn});
    o.referee.max_plies = 2;
    return o;
}

// The White tags of the PGN, in the order of the file.
std::vector<std::string> whites(const std::string& pgn) {
    std::vector<std::string> out;
    for (size_t at = pgn.find("[White \""); at != std::string::npos; at = pgn.find("[White \"", at + 1))
        out.push_back(pgn.substr(at + 8, pgn.find('"', at + 8) - at - 8));
    return out;
}

MatchOptions cutechess(const std::vector<std::string>& args) {
    return match_test::parsed_cutechess(args, {"--tc", "1"});  // the options under test need no clock
}

}  // namespace

TEST_CASE("cutechess -noswap and -reverse decide who is White in each game of a pairing",
          "[match][cutechess][tournament]") {
    const auto white_of = [](Colours c) {
        Schedule s(make_pairings(2, TournamentKind::ROUND_ROBIN), 4, c);
        std::vector<int> w;
        for (int g = 0; g < s.total(); ++g)
            w.push_back(s.slot(g).white);
        return w;
    };
    CHECK(white_of({}) == std::vector<int>{0, 1, 0, 1});  // cutechess's default: swap
    CHECK(white_of({false, false}) == std::vector<int>{0, 0, 0, 0});  // -noswap
    CHECK(white_of({true, true}) == std::vector<int>{1, 0, 1, 0});  // -reverse
    CHECK(white_of({false, true}) == std::vector<int>{1, 1, 1, 1});  // both
    // The standings count from the pairing's first engine whoever is White: with -reverse,
    // engine 0 is Black in game 0, so White's win there is engine 0's loss.
    Schedule s(make_pairings(2, TournamentKind::ROUND_ROBIN), 2, Colours{true, true});
    Standings st(2, s);
    st.add(s.slot(0), 1.0);
    CHECK(st.pairing(0).score.losses == 1);

    // Through a whole run and cutechess's spelling.
    MatchOptions o = two_ply_match(temp_pgn("noswap"), 4);
    o.colours = cutechess({"-engine", "cmd=a", "-engine", "cmd=b", "-noswap", "-rounds", "2", "-pgnout", "x"}).colours;
    Run r = run(o);
    CHECK(r.code == 0);
    CHECK(whites(r.pgn) == std::vector<std::string>{"A", "A", "A", "A"});
    o = two_ply_match(temp_pgn("reverse"), 2);
    o.colours = cutechess({"-engine", "cmd=a", "-engine", "cmd=b", "-reverse", "-rounds", "2", "-pgnout", "x"}).colours;
    r = run(o);
    CHECK(r.code == 0);
    CHECK(whites(r.pgn) == std::vector<std::string>{"B", "A"});
}

TEST_CASE("cutechess -wait N pauses N ms between two games of a worker", "[match][cutechess]") {
    MatchOptions o = two_ply_match(temp_pgn("wait"), 2);
    o.wait_ms =
        cutechess({"-engine", "cmd=a", "-engine", "cmd=b", "-wait", "1500", "-rounds", "2", "-pgnout", "x"}).wait_ms;
    REQUIRE(o.wait_ms == 1500);
    // The engine traffic with its times: from the first game's `result` to the second game's
    // `new` (the same engine process) at least the pause.
    std::ostringstream log;
    ChildProcess::set_traffic_log(&log);
    Run r = run(o);
    ChildProcess::set_traffic_log(nullptr);
    CHECK(r.code == 0);
    long result_ms = -1, next_new_ms = -1;
    std::istringstream lines(log.str());
    for (std::string line; std::getline(lines, line);) {
        std::istringstream words(line);
        long ms = 0;
        std::string label, arrow, cmd;
        words >> ms >> label >> arrow >> cmd;
        // The first engine of whichever worker (workers are numbered across the process's runs).
        if (label.size() < 6 || label.compare(label.size() - 6, 6, ".first") != 0 || arrow != ">") continue;
        if (cmd == "result" && result_ms < 0)
            result_ms = ms;
        else if (cmd == "new" && result_ms >= 0 && next_new_ms < 0)
            next_new_ms = ms;
    }
    INFO(log.str());
    REQUIRE(result_ms >= 0);
    REQUIRE(next_new_ms >= 0);
    CHECK(next_new_ms - result_ms >= 1500);

    std::ostringstream err;
    CHECK_FALSE(parse_match_args(
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x", "--wait", "-5"}, err));
    CHECK(err.str().find("--wait") != std::string::npos);
}

TEST_CASE("cutechess -epdout FILE writes each game's end position, one XBoard FEN a line",
          "[match][cutechess][outputs]") {
    const std::string epd = temp_file("end") + ".epd";
    MatchOptions o = two_ply_match(temp_pgn("epd"), 2);
    o.epd_path =
        cutechess({"-engine", "cmd=a", "-engine", "cmd=b", "-epdout", epd, "-rounds", "2", "-pgnout", "x"}).epd_path;
    REQUIRE(o.epd_path == epd);
    Run r = run(o);
    const std::string text = slurp(epd);
    std::remove(epd.c_str());
    CHECK(r.code == 0);
    // Both games ended after h4h5 (White) and e9e8 (Black): the same end position.
    Position end = Position::start();
    for (const char* m : {"h4h5", "e9e8"}) {
        auto move = parse_xboard_move(end, m);
        REQUIRE(move);
        end.make(*move);
    }
    const std::string fen = to_xboard_fen(end);
    CHECK(text == fen + "\n" + fen + "\n");

    // --epd shares no file with another output.
    std::ostringstream err;
    CHECK_FALSE(parse_match_args(
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x", "--epd", "x"}, err));
    CHECK(err.str().find("--epd") != std::string::npos);
}

TEST_CASE("engine words initstr=, ponder and restart= reach the engine", "[match][cutechess][engine]") {
    const std::string log_a = temp_file("log_a"), log_b = temp_file("log_b");
    MatchOptions c = cutechess({"-engine", "cmd=a", "initstr=memory 7\\nrandom", "ponder", "restart=on", "-engine",
                                "cmd=b", "restart=off", "-rounds", "2", "-pgnout", "x"});
    REQUIRE(c.engines[0].init_strings == std::vector<std::string>{"memory 7", "random"});
    CHECK(c.engines[0].ponder);
    CHECK(c.engines[0].restart == EngineConfig::Restart::ON);
    CHECK_FALSE(c.engines[1].ponder);
    CHECK(c.engines[1].restart == EngineConfig::Restart::OFF);

    // A has restart=on (it does not ask to be restarted); B asks (reuse=0) but has restart=off.
    MatchOptions o = two_ply_match(temp_pgn("restart"), 2, "--log " + log_a, "--no-reuse --log " + log_b);
    o.engines[0].init_strings = c.engines[0].init_strings;
    o.engines[0].ponder = true;
    o.engines[0].restart = EngineConfig::Restart::ON;
    o.engines[1].restart = EngineConfig::Restart::OFF;
    Run r = run(o);
    const std::string a = slurp(log_a), b = slurp(log_b);
    std::remove(log_a.c_str());
    std::remove(log_b.c_str());
    CHECK(r.code == 0);
    CHECK(count_of(a, "protover 2\n") == 2);  // started for each game
    CHECK(count_of(b, "protover 2\n") == 1);  // never restarted
    // The init strings follow the handshake, once per start.
    CHECK(count_of(a, "\nmemory 7\nrandom\n") == 2);
    CHECK(a.find("memory 7\n") > a.find("protover 2\n"));
    CHECK(count_of(a, "\nhard\n") == 2);
    CHECK(count_of(b, "\neasy\n") == 2);
    CHECK(count_of(b, "\nhard\n") == 0);

    // restart=auto (the default) honours reuse=0.
    o = two_ply_match(temp_pgn("reuse"), 2, "", "--no-reuse --log " + log_b);
    r = run(o);
    const std::string auto_b = slurp(log_b);
    std::remove(log_b.c_str());
    CHECK(count_of(auto_b, "protover 2\n") == 2);

    std::ostringstream err;
    CHECK_FALSE(parse_match_args(
        {"--engine", "cmd=a", "restart=sometimes", "--engine", "cmd=b", "--games", "2", "--tc", "1", "--pgn", "x"},
        err));
    CHECK(err.str().find("auto, on or off") != std::string::npos);
}

TEST_CASE("cutechess -resign ... twosided=true is cutechess-cli's two-sided resign adjudication",
          "[match][cutechess][adjudication]") {
    MatchOptions o = cutechess({"-engine", "cmd=a", "-engine", "cmd=b", "-resign", "movecount=3", "score=400",
                                "twosided=true", "-rounds", "2", "-pgnout", "x"});
    CHECK(o.referee.resign.move_count == 3);
    CHECK(o.referee.resign.score_cp == 400);
    CHECK(o.referee.resign.two_sided);
    o = cutechess({"-engine", "cmd=a", "-engine", "cmd=b", "-resign", "movecount=3", "score=400", "-rounds", "2",
                   "-pgnout", "x"});
    CHECK_FALSE(o.referee.resign.two_sided);
}

TEST_CASE("every option of both tables is in --help and in docs/match.md", "[match][cutechess][options]") {
    std::ostringstream usage;
    print_match_usage(usage);
    const std::string help = usage.str();
    const std::string docs = slurp(SHISHI_SOURCE_DIR "/docs/match.md");
    REQUIRE_FALSE(docs.empty());
    // In --help an option starts a line ("  --pgn FILE", "  -j, --concurrency N"); in the docs'
    // tables it opens a cell's code ("| `--pgn FILE`", "`--first-tc TC`, `--second-tc TC`").
    auto in_help = [&](const std::string& name) {
        for (const char* before : {"\n  ", ", "})
            for (const char* after : {" ", ",", "\n"})
                if (help.find(before + name + after) != std::string::npos) return true;
        return false;
    };
    auto in_docs = [&](const std::string& name) {
        for (const char* after : {" ", "`", ","})
            if (docs.find("`" + name + after) != std::string::npos) return true;
        return false;
    };
    const std::vector<std::string> own = match_option_names();
    CHECK(own.size() > 40);
    for (const std::string& name : own) {
        INFO(name);
        CHECK(in_help(name));
        CHECK(in_docs(name));
    }
    // cutechess-cli's options: each has its row in the docs' cutechess table, whose rows begin
    // with the option ("| `-resign movecount= ...`", "| `-noswap`, `-reverse` |").
    const size_t table = docs.find("| cutechess-cli | shishi-match |");
    REQUIRE(table != std::string::npos);
    const std::string cutechess_docs = docs.substr(table, docs.find("\n\n", table) - table);
    const std::vector<std::string> theirs = cutechess_option_names();
    CHECK(theirs.size() >= 34);
    for (const std::string& name : theirs) {
        INFO(name);
        CHECK(in_help(name));
        bool row = false;
        for (const char* after : {" ", "`"})
            row |= cutechess_docs.find("`" + name + after) != std::string::npos;
        CHECK(row);
    }
}

TEST_CASE("engine words whitepov and ponder take on/off (true/false, 1/0) and refuse anything else",
          "[match][options]") {
    for (const std::string key : {"whitepov", "ponder"}) {
        auto value_of = [&](const EngineSpec& s) { return key == "whitepov" ? s.config.white_pov : s.config.ponder; };
        for (const auto& [word, on] : std::vector<std::pair<std::string, bool>>{
                 {"on", true}, {"true", true}, {"1", true}, {"off", false}, {"false", false}, {"0", false}}) {
            EngineSpec s;
            std::string error;
            INFO(key << "=" << word);
            REQUIRE(apply_engine_key(s, key, word, error));
            CHECK(value_of(s) == on);
        }
        EngineSpec s;
        std::string error;
        CHECK_FALSE(apply_engine_key(s, key, "maybe", error));
        CHECK(error == "bad " + key + " value 'maybe' (on or off; a bare " + key + " means on)");
    }
}

TEST_CASE("without -games, -rounds or -pgnout cutechess-cli's spelling plays one game and writes no PGN",
          "[match][cutechess][runner]") {
    MatchOptions c = cutechess({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "proto=xboard"});
    CHECK(c.games == 1);
    CHECK(c.pgn_path.empty());

    MatchOptions o = two_ply_match("", 1);
    REQUIRE(o.pgn_path.empty());
    Run r = run(o);
    CHECK(r.code == 0);
    CHECK(count_of(r.out, "Finished game") == 1);
    CHECK(r.err.empty());

    // --resume reads the games from the PGN: without one it is refused before anything starts.
    std::ostringstream err;
    CHECK_FALSE(parse_match_args({"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--resume"}, err));
    CHECK(err.str().find("--resume needs --pgn") != std::string::npos);
}

TEST_CASE("a PGN file that stops taking games (a full disk) fails the run with a message", "[match][outputs][runner]") {
    MatchOptions o = two_ply_match("/dev/full", 2);  // opens, and every write fails with ENOSPC
    std::ostringstream out, err;
    const int code = run_match(o, out, err);
    CHECK(code == 1);
    CHECK(err.str().find("cannot write PGN file '/dev/full'") != std::string::npos);
    CHECK(count_of(err.str(), "cannot write PGN file") == 1);  // reported once, not once a game
}

TEST_CASE("'-' as an output file of shishi-match is refused: standard output carries the progress",
          "[match][outputs][options]") {
    for (const char* option : {"--pgn", "--json", "--plot", "--epd"}) {
        std::ostringstream err;
        CHECK_FALSE(parse_match_args({"--first", "a", "--second", "b", "--games", "2", "--tc", "1", option, "-"}, err));
        CHECK(err.str().find(std::string(option) + " -: standard output") != std::string::npos);
    }
}
