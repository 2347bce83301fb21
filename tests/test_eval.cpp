// Evaluation: every kind has a value, promoted forms are worth more than the pieces they come
// from (except the royal Prince rule, see docs/evaluation.md), the start position is balanced,
// and a position turned 180 degrees with colours swapped evaluates to the exact negative.
#include <catch2/catch.hpp>

#include "shishi/core/notation.hpp"
#include "shishi/eval/eval.hpp"

using namespace shishi;

namespace {

// The position turned by 180 degrees with the colours of all pieces and the side swapped.
Position rotated_swapped(const Position& pos) {
    Position r;
    r.clear();
    for (int f = 0; f < BOARD_SIZE; ++f)
        for (int k = 0; k < BOARD_SIZE; ++k) {
            Piece p = pos.piece_on(make_square(f, k));
            if (p == EMPTY) continue;
            r.put_piece(make_square(BOARD_SIZE - 1 - f, BOARD_SIZE - 1 - k),
                        make_piece(~color_of(p), kind_of(p)));
        }
    r.set_side_to_move(~pos.side_to_move());
    return r;
}

}  // namespace

TEST_CASE("every piece kind has a positive value", "[eval]") {
    for (int k = 1; k < KIND_NB; ++k) {
        INFO(kind_info(Kind(k)).name);
        CHECK(piece_value(Kind(k)) > 0);
    }
    CHECK(piece_value(NO_KIND) == 0);
}

TEST_CASE("promotion never lowers a piece's value", "[eval]") {
    for (int k = 1; k < KIND_NB; ++k) {
        const Kind kind = Kind(k);
        if (!can_promote(kind)) continue;
        INFO(kind_info(kind).name);
        CHECK(piece_value(kind_info(kind).promotes_to) >= piece_value(kind));
    }
    CHECK(piece_value(LION) > piece_value(QUEEN));
    CHECK(piece_value(PROMOTED_LION) == piece_value(LION));
    CHECK(piece_value(PAWN) == 100);
}

TEST_CASE("start position evaluates as balanced", "[eval]") {
    Position pos = Position::start();
    CHECK(evaluate(pos) == 0);
    CHECK(evaluate_white(pos) == 0);
}

TEST_CASE("evaluation is symmetric under rotation with colours swapped", "[eval]") {
    const char* fens[] = {
        "lfcsgekgscfl/avbhtx2obv1/m1rd4tr1a/1pppp1qp2p1/p2N4i2m/11p/12/1P1I4I3/P1PPPPPPPPPP/"
        "1MRHD1QDHR1M/AVBT1OXGTBVA/LFCSGKE1SCFL b - - 0 1",
        "l7sc1l/4s2k1bfa/1f7r1m/7pNhv1/a5p2ppp/1p4B1i1P1/BH6q3/H2I1P3n1P/M2PP6V/3T7M/AVCGSK5A/"
        "LF6C1FL b - - 0 1",
        "11k/12/12/12/7r4/5pg5/5N6/4s7/12/12/12/K11 w - - 0 1",
    };
    for (const char* fen : fens) {
        auto parsed = parse_xboard_fen(fen);
        REQUIRE(parsed);
        const Position& pos = *parsed;
        const Position mirror = rotated_swapped(pos);
        INFO(fen);
        CHECK(evaluate_white(mirror) == -evaluate_white(pos));
        CHECK(evaluate(mirror) == evaluate(pos));  // same score for the side to move
        CHECK(evaluate_white(pos) != 0);            // asymmetric positions: a real test
    }
}

TEST_CASE("material advantage shows in the evaluation", "[eval]") {
    auto even = parse_xboard_fen("11k/12/12/12/12/12/12/12/12/12/12/K11 w - - 0 1");
    auto rook_up = parse_xboard_fen("11k/12/12/12/12/12/12/12/12/12/12/K3R7 w - - 0 1");
    REQUIRE(even);
    REQUIRE(rook_up);
    CHECK(evaluate(*rook_up) - evaluate(*even) > piece_value(ROOK) / 2);
    Position black_view = *rook_up;
    black_view.set_side_to_move(BLACK);
    CHECK(evaluate(black_view) == -evaluate(*rook_up));
}

TEST_CASE("an enemy Lion next to a lone King is a serious danger", "[eval]") {
    // Same material; in the second position the black Lion stands two squares from the King.
    auto far = parse_xboard_fen("11k/12/12/12/12/12/12/12/9n2/12/12/K11 w - - 0 1");
    auto near = parse_xboard_fen("11k/12/12/12/12/12/12/12/12/2n9/12/K11 w - - 0 1");
    REQUIRE(far);
    REQUIRE(near);
    CHECK(evaluate(*near) < evaluate(*far) - 150);
}
