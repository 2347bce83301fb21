// Opening lines (moves, XBoard FEN, SFEN), opening files, random plies, and PGN output.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "shishi/core/movegen.hpp"
#include "shishi/match/openings.hpp"
#include "shishi/match/game_pgn.hpp"

using namespace shishi;
using namespace shishi::match;

namespace {

std::string temp_file(const std::string& content) {
    char name[] = "/tmp/shishi_openings_XXXXXX";
    int fd = mkstemp(name);
    REQUIRE(fd >= 0);
    close(fd);
    std::ofstream(name) << content;
    return name;
}

}  // namespace

TEST_CASE("an opening line of moves from the start is checked move by move", "[match][openings]") {
    auto op = parse_opening_line("h4h5 e9e8 e4e5");
    REQUIRE(op);
    CHECK(op.value->start_is_initial);
    REQUIRE(op.value->moves.size() == 3);
    CHECK(move_to_xboard(op.value->moves[2]) == "e4e5");
    CHECK(opening_position(*op).side_to_move() == BLACK);

    auto bad = parse_opening_line("h4h5 h4h6");
    REQUIRE_FALSE(bad);
    CHECK(bad.error.find("move 2") != std::string::npos);
    CHECK_FALSE(parse_opening_line("zz"));
}

TEST_CASE("opening lines may be an XBoard FEN or an SFEN, with moves after them", "[match][openings]") {
    auto fen = parse_opening_line(std::string(START_XBOARD_FEN));
    REQUIRE(fen);
    CHECK(fen.value->start_is_initial);
    CHECK(fen.value->moves.empty());

    auto sfen = parse_opening_line(std::string(START_SFEN) + " moves h4h5");
    REQUIRE(sfen);
    CHECK(sfen.value->start_is_initial);
    REQUIRE(sfen.value->moves.size() == 1);

    auto other = parse_opening_line("6k5/12/12/12/12/12/12/12/12/12/6R5/5K6 w - - 0 1");
    REQUIRE(other);
    CHECK_FALSE(other.value->start_is_initial);
    auto black_to_move = parse_opening_line("6k5/12/12/12/12/12/12/12/12/12/6R5/5K6 w - 1");  // SFEN: w = second
    REQUIRE(black_to_move);
    CHECK(black_to_move.value->start.side_to_move() == BLACK);

    CHECK_FALSE(parse_opening_line("12/12 w - - 0 1"));
}

TEST_CASE("an opening file skips blanks and comments and reports the bad line's number", "[match][openings]") {
    std::string good = temp_file("# comment\n\nh4h5 e9e8\r\n" + std::string(START_XBOARD_FEN) + "\n");
    auto book = load_openings(good);
    REQUIRE(book);
    CHECK(book.value->size() == 2);
    std::remove(good.c_str());

    std::string bad = temp_file("h4h5\nh4h5 h4h6\n");
    auto err = load_openings(bad);
    REQUIRE_FALSE(err);
    CHECK(err.error.find(":2:") != std::string::npos);
    std::remove(bad.c_str());

    std::string empty = temp_file("# nothing\n");
    CHECK_FALSE(load_openings(empty));
    std::remove(empty.c_str());
    CHECK_FALSE(load_openings("/nonexistent/openings.txt"));
}

TEST_CASE("random plies are legal, deterministic for a seed, and quiet", "[match][openings]") {
    Opening a, b;
    std::mt19937_64 r1(42), r2(42);
    add_random_plies(a, 8, r1);
    add_random_plies(b, 8, r2);
    REQUIRE(a.moves.size() == 8);
    CHECK(a.moves == b.moves);
    Position pos = a.start;
    for (Move m : a.moves) {
        CHECK(is_legal(pos, m));
        CHECK_FALSE(pos.is_capture(m));
        pos.make(m);
    }
}

TEST_CASE("the shipped opening book has at least 50 legal openings", "[match][openings]") {
    auto book = load_openings(SHISHI_SOURCE_DIR "/data/openings.txt");
    REQUIRE(book);
    CHECK(book.value->size() >= 50);
    for (const Opening& op : *book) {
        CHECK(op.start_is_initial);
        CHECK(op.moves.size() >= 4);
        CHECK(op.moves.size() <= 8);
    }
}

TEST_CASE("PGN has the tags, FEN only off the start position, and XBoard moves", "[match][pgn]") {
    GameRecord g;
    g.round = 3;
    g.white_name = "A \"quoted\"";
    g.black_name = "Engine B";
    g.date = "2026.01.02";
    g.white_tc.base_ms = g.black_tc.base_ms = 10000;
    g.white_tc.increment_ms = g.black_tc.increment_ms = 100;
    auto op = parse_opening_line("h4h5 e9e8 e4e5");
    REQUIRE(op);
    g.moves = op.value->moves;
    g.opening_plies = 2;
    g.outcome = Outcome::BLACK_WINS;
    g.termination = Termination::TIME_FORFEIT;
    g.reason = "White lost on time";
    std::ostringstream out;
    write_pgn(out, g, PgnHeader{"Test", "here"});
    std::string pgn = out.str();
    for (const char* tag : {"[Event \"Test\"]", "[Site \"here\"]", "[Date \"2026.01.02\"]", "[Round \"3\"]",
                            "[White \"A \\\"quoted\\\"\"]", "[Black \"Engine B\"]", "[Result \"0-1\"]",
                            "[TimeControl \"10+0.1\"]", "[Variant \"chu\"]", "[Termination \"time forfeit\"]"}) {
        INFO(tag);
        CHECK(pgn.find(tag) != std::string::npos);
    }
    CHECK(pgn.find("[FEN") == std::string::npos);
    CHECK(pgn.find("[SetUp") == std::string::npos);
    CHECK(pgn.find("1. h4h5 e9e8 {opening} 2. e4e5 {White lost on time} 0-1") != std::string::npos);

    auto lion = parse_opening_line("k11/12/12/12/12/12/5p6/5N6/12/12/12/11K b - - 0 1");
    REQUIRE(lion);
    GameRecord h;
    h.start = lion.value->start;
    h.start_is_initial = false;
    auto m = parse_xboard_move(h.start, "a12a11");
    REQUIRE(m);
    h.moves = {*m};
    h.outcome = Outcome::DRAW;
    h.termination = Termination::MAX_PLIES;
    std::ostringstream out2;
    write_pgn(out2, h, PgnHeader{});
    std::string pgn2 = out2.str();
    CHECK(pgn2.find("[SetUp \"1\"]") != std::string::npos);
    CHECK(pgn2.find("[FEN \"k11/12/12/12/12/12/5p6/5N6/12/12/12/11K b") != std::string::npos);
    CHECK(pgn2.find("1... a12a11 1/2-1/2") != std::string::npos);
}
