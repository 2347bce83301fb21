// XBoard protocol: lift / put / hover answered with highlight boards.
#include <catch2/catch.hpp>

#include "xboard_test_io.hpp"

using namespace xboard_test;

namespace {
const std::string START = "xboard\nnew\nvariant chu\nforce\n";
const std::string LION_FEN = "11k/12/12/12/12/12/5p6/5N6/12/12/12/K11 w - - 0 1";
const std::string EMPTY_MARKS = "highlight 12/12/12/12/12/12/12/12/12/12/12/12";
}  // namespace

TEST_CASE("xboard: lift marks a Lion's targets, its first step onto a piece in cyan", "[xboard][highlight]") {
    auto out = transcript(START + "setboard " + LION_FEN + "\nlift f5\n");
    REQUIRE(out.size() == 1);
    // Ranks 12..1: the 5x5 area around f5 is yellow, f6 (the Pawn) cyan, f5 itself unmarked.
    CHECK(out[0] == "highlight 12/12/12/12/12/3YYYYY4/3YYCYY4/3YY1YY4/3YYYYY4/3YYYYY4/12/12");
}

TEST_CASE("xboard: put on the cyan square shows where the second step may go", "[xboard][highlight]") {
    auto out = transcript(START + "setboard " + LION_FEN + "\nlift f5\nput f6\nhover f7\n");
    REQUIRE(out.size() == 3);
    // Stop on f6 or return to f5 (both red: they capture), or go on to an empty neighbour.
    CHECK(out[1] == "highlight 12/12/12/12/12/4YYY5/4YRY5/4YRY5/12/12/12/12");
    // Hovering a destination re-sends the marks (the first victim is already marked red).
    CHECK(out[2] == out[1]);
}

TEST_CASE("xboard: entering the zone shows the promotion choice in magenta", "[xboard][highlight]") {
    auto out = transcript(START +
                          "setboard 11k/12/12/12/P11/12/12/12/12/12/12/K11 w - - 0 1\nlift a8\nput a9\n"
                          "lift a1\n");
    REQUIRE(out.size() == 2);
    CHECK(out[0] == "highlight 12/12/12/M11/12/12/12/12/12/12/12/12");
    CHECK(out[1] == "highlight 12/12/12/12/12/12/12/12/12/12/YY10/1Y10");  // the King, no choice
}

TEST_CASE("xboard: captures are red; empty squares and enemy pieces give no targets", "[xboard][highlight]") {
    auto out = transcript(START +
                          "setboard 11k/12/12/12/12/12/12/12/12/12/p11/K11 w - - 0 1\nlift a1\nlift l12\n"
                          "lift c3\nlift z9\n");
    REQUIRE(out.size() == 4);
    CHECK(out[0] == "highlight 12/12/12/12/12/12/12/12/12/12/RY10/1Y10");
    CHECK(out[1] == EMPTY_MARKS);  // Black's King while White is to move
    CHECK(out[2] == EMPTY_MARKS);
    CHECK(out[3] == "Error (bad square): lift");
}

TEST_CASE("xboard: put then lift on the cyan square keeps the first step and its marks", "[xboard][highlight]") {
    // XBoard answers the cyan put by lifting the piece again from that square.
    auto out = transcript(START + "setboard " + LION_FEN + "\nlift f5\nput f6\nlift f6\nhover f7\n");
    REQUIRE(out.size() == 4);
    CHECK(out[2] == out[1]);  // the second-step marks again, not an empty board
    CHECK(out[1] == "highlight 12/12/12/12/12/4YYY5/4YRY5/4YRY5/12/12/12/12");
    CHECK(out[3] == out[1]);  // the double move goes on: hover still answers
}

TEST_CASE("xboard: a piece lifted while the engine thinks gets its marks after the engine's move",
          "[xboard][highlight]") {
    LiveSession s;
    for (const char* l : {"xboard", "protover 2", "memory 1", "new", "st 0.5", "usermove h4h5", "lift a4"})
        s.send(l);
    REQUIRE(s.wait_for("move ", 30000));
    REQUIRE(s.wait_for("highlight ", 10000));
    auto lines = s.lines();
    size_t move_at = 0, highlight_at = 0;
    for (size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind("move ", 0) == 0 && !move_at) move_at = i;
        if (lines[i].rfind("highlight ", 0) == 0 && !highlight_at) highlight_at = i;
    }
    CHECK(highlight_at > move_at);  // not an empty highlight at once
    CHECK(lines[highlight_at] == "highlight 12/12/12/12/12/12/12/Y11/12/12/12/12");  // a4 Pawn: a5
}
