// The material and piece-square sums Position keeps for the evaluation: make/unmake keep them
// equal to a recount, and the evaluation from them (with the slider reach and Lion counts kept
// by Position) equals the evaluation from scratch (the walk over both piece lists).
#include <random>

#include "shishi/core/piece_square.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/eval/eval_params.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

namespace {

std::vector<Position> roots() {
    std::vector<Position> out{Position::start()};
    for (const PerftCase& c : reference_cases())
        out.push_back(sfen(c.sfen));
    return out;
}

}  // namespace

TEST_CASE("make/unmake keep the piece-square sums equal to a recount", "[position][eval][random]") {
    std::mt19937 rng(777);
    for (Position pos : roots()) {
        prepare_evaluation(pos);
        REQUIRE(piece_square_scores.generation > 0);
        REQUIRE(pos.score_generation() == piece_square_scores.generation);
        const int start[2] = {pos.psq_score(WHITE), pos.psq_score(BLACK)};
        std::vector<Move> played;
        for (int ply = 0; ply < 200; ++ply) {
            MoveList list;
            generate_legal(pos, list);
            if (list.empty()) break;
            const Move m = list[int(rng() % unsigned(list.size()))];
            pos.make(m);
            played.push_back(m);
            INFO("after " << move_to_xboard(m) << ": " << to_xboard_fen(pos));
            REQUIRE(pos.is_consistent());  // recounts the sums while the table is current
        }
        Position recounted = pos;
        recounted.refresh_scores();
        CHECK(recounted.psq_score(WHITE) == pos.psq_score(WHITE));
        CHECK(recounted.psq_score(BLACK) == pos.psq_score(BLACK));
        for (size_t i = played.size(); i > 0; --i) {
            pos.unmake();
            REQUIRE(pos.is_consistent());
        }
        CHECK(pos.psq_score(WHITE) == start[0]);
        CHECK(pos.psq_score(BLACK) == start[1]);
    }
    // The start position is symmetric, so both sides' sums are equal and not zero.
    Position start = Position::start();
    prepare_evaluation(start);
    CHECK(start.psq_score(WHITE) == start.psq_score(BLACK));
    CHECK(start.psq_score(WHITE) > 0);
}

TEST_CASE("evaluation from the running sums equals evaluation from scratch", "[eval][random]") {
    std::mt19937 rng(4711);
    int compared = 0;
    for (const Position& root : roots()) {
        for (int game = 0; game < 2; ++game) {
            Position scratch = root;
            set_eval_params(eval_params());  // same weights, new table: scratch's sums are stale
            Position summed = root;
            prepare_evaluation(summed);
            REQUIRE(scratch.score_generation() != piece_square_scores.generation);
            REQUIRE(summed.score_generation() == piece_square_scores.generation);
            for (int ply = 0; ply < 150; ++ply) {
                INFO("ply " << ply << ": " << to_xboard_fen(summed));
                REQUIRE(evaluate_white(summed) == evaluate_white(scratch));
                ++compared;
                MoveList list;
                generate_legal(summed, list);
                if (list.empty()) break;
                const Move m = list[int(rng() % unsigned(list.size()))];
                summed.make(m);
                scratch.make(m);
            }
        }
    }
    CHECK(compared > 1000);
}
