// cutechess-cli's command line read by shishi-match: its options and key=value words, the time
// controls it writes (tc=inf, 40/1:30+1, M:SS), PGN opening books, and the refusals with reasons.
#include <catch2/catch.hpp>

#include <fstream>
#include <unistd.h>

#include "match_test_support.hpp"
#include "shishi/match/cutechess_args.hpp"
#include "shishi/match/openings.hpp"

using namespace shishi::match;

namespace {

MatchOptions cutechess(const std::vector<std::string>& args) { return match_test::parsed_cutechess(args); }

std::string refusal(const std::vector<std::string>& args) {
    std::string error;
    CHECK_FALSE(from_cutechess(args, error));
    return error;
}

}  // namespace

TEST_CASE("a cutechess-cli command line runs with the engines and the variant changed", "[match][cutechess]") {
    // cutechess-cli's documented shape: engines, -each, games x rounds, openings, PGN, SPRT.
    MatchOptions o = cutechess({"-engine",
                                "cmd=./build/shishi",
                                "name=Shishi",
                                "-engine",
                                "cmd=/usr/games/hachu",
                                "-each",
                                "proto=xboard",
                                "tc=40/1:30+1",
                                "-variant",
                                "chu",
                                "-games",
                                "2",
                                "-rounds",
                                "50",
                                "-repeat",
                                "-concurrency",
                                "2",
                                "-openings",
                                "file=book.pgn",
                                "format=pgn",
                                "order=random",
                                "plies=8",
                                "start=3",
                                "policy=round",
                                "-pgnout",
                                "out.pgn",
                                "fi",
                                "-sprt",
                                "elo0=0",
                                "elo1=10",
                                "alpha=0.05",
                                "beta=0.05",
                                "-srand",
                                "42",
                                "-maxmoves",
                                "150",
                                "-event",
                                "Chu test",
                                "-site",
                                "here",
                                "-recover",
                                "-ratinginterval",
                                "10",
                                "-draw",
                                "movenumber=40",
                                "movecount=8",
                                "score=10",
                                "-resign",
                                "movecount=3",
                                "score=400"});
    REQUIRE(o.engines.size() == 2);
    CHECK(o.engines[0].name == "Shishi");
    CHECK(o.engines[1].command == "/usr/games/hachu");
    REQUIRE(o.engines[1].tc);  // -each applies to every engine
    CHECK(o.engines[1].tc->moves_per_session == 40);
    CHECK(o.engines[1].tc->base_ms == 90'000);
    CHECK(o.engines[1].tc->increment_ms == 1000);
    CHECK(o.games == 100);  // -games 2 x -rounds 50
    CHECK(o.concurrency == 2);
    CHECK(o.openings_path == "book.pgn");
    CHECK(o.openings_random);
    CHECK(o.openings_plies == 8);
    CHECK(o.openings_start == 3);
    CHECK(o.pgn_path == "out.pgn");
    REQUIRE(o.sprt);
    CHECK(o.sprt->elo1 == 10);
    CHECK(o.seed == 42);
    CHECK(o.referee.max_plies == 300);  // -maxmoves counts full moves
    CHECK(o.event == "Chu test");
    CHECK(o.site == "here");
    CHECK(o.referee.draw.move_count == 8);
    CHECK(o.referee.resign.score_cp == 400);

    // -rounds alone counts games; tc=inf with a depth; whitepov; M:SS base.
    MatchOptions r = cutechess({"-engine", "cmd=a", "tc=inf", "depth=4", "whitepov", "-engine", "cmd=b", "tc=1:30",
                                "-rounds", "6", "-pgnout", "x.pgn", "min"});
    CHECK(r.games == 6);
    CHECK(r.pgn_min);
    REQUIRE(r.engines[0].tc);
    CHECK_FALSE(r.engines[0].tc->has_clock());
    CHECK(r.engines[0].tc->depth == 4);
    CHECK(r.engines[0].white_pov);
    CHECK(r.engines[1].tc->base_ms == 90'000);
}

TEST_CASE("cutechess-cli options that mean nothing for Chu or are missing are refused with the reason",
          "[match][cutechess]") {
    CHECK(refusal({"-engine", "cmd=a", "proto=uci", "-engine", "cmd=b"}).find("usi") != std::string::npos);
    CHECK(refusal({"-engine", "cmd=a", "-engine", "cmd=b", "-variant", "standard"}).find("chu") != std::string::npos);
    CHECK(refusal({"-engine", "cmd=a", "-engine", "cmd=b", "-tb", "/syzygy"}).find("Chu has none") !=
          std::string::npos);
    CHECK(refusal({"-engine", "conf=sf", "-engine", "cmd=b"}).find("engines.json") != std::string::npos);
    CHECK_FALSE(refusal({"-engine", "cmd=a", "-engine", "cmd=b", "-repeat", "4"}).empty());
    CHECK_FALSE(refusal({"-engine", "cmd=a", "-engine", "cmd=b", "-openings", "file=x", "policy=encounter"}).empty());
    CHECK_FALSE(refusal({"-engine", "cmd=a", "-engine", "cmd=b", "-games", "zero"}).empty());
    std::string error;
    for (const char* bad : {"1:60", ":30", "1:", "1:2:3", "x:30"}) {
        INFO(bad);
        CHECK_FALSE(parse_tc(bad, error));
    }
}

TEST_CASE("a PGN file is an opening book: each game's start and moves", "[match][cutechess][openings]") {
    const std::string path = "/tmp/shishi_match_cutechess_" + std::to_string(::getpid()) + ".pgn";
    std::ofstream(path) << "[Event \"a\"]\n[Variant \"chu\"]\n\n1. h4h5 e9e8 2. d1d2 *\n\n"
                           "[Event \"b\"]\n[Variant \"chu\"]\n\n1. e4e5 *\n";
    auto book = load_openings(path);
    std::remove(path.c_str());
    INFO(book.error);
    REQUIRE(book);
    REQUIRE((*book).size() == 2);
    CHECK((*book)[0].moves.size() == 3);
    CHECK((*book)[1].moves.size() == 1);
}

TEST_CASE("the debug log (--debug) uses cutechess-cli's arrows: '>' to the engine, '<' from it",
          "[match][cutechess][process]") {
    std::ostringstream log;
    ChildProcess::set_traffic_log(&log);
    ChildProcess p;
    p.set_label("echo");
    std::string error, line;
    REQUIRE(p.start("exec cat", "", "", error));
    p.write_line("ping 1");
    const auto st = p.read_line(line, SteadyClock::now() + std::chrono::seconds(60));
    ChildProcess::set_traffic_log(nullptr);
    p.stop();
    REQUIRE(st == ChildProcess::ReadStatus::LINE);
    CHECK(log.str().find(" echo > ping 1\n") != std::string::npos);
    CHECK(log.str().find(" echo < ping 1\n") != std::string::npos);
}
