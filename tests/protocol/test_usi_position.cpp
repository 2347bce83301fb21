// USI mode: `position` with startpos/sfen and moves in lishogi notation, the `d` display,
// and malformed commands and moves (reported by info string, position unchanged).
#include <catch2/catch.hpp>

#include <algorithm>

#include "shishi/core/notation.hpp"
#include "shishi/protocol/usi_position.hpp"
#include "shishi/protocol/usi_text.hpp"
#include "usi_harness.hpp"

using namespace usi_test;
using namespace shishi;

namespace {

// White (sente) Lion on 7g next to a Black Pawn on 6f; kings on 7l and 6a.
const std::string LION_SFEN = "6k5/12/12/12/12/6p5/5N6/12/12/12/12/5K6 b - 1";

// The sfen lines printed by `d` commands in a transcript, in order.
std::vector<std::string> displayed_sfens(const std::vector<std::string>& out) {
    std::vector<std::string> s;
    for (const auto& l : out)
        if (starts_with(l, "sfen ")) s.push_back(l.substr(5));
    return s;
}

// The SFEN after playing `moves` (USI) from `sfen` with the core alone.
std::string sfen_after(const std::string& sfen, const std::vector<std::string>& moves) {
    Parsed<Position> p = parse_sfen(sfen);
    REQUIRE(p);
    Position pos = *p;
    for (const auto& m : moves) {
        Parsed<Move> mv = parse_usi_move(pos, m);
        REQUIRE(mv);
        pos.make(*mv);
    }
    return to_sfen(pos);
}

}  // namespace

TEST_CASE("usi position: startpos and the start SFEN give the same position", "[usi]") {
    auto out = run_script("d\nposition startpos\nd\nposition sfen " + std::string(START_SFEN) + "\nd\n");
    auto sfens = displayed_sfens(out);
    REQUIRE(sfens.size() == 3);
    CHECK(sfens[0] == START_SFEN);
    CHECK(sfens[1] == START_SFEN);
    CHECK(sfens[2] == START_SFEN);
    CHECK(count_prefix(out, "info string") == 0);
}

TEST_CASE("usi position: moves are played from startpos and from an SFEN", "[usi]") {
    auto out = run_script(
        "position startpos moves 3i3h 10d10e\nd\n"
        "position sfen " +
        std::string(START_SFEN) + " moves 3i3h\nd\n");
    auto sfens = displayed_sfens(out);
    REQUIRE(sfens.size() == 2);
    CHECK(sfens[0] == sfen_after(START_SFEN, {"3i3h", "10d10e"}));
    CHECK(sfens[1] == sfen_after(START_SFEN, {"3i3h"}));
    CHECK(sfens[0] != START_SFEN);
    // second player to move after one ply
    CHECK(sfens[1].find(" w ") != std::string::npos);
    CHECK(count_prefix(out, "info string") == 0);
}

TEST_CASE("usi position: Lion double moves, igui, leap and pass in lishogi notation", "[usi]") {
    const std::vector<std::string> moves = {"7g6f5e", "7g6f7g", "7g5e", "7g6f", "7g7f7g"};
    for (const auto& m : moves) {
        INFO(m);
        auto out = run_script("position sfen " + LION_SFEN + " moves " + m + "\nd\n");
        auto sfens = displayed_sfens(out);
        REQUIRE(sfens.size() == 1);
        CHECK(sfens[0] == sfen_after(LION_SFEN, {m}));
        CHECK(count_prefix(out, "info string") == 0);
    }
    // igui removes the pawn and leaves the Lion where it was; the pass changes only the side
    auto igui = sfen_after(LION_SFEN, {"7g6f7g"});
    CHECK(igui.substr(0, igui.find(' ')) == "6k5/12/12/12/12/12/5N6/12/12/12/12/5K6");
    auto pass = sfen_after(LION_SFEN, {"7g7f7g"});
    CHECK(pass.substr(0, pass.find(' ')) == "6k5/12/12/12/12/6p5/5N6/12/12/12/12/5K6");
    CHECK(pass.find(" w ") != std::string::npos);
}

TEST_CASE("usi position: the counter-strike square is kept in the SFEN", "[usi]") {
    // A White Gold on 7h takes a Black Lion on 7g (a non-Lion captures a Lion).
    const std::string sfen = "6k5/12/12/12/12/12/5n6/5G6/12/12/12/5K6 b - 1";
    auto out = run_script("position sfen " + sfen + " moves 7h7g\nd\n");
    auto sfens = displayed_sfens(out);
    REQUIRE(sfens.size() == 1);
    CHECK(sfens[0] == "6k5/12/12/12/12/12/5G6/12/12/12/12/5K6 w 7g 2");
    // and it is read back from an SFEN
    out = run_script("position sfen " + sfens[0] + "\nd\n");
    CHECK(displayed_sfens(out) == std::vector<std::string>{sfens[0]});
    CHECK(count_prefix(out, "info string") == 0);
}

TEST_CASE("usi position: malformed commands are reported and leave no stale position", "[usi]") {
    struct Case {
        std::string command;
        std::string error;
    };
    const std::vector<Case> cases = {
        {"position", "position: expected 'startpos' or 'sfen <SFEN>'"},
        {"position startfen", "position: expected 'startpos' or 'sfen', not 'startfen'"},
        {"position startpos 7g7f", "position: unexpected '7g7f' after startpos"},
        {"position sfen", "position: 'sfen' without an SFEN"},
        {"position sfen moves 3i3h", "position: 'sfen' without an SFEN"},
        {"position sfen 12/12 b - 1", "position: bad SFEN: "},
        {"position sfen " + LION_SFEN.substr(0, LION_SFEN.find(' ')) + " x - 1", "position: bad SFEN: "},
        {"position startpos moves 3i3h 3h3g 10d10e", "position: move 2 '3h3g' rejected: "},
        {"position startpos moves 7g7f", "position: move 1 '7g7f' rejected: "},
        {"position startpos moves 3i3h 3d3f", "position: move 2 '3d3f' rejected: "},
        {"position startpos moves 3i", "position: move 1 '3i' rejected: malformed move"},
        {"position startpos moves 13a12a", "position: move 1 '13a12a' rejected: malformed move"},
        {"position startpos moves 3i3m", "position: move 1 '3i3m' rejected: malformed move"},
        {"position startpos moves 3i3h++", "position: move 1 '3i3h++' rejected: malformed move"},
        {"position startpos moves 3i3h3g3f", "position: move 1 '3i3h3g3f' rejected: malformed move"},
        {"position startpos moves 3i3h+", "position: move 1 '3i3h+' rejected: "},
        {"position startpos moves \xff\xfe", "position: move 1 '\xff\xfe' rejected: malformed move"},
        {"position sfen " + LION_SFEN + " moves 7g6f5e+", "position: move 1 '7g6f5e+' rejected: "},
        {"position sfen " + LION_SFEN + " moves 7g5e3c", "position: move 1 '7g5e3c' rejected: "},
        {"position sfen " + LION_SFEN + " moves 7l7k7l 6a6b", "position: move 1 '7l7k7l' rejected: "},
    };
    for (const Case& c : cases) {
        INFO(c.command);
        // a known non-start position first, so "unchanged" is not the same as "reset"
        auto out = run_script("position startpos moves 3i3h\n" + c.command + "\nd\n");
        auto sfens = displayed_sfens(out);
        REQUIRE(sfens.size() == 1);
        CHECK(sfens[0] == sfen_after(START_SFEN, {"3i3h"}));
        std::string info = first_with(out, "info string ");
        CHECK(starts_with(info, "info string " + c.error));
        CHECK(info.find(": ;") == std::string::npos);  // a reason follows every "rejected:"
        CHECK(info.find("the next go answers bestmove resign") != std::string::npos);
    }
}

TEST_CASE("usi position: parse_position_command reads the start and the moves under the given rules", "[usi]") {
    RuleSet rules;
    rules.okazaki = true;
    auto p = usi::parse_position_command(usi::split_words("startpos moves 3i3h"), rules);
    REQUIRE(p);
    CHECK(p.value->start.rules().okazaki);
    CHECK(p.value->start.key() == Position::start().key());
    CHECK(p.value->moves.size() == 1);  // the engine plays them into its game record
    CHECK(p.error.empty());
}

TEST_CASE("usi d: the diagram uses USI coordinates", "[usi]") {
    auto out = run_script("position sfen " + LION_SFEN + "\nd\n");
    // usiok, then the diagram header with files 12..1
    auto header = std::find(out.begin(), out.end(), "usiok");
    REQUIRE(header != out.end());
    REQUIRE(std::next(header) != out.end());
    CHECK(*std::next(header) == "   12 11 10  9  8  7  6  5  4  3  2  1");
    // the Lion on 7g: rank g is the seventh row, file 7 the sixth column
    std::string row_g;
    for (const auto& l : out)
        if (!l.empty() && l.back() == 'g' && l.size() > 3 && l[l.size() - 2] == ' ') row_g = l;
    CHECK(row_g == "    .  .  .  .  .  N  .  .  .  .  .  .  g");
    CHECK(first_with(out, "side to move: ") == "side to move: b (sente, upper case)");
}

TEST_CASE("usi position: the Okazaki option changes which moves are legal", "[usi]") {
    // A White Gold has just taken a Lion on 7g (counter-strike on 7g). Black's Gold on 3b may
    // take the unprotected White Lion on 3c only under the Okazaki rule.
    const std::string sfen = "6k5/9g2/9N2/12/12/12/5G6/12/12/12/12/5K6 w 7g 2";
    auto out = run_script("position sfen " + sfen + " moves 3b3c\nd\n");
    CHECK(starts_with(first_with(out, "info string"), "info string position: move 1 '3b3c' rejected: "));
    CHECK(displayed_sfens(out) == std::vector<std::string>{sfen_after(START_SFEN, {})});

    out = run_script("setoption name Okazaki value true\nposition sfen " + sfen + " moves 3b3c\nd\n");
    CHECK(count_prefix(out, "info string") == 0);
    auto sfens = displayed_sfens(out);
    REQUIRE(sfens.size() == 1);
    // a non-Lion took a Lion again: the counter-strike square is now 3c
    CHECK(sfens[0] == "6k5/12/9g2/12/12/12/5G6/12/12/12/12/5K6 b 3c 3");
}

TEST_CASE("usi position: a go in a game over by rule is answered as Fairy-Stockfish answers it", "[usi]") {
    // The Lion steps out and back while the Black King does the same: after three rounds the
    // start position occurs a fourth time, made by Black's move. The book rule: Black loses.
    // lishogi's rule: a draw. Either way the game is over though moves are left, and the
    // answer is Fairy-Stockfish's: a depth-0 score and `bestmove resign`, no move.
    std::string moves;
    for (int i = 0; i < 3; ++i)
        moves += " 7g7h 6a6b 7h7g 6b6a";
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("setoption name Rules value book");
    s.send("position sfen " + LION_SFEN + " moves" + moves);
    s.send("go depth 1");
    CHECK(s.expect("info string", std::chrono::seconds(60)) ==
          "info string game over by rule, sente wins: gote repeated the position a fourth time");
    CHECK(s.expect("info ", std::chrono::seconds(60)) == "info depth 0 score mate 0");
    CHECK(s.expect("bestmove ", std::chrono::seconds(60)) == "bestmove resign");

    s.send("setoption name Rules value lishogi");
    s.send("position sfen " + LION_SFEN + " moves" + moves);
    s.send("go movetime 100");
    CHECK(starts_with(s.expect("info string", std::chrono::seconds(60)), "info string game over by rule, draw: "));
    CHECK(s.expect("info ", std::chrono::seconds(60)) == "info depth 0 score cp 0");
    CHECK(s.expect("bestmove ", std::chrono::seconds(60)) == "bestmove resign");

    // `go infinite` still holds its answer until `stop`, as for any search.
    s.send("go infinite");
    s.send("isready");
    CHECK(s.expect("readyok", std::chrono::seconds(60)) == "readyok");
    CHECK_FALSE(s.has_pending("bestmove"));
    s.send("stop");
    CHECK(s.expect("bestmove ", std::chrono::seconds(60)) == "bestmove resign");

    // one round fewer: the game goes on, nothing is said, and a legal move comes
    const std::string fewer = moves.substr(0, moves.size() - 20);  // split_words views into it
    s.send("position sfen " + LION_SFEN + " moves" + fewer);
    s.send("go depth 1");
    std::string best = s.expect("bestmove ", std::chrono::seconds(60));
    REQUIRE(starts_with(best, "bestmove "));
    Position pos = *parse_sfen(LION_SFEN);
    for (auto w : usi::split_words(fewer))
        pos.make(*parse_usi_move(pos, std::string(w)));
    CHECK(parse_usi_move(pos, std::string(usi::split_words(best)[1])));
    s.finish();
    CHECK(count_prefix(s.lines(), "info string") == 3);
}

TEST_CASE("usi position: game_over_text names both sides in USI terms", "[usi]") {
    // The rules name the first player White; in USI Black (b) is the first player, so the text
    // says sente and gote only.
    CHECK(usi::game_over_text(GameStatus{}).empty());
    CHECK(usi::game_over_text({Outcome::BLACK_WINS, "White's last royal piece was captured"}) ==
          "game over by rule, gote wins: sente's last royal piece was captured");
    CHECK(usi::game_over_text({Outcome::WHITE_WINS, "Black has a bare king"}) ==
          "game over by rule, sente wins: gote has a bare king");
    CHECK(usi::game_over_text({Outcome::DRAW, "fourth repetition"}) == "game over by rule, draw: fourth repetition");
}

// ---------------------------------------------------------------------------------------------
// lishogi's rules under USI (issue 11's command sequences)
// ---------------------------------------------------------------------------------------------

namespace {

// Plays one `position` + `go depth 2` and returns the bestmove word.
std::string best_after(const std::string& position) {
    Session s;
    s.send("usi");
    s.send("setoption name USI_Variant value chushogi");
    s.send("setoption name USI_Hash value 1");
    s.send("isready");
    s.expect("readyok");
    s.send(position);
    s.send("go depth 2");
    std::string best = s.expect("bestmove ");
    auto words = usi::split_words(best);
    REQUIRE(words.size() >= 2);
    return std::string(words[1]);
}

}  // namespace

TEST_CASE("usi lishogi: a Lance promoting on the last rank is accepted and go answers from there", "[usi][lishogi]") {
    const std::string sfen = "6kg4/12/11L/12/12/12/12/12/12/12/12/5K6 b - 1";  // no bare King: the game goes on
    const std::string best = best_after("position sfen " + sfen + " moves 1c1a+");
    Position after = *parse_sfen(sfen, lishogi_rules());
    after.make(*parse_usi_move(after, "1c1a+"));
    REQUIRE(kind_of(after.piece_on(*parse_usi_square("1a"))) == WHITE_HORSE);
    INFO("bestmove " << best);
    CHECK(parse_usi_move(after, best));  // a gote move in the position after the promotion
    // Move text is read under every rule set the engine knows: the book accepts it too.
    auto out = run_script("setoption name Rules value book\nposition sfen " + sfen + " moves 1c1a+\nd\n");
    CHECK(count_prefix(out, "info string") == 0);
}

TEST_CASE("usi: after a position that cannot be set, go answers bestmove resign and says why", "[usi]") {
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("position startpos moves 7g7f");
    CHECK_THAT(s.expect("info string"), Catch::Matchers::Contains("rejected"));
    s.send("go depth 1");
    CHECK_THAT(s.expect("info string"), Catch::Matchers::Contains("no position to search"));
    // A score comes before the answer, as before every bestmove (hosts store the last one).
    CHECK(s.expect("info ") == "info depth 0 score cp 0");
    CHECK(s.expect("bestmove ") == "bestmove resign");
    // A good position ends that: go searches it again.
    s.send("position startpos");
    s.send("go depth 1");
    CHECK(s.expect("bestmove ") != "bestmove resign");
}

TEST_CASE("usi lishogi: the counter-strike square may be empty (a Falcon's igui on a Lion)", "[usi][lishogi]") {
    const std::string sfen = "10gk/12/12/12/12/12/6+H5/12/12/4N7/12/K11 w 6f 2";  // no bare King
    const std::string best = best_after("position sfen " + sfen);
    Position pos = *parse_sfen(sfen, lishogi_rules());
    CHECK(pos.counter_strike() == *parse_usi_square("6f"));
    INFO("bestmove " << best);
    CHECK(parse_usi_move(pos, best));
    auto out = run_script("position sfen " + sfen + "\nd\n");
    CHECK(count_prefix(out, "info string") == 0);
    auto sfens = displayed_sfens(out);
    REQUIRE(sfens.size() == 1);
    CHECK(sfens[0] == sfen);
}
