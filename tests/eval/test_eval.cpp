// Evaluation: every kind has a value, promoted forms are worth more than the pieces they come
// from (except the royal Prince rule, see docs/evaluation.md), the start position is balanced,
// and a position turned 180 degrees with colours swapped evaluates to the exact negative.
#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <string>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/eval/eval_params.hpp"
#include "test_support.hpp"

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
            r.put_piece(make_square(BOARD_SIZE - 1 - f, BOARD_SIZE - 1 - k), make_piece(~color_of(p), kind_of(p)));
        }
    r.set_side_to_move(~pos.side_to_move());
    return r;
}

// Installs one weight for the lifetime of the object, then restores the table.
struct WeightOverride {
    EvalParams saved = eval_params();
    WeightOverride(EvalParamId id, int value) {
        EvalParams p = saved;
        p[id] = value;
        set_eval_params(p);
    }
    ~WeightOverride() { set_eval_params(saved); }
};

// What one term adds to the first player's score at weight 100 compared with weight 0.
int term_at_100(EvalParamId id, const Position& pos) {
    int with, without;
    {
        WeightOverride w(id, 100);
        with = evaluate_white(pos);
    }
    {
        WeightOverride w(id, 0);
        without = evaluate_white(pos);
    }
    return with - without;
}

// Read during static initialisation, before main: the evaluation's tables must not depend on
// another file's start-up code having run (they once came out all zero that way).
const int GOLD_VALUE_BEFORE_MAIN = piece_value(GOLD);

}  // namespace

TEST_CASE("piece values read before main are the real ones", "[eval]") {
    CHECK(GOLD_VALUE_BEFORE_MAIN > 0);
    CHECK(GOLD_VALUE_BEFORE_MAIN == piece_value(GOLD));
    CHECK(GOLD_VALUE_BEFORE_MAIN == default_eval_params()[V_GOLD]);
}

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
        CHECK(evaluate_white(pos) != 0);  // asymmetric positions: a real test
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

TEST_CASE("evaluation is symmetric along random games", "[eval]") {
    std::mt19937 rng(2026);
    for (int game = 0; game < 6; ++game) {
        Position pos = Position::start();
        for (int ply = 0; ply < 160; ++ply) {
            INFO(to_xboard_fen(pos));
            CHECK(evaluate_white(rotated_swapped(pos)) == -evaluate_white(pos));
            MoveList list;
            generate_legal(pos, list);
            if (list.empty()) break;
            pos.make(list[int(rng() % unsigned(list.size()))]);
        }
    }
}

TEST_CASE("the weight table names every weight once and holds the piece values", "[eval]") {
    std::set<std::string> names;
    for (int i = 0; i < EVAL_PARAM_NB; ++i) {
        const std::string name(EVAL_PARAM_INFO[i].name);
        INFO(name);
        CHECK(!name.empty());
        CHECK(name.find(' ') == std::string::npos);
        CHECK(EVAL_PARAM_INFO[i].step >= 0);
        CHECK(names.insert(name).second);
    }
    CHECK(std::string(EVAL_PARAM_INFO[V_LION].name) == "value_lion");
    CHECK(std::string(EVAL_PARAM_INFO[LION_MONOPOLY].name) == "lion_monopoly");
    CHECK(default_eval_params()[V_PAWN] == 100);
    for (int k = 1; k < KIND_NB; ++k) {
        INFO(kind_info(Kind(k)).name);
        REQUIRE(value_param(Kind(k)) < EVAL_PARAM_NB);
        CHECK(piece_value(Kind(k)) == eval_params()[value_param(Kind(k))]);
    }
}

TEST_CASE("set_eval_params changes values and the evaluation, and restores", "[eval]") {
    // A Queen never promotes, so its value enters the score once, with no promotion share.
    const Position pos = test::board("Ka1 kl12 Qf6");
    const int before = evaluate_white(pos);
    {
        WeightOverride w(V_QUEEN, piece_value(QUEEN) + 50);
        CHECK(piece_value(QUEEN) == default_eval_params()[V_QUEEN] + 50);
        CHECK(piece_value(PROMOTED_QUEEN) == piece_value(QUEEN));  // a +x moves as a Queen
        CHECK(evaluate_white(pos) == before + 50);
    }
    CHECK(evaluate_white(pos) == before);
}

TEST_CASE("a Lion against no Lion earns the monopoly bonus", "[eval]") {
    CHECK(term_at_100(LION_MONOPOLY, test::board("Kf1 kg12 Nf6")) == 100);
    CHECK(term_at_100(LION_MONOPOLY, test::board("Kf1 kg12 +Of6")) == 100);  // a Lion from a Kirin
    CHECK(term_at_100(LION_MONOPOLY, test::board("Kf1 kg12 nf8")) == -100);
    CHECK(term_at_100(LION_MONOPOLY, test::board("Kf1 kg12 Nf6 nf8")) == 0);
    CHECK(term_at_100(LION_MONOPOLY, test::board("Kf1 kg12 Of6")) == 0);  // a Kirin is no Lion
}

TEST_CASE("pieces next to a lone royal that only it protects are gaps for an enemy Lion", "[eval]") {
    // The Gold on f2 is protected by the King alone: one gap while Black has a Lion.
    CHECK(term_at_100(WALL_GAP, test::board("Kf1 Gf2 kg12 nf9")) == -100);
    // A Rook on a2 protects it along the rank: no gap.
    CHECK(term_at_100(WALL_GAP, test::board("Kf1 Gf2 Ra2 kg12 nf9")) == 0);
    // No enemy Lion: no term.
    CHECK(term_at_100(WALL_GAP, test::board("Kf1 Gf2 kg12 qf9")) == 0);
    // The same for the second player (rotated position).
    CHECK(term_at_100(WALL_GAP, test::board("kg12 gg11 Ka1 Ng4")) == 100);
    // Two royals: neither can be lost at once, so no royal-danger terms at all.
    CHECK(term_at_100(WALL_GAP, test::board("Kf1 +Ef3 Gf2 kg12 nf9")) == 0);
}

TEST_CASE("slider squares in the enemy promotion zone count for zone control", "[eval]") {
    // The Rook on a5 reaches a6..a12; a9..a12 lie in the zone.
    CHECK(term_at_100(ZONE_REACH, test::board("Kf1 kg12 Ra5")) == 400);
    // Blocked by its own Pawn on a7: none of its squares are in the zone.
    CHECK(term_at_100(ZONE_REACH, test::board("Kf1 kg12 Ra5 Pa7")) == 0);
    // Black's Rook on l8 reaches l4..l1 in its zone.
    CHECK(term_at_100(ZONE_REACH, test::board("Kf1 kg12 rl8")) == -400);
}

TEST_CASE("steppers past their pawn line count as developed", "[eval]") {
    CHECK(term_at_100(STEPPER_DEVELOPED, test::board("Kf1 kg12 Ge5")) == 100);
    CHECK(term_at_100(STEPPER_DEVELOPED, test::board("Kf1 kg12 Ge4")) == 0);
    CHECK(term_at_100(STEPPER_DEVELOPED, test::board("Kf1 kg12 Re5")) == 0);  // sliders differ
    CHECK(term_at_100(STEPPER_DEVELOPED, test::board("Kf1 kg12 ge8")) == -100);
}

TEST_CASE("royal danger counts the enemy pieces within three squares, at every edge", "[eval]") {
    // From a1: a2 one square, c3 two, d4 three, e1 four (too far).
    const Position corner = test::board("Ka1 kg12 ga2 gc3 gd4 pe1");
    CHECK(term_at_100(DANGER_PIECE_NEAR, corner) == -200);
    CHECK(term_at_100(DANGER_PIECE_THREE, corner) == -100);
    // From l1: k3 two, i1 three; a2 and l5 are far, whatever the frame's row layout.
    const Position right = test::board("Kl1 kg12 gk3 gi1 ga2 gl5");
    CHECK(term_at_100(DANGER_PIECE_NEAR, right) == -100);
    CHECK(term_at_100(DANGER_PIECE_THREE, right) == -100);
    // Own pieces and the other side's royal count nothing; Lions have their own weights.
    const Position lion = test::board("Kf6 kl12 Gf5 nh7 gc6");
    CHECK(term_at_100(DANGER_LION_NEAR, lion) == -100);
    CHECK(term_at_100(DANGER_PIECE_THREE, lion) == -100);
    CHECK(term_at_100(DANGER_PIECE_NEAR, lion) == 0);
    // Both royals lone and three apart: each is a danger to the other.
    CHECK(term_at_100(DANGER_PIECE_THREE, test::board("Kf6 kf9")) == 0);
    CHECK(term_at_100(DANGER_PIECE_THREE, test::board("Kf6 kf9 gc6")) == -100);
    // The second player's royal in the top corner.
    const Position top = test::board("Ka1 kl12 Gl11 Gj10 Gi9 Gh12");
    CHECK(term_at_100(DANGER_PIECE_NEAR, top) == 200);
    CHECK(term_at_100(DANGER_PIECE_THREE, top) == 100);
}
