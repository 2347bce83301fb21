// XBoard protocol: the engine thinking and moving (go, playother, ?, force, analyze, quit),
// multi-leg moves sent leg by leg, and RESULT at the end of the game.
#include <catch2/catch.hpp>

#include <chrono>

#include "xboard_test_io.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/protocol/xboard_thinking.hpp"
#include "shishi/search/search.hpp"

using namespace xboard_test;

namespace {
const std::string START = "xboard\nnew\nvariant chu\nforce\n";
// White Lion f5 can take the Dragon Horse on f6 and then the Dragon King on f7 in one turn,
// which bares Black's King: the best move for any evaluation.
const std::string DOUBLE_FEN = "11k/12/12/12/12/5d6/5h6/5N6/12/12/12/K11 w - - 0 1";
// White Lion on k11 next to the Black King on l12, White to move.
const std::string KING_FEN = "11k/10N1/12/12/12/12/12/12/12/12/12/K11 w - - 0 1";

// The engine's move: the legs of consecutive "move" lines joined (non-final legs end in ',').
std::string engine_move(const std::vector<std::string>& out) {
    std::string move;
    for (const auto& l : out)
        if (l.rfind("move ", 0) == 0) {
            std::string leg = l.substr(5);
            REQUIRE((move.empty() || move.back() == ','));
            move += leg;
        }
    REQUIRE(!move.empty());
    REQUIRE(move.back() != ',');
    return move;
}

bool is_thinking_line(const std::string& l) {
    // ply score time nodes pv...
    std::istringstream in(l);
    long long ply, score, time, nodes;
    std::string pv;
    return bool(in >> ply >> score >> time >> nodes >> pv) && ply >= 1 && time >= 0 && nodes >= 0;
}
}  // namespace

TEST_CASE("xboard: go plays a legal move for the side to move, then pong", "[xboard][search]") {
    auto out = transcript(START + "post\nsd 2\ngo\nping 1\n");
    REQUIRE(out.back() == "pong 1");
    std::string move = engine_move(out);
    CHECK(shishi::parse_xboard_move(shishi::Position::start(), move));
}

TEST_CASE("xboard: a double move is sent as two move commands", "[xboard][search]") {
    auto out = transcript(START + "setboard " + DOUBLE_FEN + "\nsd 3\ngo\nping 1\n");
    std::vector<std::string> moves;
    for (const auto& l : out)
        if (l.rfind("move ", 0) == 0) moves.push_back(l);
    REQUIRE(moves.size() == 2);
    CHECK(moves[0] == "move f5f6,");
    CHECK(moves[1] == "move f6f7");
    CHECK(out.back() == "pong 1");
}

TEST_CASE("xboard: thinking output with post, none with nopost", "[xboard][search]") {
    auto with = transcript(START + "post\nsd 2\ngo\nping 1\n");
    int thinking = 0;
    for (const auto& l : with)
        thinking += is_thinking_line(l);
    CHECK(thinking >= 1);
    auto without = transcript(START + "nopost\nsd 2\ngo\nping 1\n");
    for (const auto& l : without)
        CHECK(!is_thinking_line(l));
}

TEST_CASE("xboard: playother makes the engine answer the opponent's move", "[xboard][search]") {
    auto out = transcript(START + "playother\nsd 1\nusermove h4h5\nping 1\n");
    shishi::Position pos = shishi::Position::start();
    pos.make(*shishi::parse_xboard_move(pos, "h4h5"));
    CHECK(shishi::parse_xboard_move(pos, engine_move(out)));
    CHECK(out.back() == "pong 1");
}

TEST_CASE("xboard: the engine claims the win when it captures the last King", "[xboard][search]") {
    auto out = transcript(START + "setboard " + KING_FEN + "\nsd 2\ngo\nping 1\n");
    CHECK(engine_move(out) == "k11l12");
    CHECK(count_prefix(out, "1-0 {") == 1);
}

TEST_CASE("xboard: the engine reports the game lost when the opponent takes its King", "[xboard]") {
    auto out = transcript(START + "setboard " + KING_FEN + "\nplayother\nusermove k11l12\nping 1\n");
    REQUIRE(out.size() == 2);
    CHECK(out[0].rfind("1-0 {", 0) == 0);
    CHECK(out[1] == "pong 1");
}

TEST_CASE("xboard: ? makes the engine move at once", "[xboard][search]") {
    LiveSession s;
    s.send("xboard");
    s.send("new");
    s.send("post");
    s.send("level 0 60 0");
    s.send("time 360000");
    s.send("otim 360000");
    s.send("go");
    REQUIRE(s.wait_for("1 "));  // the first iteration reported
    auto t0 = std::chrono::steady_clock::now();
    s.send("?");
    REQUIRE(s.wait_for("move ", 5000));
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
    s.send("ping 1");
    REQUIRE(s.wait_for("pong 1"));
    CHECK(s.finish() == 0);
}

TEST_CASE("xboard: force and quit stop a search without a move", "[xboard][search]") {
    SECTION("force") {
        LiveSession s;
        for (const char* c : {"xboard", "new", "post", "level 0 60 0", "time 360000", "go"})
            s.send(c);
        REQUIRE(s.wait_for("1 "));
        s.send("force");
        s.send("ping 1");
        REQUIRE(s.wait_for("pong 1"));
        CHECK(count_prefix(s.lines(), "move ") == 0);
    }
    SECTION("quit") {
        LiveSession s;
        for (const char* c : {"xboard", "new", "post", "level 0 60 0", "time 360000", "go"})
            s.send(c);
        REQUIRE(s.wait_for("1 "));
        auto t0 = std::chrono::steady_clock::now();
        s.send("quit");
        CHECK(s.finish() == 0);
        CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
        CHECK(count_prefix(s.lines(), "move ") == 0);
    }
}

TEST_CASE("xboard: analyze reports thinking until exit and never moves", "[xboard][search]") {
    LiveSession s;
    for (const char* c : {"xboard", "new", "force", "post", "analyze"})
        s.send(c);
    REQUIRE(s.wait_for("1 "));
    s.send("ping 1");  // answered at once while analysing
    REQUIRE(s.wait_for("pong 1"));
    s.send("usermove h4h5");  // analysis goes on in the new position
    s.send("exit");
    s.send("ping 2");
    REQUIRE(s.wait_for("pong 2"));
    CHECK(s.finish() == 0);
    auto lines = s.lines();
    CHECK(count_prefix(lines, "move ") == 0);
    int thinking = 0;
    for (const auto& l : lines)
        thinking += is_thinking_line(l);
    CHECK(thinking >= 1);
}

TEST_CASE("xboard: the engine does not pass while it has another move", "[xboard][search]") {
    // At depth 1 the pass is the searcher's best move here (see test_search.cpp); XBoard 4.9.1
    // garbles forwarded passes, so in XBoard mode the engine plays something else.
    const std::string fen = "N4PKP4/11r/11r/12/12/12/12/10k1/12/12/12/1rr9 w - - 0 1";
    auto out = transcript(START + "setboard " + fen + "\nsd 1\ngo\nping 1\n");
    const std::string move = engine_move(out);
    auto pos = shishi::parse_xboard_fen(fen);
    REQUIRE(pos);
    auto parsed = shishi::parse_xboard_move(*pos.value, move);
    REQUIRE(parsed);
    CHECK(!parsed.value->is_pass());
}

TEST_CASE("xboard: scores print as XBoard expects (repetition 0, mate only for royal captures)", "[xboard]") {
    CHECK(shishi::xboard_score(shishi::SCORE_REPETITION) == 0);
    CHECK(shishi::xboard_score(-shishi::SCORE_REPETITION) == 0);
    CHECK(shishi::xboard_score(-250) == -250);
    CHECK(shishi::xboard_score(shishi::SCORE_MATE - 1) == 100001);  // the royal falls next move
    CHECK(shishi::xboard_score(-(shishi::SCORE_MATE - 2)) == -100001);
}
