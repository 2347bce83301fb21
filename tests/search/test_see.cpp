// Static exchange evaluation on hand-made positions: winning, losing and equal exchanges, an
// x-ray through a capturing Rook, igui captures by and against a Lion, a Lion double capture,
// the last royal's recapture, and a quiet move onto an attacked square; and see_ge's shortcut
// checked against the full exchange over the moves of random games.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "shishi/eval/eval.hpp"
#include "shishi/search/move_picker.hpp"
#include "shishi/search/see.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

namespace {

// Kings in the far corners, out of every exchange below.
int see_of(std::string_view pieces, std::string_view move) {
    Position pos = board(std::string("Kl1 kl12 ") + std::string(pieces));
    return see(pos, mv(pos, move));
}

const int PAWN_V = piece_value(PAWN), GOLD_V = piece_value(GOLD), SILVER_V = piece_value(SILVER);
const int ROOK_V = piece_value(ROOK), LION_V = piece_value(LION);

}  // namespace

TEST_CASE("SEE of a capture nobody can answer is the victim's value", "[see]") {
    CHECK(see_of("Rd1 gd8", "d1d8") == GOLD_V);
}

TEST_CASE("SEE of a Rook taking a defended Pawn loses the Rook for the Pawn", "[see]") {
    // The black Gold on e9 covers d8 (black moves down the board).
    CHECK(see_of("Rd1 pd8 ge9", "d1d8") == PAWN_V - ROOK_V);
}

TEST_CASE("SEE of an even trade is zero", "[see]") { CHECK(see_of("Gd7 gd8 pd9", "d7d8") == 0); }

TEST_CASE("SEE lets a slider behind the capturer join in (x-ray)", "[see]") {
    // Rd2xSd8, Ge9xd8, Rd1xd8: Black still recaptures, since not doing so loses the Silver
    // for nothing; White ends a Silver and a Gold up for a Rook.
    CHECK(see_of("Rd1 Rd2 sd8 ge9", "d2d8") == SILVER_V - ROOK_V + GOLD_V);
    // Without the second Rook White just loses the Rook for the Silver.
    CHECK(see_of("Rd2 sd8 ge9", "d2d8") == SILVER_V - ROOK_V);
}

TEST_CASE("SEE: a Lion taking by igui keeps its square, a Lion moving in is lost", "[see]") {
    CHECK(see_of("Nd7 gd8 pd9", "d7d8,d8d7") == GOLD_V);
    CHECK(see_of("Nd7 gd8 pd9", "d7d8") == GOLD_V - LION_V);
}

TEST_CASE("SEE: an adjacent enemy Lion answers by igui and ends the exchange", "[see]") {
    // GdxSd8, then the Lion on e9 takes the Gold without leaving e9: the Rook behind on d1 has
    // nothing left to take.
    CHECK(see_of("Rd1 Gd7 sd8 ne9", "d7d8") == SILVER_V - GOLD_V);
}

TEST_CASE("SEE counts both victims of a Lion double capture", "[see]") {
    // Nd6 takes d7 and d8; the Silver on e9 then takes the Lion.
    CHECK(see_of("Nd6 pd7 gd8 se9", "d6d7,d7d8") == PAWN_V + GOLD_V - LION_V);
    CHECK(see_of("Nd6 pd7 gd8", "d6d7,d7d8") == PAWN_V + GOLD_V);
}

TEST_CASE("SEE: a lone royal recaptures only where nothing can take it back", "[see]") {
    Position pos = board("Kl1 Rd1 Gd7 pd8 kd9");
    CHECK(see(pos, mv(pos, "d7d8")) == PAWN_V);  // Kxd8 would lose the King to the Rook
    Position bare = board("Kl1 Gd7 pd8 kd9");
    CHECK(see(bare, mv(bare, "d7d8")) == PAWN_V - GOLD_V);
    Position royal = board("Kl1 Rd1 kd9");
    CHECK(see(royal, mv(royal, "d1d9")) == ROYAL_CAPTURE_VALUE);
}

TEST_CASE("SEE of a quiet move onto an attacked square loses the piece", "[see]") {
    CHECK(see_of("Rd1 ge9", "d1d8") == -ROOK_V);
    CHECK(see_of("Rd1 ge9", "d1d7") == 0);
}

TEST_CASE("quiescence's captures hold Lion igui and double captures, and SEE keeps the igui", "[see]") {
    // Quiescence searches generate_captures and skips what see_ge(.., 0) rejects.
    Position pos = board("Kl1 kl12 Nd6 pd7 gd8 pd9");
    MoveList caps;
    generate_captures(pos, caps);
    const Move igui = mv(pos, "d6d7,d7d6");
    const Move twice = mv(pos, "d6d7,d7d8");
    const Move plain = mv(pos, "d6d8");
    CHECK(caps.contains(igui));
    CHECK(caps.contains(twice));
    CHECK(caps.contains(plain));
    CHECK(see_ge(pos, igui, 0));
    CHECK_FALSE(see_ge(pos, twice, 0));  // the Pawn on d9 takes the Lion on d8
    CHECK_FALSE(see_ge(pos, plain, 0));
}

TEST_CASE("see_ge answers exactly as see() compared with the threshold", "[see]") {
    // see_ge answers from the captured value alone when that settles it; over the moves of
    // random games (long exchanges on crowded boards) it must agree with the full exchange.
    std::mt19937 rng(20261130);
    const int thresholds[] = {-ROOK_V, -PAWN_V, -1, 0, 1, PAWN_V, GOLD_V, ROOK_V};
    int agreed_true = 0, agreed_false = 0;
    for (int game = 0; game < 30; ++game) {
        Position pos = Position::start();
        for (int ply = 0; ply < 160; ++ply) {
            MoveList list;
            generate_legal(pos, list);
            if (list.empty()) break;
            if (ply % 5 == 0)
                for (const Move m : list) {
                    const int value = see(pos, m);
                    for (int t : thresholds) {
                        if (see_ge(pos, m, t) != (value >= t))
                            FAIL(to_xboard_fen(pos)
                                 << " move " << move_to_xboard(m) << " see " << value << " threshold " << t);
                        (value >= t ? agreed_true : agreed_false)++;
                    }
                }
            pos.make(list[int(rng() % unsigned(list.size()))]);
        }
    }
    CHECK(agreed_true > 1000);
    CHECK(agreed_false > 1000);
}

TEST_CASE("see_ge: a Lion two squares off the lines recaptures for either side", "[see]") {
    // Gd7xd8, and the black Lion on e10 (off every line through d8) takes the Gold; White has
    // no Lion, Black only that one.
    Position pos = board("Kl1 kl12 Gd7 pd8 ne10");
    const Move m = mv(pos, "d7d8");
    CHECK(see(pos, m) == PAWN_V - GOLD_V);
    CHECK(see_ge(pos, m, PAWN_V - GOLD_V));
    CHECK_FALSE(see_ge(pos, m, PAWN_V - GOLD_V + 1));
    // The black Silver takes back and the white Lion on c10 takes the Silver (a capture of the
    // mover's side that see_ge needs: without it the threshold is missed); Black has no Lion.
    Position pos2 = board("Kl1 kl12 Gd7 pd8 se9 Nc10");
    const Move m2 = mv(pos2, "d7d8");
    const int value = std::min(PAWN_V, PAWN_V - GOLD_V + SILVER_V);
    CHECK(see(pos2, m2) == value);
    CHECK(see_ge(pos2, m2, value));
    CHECK_FALSE(see_ge(pos2, m2, value + 1));
    Position bare = board("Kl1 kl12 Gd7 pd8 se9");  // without the Lion White loses the Gold
    CHECK_FALSE(see_ge(bare, mv(bare, "d7d8"), PAWN_V - GOLD_V + 1));
}

TEST_CASE("see_ge settles a long exchange at the threshold either way", "[see]") {
    // Rd2xSd8, Ge9xd8, Rd1xd8 (an x-ray): worth a Silver and a Gold for a Rook.
    Position pos = board("Kl1 kl12 Rd1 Rd2 sd8 ge9");
    const Move m = mv(pos, "d2d8");
    const int value = SILVER_V - ROOK_V + GOLD_V;
    for (int t : {value - 1, value, value + 1, 0, -ROOK_V, SILVER_V})
        CHECK(see_ge(pos, m, t) == (value >= t));
}

TEST_CASE("see_ge: a Lion two squares away does not retake a Lion", "[see]") {
    // Nd6xd8 (a jump); the black Lion on e10 may not take a Lion from two squares away, so the
    // Pawn is won.
    Position pos = board("Kl1 kl12 Nd6 pd8 ne10");
    const Move m = mv(pos, "d6d8");
    CHECK(see(pos, m) == PAWN_V);
    CHECK(see_ge(pos, m, 0));
    CHECK(see_ge(pos, m, PAWN_V));
    CHECK_FALSE(see_ge(pos, m, PAWN_V + 1));
    // Next to d8 it takes by igui.
    Position near = board("Kl1 kl12 Nd6 pd8 ne9");
    CHECK(see(near, mv(near, "d6d8")) == PAWN_V - LION_V);
    CHECK_FALSE(see_ge(near, mv(near, "d6d8"), 0));
}
