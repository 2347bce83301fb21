// The slider reach and Lion counts Position keeps through make/unmake (slider_reach.hpp): equal
// to a recount by the evaluation's former ray walk (kept here as the reference) after make and
// unmake of random games rich in captures, Lion double moves, igui, promotions and passes,
// whether or not the reach was asked for in between (it follows a move only when asked or at
// the next move), and after setting a position up from FEN or SFEN.
#include <random>

#include "shishi/core/slider_reach.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

namespace {

// The evaluation's walk before the count was kept: every piece of side c along its sliding
// rays, the empty squares and an enemy piece at the end.
int reference_reach(const Position& pos, Color c) {
    const Piece* b = pos.board();
    int n = 0;
    for (int i = 0; i < pos.piece_count(c); ++i) {
        const Square s = pos.piece_square(c, i);
        const MoveShape& shape = move_shape(c, kind_of(b[s]));
        for (int j = 0; j < shape.slide_count; ++j) {
            const int off = shape.slide[j];
            int t = s + off;
            while (b[t] == EMPTY) {
                ++n;
                t += off;
            }
            if (b[t] != EDGE && color_of(b[t]) != c) ++n;
        }
    }
    return n;
}

int reference_lions(const Position& pos, Color c) {
    int n = 0;
    for (int i = 0; i < pos.piece_count(c); ++i)
        n += is_lion(kind_of(pos.piece_on(pos.piece_square(c, i))));
    return n;
}

void require_recount(const Position& pos) {
    for (Color c : {WHITE, BLACK}) {
        REQUIRE(pos.slider_reach(c) == reference_reach(pos, c));
        REQUIRE(pos.lion_count(c) == reference_lions(pos, c));
    }
}

std::vector<Position> roots() {
    std::vector<Position> out{Position::start()};
    for (const PerftCase& c : reference_cases())
        out.push_back(sfen(c.sfen));
    return out;
}

bool special(const Position& pos, Move m) { return pos.is_capture(m) || m.is_promotion() || m.is_pass(); }

}  // namespace

TEST_CASE("a lone Rook reaches its file and rank; an enemy piece ends the ray and counts", "[slider_reach]") {
    Position pos = board("Kl1 ka12 Rf6");
    CHECK(pos.slider_reach(WHITE) == 22);
    CHECK(pos.slider_reach(BLACK) == 0);
    Position blocked = board("Kl1 ka12 Rf6 gf9");  // f7, f8 and the Gold instead of f7-f12
    CHECK(blocked.slider_reach(WHITE) == 19);
    Position own = board("Kl1 ka12 Rf6 Gf9");  // f7, f8: an own piece does not count
    CHECK(own.slider_reach(WHITE) == 18);
    CHECK(piece_slider_reach(blocked.board(), sq("f6")) == 19);
    CHECK(piece_slider_reach(blocked.board(), sq("l1")) == 0);  // the King does not slide
    CHECK(board("Kl1 ka12 Nf6 +Of8 nc3").lion_count(WHITE) == 2);
    CHECK(board("Kl1 ka12 Nf6 +Of8 nc3").lion_count(BLACK) == 1);
}

TEST_CASE("make/unmake keep the slider reach and Lion counts equal to a recount", "[slider_reach][position][random]") {
    std::mt19937 rng(2026);
    int captures = 0, doubles = 0, igui = 0, promotions = 0, passes = 0, lions_gone = 0, asked = 0;
    for (const Position& root : roots()) {
        for (int game = 0; game < 3; ++game) {
            Position pos = root;
            require_recount(pos);
            std::vector<int32_t> reach_before[2];
            std::vector<Move> played;
            for (int ply = 0; ply < 200; ++ply) {
                MoveList list;
                generate_legal(pos, list);
                if (list.empty()) break;
                // Every other move a capture, promotion or pass when there is one.
                std::vector<Move> rich;
                for (Move m : list)
                    if (special(pos, m)) rich.push_back(m);
                const Move m =
                    !rich.empty() && rng() % 2 ? rich[rng() % rich.size()] : list[int(rng() % unsigned(list.size()))];
                captures += pos.is_capture(m);
                doubles += m.is_double();
                igui += m.is_igui();
                promotions += m.is_promotion();
                passes += m.is_pass();
                const int lions = pos.lion_count(WHITE) + pos.lion_count(BLACK);
                // The reference recount does not ask the position, so the reach stays unsettled.
                for (Color c : {WHITE, BLACK})
                    reach_before[c].push_back(reference_reach(pos, c));
                pos.make(m);
                played.push_back(m);
                lions_gone += lions > pos.lion_count(WHITE) + pos.lion_count(BLACK);
                INFO("after " << move_to_xboard(m) << ": " << to_xboard_fen(pos));
                // Asked after some moves only: the others make the next move with it unsettled.
                if (rng() % 3 == 0) {
                    ++asked;
                    const Position copy = pos;  // a copy carries the unsettled count along
                    require_recount(copy);
                    require_recount(pos);
                }
            }
            while (!played.empty()) {
                pos.unmake();
                INFO("undoing " << move_to_xboard(played.back()) << ": " << to_xboard_fen(pos));
                if (rng() % 2 == 0) require_recount(pos);
                for (Color c : {WHITE, BLACK}) {
                    REQUIRE(pos.slider_reach(c) == reach_before[c].back());
                    reach_before[c].pop_back();
                }
                played.pop_back();
            }
        }
    }
    // The games cover every kind of change the count must follow.
    CHECK(captures > 500);
    CHECK(doubles > 50);
    CHECK(igui > 10);
    CHECK(promotions > 50);
    CHECK(passes > 5);
    CHECK(lions_gone > 5);
    CHECK(asked > 1000);
}

TEST_CASE("forgetting the history keeps an unsettled slider reach right", "[slider_reach]") {
    Position pos = Position::start();
    std::mt19937 rng(5);
    random_game(pos, 40, rng);  // the last move's change not yet added
    pos.clear_history();
    REQUIRE(pos.plies() == 0);
    require_recount(pos);
    random_game(pos, 1, rng);
    Square empty = NO_SQUARE;
    for (int s = 0; s < FRAME_SQUARES && empty == NO_SQUARE; ++s)
        if (is_board_square(Square(s)) && pos.piece_on(Square(s)) == EMPTY) empty = Square(s);
    REQUIRE(empty != NO_SQUARE);
    pos.put_piece(empty, make_piece(WHITE, ROOK));  // setup after a move, unsettled
    require_recount(pos);
}

TEST_CASE("setting a position up from FEN or SFEN gives the recounted slider reach", "[slider_reach][random]") {
    std::mt19937 rng(99);
    for (const Position& root : roots()) {
        Position pos = root;
        for (int ply = 0; ply < 120; ++ply) {
            MoveList list;
            generate_legal(pos, list);
            if (list.empty()) break;
            pos.make(list[int(rng() % unsigned(list.size()))]);
            if (ply % 10 != 9) continue;
            const Position from_fen = xfen(to_xboard_fen(pos));
            const Position from_sfen = sfen(to_sfen(pos));
            INFO(to_xboard_fen(pos));
            require_recount(from_fen);
            require_recount(from_sfen);
            for (Color c : {WHITE, BLACK}) {
                CHECK(from_fen.slider_reach(c) == pos.slider_reach(c));
                CHECK(from_sfen.slider_reach(c) == pos.slider_reach(c));
            }
        }
    }
}
