// Neighbours: the masks read from one word equal square-by-square tests, in direction order,
// at every board square (edges and corners included) along random games.
#include "shishi/core/neighbours.hpp"

#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

namespace {

void check_every_square(const Position& pos) {
    for (int f = 0; f < BOARD_SIZE; ++f)
        for (int r = 0; r < BOARD_SIZE; ++r) {
            const Square s = make_square(f, r);
            const Neighbours n(pos.board(), s);
            for (Color c : {WHITE, BLACK}) {
                REQUIRE(n.any_owned_by(c) == (n.owned_by(c) != 0));
                // From the rows, for a square not holding a piece of c (a mover's own square).
                const Piece x = pos.piece_on(s);
                if (x == EMPTY || color_of(x) != c)
                    REQUIRE(Neighbours::any_owned_by(pos.board(), s, c) == (n.owned_by(c) != 0));
            }
            for (int d = 0; d < DIRECTION_NB; ++d) {
                const Piece x = pos.piece_on(Square(s + DIRECTION_OFFSET[d]));
                INFO("square " << f << "," << r << " direction " << d << " piece " << int(x));
                const unsigned bit = 1u << d;
                REQUIRE(bool(n.empty() & bit) == (x == EMPTY));
                for (Color c : {WHITE, BLACK}) {
                    REQUIRE(bool(n.owned_by(c) & bit) == (x != EMPTY && x != EDGE && color_of(x) == c));
                    REQUIRE(bool(n.open_to(c) & bit) == (x == EMPTY || (x != EDGE && color_of(x) != c)));
                }
            }
        }
}

}  // namespace

TEST_CASE("neighbour masks match the squares, edges included", "[position]") {
    check_every_square(Position());  // empty board: only the guard squares around it
    check_every_square(Position::start());
    std::mt19937 rng(141);
    for (int game = 0; game < 4; ++game) {
        Position pos = Position::start();
        for (int ply = 0; ply < 120; ply += 10) {
            random_game(pos, 10, rng);
            check_every_square(pos);
        }
    }
}
