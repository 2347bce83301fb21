// The referee with scripted fake engines: every way a game can end, and the clocks.
#include <catch2/catch.hpp>

#include <chrono>
#include <sstream>

#include "match_test_support.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/match/referee.hpp"

using namespace shishi;
using namespace shishi::match;
using match_test::BLACK_MOVES;
using match_test::fake_config;
using match_test::started;
using match_test::WHITE_MOVES;

namespace {

RefereeSettings quick_settings() {
    RefereeSettings s;
    s.tc.base_ms = 5000;
    s.tc.increment_ms = 100;
    s.margin_ms = 200;
    s.max_plies = 1000;
    return s;
}

GameRecord play(const std::string& white_args, const std::string& black_args, const RefereeSettings& s,
                const Opening& opening = Opening{}, const std::string& protocol = "xboard") {
    auto w = started(fake_config(protocol, white_args));
    auto b = started(fake_config(protocol, black_args));
    REQUIRE(w);
    REQUIRE(b);
    return play_game(*w, *b, opening, s);
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

Opening from_line(const std::string& line) {
    auto op = parse_opening_line(line);
    REQUIRE(op);
    return *op;
}

// White's rook on g2 can take Black's only king on g12.
const char* const KING_HANGS = "6k5/12/12/12/12/12/12/12/12/12/6R5/5K6 w - - 0 1";
// White's Lion on f5 can take the Pawn on f6 and go on to f7.
const char* const LION_DOUBLE = "k11/12/12/12/12/12/5p6/5N6/12/12/12/11K w - - 0 1";

// WHITE_MOVES and BLACK_MOVES in USI coordinates, quoted: one side's, converted move by move
// along the game they make together.
std::string usi_moves(Color side) {
    std::istringstream white(WHITE_MOVES), black(BLACK_MOVES);
    Position pos = Position::start();
    std::string w_text, b_text, out;
    while (white >> w_text && black >> b_text) {
        auto w = parse_xboard_move(pos, w_text);
        REQUIRE(w);
        if (side == WHITE) out += move_to_usi(*w) + " ";
        pos.make(*w);
        auto b = parse_xboard_move(pos, b_text);
        REQUIRE(b);
        if (side == BLACK) out += move_to_usi(*b) + " ";
        pos.make(*b);
    }
    return "'" + out + "'";
}

}  // namespace

TEST_CASE("a scripted legal game is drawn at the ply limit with every move recorded", "[match][referee]") {
    RefereeSettings s = quick_settings();
    s.max_plies = 10;
    GameRecord g = play("--moves " + quoted(WHITE_MOVES), "--moves " + quoted(BLACK_MOVES), s);
    CHECK(g.termination == Termination::MAX_PLIES);
    CHECK(g.outcome == Outcome::DRAW);
    REQUIRE(g.moves.size() == 10);
    CHECK(move_to_xboard(g.moves[0]) == "h4h5");
    CHECK(move_to_xboard(g.moves[1]) == "e9e8");
    CHECK(move_to_xboard(g.moves[9]) == "c9c8");
    CHECK(g.white_name == "Fake");
    CHECK_FALSE(g.offender);
}

TEST_CASE("the opening moves are given to both engines and counted in the game", "[match][referee]") {
    RefereeSettings s = quick_settings();
    s.max_plies = 6;
    // After the two opening plies White continues with its own list: the fakes play by index.
    Opening op = from_line("h4h5 e9e8");
    GameRecord g = play("--moves 'e4e5 d1d2'", "--moves 'h9h8 d12d11'", s, op);
    CHECK(g.termination == Termination::MAX_PLIES);
    CHECK(g.opening_plies == 2);
    REQUIRE(g.moves.size() == 6);
    CHECK(move_to_xboard(g.moves[2]) == "e4e5");
}

TEST_CASE("capturing the last king ends the game by rule", "[match][referee]") {
    GameRecord g = play("--moves g2g12", "--moves a1a2", quick_settings(), from_line(KING_HANGS));
    CHECK(g.termination == Termination::RULE);
    CHECK(g.outcome == Outcome::WHITE_WINS);
    CHECK_FALSE(g.start_is_initial);
    CHECK_FALSE(g.offender);
}

TEST_CASE("a multi-leg XBoard move arrives as one line per leg or as one line", "[match][referee]") {
    RefereeSettings s = quick_settings();
    s.max_plies = 1;
    for (const char* split : {"--split-legs", ""}) {
        GameRecord g = play(std::string("--moves f5f6,f6f7 ") + split, "--moves a12a11", s, from_line(LION_DOUBLE));
        CHECK(g.termination == Termination::MAX_PLIES);
        REQUIRE(g.moves.size() == 1);
        CHECK(g.moves[0].is_double());
        CHECK(move_to_xboard(g.moves[0]) == "f5f6,f6f7");
    }
}

TEST_CASE("an illegal move loses and names the move", "[match][referee]") {
    GameRecord g =
        play("--moves " + quoted(WHITE_MOVES), "--moves " + quoted(BLACK_MOVES) + " --illegal-at 2", quick_settings());
    CHECK(g.termination == Termination::ILLEGAL_MOVE);
    CHECK(g.outcome == Outcome::WHITE_WINS);
    REQUIRE(g.offender);
    CHECK(*g.offender == BLACK);
    CHECK(g.reason.find("a1a12") != std::string::npos);
    CHECK(g.moves.size() == 3);
}

TEST_CASE("unreadable move text loses like an illegal move", "[match][referee]") {
    GameRecord g =
        play("--moves " + quoted(WHITE_MOVES) + " --illegal-at 1 --illegal zz99", "--moves a1a2", quick_settings());
    CHECK(g.termination == Termination::ILLEGAL_MOVE);
    CHECK(g.outcome == Outcome::BLACK_WINS);
}

TEST_CASE("an engine that crashes loses by crash", "[match][referee]") {
    GameRecord g =
        play("--moves " + quoted(WHITE_MOVES) + " --crash-at 3", "--moves " + quoted(BLACK_MOVES), quick_settings());
    CHECK(g.termination == Termination::CRASH);
    CHECK(g.outcome == Outcome::BLACK_WINS);
    REQUIRE(g.offender);
    CHECK(*g.offender == WHITE);
}

TEST_CASE("an engine that stalls loses on time without hanging the referee", "[match][referee]") {
    RefereeSettings s = quick_settings();
    s.tc.base_ms = 600;
    s.tc.increment_ms = 0;
    s.margin_ms = 100;
    auto t0 = std::chrono::steady_clock::now();
    GameRecord g = play("--moves " + quoted(WHITE_MOVES), "--moves " + quoted(BLACK_MOVES) + " --stall-at 1", s);
    auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(g.termination == Termination::TIME_FORFEIT);
    CHECK(g.outcome == Outcome::WHITE_WINS);
    CHECK(seconds < 5.0);
}

TEST_CASE("an engine that floods output loses on time without hanging the referee", "[match][referee]") {
    RefereeSettings s = quick_settings();
    s.tc.base_ms = 500;
    s.tc.increment_ms = 0;
    s.margin_ms = 100;
    auto t0 = std::chrono::steady_clock::now();
    GameRecord g = play("--moves " + quoted(WHITE_MOVES) + " --flood-at 2", "--moves " + quoted(BLACK_MOVES), s);
    auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(g.termination == Termination::TIME_FORFEIT);
    CHECK(g.outcome == Outcome::BLACK_WINS);
    CHECK(seconds < 5.0);
}

TEST_CASE("an engine that floods while its opponent thinks neither hangs nor derails the game", "[match][referee]") {
    // Its moves still arrive between the flood lines: the game runs to its scripted end (White
    // resigns when its list runs out), every move recorded.
    auto t0 = std::chrono::steady_clock::now();
    GameRecord g =
        play("--moves " + quoted(WHITE_MOVES) + " --flood-after 1", "--moves " + quoted(BLACK_MOVES), quick_settings());
    auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(g.termination == Termination::RESIGNATION);
    CHECK(g.outcome == Outcome::BLACK_WINS);
    CHECK(g.moves.size() == 16);
    CHECK(seconds < 20.0);
}

TEST_CASE("a move later than remaining time plus margin forfeits, within the margin it counts", "[match][referee]") {
    RefereeSettings s = quick_settings();
    s.tc = TimeControl{};
    s.tc.move_time_ms = 100;
    s.max_plies = 2;
    SECTION("late beyond the margin") {
        s.margin_ms = 50;
        GameRecord g = play("--moves " + quoted(WHITE_MOVES) + " --delay-ms 400", "--moves " + quoted(BLACK_MOVES), s);
        CHECK(g.termination == Termination::TIME_FORFEIT);
        CHECK(g.outcome == Outcome::BLACK_WINS);
    }
    SECTION("late but inside the margin") {
        s.margin_ms = 2000;
        GameRecord g = play("--moves " + quoted(WHITE_MOVES) + " --delay-ms 400", "--moves " + quoted(BLACK_MOVES), s);
        CHECK(g.termination == Termination::MAX_PLIES);
    }
}

TEST_CASE("an XBoard engine's clock runs from before its move request is written", "[match][referee]") {
    // White keeps its input pipe full for a second after its first move, so the request for its
    // second move waits in a blocked write. The engine can read the request, think and answer
    // while the host has not yet come back from writing: that time is the engine's, so the clock
    // starts before the first line of the request goes out (USI's `position` and `go` alike).
    RefereeSettings s = quick_settings();
    s.max_plies = 4;
    GameRecord g = play("--moves " + quoted(WHITE_MOVES) + " --hold-input-after 1 --hold-ms 1000",
                        "--moves " + quoted(BLACK_MOVES), s);
    CHECK(g.termination == Termination::MAX_PLIES);
    REQUIRE(g.evals.size() >= 3);
    CHECK(g.evals[2].ms >= 500);  // White's second move; Black answers at once
    g = play("--moves " + usi_moves(WHITE) + " --hold-input-after 1 --hold-ms 1000", "--moves " + usi_moves(BLACK), s,
             Opening{}, "usi");
    CHECK(g.termination == Termination::MAX_PLIES);
    REQUIRE(g.evals.size() >= 3);
    CHECK(g.evals[2].ms >= 500);
}

TEST_CASE("an engine that refuses a legal move loses by refusal", "[match][referee]") {
    GameRecord g =
        play("--moves " + quoted(WHITE_MOVES), "--moves " + quoted(BLACK_MOVES) + " --refuse-at 2", quick_settings());
    CHECK(g.termination == Termination::REFUSAL);
    CHECK(g.outcome == Outcome::WHITE_WINS);
    REQUIRE(g.offender);
    CHECK(*g.offender == BLACK);
    CHECK(g.reason.find("e4e5") != std::string::npos);  // White's second move was refused
}

TEST_CASE("an engine that refuses a legal opening move loses by refusal", "[match][referee]") {
    GameRecord g = play("--moves " + quoted(WHITE_MOVES) + " --refuse-at 1", "--moves " + quoted(BLACK_MOVES),
                        quick_settings(), from_line("h4h5 e9e8"));
    CHECK(g.termination == Termination::REFUSAL);
    CHECK(g.outcome == Outcome::BLACK_WINS);
}

TEST_CASE("a false result claim loses", "[match][referee]") {
    GameRecord g = play("--moves " + quoted(WHITE_MOVES) + " --claim-at 2 --claim 1-0",
                        "--moves " + quoted(BLACK_MOVES), quick_settings());
    CHECK(g.termination == Termination::FALSE_CLAIM);
    CHECK(g.outcome == Outcome::BLACK_WINS);
}

TEST_CASE("claiming one's own loss is a resignation (HaChu resigns with \"0-1 {resign}\")", "[match][referee]") {
    GameRecord g = play("--moves " + quoted(WHITE_MOVES) + " --claim-at 2 --claim 0-1",
                        "--moves " + quoted(BLACK_MOVES), quick_settings());
    CHECK(g.termination == Termination::RESIGNATION);
    CHECK(g.outcome == Outcome::BLACK_WINS);
    CHECK_FALSE(g.offender);
    // The engine's words in parentheses: braces would break the PGN comment the reason goes in
    // (issue 24: "{Black resigns {resign)}").
    CHECK(g.reason == "White resigns (fake claim)");
}

TEST_CASE("a false claim's reason quotes the engine's words without braces", "[match][referee]") {
    GameRecord g = play("--moves " + quoted(WHITE_MOVES) + " --claim-at 2 --claim 1-0",
                        "--moves " + quoted(BLACK_MOVES), quick_settings());
    CHECK(g.reason == "White claimed 1-0 (fake claim) but the game goes on");
}

TEST_CASE("a resignation ends the game without an offence", "[match][referee]") {
    GameRecord g =
        play("--moves " + quoted(WHITE_MOVES), "--moves " + quoted(BLACK_MOVES) + " --resign-at 3", quick_settings());
    CHECK(g.termination == Termination::RESIGNATION);
    CHECK(g.outcome == Outcome::WHITE_WINS);
    CHECK_FALSE(g.offender);
}

TEST_CASE("score adjudication needs both engines beyond the threshold for K moves each", "[match][referee]") {
    RefereeSettings s = quick_settings();
    s.adjudication = {500, 3};
    SECTION("agreement: White wins") {
        GameRecord g = play("--moves " + quoted(WHITE_MOVES) + " --score 700",
                            "--moves " + quoted(BLACK_MOVES) + " --score -650", s);
        CHECK(g.termination == Termination::ADJUDICATION);
        CHECK(g.outcome == Outcome::WHITE_WINS);
        CHECK(g.moves.size() == 6);
    }
    SECTION("disagreement: no adjudication") {
        s.max_plies = 12;
        GameRecord g = play("--moves " + quoted(WHITE_MOVES) + " --score 700",
                            "--moves " + quoted(BLACK_MOVES) + " --score 700", s);
        CHECK(g.termination == Termination::MAX_PLIES);
    }
}

TEST_CASE("USI engines play the same game in USI notation", "[match][referee]") {
    RefereeSettings s = quick_settings();
    s.max_plies = 8;
    GameRecord g = play("--moves " + usi_moves(WHITE), "--moves " + usi_moves(BLACK), s, Opening{}, "usi");
    CHECK(g.termination == Termination::MAX_PLIES);
    REQUIRE(g.moves.size() == 8);
    CHECK(move_to_xboard(g.moves[7]) == "i12i11");
}

TEST_CASE("a USI engine that never answers usi cannot be started", "[match][referee]") {
    auto e = make_engine(fake_config("usi", "--no-handshake", 300));
    std::string error;
    auto t0 = std::chrono::steady_clock::now();
    CHECK_FALSE(e->start(error));
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 3.0);
    CHECK(error.find("usiok") != std::string::npos);
}

TEST_CASE("an XBoard engine without features is accepted, then loses on time if it never moves", "[match][referee]") {
    auto w = started(fake_config("xboard", "--no-handshake", 300));
    REQUIRE(w);
    auto b = started(fake_config("xboard", "--moves a1a2"));
    REQUIRE(b);
    RefereeSettings s = quick_settings();
    s.tc.base_ms = 300;
    s.tc.increment_ms = 0;
    GameRecord g = play_game(*w, *b, Opening{}, s);
    CHECK(g.termination == Termination::TIME_FORFEIT);
    CHECK(g.outcome == Outcome::BLACK_WINS);
}

TEST_CASE("a command that does not exist fails to start with a reason", "[match][referee]") {
    EngineConfig c;
    c.command = "/nonexistent/engine-binary";
    c.handshake_timeout_ms = 2000;
    auto e = make_engine(c);
    std::string error;
    CHECK_FALSE(e->start(error));
    CHECK_FALSE(error.empty());
}
