// A whole game driven the way a USI host drives it: before each engine move the host sends
// `position startpos moves ...` with the full move list so far, then `go` with a small node
// limit (every tenth ply pondered and then confirmed with ponderhit). Every bestmove must be
// legal under the core's rules. A game that ends by rule before 200 plies (how long a game lasts
// depends on the net and the search) is followed by a new one (`usinewgame`), so that 200 plies
// are always played.
#include <catch2/catch.hpp>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/game.hpp"
#include "shishi/protocol/usi_text.hpp"
#include "usi_harness.hpp"

using namespace usi_test;
using namespace shishi;
using namespace std::chrono_literals;

TEST_CASE("usi game: 200 plies through position startpos moves, every bestmove legal", "[usi][slow]") {
    constexpr int PLIES = 200;
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("isready");
    REQUIRE(s.expect("readyok", 60s) == "readyok");
    s.send("usinewgame");

    Game game;  // the referee: legality and the end of the game by rule
    game.reset(Position::start());
    const Position& pos = game.position();
    std::string moves;
    int played = 0;
    int games_ended = 0;
    for (; played < PLIES; ++played) {
        if (game.status().over()) {
            // the last game ended by rule: the host starts the next one
            ++games_ended;
            s.send("usinewgame");
            game.reset(Position::start());
            moves.clear();
        }
        // a slightly different budget per side keeps the game from settling into a repetition
        int nodes = 1500 + 300 * (played % 2) + 37 * (played % 7);
        s.send("position startpos" + (moves.empty() ? std::string() : " moves" + moves));
        if (played % 10 == 9) {
            // now and then the way a pondering host does it: go ponder, then ponderhit
            s.send("go ponder nodes " + std::to_string(nodes));
            s.send("ponderhit");
        } else {
            s.send("go nodes " + std::to_string(nodes));
        }
        std::string line = s.expect("bestmove ", 60s);
        INFO("ply " << played + 1 << ": " << line);
        REQUIRE(starts_with(line, "bestmove "));
        auto words = usi::split_words(line);
        REQUIRE(words.size() >= 2);
        if (words[1] == "resign") {
            CHECK(count_legal(pos) == 0);  // only when there really is no move
            break;
        }
        Parsed<Move> m = parse_usi_move(pos, words[1]);
        REQUIRE(m);
        if (words.size() == 4) {
            Position after = pos;
            after.make(*m);
            CHECK(parse_usi_move(after, words[3]));
        }
        game.play(*m);
        moves += ' ';
        moves += words[1];
    }
    INFO("games ended by rule on the way: " << games_ended);
    CHECK(played == PLIES);
    // the engine's view of the final position is the referee's
    s.send("position startpos moves" + moves);
    s.send("d");
    CHECK(s.expect("sfen ", 60s) == "sfen " + to_sfen(pos));
    CHECK(count_prefix(s.lines(), "info string") == 0);
    s.send("quit");
    CHECK(s.finish() == 0);
}
