// Game end by rule (game.hpp): royal capture, no legal move, repetition under the XBoard,
// JCSA and draw rules, and the bare-king option.
#include "shishi/core/game.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;
using Catch::Matchers::Contains;

namespace {

Game game_from(const std::string& pieces, const std::string& tail = "w - - 0 1", RuleSet rules = {}) {
    Game g(rules);
    g.reset(board(pieces, tail));
    return g;
}

RuleSet with_repetition(RepetitionRule r) {
    RuleSet o;
    o.repetition = r;
    return o;
}

RuleSet bare_king_rules() {
    RuleSet o;
    o.bare_king = BareKingRule::BOOK;
    return o;
}

}  // namespace

TEST_CASE("outcome texts", "[rules]") {
    CHECK(std::string(outcome_text(Outcome::WHITE_WINS)) == "1-0");
    CHECK(std::string(outcome_text(Outcome::BLACK_WINS)) == "0-1");
    CHECK(std::string(outcome_text(Outcome::DRAW)) == "1/2-1/2");
    CHECK(std::string(outcome_text(Outcome::ONGOING)) == "*");
}

TEST_CASE("a new game starts from the initial position and is going on", "[rules]") {
    Game g;
    CHECK(g.position().key() == Position::start().key());
    CHECK(g.plies() == 0);
    CHECK(!g.status().over());
    g.play(mv(g.position(), "h4h5"));
    CHECK(g.plies() == 1);
    CHECK(g.moves().size() == 1);
    CHECK(g.undo());
    CHECK(!g.undo());
    CHECK(g.position().key() == Position::start().key());
    CHECK(g.start_position().key() == Position::start().key());
}

TEST_CASE("capturing the last royal wins", "[rules]") {
    Game g = game_from("Kl1 Ra5 ka12");
    play(g, {"a5a12"});
    GameStatus s = g.status();
    CHECK(s.outcome == Outcome::WHITE_WINS);
    CHECK_THAT(s.reason, Contains("captured"));
    CHECK(g.undo());
    CHECK(!g.status().over());
}

TEST_CASE("with two royals, losing one does not end the game", "[rules]") {
    Game g = game_from("Kl1 +Ea1 ka12 rl12", "b - - 0 1");
    play(g, {"l12l1"});
    CHECK(!g.status().over());
    CHECK(g.position().royal_count(WHITE) == 1);
    play(g, {"a1b1", "l1b1"});
    CHECK(g.status().outcome == Outcome::BLACK_WINS);
}

TEST_CASE("a side with no legal move loses", "[rules]") {
    // The King on a12 is boxed in by its own Pawns, which cannot move (b12 is on the last rank).
    Game g = game_from("Ka12 Pb12 Pa11 Pb11 kl1");
    GameStatus s = g.status();
    CHECK(s.outcome == Outcome::BLACK_WINS);
    CHECK_THAT(s.reason, Contains("no legal move"));
    Game black = game_from("Ka12 Pb12 Pa11 Pb11 kl1", "b - - 0 1");
    CHECK(!black.status().over());
}

// ---------------------------------------------------------------------------------------------
// Repetition
// ---------------------------------------------------------------------------------------------

TEST_CASE("XBoard rule: the side that makes the fourth occurrence loses", "[rules][repetition]") {
    Game g = game_from("Kl1 ka12");
    cycle(g, {"l1k1", "a12b12", "k1l1", "b12a12"}, 2);
    play(g, {"l1k1", "a12b12", "k1l1"});
    CHECK(!g.status().over());  // the third occurrence of several positions is not the end
    play(g, {"b12a12"});
    GameStatus s = g.status();
    CHECK(s.outcome == Outcome::WHITE_WINS);  // Black's move made the fourth occurrence
    CHECK(g.plies() == 12);
}

TEST_CASE("XBoard rule: a perpetual checker loses even if the other side completes the repetition",
          "[rules][repetition]") {
    // White's Rook checks the King on every move; Black's King steps out each time.
    Game g = game_from("Kl1 Rb5 ka12");
    cycle(g, {"b5a5", "a12b12", "a5b5", "b12a12"}, 2);
    play(g, {"b5a5", "a12b12", "a5b5", "b12a12"});
    GameStatus s = g.status();
    CHECK(s.outcome == Outcome::BLACK_WINS);
    CHECK_THAT(s.reason, Contains("perpetual"));
}

TEST_CASE("XBoard rule: a perpetual checker completing the repetition loses", "[rules][repetition]") {
    Game g = game_from("Kl1 Rb5 kb12", "b - - 0 1");
    cycle(g, {"b12a12", "b5a5", "a12b12", "a5b5"}, 3);
    GameStatus s = g.status();
    CHECK(s.outcome == Outcome::BLACK_WINS);
    CHECK_THAT(s.reason, Contains("perpetual"));
}

TEST_CASE("DRAW rule: the fourth occurrence is a draw, also with checks", "[rules][repetition]") {
    Game quiet = game_from("Kl1 ka12", "w - - 0 1", with_repetition(RepetitionRule::DRAW));
    cycle(quiet, {"l1k1", "a12b12", "k1l1", "b12a12"}, 3);
    CHECK(quiet.status().outcome == Outcome::DRAW);

    Game checks = game_from("Kl1 Rb5 ka12", "w - - 0 1", with_repetition(RepetitionRule::DRAW));
    cycle(checks, {"b5a5", "a12b12", "a5b5", "b12a12"}, 3);
    CHECK(checks.status().outcome == Outcome::DRAW);
}

TEST_CASE("JCSA rule: the checking side must deviate", "[rules][repetition][jcsa]") {
    Game g = game_from("Kl1 Rb5 ka12", "w - - 0 1", with_repetition(RepetitionRule::JCSA));
    cycle(g, {"b5a5", "a12b12", "a5b5", "b12a12"}, 3);
    GameStatus s = g.status();
    CHECK(s.outcome == Outcome::BLACK_WINS);
    CHECK_THAT(s.reason, Contains("perpetual"));
}

TEST_CASE("JCSA rule: a side that attacked a piece while the other did not must deviate", "[rules][repetition][jcsa]") {
    // White's Rook attacks the Gold on c10 from c5 and c6; Black's King attacks nothing.
    Game g = game_from("Kl1 Rc5 ka12 gc10", "w - - 0 1", with_repetition(RepetitionRule::JCSA));
    cycle(g, {"c5c6", "a12b12", "c6c5", "b12a12"}, 3);
    GameStatus s = g.status();
    CHECK(s.outcome == Outcome::BLACK_WINS);
    CHECK_THAT(s.reason, Contains("attack"));

    // The same game under the XBoard rule: Black completed the repetition and loses.
    Game x = game_from("Kl1 Rc5 ka12 gc10");
    cycle(x, {"c5c6", "a12b12", "c6c5", "b12a12"}, 3);
    CHECK(x.status().outcome == Outcome::WHITE_WINS);
}

TEST_CASE("JCSA rule: otherwise the side that started passing must deviate", "[rules][repetition][jcsa]") {
    Game g = game_from("Kl1 Nc3 ka12", "w - - 0 1", with_repetition(RepetitionRule::JCSA));
    cycle(g, {"@@@@", "a12b12", "@@@@", "b12a12"}, 3);
    GameStatus s = g.status();
    CHECK(s.outcome == Outcome::BLACK_WINS);
    CHECK_THAT(s.reason, Contains("pass"));

    Game x = game_from("Kl1 Nc3 ka12");
    cycle(x, {"@@@@", "a12b12", "@@@@", "b12a12"}, 3);
    CHECK(x.status().outcome == Outcome::WHITE_WINS);
}

TEST_CASE("JCSA rule: nobody attacked anything: draw", "[rules][repetition][jcsa]") {
    Game g = game_from("Kl1 ka12", "w - - 0 1", with_repetition(RepetitionRule::JCSA));
    cycle(g, {"l1k1", "a12b12", "k1l1", "b12a12"}, 3);
    CHECK(g.status().outcome == Outcome::DRAW);
}

TEST_CASE("a pass is not a repetition by itself", "[rules][repetition]") {
    Game g = game_from("Kl1 Nc3 ka12 nj10");
    const uint64_t k0 = g.position().key();
    play(g, {"@@@@"});
    CHECK(g.position().key() != k0);  // same board, other side to move
    CHECK(!g.status().over());
    // Both sides passing does bring the position back: the fourth occurrence after six passes.
    play(g, {"@@@@", "@@@@", "@@@@", "@@@@"});
    CHECK(!g.status().over());
    play(g, {"@@@@"});
    CHECK(g.status().outcome == Outcome::WHITE_WINS);  // Black's pass made the fourth occurrence
}

TEST_CASE("repetitions count only positions since the game's start position", "[rules][repetition]") {
    Game g = game_from("Kl1 ka12");
    cycle(g, {"l1k1", "a12b12", "k1l1", "b12a12"}, 2);
    // A new game from the current position forgets the earlier occurrences.
    Game fresh;
    fresh.reset(g.position());
    cycle(fresh, {"l1k1", "a12b12", "k1l1", "b12a12"}, 2);
    CHECK(!fresh.status().over());
    play(fresh, {"l1k1", "a12b12", "k1l1", "b12a12"});
    CHECK(fresh.status().over());
}

// ---------------------------------------------------------------------------------------------
// Bare King (option)
// ---------------------------------------------------------------------------------------------

TEST_CASE("bare king: the bared side loses when it cannot bare back or take the royal", "[rules][bare-king]") {
    Game g = game_from("Kl1 Ra5 Gl5 ka12 ga6", "w - - 0 1", bare_king_rules());
    play(g, {"a5a6"});
    GameStatus s = g.status();
    CHECK(s.outcome == Outcome::WHITE_WINS);
    CHECK_THAT(s.reason, Contains("bare"));

    Game off = game_from("Kl1 Ra5 Gl5 ka12 ga6");
    play(off, {"a5a6"});
    CHECK(!off.status().over());
}

TEST_CASE("bare king: dead Pawns and Lances on the last rank do not count", "[rules][bare-king]") {
    Game g = game_from("Kl1 Ra5 Gl5 ka12 ga6 pc1 lh1", "w - - 0 1", bare_king_rules());
    play(g, {"a5a6"});
    CHECK(g.status().outcome == Outcome::WHITE_WINS);
    // A Pawn that can still move is material.
    Game alive = game_from("Kl1 Ra5 Gl5 ka12 ga6 pc3", "w - - 0 1", bare_king_rules());
    play(alive, {"a5a6"});
    CHECK(!alive.status().over());
}

TEST_CASE("bare king: baring back on the next move is a draw", "[rules][bare-king]") {
    Game g = game_from("Kl1 Ra5 ka12 ga11", "w - - 0 1", bare_king_rules());
    play(g, {"a5a11"});
    CHECK(!g.status().over());  // Black can take the Rook and bare White too
    play(g, {"a12a11"});
    GameStatus s = g.status();
    CHECK(s.outcome == Outcome::DRAW);
}

TEST_CASE("bare king: failing to use the saving move loses", "[rules][bare-king]") {
    Game g = game_from("Kl1 Ra5 ka12 ga11", "w - - 0 1", bare_king_rules());
    play(g, {"a5a11", "a12b12"});
    CHECK(g.status().outcome == Outcome::WHITE_WINS);
}

TEST_CASE("bare king: a bared side that can take the last royal plays on and wins by taking it", "[rules][bare-king]") {
    Game g = game_from("Kb11 Rc5 ka12 gc12", "w - - 0 1", bare_king_rules());
    play(g, {"c5c12"});
    CHECK(!g.status().over());
    play(g, {"a12b11"});
    CHECK(g.status().outcome == Outcome::BLACK_WINS);
}

TEST_CASE("bare king: Pawns and Go-Betweens cannot bare a King", "[rules][bare-king]") {
    // White is left with King and a Pawn after taking Black's last piece with the Pawn.
    Game g = game_from("Kl1 Pb10 ka12 gb11", "w - - 0 1", bare_king_rules());
    play(g, {"b10b11"});
    CHECK(!g.status().over());
}
