// A whole Lishogi-Bot session, driven as TheYoBots/Lishogi-Bot drives a USI engine: engine
// options on the command line, `usi`, its usi_options and USI_Variant as setoption, `isready`,
// then per move `position startpos moves ...` (all moves so far, also none) and `go` with the
// clocks (btime/wtime less byoyomi and increment, byoyomi, binc/winc, or a float movetime),
// `go ponder` on the expected reply answered by `ponderhit` (a hit) or `stop` (a miss), the
// final position at game end, and `quit`.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/game.hpp"
#include "shishi/protocol/usi_text.hpp"
#include "usi_harness.hpp"

using namespace shishi;
using namespace std::chrono_literals;

namespace {

std::string position_line(const std::vector<std::string>& moves) {
    std::string l = "position startpos moves";  // Lishogi-Bot sends "moves" even with none
    for (const auto& m : moves)
        l += " " + m;
    return l;
}

// "bestmove X [ponder Y]" -> X, Y (Y empty when absent).
std::pair<std::string, std::string> read_bestmove(const std::string& line) {
    auto w = usi::split_words(line);
    std::pair<std::string, std::string> r;
    if (w.size() >= 2) r.first = std::string(w[1]);
    if (w.size() >= 4 && w[2] == "ponder") r.second = std::string(w[3]);
    return r;
}

}  // namespace

TEST_CASE("lishogi bot: a whole session as Lishogi-Bot drives it", "[usi][lishogi]") {
    usi_test::Session s(StartupOptions{{"Threads", "1"}});  // engine_options: shishi --Threads=1
    REQUIRE(s.expect("usiok", 30s) == "usiok");
    // usi_options from config.yml, then the variant
    for (const char* l : {"setoption name Move Overhead value 50", "setoption name Threads value 1",
                          "setoption name Hash value 8", "setoption name USI_Variant value chushogi"})
        s.send(l);
    s.send("isready");
    REQUIRE(s.expect("readyok", 60s) == "readyok");
    s.send("usinewgame");

    Game game;
    std::vector<std::string> moves;
    int gos = 0, hits = 0, misses = 0;
    auto play = [&](const std::string& usi_move) {
        Parsed<Move> m = parse_usi_move(game.position(), usi_move);
        REQUIRE(m);
        game.play(*m);
        moves.push_back(usi_move);
    };
    // Clock commands in the forms Lishogi-Bot builds; wtime/btime already less byoyomi + inc.
    const std::vector<std::string> clocks = {
        "btime 0 wtime 0 byoyomi 300",
        "btime 20000 wtime 20000 binc 100 winc 100",
        "movetime 300.0",
        "btime 2147483647 wtime 2147483647 movetime 200",
    };
    // The bot plays sente; the opponent (not this engine) answers with the reply the bot
    // expected on every other move (a ponder hit) and with some other move otherwise (a miss).
    std::string our_move, expected;
    for (int turn = 0; turn < 8 && !game.status().over(); ++turn) {
        const std::string clock = clocks[size_t(turn) % clocks.size()];
        if (our_move.empty()) {
            s.send(position_line(moves));
            s.send("go " + clock);
            ++gos;
            auto [best, ponder] = read_bestmove(s.expect("bestmove", 60s));
            REQUIRE(best != "");
            REQUIRE(best != "resign");
            play(best);
            expected = ponder;
        }
        our_move.clear();
        if (game.status().over()) break;
        const bool pondering = !expected.empty();
        if (pondering) {
            std::vector<std::string> pondered = moves;
            pondered.push_back(expected);
            s.send(position_line(pondered));
            s.send("go ponder " + clock);
            ++gos;
            std::this_thread::sleep_for(100ms);
            CHECK_FALSE(s.has_pending("bestmove"));
        }
        // the opponent's move
        std::string reply;
        if (pondering && turn % 2 == 0) {
            reply = expected;
        } else {
            MoveList legal;
            generate_legal(game.position(), legal);
            REQUIRE(legal.size() > 0);
            for (Move m : legal)
                if (move_to_usi(m) != expected) {
                    reply = move_to_usi(m);
                    break;
                }
        }
        play(reply);
        if (!pondering) continue;
        if (reply == expected) {
            ++hits;
            s.send("ponderhit");
            auto [best, ponder] = read_bestmove(s.expect("bestmove", 60s));
            REQUIRE(best != "");
            play(best);
            our_move = best;
            expected = ponder;
        } else {
            ++misses;
            s.send("stop");
            CHECK(s.expect("bestmove", 60s) != "");  // discarded by the bot
        }
    }
    CHECK(hits > 0);
    CHECK(misses > 0);
    // game end: the bot reports the final position, then quits
    s.send(position_line(moves));
    s.send("quit");
    CHECK(s.finish() == 0);
    auto lines = s.lines();
    CHECK(usi_test::count_prefix(lines, "bestmove") == gos);
    // Nothing went wrong on the way: the only info strings are the ones for an unclocked game.
    for (const auto& l : lines)
        if (l.rfind("info string", 0) == 0) {
            INFO(l);
            CHECK(l.find("go:") != std::string::npos);
        }
    CHECK(moves.size() >= 8);
}
