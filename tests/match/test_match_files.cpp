// The files a run writes: two outputs naming one file by different spellings or links are
// refused, as is an output that is the openings file; `merge` never overwrites a shard's
// results; the EPD file holds only games that were played; the PGN tags stay one line.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "match_test_support.hpp"
#include "shishi/match/match_options.hpp"
#include "shishi/match/merge.hpp"
#include "shishi/match/runner.hpp"

using namespace shishi::match;
using match_test::count_of;
using match_test::fake;
using match_test::slurp;
using match_test::temp_pgn;

namespace {

// The parse error of a command line (empty when it parses).
std::string parse_error(const std::vector<std::string>& args) {
    std::ostringstream err;
    auto o = parse_match_args(args, err);
    return o ? std::string() : err.str();
}

std::vector<std::string> two_engines(std::vector<std::string> extra) {
    std::vector<std::string> args = {"--engine", "cmd=a", "--engine", "cmd=b", "--games", "2", "--depth", "1"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

// A folder in /tmp for this test process, made empty; the test's relative names are in it.
struct TempDir {
    std::filesystem::path dir, previous;
    explicit TempDir(const std::string& stem) {
        dir = std::filesystem::temp_directory_path() / ("shishi_files_" + stem + "_" + std::to_string(::getpid()));
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        previous = std::filesystem::current_path();
        std::filesystem::current_path(dir);
    }
    ~TempDir() {
        std::filesystem::current_path(previous);
        std::filesystem::remove_all(dir);
    }
};

}  // namespace

TEST_CASE("outputs naming one file by another spelling or through a link are refused", "[match][files][options]") {
    TempDir tmp("identity");
    const std::string refused = "name the same file";
    CHECK(parse_error(two_engines({"--pgn", "g.pgn", "--epd", "./g.pgn"})).find(refused) != std::string::npos);
    CHECK(parse_error(two_engines({"--pgn", "g.pgn", "--json", "sub/../g.pgn"})).find(refused) != std::string::npos);
    CHECK(parse_error(two_engines({"--pgn", (tmp.dir / "g.pgn").string(), "--plot", "g.pgn"})).find(refused) !=
          std::string::npos);
    std::ofstream("target.pgn") << "";
    std::filesystem::create_symlink("target.pgn", "link.pgn");
    CHECK(parse_error(two_engines({"--pgn", "target.pgn", "--epd", "link.pgn"})).find(refused) != std::string::npos);
    // An engine's stderr= file is an output too.
    CHECK(parse_error({"--engine", "cmd=a", "stderr=./g.pgn", "--engine", "cmd=b", "--games", "2", "--depth", "1",
                       "--pgn", "g.pgn"})
              .find(refused) != std::string::npos);
    // No output may be the openings file.
    std::ofstream("book.txt") << "h4h5\n";
    CHECK(parse_error(two_engines({"--openings", "book.txt", "--epd", "./book.txt"})).find("is the --openings file") !=
          std::string::npos);
    // Different files, and engines sharing one stderr file, are fine.
    CHECK(parse_error({"--engine", "cmd=a", "stderr=e.log", "--engine", "cmd=b", "stderr=./e.log", "--games", "2",
                       "--depth", "1", "--pgn", "g.pgn", "--epd", "g.epd"}) == "");
}

TEST_CASE("the cutechess -pgnout and -epdout of one file are refused before any game", "[match][files][cutechess]") {
    TempDir tmp("cutechess_identity");
    std::string error;
    auto args = from_cutechess(
        {"-engine", "cmd=" + fake("xboard", "--moves h4h5"), "-engine", "cmd=" + fake("xboard", "--moves e9e8"),
         "-each", "depth=1", "-games", "2", "-maxmoves", "5", "-pgnout", "g.pgn", "-epdout", "./g.pgn"},
        error);
    REQUIRE(args);
    CHECK(parse_error(*args).find("name the same file") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists("g.pgn"));
}

TEST_CASE("merge never overwrites a shard's results: the output is named with -o", "[match][files][merge]") {
    TempDir tmp("merge");
    std::ofstream("s1.json") << "{\"shard 1\": true}";
    std::ofstream("s2.json") << "{\"shard 2\": true}";
    std::ostringstream out, err;
    // The output left out: s1.json would be the output; refused, and s1.json is left alone.
    CHECK(merge_command({"s1.json", "s2.json"}, out, err) == 2);
    CHECK(err.str().find("'s1.json' exists and would be overwritten") != std::string::npos);
    CHECK(slurp("s1.json") == "{\"shard 1\": true}");
    // -o naming an input by another spelling is refused too.
    err.str("");
    CHECK(merge_command({"-o", "./s1.json", "s1.json", "s2.json"}, out, err) == 1);
    CHECK(err.str().find("is both the output and an input") != std::string::npos);
    CHECK(slurp("s1.json") == "{\"shard 1\": true}");
    // -o with a new output reads the shards (these are no results files: refused, nothing written).
    err.str("");
    CHECK(merge_command({"-o", "all.json", "s1.json", "s2.json"}, out, err) == 1);
    CHECK(err.str().find("is not a shishi-match results file") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists("all.json"));
}

TEST_CASE("the EPD file gets no line for a game lost to a setup failure", "[match][files][runner]") {
    TempDir tmp("epd");
    std::ostringstream err;
    auto o = parse_match_args(
        {"--first", fake("xboard", "--moves h4h5"), "--name-first", "A", "--second", "/nonexistent/engine",
         "--name-second", "B", "--games", "2", "--max-plies", "1", "--depth", "1", "--pgn", "g.pgn", "--epd", "g.epd"},
        err);
    REQUIRE(o);
    std::ostringstream out, run_err;
    CHECK(run_match(*o, out, run_err) == 1);
    CHECK(count_of(slurp("g.pgn"), "[TerminationDetails \"setup failure\"]") == 1);
    CHECK(slurp("g.epd") == "");

    // The engine fixed, the run resumed: one line per game played.
    o->engines[1].command = fake("xboard", "--moves e9e8");
    o->resume = true;
    CHECK(run_match(*o, out, run_err) == 0);
    CHECK(count_of(slurp("g.pgn"), "[Event ") == 2);
    CHECK(count_of(slurp("g.epd"), "\n") == 2);
}

TEST_CASE("a line break in a PGN tag's text is refused", "[match][files][options]") {
    for (const auto& [option, value] : std::vector<std::pair<std::string, std::string>>{
             {"--event", "Chu\nCup"}, {"--site", "here\r"}, {"--name-first", "A\nB"}, {"--name-second", "B\tC"}}) {
        std::vector<std::string> args = {"--first", "a",       "--second", "b",    "--games",
                                         "2",       "--depth", "1",        option, value};
        CHECK(parse_error(args).find("a PGN tag is one line") != std::string::npos);
    }
    CHECK(parse_error({"--engine", "cmd=a", "name=A\nB", "--engine", "cmd=b", "--games", "2", "--depth", "1"})
              .find("a PGN tag is one line") != std::string::npos);
    CHECK(parse_error({"--first", "a", "--second", "b", "--games", "2", "--depth", "1", "--event", "Chu Cup, 対局"}) ==
          "");
}
