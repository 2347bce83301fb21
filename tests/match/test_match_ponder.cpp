// USI pondering in shishi-match (cutechess-cli's `ponder` engine word): after its move the engine
// searches the reply it predicted; a hit becomes the move's search with `ponderhit`, a miss is
// stopped and its bestmove thrown away before the real `go`.
#include <catch2/catch.hpp>

#include <cstdio>

#include "match_test_support.hpp"
#include "shishi/match/referee.hpp"

using namespace shishi;
using namespace shishi::match;
using namespace match_test;

namespace {

// Sente's and gote's first three moves, legal in this order.
const char* const SENTE = "5i5h 8i8h 7i7h";
const char* const GOTE = "5d5e 6d6e 8d8e";

std::string temp_log(const std::string& stem) {
    return "/tmp/shishi_ponder_" + stem + "_" + std::to_string(::getpid()) + ".log";
}

// Lines of `text` that start with `prefix`.
int lines_starting(const std::string& text, const std::string& prefix) { return count_of("\n" + text, "\n" + prefix); }

struct Played {
    std::vector<GameRecord> games;
    std::string sente_log;  // every line the pondering engine received
};

// `games` games of six plies: a fake playing SENTE with the given predictions (pondering unless
// told otherwise) against a fake playing GOTE.
Played play(const std::string& predictions, const std::string& extra = "", int games = 1, bool ponder = true) {
    Played p;
    const std::string log = temp_log("sente");
    EngineConfig w = fake_config(
        "usi", std::string("--moves '") + SENTE + "' --ponder '" + predictions + "' --log " + log + " " + extra);
    w.ponder = ponder;
    EngineConfig b = fake_config("usi", std::string("--moves '") + GOTE + "'");
    RefereeSettings s;
    s.tc = TimeControl{};
    s.tc.base_ms = 60'000;
    s.tc.increment_ms = 100;
    s.max_plies = 6;
    auto white = started(w);
    auto black = started(b);
    REQUIRE(white);
    REQUIRE(black);
    for (int g = 0; g < games; ++g)
        p.games.push_back(play_game(*white, *black, Opening{}, s));
    white->quit();
    black->quit();
    p.sente_log = slurp(log);
    std::remove(log.c_str());
    return p;
}

// The game went its six plies (no forfeit: a ponder bestmove taken for an answer is illegal).
void check_played_out(const GameRecord& g) {
    INFO(g.reason);
    CHECK(g.termination == Termination::MAX_PLIES);
    REQUIRE(g.moves.size() == 6);
    CHECK(move_to_usi(g.moves[0]) == "5i5h");
    CHECK(move_to_usi(g.moves[5]) == "8d8e");
}

}  // namespace

TEST_CASE("USI ponder: a predicted reply is searched on the opponent's time and a hit becomes the search",
          "[match][ponder]") {
    Played p = play("5d5e 6d6e -");
    REQUIRE(p.games.size() == 1);
    check_played_out(p.games[0]);
    const std::string& log = p.sente_log;
    CHECK(log.find("setoption name USI_Ponder value true\n") < log.find("isready"));
    // Moves 2 and 3 come from the ponder searches: one real `go`, two `go ponder`, two hits.
    CHECK(lines_starting(log, "go btime") == 1);
    CHECK(lines_starting(log, "go ponder btime") == 2);
    CHECK(lines_starting(log, "ponderhit") == 2);
    CHECK(lines_starting(log, "stop") == 0);
    // The ponder position is the game plus the predicted reply; the clocks are those after the move.
    CHECK(log.find("position startpos moves 5i5h 5d5e\ngo ponder btime ") != std::string::npos);
}

TEST_CASE("USI ponder: a miss stops the ponder search and its late bestmove is not the answer", "[match][ponder]") {
    // After 5i5h it predicts 7d7e (gote plays 5d5e); after 8i8h its prediction 5d5e is illegal,
    // so it does not ponder.
    Played p = play("7d7e 5d5e -");
    check_played_out(p.games[0]);
    const std::string& log = p.sente_log;
    CHECK(lines_starting(log, "go ponder") == 1);
    CHECK(log.find("position startpos moves 5i5h 7d7e\ngo ponder") != std::string::npos);
    CHECK(lines_starting(log, "stop") == 1);
    CHECK(lines_starting(log, "ponderhit") == 0);
    CHECK(lines_starting(log, "go btime") == 3);
    // The stopped search's bestmove (a1a12) is read before the real position is sent.
    CHECK(log.find("stop\nposition startpos moves 5i5h 5d5e\ngo btime") != std::string::npos);
}

TEST_CASE("USI ponder: a ponder search that ended before the miss is not taken for the answer either",
          "[match][ponder]") {
    // The engine answers `go ponder` at once (bestmove a1a12): on the miss that bestmove is
    // already waiting, or crosses the `stop`; both ways it is read and thrown away.
    Played p = play("7d7e 10d10e -", "--ponder-early");
    check_played_out(p.games[0]);
    CHECK(lines_starting(p.sente_log, "go ponder") == 2);
    CHECK(lines_starting(p.sente_log, "go btime") == 3);
    CHECK(lines_starting(p.sente_log, "ponderhit") == 0);
}

TEST_CASE("USI ponder: a game that ends while the engine ponders stops it, and the next game starts clean",
          "[match][ponder]") {
    // The last prediction starts a ponder search that the end of the game (the ply limit) cuts.
    Played p = play("5d5e 6d6e 8d8e", "", 2);
    REQUIRE(p.games.size() == 2);
    check_played_out(p.games[0]);
    check_played_out(p.games[1]);
    const std::string& log = p.sente_log;
    CHECK(lines_starting(log, "go ponder") == 6);
    CHECK(lines_starting(log, "ponderhit") == 4);
    CHECK(count_of(log, "stop\ngameover draw\n") == 2);
}

TEST_CASE("USI engines without ponder get no go ponder, however their bestmove predicts", "[match][ponder]") {
    Played p = play("5d5e 6d6e 8d8e", "", 1, false);
    check_played_out(p.games[0]);
    CHECK(p.sente_log.find("ponder") == std::string::npos);  // neither USI_Ponder (not offered) nor go ponder
    CHECK(lines_starting(p.sente_log, "go ") == 3);
}

TEST_CASE("the ponder engine word is accepted for USI engines", "[match][ponder][options]") {
    std::ostringstream err;
    auto o = parse_match_args(
        {"--engine", "cmd=a", "proto=usi", "ponder", "--engine", "cmd=b", "--games", "2", "--tc", "1", "--pgn", "x"},
        err);
    INFO(err.str());
    REQUIRE(o);
    CHECK(o->engines[0].ponder);
    CHECK(o->engines[0].protocol == Protocol::USI);
}
