// The whole match with scripted fake engines: pairs of games with colours reversed, engine
// restarts after a crash, an engine that cannot start, Ctrl-C, SPRT early stop, option parsing.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>
#include <sys/stat.h>
#include <unistd.h>

#include "live_streams.hpp"
#include "match_test_support.hpp"
#include "shishi/core/rule_fields.hpp"
#include "shishi/match/stop_request.hpp"
#include "shishi/match/match_options.hpp"
#include "shishi/match/runner.hpp"

using namespace shishi::match;
using match_test::count_of;
using match_test::fake;
using match_test::Run;
using match_test::run;
using match_test::slurp;
using match_test::temp_pgn;

namespace {

MatchOptions options(const std::string& first_args, const std::string& second_args, const std::string& pgn) {
    std::ostringstream err;
    auto o = parse_match_args({"--first", fake("xboard", first_args), "--second", fake("xboard", second_args),
                               "--games", "2", "--tc", "5+0.1", "--pgn", pgn},
                              err);
    REQUIRE(o);
    o->engines[0].handshake_timeout_ms = o->engines[1].handshake_timeout_ms = 3000;
    return *o;
}

}  // namespace

TEST_CASE("each opening is played twice with colours reversed and the summary adds up", "[match][runner]") {
    std::string book = "/tmp/shishi_match_test_book_" + std::to_string(::getpid()) + ".txt";
    std::ofstream(book) << "h4h5 e9e8\ne4e5 h9h8\n";
    MatchOptions o = options("--name A", "--name B", temp_pgn("pairs"));
    o.games = 4;
    o.openings_path = book;
    o.referee.max_plies = 2;  // the game ends right after the opening: a draw
    Run r = run(o);
    std::remove(book.c_str());
    CHECK(r.code == 0);
    CHECK(count_of(r.pgn, "[Event ") == 4);
    CHECK(count_of(r.pgn, "1. h4h5 e9e8 {opening}") == 2);
    CHECK(count_of(r.pgn, "1. e4e5 h9h8 {opening}") == 2);
    CHECK(count_of(r.pgn, "[White \"A\"]") == 2);
    CHECK(count_of(r.pgn, "[White \"B\"]") == 2);
    CHECK(r.out.find("Score of A vs B: 0 - 0 - 4  [0.500] 4") != std::string::npos);
    CHECK(r.out.find("max plies: 4") != std::string::npos);
    CHECK(r.out.find("Elo difference: +0.0") != std::string::npos);
}

TEST_CASE("random plies are the same for both games of a pair", "[match][runner]") {
    MatchOptions o = options("", "", temp_pgn("random"));
    o.random_plies = 3;
    o.seed = 5;
    o.referee.max_plies = 3;
    Run r = run(o);
    CHECK(r.code == 0);
    size_t first = r.pgn.find("1. ");
    size_t second = r.pgn.find("1. ", first + 1);
    REQUIRE(second != std::string::npos);
    CHECK(r.pgn.substr(first, 20) == r.pgn.substr(second, 20));
    CHECK(count_of(r.pgn, "[PlyCount \"3\"]") == 2);
}

TEST_CASE("an engine that crashes is restarted for the next game", "[match][runner]") {
    MatchOptions o =
        options("--moves 'h4h5 e4e5' --crash-at 1 --name Crashy", "--moves h4h5 --name Steady", temp_pgn("crash"));
    Run r = run(o);
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(count_of(r.pgn, "[Event ") == 2);
    CHECK(count_of(r.pgn, "[Termination \"abandoned\"]") == 2);
    CHECK(r.out.find("Score of Crashy vs Steady: 0 - 2 - 0") != std::string::npos);
    CHECK(r.out.find("crash: 2 (Crashy 2, Steady 0)") != std::string::npos);
}

TEST_CASE("refusals of legal moves are counted per engine in the summary", "[match][runner]") {
    MatchOptions o =
        options("--moves 'h4h5 e4e5' --name A", "--moves 'e9e8 h9h8' --refuse-at 1 --name B", temp_pgn("refuse"));
    o.games = 1;
    Run r = run(o);
    CHECK(r.code == 0);
    CHECK(r.out.find("Refused legal moves: A 0, B 1") != std::string::npos);
    CHECK(r.pgn.find("[Termination \"rules infraction\"]") != std::string::npos);
}

TEST_CASE("an engine that cannot be started stops the match with a clear message", "[match][runner]") {
    MatchOptions o = options("", "", temp_pgn("nostart"));
    o.engines[0].command = "/nonexistent/engine";
    o.games = 10;
    auto t0 = std::chrono::steady_clock::now();
    Run r = run(o);
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 5.0);
    CHECK(r.code == 1);
    CHECK(r.err.find("cannot start the first engine") != std::string::npos);
    CHECK(count_of(r.pgn, "[Event ") == 1);
    CHECK(r.out.find("setup failure: 1") != std::string::npos);
}

TEST_CASE("a stop request (Ctrl-C) keeps finished games and prints the summary", "[match][runner]") {
    // Game 1 ends at the ply limit after the first engine's move; in game 2 the second engine
    // moves first and stalls until the stop request.
    MatchOptions o = options("--moves h4h5", "--moves h4h5 --stall-at 1", temp_pgn("interrupt"));
    o.games = 3;
    o.referee.max_plies = 1;
    o.referee.tc.base_ms = 60'000;
    // The stop follows the event (game 1 reported finished), not a guessed time: on a loaded
    // machine game 1 may take seconds.
    stream_test::LineOutput lines;
    std::ostream out(&lines);
    std::ostringstream err;
    int code = -1;
    std::thread match([&] { code = run_match(o, out, err); });
    const bool finished = lines.wait_for("Finished game 1 ", 0, std::chrono::minutes(2)) >= 0;
    const auto t0 = std::chrono::steady_clock::now();
    request_stop();
    match.join();
    clear_stop_request();
    const std::string text = [&] {
        std::string all;
        for (const std::string& l : lines.lines())
            all += l + "\n";
        return all;
    }();
    const std::string pgn = slurp(o.pgn_path);
    std::remove(o.pgn_path.c_str());
    INFO(text << err.str());
    REQUIRE(finished);
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 10.0);
    CHECK(code == 130);
    CHECK(text.find("Interrupted: 1 finished game(s) kept") != std::string::npos);
    CHECK(count_of(pgn, "[Event ") == 1);
}

TEST_CASE("games lost to a setup failure are reported as such and the run exits 1", "[match][runner]") {
    // As HaChu with a hash it cannot allocate: the handshake works, then no readyok comes.
    MatchOptions o = match_test::parsed({"--first", fake("usi", "--moves '5i5h 8i8h'"), "--name-first", "A", "--second",
                                         fake("usi", "--no-pong"), "--name-second", "B", "--first-protocol", "usi",
                                         "--second-protocol", "usi", "--games", "2", "--tc", "5+0.1", "--pgn",
                                         temp_pgn("setup_failure")});
    o.engines[1].handshake_timeout_ms = 1500;
    Run r = run(o);
    INFO(r.out << r.err);
    CHECK(r.code == 1);
    CHECK(count_of(r.pgn, "[TerminationDetails \"setup failure\"]") == 2);
    CHECK(r.out.find("setup failure: 2 (A 0, B 2)") != std::string::npos);
    CHECK(r.err.find("shishi-match: 2 game(s) lost to a setup failure, not played (first: ") != std::string::npos);
    CHECK(r.err.find("no readyok within 1500 ms") != std::string::npos);
}

TEST_CASE("unwritable --json, --plot, --pgn and engine stderr files are refused before any engine starts",
          "[match][runner]") {
    for (const char* option : {"--json", "--plot", "--pgn", "--first-stderr"}) {
        INFO(option);
        std::vector<std::string> args = {
            "--first", "/nonexistent/first", "--second", "/nonexistent/second", "--games", "2", "--tc", "5"};
        if (std::string(option) != "--pgn") args.insert(args.end(), {"--pgn", temp_pgn("unwritable")});  // given once
        args.push_back(option);
        args.push_back("/nonexistent/out.file");
        MatchOptions o = match_test::parsed(args);
        std::ostringstream out, err;
        CHECK(run_match(o, out, err) == 1);
        CHECK(err.str() == "shishi-match: /nonexistent/out.file: cannot write (no folder /nonexistent)\n");
        CHECK(out.str().empty());  // no engine asked for its name, no game
        std::remove(temp_pgn("unwritable").c_str());
    }
}

TEST_CASE("a JSON file that cannot be written during the run makes the exit status 1", "[match][runner]") {
    // The file's folder is writable (the check before the run passes), but the temporary file
    // the JSON is written through is a folder: every write fails.
    const std::string json = temp_pgn("json_fails") + ".json";
    REQUIRE(::mkdir((json + ".tmp").c_str(), 0755) == 0);
    MatchOptions o = match_test::parsed({"--first", fake("xboard", "--moves h4h5"), "--name-first", "A", "--second",
                                         fake("xboard", "--moves h4h5"), "--name-second", "B", "--games", "2", "--tc",
                                         "5", "--max-plies", "1", "--json", json, "--pgn", temp_pgn("json_fails")});
    Run r = run(o);
    ::rmdir((json + ".tmp").c_str());
    INFO(r.out << r.err);
    CHECK(count_of(r.pgn, "[Event ") == 2);
    CHECK(r.err.find("cannot write JSON file '" + json + "'") != std::string::npos);
    CHECK(r.code == 1);
}

TEST_CASE("match option errors state the range; outputs on one file; --version", "[match][options]") {
    auto error_of = [](std::vector<std::string> extra) {
        std::vector<std::string> args = {"--first", "a",    "--second", "b",     "--games",
                                         "2",       "--tc", "5",        "--pgn", "x.pgn"};
        args.insert(args.end(), extra.begin(), extra.end());
        std::ostringstream err;
        CHECK_FALSE(parse_match_args(args, err));
        return err.str();
    };
    CHECK(error_of({"-j", "1000"}) == "shishi-match: bad -j '1000' (1..256 games at once)\n");
    CHECK(error_of({"--concurrency", "0"}) == "shishi-match: bad --concurrency '0' (1..256 games at once)\n");
    CHECK(error_of({"--memory", "0"}).find("(MB, 1..1048576)") != std::string::npos);
    CHECK(error_of({"--max-plies", "-1"}).find("(0..100000, 0 = no limit)") != std::string::npos);
    CHECK(error_of({"--random-plies", "201"}).find("(0..200)") != std::string::npos);
    CHECK(error_of({"--margin-ms", "x"}).find("(0..3600000)") != std::string::npos);
    CHECK(error_of({"--json", "x.pgn"}) == "shishi-match: --pgn and --json name the same file 'x.pgn'\n");
    CHECK(error_of({"--json", "r.json", "--plot", "r.json"}) ==
          "shishi-match: --json and --plot name the same file 'r.json'\n");
    std::ostringstream err;
    auto v = parse_match_args({"--version"}, err);
    REQUIRE(v);
    CHECK(v->version);
}

TEST_CASE("SPRT stops the match early with its verdict", "[match][runner]") {
    // The first engine draws as White (ply limit 1) and wins as Black (the other resigns): every
    // game pair is worth 1.5 points, pentanomial [0, 0, 0, k, 0]. fishtest's
    // LLRcalc.LLR_logistic(0, 100, [0, 0, 0, k, 0]) is 2.716 for k = 11 and 2.963 for k = 12,
    // and the upper bound is ln(0.95 / 0.05) = 2.944: H1 after exactly 12 pairs, 24 games.
    MatchOptions o = options("--moves h4h5 --name A", "--name B", temp_pgn("sprt"));
    o.games = 200;
    o.referee.max_plies = 1;
    std::string error;
    o.sprt = parse_sprt("elo0=0 elo1=100 alpha=0.05 beta=0.05", error);
    REQUIRE(o.sprt);
    Run r = run(o);
    CHECK(r.code == 0);
    CHECK(r.out.find("H1 accepted") != std::string::npos);
    CHECK(r.out.find("Pentanomial [0, 0, 0, 12, 0] over 12 game pair(s)") != std::string::npos);
    CHECK(count_of(r.pgn, "[Event ") == 24);
}

TEST_CASE("match options are read with clear errors", "[match][options]") {
    std::ostringstream err;
    auto o = parse_match_args({"--first",
                               "a",
                               "--second",
                               "b",
                               "--first-protocol",
                               "usi",
                               "--games",
                               "20",
                               "--tc",
                               "10+0.1",
                               "-j",
                               "2",
                               "--pgn",
                               "x.pgn",
                               "--adjudicate",
                               "1000:5",
                               "--sprt",
                               "elo0=0",
                               "elo1=10",
                               "--rules",
                               "okazaki,repetition=draw",
                               "--max-plies",
                               "300",
                               "--margin-ms",
                               "150",
                               "--name-first",
                               "One"},
                              err);
    REQUIRE(o);
    CHECK(o->engines[0].protocol == Protocol::USI);
    CHECK(o->engines[1].protocol == Protocol::XBOARD);
    CHECK(o->games == 20);
    CHECK(o->concurrency == 2);
    CHECK(o->referee.tc.base_ms == 10000);
    CHECK(o->referee.adjudication.score_cp == 1000);
    CHECK(o->referee.adjudication.moves == 5);
    REQUIRE(o->sprt);
    CHECK(o->sprt->elo1 == 10);
    CHECK(o->referee.rules.okazaki);
    CHECK(o->referee.rules.repetition == shishi::RepetitionRule::DRAW);
    CHECK(o->referee.max_plies == 300);
    CHECK(o->referee.margin_ms == 150);
    CHECK(o->engines[0].name == "One");
    // The referee's rules are sent to engines that offer the rule options.
    REQUIRE(o->engines[0].rule_options.size() == shishi::rule_fields().size() + 1);
    CHECK(o->engines[0].rule_options[0].name == "Rules");
    CHECK(o->engines[0].rule_options[0].value == "book");
    CHECK(o->engines[1].rule_options[1].value == "true");  // Okazaki rule

    auto lishogi = parse_match_args(
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x", "--rules", "lishogi,okazaki"},
        err);
    REQUIRE(lishogi);
    shishi::RuleSet want = shishi::lishogi_rules();
    want.okazaki = true;
    CHECK(lishogi->referee.rules == want);
    CHECK(lishogi->engines[0].rule_options[0].value == "lishogi");
    // Any rule field, one by one (the grammar of rules_argument.hpp, shared with shishi).
    auto fields = parse_match_args({"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x",
                                    "--rules", "book,host-mate-test,reversible-ply-limit=60,bare-king=lishogi"},
                                   err);
    REQUIRE(fields);
    want = shishi::book_rules();
    want.host_mate_test = true;
    want.reversible_ply_limit = 60;
    want.bare_king = shishi::BareKingRule::LISHOGI;
    CHECK(fields->referee.rules == want);
    bool sent = false;
    for (const shishi::RuleOptionSpec& spec : fields->engines[0].rule_options)
        sent = sent || (spec.name == "Reversible ply limit" && spec.value == "60");
    CHECK(sent);
    auto plain = parse_match_args({"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x"}, err);
    REQUIRE(plain);
    CHECK(plain->referee.rules == shishi::book_rules());

    auto st = parse_match_args({"--first", "a", "--second", "b", "--first-protocol", "usi", "--second-protocol", "usi",
                                "--games", "2", "--st", "0.5", "--depth", "4", "--pgn", "x"},
                               err);
    REQUIRE(st);
    CHECK(st->referee.tc.move_time_ms == 500);
    CHECK(st->referee.tc.depth == 4);

    auto nodes = parse_match_args({"--first", "a", "--second", "b", "--first-protocol", "usi", "--second-protocol",
                                   "usi", "--games", "2", "--nodes", "5000", "--tc", "10+0.1", "--pgn", "x"},
                                  err);
    REQUIRE(nodes);
    CHECK(nodes->referee.tc.nodes == 5000);
    CHECK(nodes->referee.tc.base_ms == 10000);

    const std::vector<std::vector<std::string>> bad = {
        {"--first", "a", "--games", "2", "--tc", "1", "--pgn", "x"},
        {"--first", "a", "--second", "b", "--tc", "1", "--pgn", "x"},
        {"--first", "a", "--second", "b", "--games", "2", "--pgn", "x"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "1",
         "--resume"},  // --resume without the PGN to resume
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--st", "1", "--pgn", "x"},
        {"--first", "a", "--second", "b", "--games", "0", "--tc", "1", "--pgn", "x"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x", "--first-protocol", "uci"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x", "--adjudicate", "100"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x", "--rules", "nonsense"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x", "--rules", "okazaki,lishogi"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x", "--rules", "repetition=chess"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x", "--bogus", "1"},
        {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn"},
        {"--first", "a", "--second", "b", "--games", "2", "--st", "0.5", "--pgn", "x"},
        // A node limit only exists in USI; an XBoard engine (the default protocol) cannot get one.
        {"--first", "a", "--second", "b", "--second-protocol", "usi", "--games", "2", "--nodes", "100", "--pgn", "x"},
        {"--first", "a", "--second", "b", "--first-protocol", "usi", "--second-protocol", "usi", "--games", "2",
         "--nodes", "0", "--pgn", "x"},
    };
    for (const auto& args : bad) {
        std::ostringstream e;
        CHECK_FALSE(parse_match_args(args, e));
        CHECK_FALSE(e.str().empty());
    }
    // The --rules messages name the problem and what is known.
    for (const auto& [rules, message] : std::vector<std::pair<std::string, std::string>>{
             {"book,castling=1", "--rules: unknown rule 'castling' (presets: book, xboard, lishogi; fields: okazaki, "},
             {"okazaki,lishogi", "--rules: the preset 'lishogi' must come first"},
             {"reversible-ply-limit=-3", "--rules: reversible-ply-limit needs an integer from 0 to 10000, got '-3'"},
             {"repetition", "--rules: repetition needs a value: repetition=XBoard, JCSA, Draw or lishogi"}}) {
        std::ostringstream e;
        INFO(rules);
        CHECK_FALSE(parse_match_args(
            {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x", "--rules", rules}, e));
        CHECK(e.str().find(message) != std::string::npos);
    }
}

TEST_CASE("the referee's rules reach a USI engine that lists them with underscores", "[match][runner][usi]") {
    // USI engines list Fairy-Stockfish's spelling (Shishi's own `Okazaki_rule`): the rule
    // options are sent under the engine's spelling, not skipped as not offered.
    const std::string log = "/tmp/shishi_match_spelling_" + std::to_string(::getpid()) + ".log";
    const std::string script = log + ".sh";
    {
        std::ofstream s(script);
        s << "while read -r line; do echo \"$line\" >> " << log << "\n"
          << "case \"$line\" in\n"
          << "usi) echo 'id name Spelled'; echo 'option name Okazaki_rule type check default false';"
          << " echo 'option name Repetition_rule type combo default XBoard var XBoard var Draw'; echo usiok;;\n"
          << "isready) echo readyok;;\nquit) exit 0;;\nesac\ndone\n";
    }
    EngineConfig config;
    config.command = "sh " + script;
    config.protocol = Protocol::USI;
    shishi::RuleSet rules = shishi::book_rules();
    rules.okazaki = true;
    config.rule_options = shishi::rule_option_specs(rules);
    std::unique_ptr<EngineProcess> engine = make_engine(config);
    std::string error;
    REQUIRE(engine->start(error));
    engine->quit();
    const std::string sent = slurp(log);
    CHECK(sent.find("setoption name Okazaki_rule value true\n") != std::string::npos);
    CHECK(sent.find("setoption name Repetition_rule value ") != std::string::npos);
    CHECK(sent.find("setoption name Okazaki rule") == std::string::npos);
    std::remove(log.c_str());
    std::remove(script.c_str());
}
