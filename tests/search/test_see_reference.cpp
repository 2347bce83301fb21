// The exchange evaluation of src/search/see.cpp against the old board-copy implementation
// (see_reference.hpp) for every legal move of many positions: random games from the start and
// the perft reference positions (half their moves captures, so exchanges get long), and random
// boards crowded with Lions, jumpers and sliders, with one, two or no royals per side; and
// see_ge at thresholds around the reference value.
#include <catch2/catch.hpp>

#include <random>

#include "see_reference.hpp"
#include "shishi/search/see.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

namespace {

struct Coverage {
    int moves = 0, captures = 0, doubles = 0, igui = 0, promotions = 0, losing = 0, lone = 0, several = 0;
};

void compare_all(const Position& pos, Coverage& cov) {
    MoveList list;
    generate_legal(pos, list);
    const Color us = pos.side_to_move();
    for (const Move m : list) {
        const int expected = reference::see(pos, m);
        const int got = see(pos, m);
        if (got != expected)
            FAIL(to_xboard_fen(pos) << " move " << move_to_xboard(m) << ": see " << got << ", reference " << expected);
        // see_ge stops its exchange once the threshold is settled: thresholds on both sides of
        // the value and at it, and the fixed ones the search uses or might.
        const int thresholds[] = {expected - 1, expected, expected + 1, -1000, -100, 0, 100, 1000};
        for (const int t : thresholds)
            if (see_ge(pos, m, t) != (expected >= t))
                FAIL(to_xboard_fen(pos) << " move " << move_to_xboard(m) << ": see_ge " << t << " is "
                                        << !(expected >= t) << ", reference " << expected);
        ++cov.moves;
        cov.captures += pos.is_capture(m);
        cov.doubles += m.is_double() && !m.is_igui();
        cov.igui += m.is_igui();
        cov.promotions += m.is_promotion();
        cov.losing += expected < 0;
        cov.lone += pos.royal_count(~us) == 1;
        cov.several += pos.royal_count(~us) > 1;
    }
}

// Half the moves a random capture when there is one, so the boards thin out by exchanges.
Move pick(const Position& pos, const MoveList& list, std::mt19937& rng) {
    if (rng() % 2) {
        int n = 0;
        for (const Move m : list)
            n += pos.is_capture(m);
        if (n > 0) {
            int k = int(rng() % unsigned(n));
            for (const Move m : list)
                if (pos.is_capture(m) && k-- == 0) return m;
        }
    }
    return list[int(rng() % unsigned(list.size()))];
}

}  // namespace

TEST_CASE("see() equals the board-copy reference over random games", "[see][random]") {
    std::mt19937 rng(20261201);
    Coverage cov;
    for (const Position& root : random_game_roots())
        for (int game = 0; game < 4; ++game) {
            Position pos = root;
            for (int ply = 0; ply < 200; ++ply) {
                MoveList list;
                generate_legal(pos, list);
                if (list.empty()) break;
                compare_all(pos, cov);
                pos.make(pick(pos, list, rng));
            }
        }
    CHECK(cov.moves > 100000);
    CHECK(cov.captures > 10000);
    CHECK(cov.doubles > 100);
    CHECK(cov.igui > 50);
    CHECK(cov.promotions > 1000);
    CHECK(cov.losing > 5000);
    CHECK(cov.lone > 1000);
    CHECK(cov.several > 200);  // a second royal needs a promoted Drunk Elephant here
}

TEST_CASE("see() equals the board-copy reference on random crowded boards", "[see][random]") {
    // Kinds drawn with Lion power, jumps and long lines over-represented.
    const Kind kinds[] = {
        LION,           PROMOTED_LION,  HORNED_FALCON, SOARING_EAGLE, KIRIN, PHOENIX,         QUEEN,
        ROOK,           BISHOP,         DRAGON_KING,   DRAGON_HORSE,  LANCE, REVERSE_CHARIOT, SIDE_MOVER,
        VERTICAL_MOVER, GOLD,           SILVER,        COPPER,        PAWN,  GO_BETWEEN,      FEROCIOUS_LEOPARD,
        BLIND_TIGER,    DRUNK_ELEPHANT, PRINCE,        KING,          TOKIN, FLYING_OX,       FREE_BOAR,
        WHALE,          WHITE_HORSE,    FLYING_STAG,   PROMOTED_QUEEN};
    std::mt19937 rng(1201);
    Coverage cov;
    for (int trial = 0; trial < 1500; ++trial) {
        Position pos = random_crowded_board(rng, kinds, 20, 60);
        pos.set_side_to_move(Color(rng() % 2));
        compare_all(pos, cov);
    }
    CHECK(cov.moves > 100000);
    CHECK(cov.captures > 20000);
    CHECK(cov.doubles > 1000);
    CHECK(cov.igui > 500);
    CHECK(cov.losing > 10000);
    CHECK(cov.lone > 1000);
    CHECK(cov.several > 1000);
}
