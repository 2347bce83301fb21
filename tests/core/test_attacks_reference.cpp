// is_attacked (src/core/attacks.cpp: neighbour words and reach tables by board byte) against
// attacker_count, the plain scan of the eight lines, jump squares and Lion squares that the
// check test used before the speed round and that the evaluation still counts with, on every
// square of every position of random games and of random boards crowded with Lions, jumpers
// and sliders, for both sides.
#include <catch2/catch.hpp>

#include <random>

#include "shishi/core/attacks.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

namespace {

struct Tally {
    long attacked = 0, free = 0;
};

void compare_board(const Position& pos, Tally& tally) {
    for (int rank = 0; rank < BOARD_SIZE; ++rank)
        for (int file = 0; file < BOARD_SIZE; ++file) {
            const Square s = make_square(file, rank);
            for (const Color by : {WHITE, BLACK}) {
                const bool expected = attacker_count(pos.board(), s, by) > 0;
                if (is_attacked(pos, s, by) != expected)
                    FAIL(to_xboard_fen(pos) << " square " << file << "," << rank << " by " << int(by)
                                            << ": attacker_count says " << expected);
                (expected ? tally.attacked : tally.free)++;
            }
        }
}

}  // namespace

TEST_CASE("is_attacked equals attacker_count's plain scan over random games", "[attacks][random]") {
    std::mt19937 rng(1212);
    Tally tally;
    for (const Position& root : random_game_roots())
        for (int game = 0; game < 2; ++game) {
            Position pos = root;
            for (int ply = 0; ply < 200; ++ply) {
                MoveList list;
                generate_legal(pos, list);
                if (list.empty()) break;
                if (ply % 4 == 0) compare_board(pos, tally);
                pos.make(list[int(rng() % unsigned(list.size()))]);
            }
        }
    CHECK(tally.attacked > 50000);
    CHECK(tally.free > 50000);
}

TEST_CASE("is_attacked equals attacker_count's plain scan on random crowded boards", "[attacks][random]") {
    const Kind kinds[] = {
        LION,           PROMOTED_LION, HORNED_FALCON, SOARING_EAGLE, KIRIN,      PHOENIX,           QUEEN,
        ROOK,           BISHOP,        DRAGON_KING,   DRAGON_HORSE,  LANCE,      REVERSE_CHARIOT,   SIDE_MOVER,
        VERTICAL_MOVER, GOLD,          SILVER,        PAWN,          GO_BETWEEN, FEROCIOUS_LEOPARD, KING,
        WHITE_HORSE,    WHALE,         FREE_BOAR,     FLYING_OX,     FLYING_STAG};
    std::mt19937 rng(77);
    Tally tally;
    for (int trial = 0; trial < 600; ++trial) {
        const Position pos = random_crowded_board(rng, kinds, 5, 70);
        compare_board(pos, tally);
    }
    CHECK(tally.attacked > 50000);
    CHECK(tally.free > 50000);
}
