// shishi-match's command line, both spellings: an option missing its value names the option;
// an option given twice is refused, whichever spelling gave it; -openings format= decides how
// the book is read; each engine arg= reaches the engine as one argument, byte for byte.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "match_test_support.hpp"
#include "shishi/match/cutechess_args.hpp"
#include "shishi/match/match_options.hpp"
#include "shishi/match/runner.hpp"

using namespace shishi::match;
using match_test::fake;
using match_test::slurp;
using match_test::temp_pgn;

namespace {

const std::vector<std::string> ENGINES = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1"};

// The error of a cutechess-spelled command line: the translation's, else the parser's.
std::string error_of(std::vector<std::string> args) {
    std::string error;
    auto translated = from_cutechess(args, error);
    if (!translated) return error;
    std::ostringstream err;
    return parse_match_args(*translated, err) ? std::string() : err.str();
}

std::vector<std::string> with_engines(std::vector<std::string> args) {
    args.insert(args.begin(), ENGINES.begin(), ENGINES.end());
    return args;
}

}  // namespace

TEST_CASE("a cutechess option missing its value names that option", "[match][cutechess][options]") {
    CHECK(error_of(with_engines({"-games", "2", "-concurrency"})) == "-concurrency needs a value (-concurrency N)");
    CHECK(error_of(with_engines({"-concurrency", "-games", "2"})) == "-concurrency needs a value (-concurrency N)");
    CHECK(error_of(with_engines({"-games", "2", "-epdout"})) == "-epdout needs a value (-epdout FILE)");
    CHECK(error_of(with_engines({"-srand", "-games", "2"})) == "-srand needs a value (-srand N)");
    CHECK(error_of(with_engines({"-pgnout"})).find("-pgnout needs a value") == 0);
    // -repeat's value may be left out.
    CHECK(error_of(with_engines({"-games", "2", "-repeat"})) == "");
}

TEST_CASE("an option given twice is refused, in either spelling and either order", "[match][cutechess][options]") {
    CHECK(error_of(with_engines({"-games", "2", "-pgnout", "a.pgn", "--pgn", "b.pgn"})).find("--pgn is given twice") !=
          std::string::npos);
    CHECK(error_of(with_engines({"-games", "2", "--games", "4"})).find("say how many games twice") !=
          std::string::npos);
    CHECK(error_of(with_engines({"--games", "4", "-games", "2"})).find("say how many games twice") !=
          std::string::npos);
    CHECK(error_of(with_engines({"-games", "2", "-concurrency", "2", "-j", "3"})).find("is given twice") !=
          std::string::npos);
    std::ostringstream err;
    CHECK_FALSE(parse_match_args(
        {"--first", "a", "--second", "b", "--games", "2", "--depth", "1", "--tc", "10", "--tc", "20"}, err));
    CHECK(err.str().find("--tc is given twice ('10', then '20')") != std::string::npos);
    // The first and the second engine's own options are different options; engines add up.
    CHECK(error_of({"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c", "-each", "depth=1", "-games", "2"}) ==
          "");
    std::ostringstream ok;
    CHECK(parse_match_args({"--first", "a", "--second", "b", "--games", "2", "--first-depth", "1", "--second-depth",
                            "2", "--first-option", "A=1", "--first-option", "B=2"},
                           ok));
}

TEST_CASE("cutechess -openings format= decides how the book is read, and file= is needed",
          "[match][cutechess][openings]") {
    const std::string book = temp_pgn("format_book") + ".txt";  // a PGN book under another name
    std::ofstream(book) << "[Event \"book\"]\n\n1. h4h5 e9e8 *\n";
    std::string error;
    auto args = from_cutechess(with_engines({"-games", "2", "-openings", "file=" + book, "format=pgn"}), error);
    REQUIRE(args);
    std::ostringstream err;
    auto o = parse_match_args(*args, err);
    REQUIRE(o);
    CHECK(o->openings_format == OpeningsFormat::PGN);
    auto loaded = load_openings(o->openings_path, o->openings_format);
    INFO(loaded.error);
    REQUIRE(loaded);
    REQUIRE((*loaded).size() == 1);
    CHECK((*loaded)[0].moves.size() == 2);
    // Read as lines, the same file is refused.
    CHECK_FALSE(load_openings(book, OpeningsFormat::LINES));
    std::remove(book.c_str());

    CHECK(error_of(with_engines({"-games", "2", "-openings", "order=random"})) == "-openings needs file=FILE");
    CHECK(error_of(with_engines({"-games", "2", "-openings", "format=epd"})) == "-openings needs file=FILE");
    std::ostringstream err2;
    CHECK_FALSE(parse_match_args(
        {"--first", "a", "--second", "b", "--games", "2", "--depth", "1", "--openings-format", "pgn"}, err2));
    CHECK(err2.str().find("--openings-format needs --openings FILE") != std::string::npos);
}

TEST_CASE("each arg= reaches the engine as one argument, byte for byte", "[match][cutechess][process]") {
    const std::string log = temp_pgn("argv") + ".json";
    std::remove(log.c_str());
    const std::string marker = temp_pgn("argv_marker");
    std::remove(marker.c_str());
    const std::vector<std::string> words = {"--Threads=1", "O'Brien; touch " + marker + "; echo '", "two words",
                                            "$HOME `id` \"q\" \\ *", ""};
    std::vector<std::string> args = {"-engine", "cmd=" + fake("usi", "--argv-log " + log), "proto=usi"};
    for (const std::string& w : words)
        args.push_back("arg=" + w);
    args.insert(args.end(), {"-engine", "cmd=b", "-each", "depth=1", "-games", "2"});
    std::string error;
    auto translated = from_cutechess(args, error);
    REQUIRE(translated);
    std::ostringstream err;
    auto o = parse_match_args(*translated, err);
    REQUIRE(o);
    auto engine = match_test::started(o->engines[0]);
    REQUIRE(engine);
    engine->quit();
    std::string expected = "[";
    for (size_t k = 0; k < words.size(); ++k) {
        std::string json = "\"";
        for (char c : words[k])
            json += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
        expected += (k ? ", " : "") + json + "\"";
    }
    CHECK(slurp(log) == expected + "]");
    CHECK_FALSE(std::filesystem::exists(marker));
    std::remove(log.c_str());
}
