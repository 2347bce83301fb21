// Starting an engine: a program that cannot be run or a directory that cannot be entered is
// reported with the system's reason; the engine's complaints about its options, and options it
// never advertised, are shown on standard error before the first game.
#include <catch2/catch.hpp>

#include <sstream>

#include "match_test_support.hpp"
#include "shishi/match/engine_process.hpp"
#include "shishi/match/match_options.hpp"
#include "shishi/match/runner.hpp"

using namespace shishi::match;
using match_test::fake;
using match_test::fake_config;

TEST_CASE("a missing program or directory is reported with its reason", "[match][process]") {
    EngineConfig c = fake_config("xboard", "");
    c.command = "/no/such/engine";
    auto e = make_engine(c);
    std::string error;
    CHECK_FALSE(e->start(error));
    CHECK(error == "cannot run '/no/such/engine': No such file or directory");

    c.command = "no-such-engine-anywhere --flag";
    CHECK_FALSE(make_engine(c)->start(error));
    CHECK(error == "cannot run 'no-such-engine-anywhere': not found in PATH");

    c = fake_config("xboard", "");
    c.dir = "/no/such/dir";
    CHECK_FALSE(make_engine(c)->start(error));
    CHECK(error == "cannot enter directory '/no/such/dir': No such file or directory");

    // A file that is not a program.
    c = fake_config("xboard", "");
    c.command = SHISHI_SOURCE_DIR "/README.md";
    CHECK_FALSE(make_engine(c)->start(error));
    CHECK(error == "cannot run '" SHISHI_SOURCE_DIR "/README.md': Permission denied");

    // The run names the engine and the reason.
    std::ostringstream perr;
    auto o = parse_match_args({"--first", "/no/such/engine", "--name-first", "A", "--second", fake("xboard", ""),
                               "--name-second", "B", "--games", "2", "--depth", "1"},
                              perr);
    REQUIRE(o);
    std::ostringstream out, err;
    CHECK(run_match(*o, out, err) == 1);
    CHECK(err.str().find("cannot start the first engine '/no/such/engine': cannot run '/no/such/engine': No such file "
                         "or directory") != std::string::npos);
}

TEST_CASE("option complaints and unadvertised options are warned about before the first game",
          "[match][options][runner]") {
    for (const std::string protocol : {"usi", "xboard"}) {
        INFO(protocol);
        const std::string moves = protocol == "usi" ? "--moves 7i7h" : "--moves h4h5";
        std::ostringstream perr;
        auto o = parse_match_args(
            {"--engine", "name=A", "cmd=" + fake(protocol, moves + " --complain --option Hash"), "proto=" + protocol,
             "option.Hsh=256", "option.Hash=8", "--engine", "name=B", "cmd=" + fake(protocol, moves),
             "proto=" + protocol, "--games", "2", "--depth", "1", "--max-plies", "1"},
            perr);
        REQUIRE(o);
        std::ostringstream both;  // standard output and error as one, to see the order
        CHECK(run_match(*o, both, both) == 0);
        const std::string e = both.str();
        INFO(e);
        CHECK(e.find("shishi-match: warning: engine A: option 'Hsh' is not among the options it advertises\n") !=
              std::string::npos);
        const std::string answer =
            protocol == "usi" ? "info string unknown option 'Hsh'" : "Error (unknown option): Hsh";
        CHECK(e.find("shishi-match: warning: engine A: it answered '" + answer + "'\n") != std::string::npos);
        CHECK(e.find("'Hash'") == std::string::npos);
        CHECK(match_test::count_of(e, "warning:") == 2);  // once, though the engine starts for two games
        REQUIRE(e.find("Finished game 1 ") != std::string::npos);
        CHECK(e.rfind("warning:") < e.find("Finished game 1 "));
    }
}
