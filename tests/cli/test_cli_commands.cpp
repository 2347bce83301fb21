// The `shishi` command-line tools as a user meets them: every input error is reported
// before any work starts and never exits 0; --help and --version; ranges stated in errors;
// long jobs (analyze, tune, divide) interrupted keep what they finished.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "live_streams.hpp"
#include "shishi/cli/commands.hpp"
#include "shishi/cli/interrupt.hpp"
#include "shishi/core/perft.hpp"
#include "shishi/eval/eval_params.hpp"
#include "shishi/eval/nnue_network.hpp"
#include "shishi/tools/tuning.hpp"
#include "shishi/protocol/engine.hpp"
#include "shishi/protocol/startup_options.hpp"
#include "shishi/tools/analysis.hpp"
#include "shishi/record/record.hpp"

using namespace shishi;

namespace {

struct Result {
    int code;
    std::string out, err;
};

Result shishi_cli(std::vector<std::string> args) {
    std::ostringstream out, err;
    int code = cli::run_command(args, out, err);
    return {code, out.str(), err.str()};
}

const std::string GAME = SHISHI_SOURCE_DIR "/tests/data/records/xboard-shishi-vs-hachu.pgn";

std::string temp_path(const std::string& name) { return "/tmp/shishi_cli_" + std::to_string(::getpid()) + "_" + name; }

bool exists(const std::string& path) { return std::ifstream(path).good(); }

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("analyze and convert refuse a bad --from or --to before any work", "[cli]") {
    Result a = shishi_cli({"analyze", GAME, "--from", "xyz", "--depth", "1"});
    CHECK(a.code == 2);
    CHECK(a.err.find("--from takes kif, pgn or usi, not 'xyz'") != std::string::npos);
    CHECK(a.out.empty());  // no summary: nothing was analysed

    const std::string target = temp_path("x.kif");
    std::remove(target.c_str());
    Result c = shishi_cli({"convert", GAME, target, "--to", "xyz"});
    CHECK(c.code == 2);
    CHECK(c.err.find("--to takes kif, pgn or usi, not 'xyz'") != std::string::npos);
    CHECK_FALSE(exists(target));
}

TEST_CASE("analyze checks its output files before the analysis", "[cli]") {
    for (const char* option : {"--out", "--svg"}) {
        INFO(option);
        const std::string path = std::string("/nonexistent/x.") + (option == std::string("--out") ? "pgn" : "svg");
        Result r = shishi_cli({"analyze", GAME, "--depth", "1", option, path});
        CHECK(r.code == 2);
        CHECK(r.err.find(path + ": cannot write (no folder /nonexistent)") != std::string::npos);
        CHECK(r.out.empty());
    }
    Result folder = shishi_cli({"analyze", GAME, "--depth", "1", "--out", "/tmp"});
    CHECK(folder.code == 2);
}

TEST_CASE("tune checks --out before tuning", "[cli]") {
    Result r = shishi_cli({"tune", "/nonexistent/data.txt", "--out", "/nonexistent/weights.txt"});
    CHECK(r.code == 2);
    CHECK(r.err.find("/nonexistent/weights.txt: cannot write") != std::string::npos);
    // Options before the data file: the iterations are still optional.
    Result holdout = shishi_cli({"tune", "--holdout", "5", "/nonexistent/data.txt"});
    CHECK(holdout.code == 1);
    CHECK(holdout.err.find("cannot read /nonexistent/data.txt") != std::string::npos);
    CHECK(holdout.err.find("missing iterations") == std::string::npos);
}

TEST_CASE("perftsuite and tune-data refuse a folder, and tune-data what the record reader cannot read", "[cli]") {
    // A folder opens as a stream on Linux and read as nothing: it was an empty success.
    const std::string folder = temp_path("folder");
    std::filesystem::create_directory(folder);
    Result suite = shishi_cli({"perftsuite", folder});
    CHECK(suite.code == 2);
    CHECK(suite.err.find(folder + ": is a folder") != std::string::npos);
    const std::string target = temp_path("tune.txt");
    Result data = shishi_cli({"tune-data", folder, target});
    CHECK(data.code == 1);
    CHECK(data.err.find(folder + ": is a folder") != std::string::npos);
    CHECK_FALSE(exists(target));
    std::filesystem::remove(folder);

    // An empty suite checks nothing.
    const std::string empty = temp_path("empty.tsv");
    std::ofstream(empty).close();
    Result none = shishi_cli({"perftsuite", empty});
    CHECK(none.code == 1);
    CHECK(none.err.find(empty + ": no positions") != std::string::npos);
    std::remove(empty.c_str());

    // Random bytes are no games.
    const std::string noise = temp_path("noise.pgn");
    {
        std::ofstream out(noise, std::ios::binary);
        uint64_t x = 0x9E3779B97F4A7C15ull;
        for (int i = 0; i < 1 << 20; ++i) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            out.put(char(x >> 56));
        }
    }
    Result random = shishi_cli({"tune-data", noise, target});
    CHECK(random.code == 1);
    CHECK(random.err.rfind("error: " + noise + ": ", 0) == 0);
    CHECK_FALSE(exists(target));
    std::remove(noise.c_str());

    // A game with a move that cannot be played is refused, as `convert` refuses it, not cut
    // short where the move stands; nothing is written.
    std::string games = slurp(GAME) + "\n" + slurp(GAME);
    const size_t second = games.rfind("1. Ng5");
    REQUIRE(second != std::string::npos);
    games.replace(second, 6, "1. Zz5");
    const std::string broken = temp_path("broken.pgn");
    std::ofstream(broken) << games;
    Result bad = shishi_cli({"tune-data", broken, target});
    CHECK(bad.code == 1);
    CHECK(bad.err.find("game 2: line ") != std::string::npos);
    CHECK_FALSE(exists(target));
    CHECK(shishi_cli({"convert", broken, temp_path("broken.kif"), "--game", "2"}).code != 0);
    // The same games without the bad move are all read.
    std::ofstream(broken) << slurp(GAME) << "\n" << slurp(GAME);
    Result good = shishi_cli({"tune-data", broken, target});
    CHECK(good.code == 0);
    CHECK(good.out.rfind("2 games, ", 0) == 0);
    // Its own input is never its output.
    CHECK(shishi_cli({"tune-data", broken, broken}).code == 2);
    CHECK(slurp(broken) == slurp(GAME) + "\n" + slurp(GAME));
    std::remove(broken.c_str());
    std::remove(target.c_str());
}

TEST_CASE("every command answers --help with its usage and exit 0", "[cli]") {
    for (const char* command :
         {"perft", "divide", "perftsuite", "bench", "benchpositions", "tune-data", "tune", "analyze", "convert"}) {
        INFO(command);
        Result r = shishi_cli({command, "--help"});
        CHECK(r.code == 0);
        CHECK(r.out.rfind(std::string("usage: shishi ") + command, 0) == 0);
        CHECK(r.err.empty());
    }
    Result bench = shishi_cli({"bench", "-h"});
    CHECK(bench.code == 0);
    CHECK(bench.out.find("depth 1-30") != std::string::npos);
    // Every option the record commands take is in their --help.
    for (const char* command : {"analyze", "convert"}) {
        INFO(command);
        CHECK(shishi_cli({command, "--help"}).out.find("--kif-style lishogi-server|lishogi-client") !=
              std::string::npos);
    }
    // analyze's evaluation options, in its usage and in its entry of `shishi help`.
    const std::string help = shishi_cli({"help"}).out;
    const size_t entry = help.find("shishi analyze"), next = help.find("shishi convert");
    REQUIRE(entry < next);
    for (const char* option : {"--eval hand|nnue", "--eval-file NET"}) {
        CHECK(shishi_cli({"analyze", "--help"}).out.find(option) != std::string::npos);
        CHECK(help.substr(entry, next - entry).find(option) != std::string::npos);
    }
}

TEST_CASE("shishi --version prints the version", "[cli]") {
    for (const char* flag : {"--version", "-V"}) {
        Result r = shishi_cli({flag});
        CHECK(r.code == 0);
        CHECK(r.out == std::string("Shishi ") + SHISHI_VERSION + "\n");
    }
    CHECK(cli::is_command("--version"));
    CHECK_FALSE(looks_like_startup_options({"--version"}));
}

TEST_CASE("range errors state the range", "[cli]") {
    Result threads = shishi_cli({"analyze", GAME, "--threads", "1024"});
    CHECK(threads.code == 2);
    CHECK(threads.err.find("bad value '1024' for --threads (expected 1.." + std::to_string(max_threads()) + ")") !=
          std::string::npos);
    Result depth = shishi_cli({"analyze", GAME, "--depth", "200"});
    CHECK(depth.err.find("bad value '200' for --depth (expected 1..127)") != std::string::npos);
    Result perft = shishi_cli({"perft", "200"});
    CHECK(perft.code == 2);
    CHECK(perft.err.find("bad depth '200' (expected 1..12)") != std::string::npos);
    // As many analysis threads as the machine has, as USI's Threads allows.
    Result more = shishi_cli({"analyze", GAME, "--threads", std::to_string(max_threads() + 1)});
    CHECK(more.code == 2);
    CHECK(more.out.empty());
}

TEST_CASE("bench reads its optional depth only when one is given", "[cli]") {
    Result r = shishi_cli({"bench", "--foo"});
    CHECK(r.code == 2);
    CHECK(r.err.find("unexpected argument '--foo'") != std::string::npos);
    CHECK(r.err.find("missing depth") == std::string::npos);
    Result big = shishi_cli({"bench", "7", "1000"});
    CHECK(big.code == 2);
    CHECK(big.err.find("bad threads '1000' (expected 1..64)") != std::string::npos);
}

TEST_CASE("shishi help lists --rules of perft and divide, the engine options and --version", "[cli]") {
    Result r = shishi_cli({"help"});
    CHECK(r.code == 0);
    CHECK(r.out.find("perft <depth> [--fen F | --sfen S] [--rules R]") != std::string::npos);
    CHECK(r.out.find("divide <depth> [--fen F | --sfen S] [--rules R]") != std::string::npos);
    CHECK(r.out.find("--Name=value") != std::string::npos);
    CHECK(r.out.find("--version") != std::string::npos);
}

TEST_CASE("engine options on the command line: '-' names, values checked before the protocol", "[cli]") {
    StartupParse dash = parse_startup_options({"--move-overhead", "300"});
    CHECK(dash.error.empty());
    REQUIRE(dash.options.size() == 1);
    CHECK(dash.options[0].name == "move_overhead");
    CHECK(dash.options[0].value == "300");
    StartupParse bad = parse_startup_options({"--Threads=abc"});
    CHECK(bad.error.find("engine option --Threads: Threads needs an integer from 1") != std::string::npos);
    StartupParse range = parse_startup_options({"--Move_Overhead", "999999"});
    CHECK(range.error.find("needs an integer from 0 to 60000") != std::string::npos);
    // A resource limit above the machine is clamped later (with a note), not refused.
    CHECK(parse_startup_options({"--Threads=100000"}).error.empty());
}

TEST_CASE("an analysis stopped part way keeps the positions searched in full", "[cli][analysis]") {
    auto rec = record::read_record_file(GAME, std::nullopt, 1);
    REQUIRE(rec);
    Searcher searcher(1);
    SearchLimits limits;
    limits.depth = 1;
    int done = 0;
    record::Analysis a = record::analyze_record(
        *rec, searcher, limits, xboard_rules(), [&](int d, int) { done = d; }, [&] { return done >= 3; });
    CHECK(a.positions.size() == 3);
    CHECK(a.moves.size() == 2);
    const record::Record annotated = record::annotate(*rec, a, record::Format::PGN);
    REQUIRE(annotated.plies.size() == (*rec).plies.size());
    CHECK(annotated.plies[1].comment.find(" -- " + (*rec).plies[1].comment) != std::string::npos);
    CHECK(annotated.plies[2].comment == (*rec).plies[2].comment);  // not analysed: as it was
    CHECK(record::summary_text(*rec, a).find("1 moves") != std::string::npos);
}

TEST_CASE("Ctrl-C during shishi analyze writes the partial annotated record and says how far it got",
          "[cli][analysis]") {
    const std::string out_path = temp_path("partial.pgn");
    std::remove(out_path.c_str());
    stream_test::LineOutput progress;
    std::ostream err(&progress);
    std::ostringstream out;
    int code = -1;
    // Many nodes a position: the rest of the game takes far longer than the stop needs.
    std::thread analysis([&] {
        code = cli::run_command({"analyze", GAME, "--nodes", "300000", "--hash", "4", "--out", out_path}, out, err);
    });
    const bool started = progress.wait_for("analysed 1/", 0, std::chrono::minutes(5)) >= 0;
    cli::request_stop();
    analysis.join();
    cli::clear_stop_request();
    INFO(out.str());
    REQUIRE(started);
    CHECK(code == 130);
    CHECK(out.str().find("interrupted: ") != std::string::npos);
    CHECK(out.str().find(" positions analysed, ") != std::string::npos);
    CHECK(out.str().find("annotated record: " + out_path + " (") != std::string::npos);
    const std::string written = slurp(out_path);
    CHECK(written.find("[Annotator \"Shishi analysis (evaluation: nnue ") != std::string::npos);
    std::remove(out_path.c_str());
}

TEST_CASE("a stopped tuning run keeps the table of its finished passes", "[cli][tune]") {
    std::vector<TuningSample> samples(4);
    samples[0].result = 1;
    samples[1].result = 0;
    const EvalParams before = eval_params();
    std::ostringstream log;
    const EvalParams result = tune_weights(samples, {}, 400, 5, log, [] { return true; });
    CHECK(result == before);
    CHECK(eval_params() == before);
    CHECK(log.str().find("pass 1 interrupted") != std::string::npos);
}

TEST_CASE("divide hands each root move's count over as soon as it is counted", "[cli][perft]") {
    Position p = Position::start();
    std::vector<std::string> rows;
    auto all = divide(p, 1, [&](const std::string& move, uint64_t count) {
        rows.push_back(move);
        CHECK(count == 1);
    });
    CHECK(rows.size() == all.size());
    CHECK(!rows.empty());
}

namespace {

const std::string LISHOGI_GAME = SHISHI_SOURCE_DIR "/tests/data/records/lishogi-game.kif";

// The annotated PGN of the lishogi game analysed at depth 3 by a Searcher with `net` (null:
// the hand evaluation), as `shishi analyze` writes it with --hash 4.
std::string analysis_with(std::shared_ptr<const nnue::Network> net) {
    auto rec = record::read_record_file(LISHOGI_GAME, std::nullopt, 0);
    REQUIRE(rec);
    Searcher searcher(4);
    searcher.set_network(std::move(net));
    SearchLimits limits;
    limits.depth = 3;
    const record::Analysis a = record::analyze_record(*rec, searcher, limits, lishogi_rules());
    return record::write_record(record::annotate(*rec, a, record::Format::PGN), record::Format::PGN);
}

}  // namespace

TEST_CASE("shishi analyze searches with the engine's evaluation, the embedded net, unless --eval hand",
          "[cli][analysis][nnue]") {
    REQUIRE(nnue::embedded_network() != nullptr);
    const std::string net_name = nnue::embedded_network()->name();
    const std::string by_net = analysis_with(nnue::embedded_network());
    const std::string by_hand = analysis_with(nullptr);
    REQUIRE(by_net != by_hand);  // the two evaluations judge this game differently at depth 3

    const std::string out_path = temp_path("by-default.pgn");
    Result standard = shishi_cli({"analyze", LISHOGI_GAME, "--depth", "3", "--hash", "4", "--out", out_path});
    CHECK(standard.code == 0);
    CHECK(standard.out.rfind("evaluation: " + net_name + "\n", 0) == 0);
    CHECK(slurp(out_path) == by_net);
    CHECK(slurp(out_path).find("[Annotator \"Shishi analysis (evaluation: " + net_name + ")\"]") != std::string::npos);

    Result nnue =
        shishi_cli({"analyze", LISHOGI_GAME, "--depth", "3", "--hash", "4", "--out", out_path, "--eval", "nnue"});
    CHECK(nnue.code == 0);
    CHECK(slurp(out_path) == by_net);

    Result hand =
        shishi_cli({"analyze", LISHOGI_GAME, "--depth", "3", "--hash", "4", "--out", out_path, "--eval", "hand"});
    CHECK(hand.code == 0);
    CHECK(hand.out.rfind("evaluation: hand\n", 0) == 0);
    CHECK(slurp(out_path) == by_hand);
    CHECK(slurp(out_path).find("[Annotator \"Shishi analysis (evaluation: hand)\"]") != std::string::npos);
    std::remove(out_path.c_str());
}

TEST_CASE("shishi analyze --eval-file searches with that net", "[cli][analysis][nnue]") {
    const std::string net_path = temp_path("placeholder.nnue");
    REQUIRE(shishi_cli({"nnue-placeholder", net_path}).code == 0);
    const nnue::NetworkLoad load = nnue::load_network_file(net_path);
    REQUIRE(load.ok());
    REQUIRE(load.net->hash() != nnue::embedded_network()->hash());
    const std::string out_path = temp_path("by-file.pgn");
    for (const char* eval : {"", "nnue"}) {
        INFO("--eval " << eval);
        std::vector<std::string> args = {"analyze", LISHOGI_GAME, "--depth", "3",           "--hash",
                                         "4",       "--out",      out_path,  "--eval-file", net_path};
        if (*eval) args.insert(args.end(), {"--eval", eval});
        Result r = shishi_cli(args);
        CHECK(r.code == 0);
        CHECK(r.out.rfind("evaluation: " + load.net->name() + "\n", 0) == 0);
        CHECK(slurp(out_path) == analysis_with(load.net));
    }
    std::remove(out_path.c_str());
    std::remove(net_path.c_str());
}

TEST_CASE("analyze and gensfen refuse a bad --eval or --eval-file before any work", "[cli][analysis][nnue]") {
    // A net of another shape: the embedded net with its L1 size (header offset 16) changed.
    std::string other_shape(nnue::embedded_network_bytes());
    other_shape[16] ^= 2;
    const std::string mismatched = temp_path("mismatched.nnue"), junk = temp_path("junk.nnue");
    std::ofstream(mismatched, std::ios::binary) << other_shape;
    std::ofstream(junk, std::ios::binary) << "not a net\n";
    const std::string missing = temp_path("missing.nnue");
    std::remove(missing.c_str());
    const struct {
        std::vector<std::string> options;
        std::string message;
    } bad[] = {
        {{"--eval", "neural"}, "bad --eval 'neural' (hand or nnue)"},
        {{"--eval", "hand", "--eval-file", junk}, "--eval-file needs the net: not with --eval hand"},
        {{"--eval-file", missing}, "cannot open net file '" + missing + "'"},
        {{"--eval-file", junk}, "net file '" + junk + "': not a Shishi net"},
        {{"--eval-file", mismatched}, "net file '" + mismatched + "': architecture mismatch: L1 size"},
    };
    const std::string out_path = temp_path("refused.pgn"), data_path = temp_path("refused.sgames");
    for (const auto& b : bad) {
        INFO(b.message);
        std::remove(out_path.c_str());
        std::vector<std::string> analyze = {"analyze", LISHOGI_GAME, "--depth", "1", "--out", out_path};
        analyze.insert(analyze.end(), b.options.begin(), b.options.end());
        Result a = shishi_cli(analyze);
        CHECK(a.code == 2);
        CHECK(a.err.find("error: " + b.message) != std::string::npos);
        CHECK(a.err.find("--eval-file NET") != std::string::npos);  // the usage
        CHECK(a.out.empty());  // nothing analysed
        CHECK_FALSE(exists(out_path));

        std::remove(data_path.c_str());
        std::vector<std::string> gensfen = {"gensfen", "--out", data_path, "--games", "1", "--depth", "1"};
        gensfen.insert(gensfen.end(), b.options.begin(), b.options.end());
        Result g = shishi_cli(gensfen);
        CHECK(g.code == 2);
        CHECK(g.err.find("error: " + b.message) != std::string::npos);
        CHECK_FALSE(exists(data_path));
    }
    std::remove(mismatched.c_str());
    std::remove(junk.c_str());
}
