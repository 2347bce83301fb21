// Position: make/unmake, the incremental Zobrist key, piece lists, counters and history.
#include <array>

#include "shishi/core/zobrist.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

namespace {

// Everything observable about a position except its history.
struct Snapshot {
    std::array<Piece, FRAME_SQUARES> board{};
    std::vector<Square> lists[2];
    uint64_t key = 0;
    Square counter_strike = NO_SQUARE;
    Color side = WHITE;
    int royals[2] = {0, 0};
    int halfmove = 0, move_number = 0, plies = 0;

    explicit Snapshot(const Position& p)
        : key(p.key()),
          counter_strike(p.counter_strike()),
          side(p.side_to_move()),
          halfmove(p.halfmove_clock()),
          move_number(p.move_number()),
          plies(p.plies()) {
        for (int s = 0; s < FRAME_SQUARES; ++s)
            board[s] = p.piece_on(Square(s));
        for (Color c : {WHITE, BLACK}) {
            for (int i = 0; i < p.piece_count(c); ++i)
                lists[c].push_back(p.piece_square(c, i));
            royals[c] = p.royal_count(c);
        }
    }
    bool operator==(const Snapshot& o) const {
        return board == o.board && lists[0] == o.lists[0] && lists[1] == o.lists[1] && key == o.key &&
            counter_strike == o.counter_strike && side == o.side && royals[0] == o.royals[0] &&
            royals[1] == o.royals[1] && halfmove == o.halfmove && move_number == o.move_number && plies == o.plies;
    }
};

std::vector<Position> roots() {
    std::vector<Position> out{Position::start()};
    for (const PerftCase& c : reference_cases())
        out.push_back(sfen(c.sfen));
    return out;
}

}  // namespace

TEST_CASE("make/unmake restores everything over random games", "[position][random]") {
    std::mt19937 rng(4242);
    int games = 0;
    size_t total_plies = 0;  // random games may end early when a royal falls
    for (const Position& root : roots()) {
        for (int g = 0; g < 2; ++g, ++games) {
            Position pos = root;
            std::vector<Snapshot> before;
            std::vector<Move> played;
            for (int ply = 0; ply < 300; ++ply) {
                MoveList list;
                generate_legal(pos, list);
                if (list.empty()) break;
                Move m = list[int(rng() % unsigned(list.size()))];
                before.emplace_back(pos);
                pos.make(m);
                played.push_back(m);
                INFO("after " << move_to_xboard(m) << ": " << to_xboard_fen(pos));
                REQUIRE(pos.is_consistent());
                REQUIRE(pos.plies() == int(played.size()));
                CHECK(pos.history(pos.plies() - 1).move == m);
                CHECK(pos.history(pos.plies() - 1).key == before.back().key);
                CHECK(pos.side_to_move() != before.back().side);
            }
            total_plies += played.size();
            while (!before.empty()) {
                pos.unmake();
                INFO("undoing " << move_to_xboard(played.back()));
                REQUIRE(Snapshot(pos) == before.back());
                REQUIRE(pos.is_consistent());
                before.pop_back();
                played.pop_back();
            }
        }
    }
    // Two games from each root: the start and the 16 positions of the reference suite.
    CHECK(games == 2 * (1 + 16));
    CHECK(total_plies > size_t(games) * 50);
}

TEST_CASE("incremental key equals the key of the re-parsed position after every move", "[position][random]") {
    std::mt19937 rng(777);
    for (const Position& root : roots()) {
        Position pos = root;
        for (int ply = 0; ply < 200; ++ply) {
            MoveList list;
            generate_legal(pos, list);
            if (list.empty()) break;
            pos.make(list[int(rng() % unsigned(list.size()))]);
            const std::string fen = to_xboard_fen(pos);
            INFO(fen);
            Position again = xfen(fen);
            CHECK(again.key() == pos.key());
            CHECK(sfen(to_sfen(pos)).key() == pos.key());
            CHECK(again.counter_strike() == pos.counter_strike());
        }
    }
}

TEST_CASE("a counter-strike square is part of the key and lasts one move", "[position]") {
    Position pos = xfen("11k/12/12/12/12/12/4+o2n3R/4G7/7+O4/12/12/K11 w - e6 0 1");
    REQUIRE(pos.counter_strike() == sq("e6"));
    Position plain = xfen("11k/12/12/12/12/12/4+o2n3R/4G7/7+O4/12/12/K11 w - - 0 1");
    CHECK(plain.key() != pos.key());
    pos.make(mv(pos, "a1a2"));
    CHECK(pos.counter_strike() == NO_SQUARE);
    CHECK(xfen(to_xboard_fen(pos)).key() == pos.key());
}

TEST_CASE("the key includes the side to move and the counter-strike square", "[position]") {
    const std::string pieces = "Kl1 ka12 +oe6 nh6 Ge5";
    Position w = xfen(fen_of(pieces, "w - - 0 1"));
    Position b = xfen(fen_of(pieces, "b - - 0 1"));
    CHECK(w.key() != b.key());
    CHECK((w.key() ^ b.key()) == zobrist::side_key());
    Position cs = xfen(fen_of(pieces, "w - e6 0 1"));
    CHECK(cs.key() != w.key());
    CHECK(cs.is_consistent());
    // Same pieces reached in a different order give the same key.
    Position a = board("Kl1 ka12 Gb2 gk11");
    Position c;
    c.put_piece(sq("k11"), make_piece(BLACK, GOLD));
    c.put_piece(sq("a12"), make_piece(BLACK, KING));
    c.put_piece(sq("b2"), make_piece(WHITE, GOLD));
    c.put_piece(sq("l1"), make_piece(WHITE, KING));
    CHECK(c.key() == a.key());
    CHECK(c.is_consistent());
    c.set_counter_strike(sq("b2"));
    CHECK(c.key() != a.key());
    c.set_counter_strike(NO_SQUARE);
    CHECK(c.key() == a.key());
    c.set_side_to_move(BLACK);
    CHECK(c.key() != a.key());
    CHECK(c.is_consistent());
}

TEST_CASE("a pass changes only the side to move; repeated positions have equal keys", "[position]") {
    Position pos = board("Kl1 ka12 Nf6");
    const uint64_t k0 = pos.key();
    pos.make(mv(pos, "@@@@"));
    CHECK(pos.key() != k0);
    CHECK(pos.counter_strike() == NO_SQUARE);
    pos.make(mv(pos, "a12b12"));
    pos.make(mv(pos, "f6f7"));
    pos.make(mv(pos, "b12a12"));
    pos.make(mv(pos, "f7f6"));
    CHECK(pos.key() != k0);  // the other side is to move
    pos.make(mv(pos, "a12b12"));
    pos.make(mv(pos, "f6f7"));
    pos.make(mv(pos, "b12a12"));
    pos.make(mv(pos, "f7f6"));
    pos.make(mv(pos, "a12b12"));
    pos.make(mv(pos, "@@@@"));
    pos.make(mv(pos, "b12a12"));
    CHECK(pos.key() == k0);
    CHECK(pos.plies() == 12);
}

TEST_CASE("empty position, start position and setup functions", "[position]") {
    Position empty;
    CHECK(empty.piece_count(WHITE) == 0);
    CHECK(empty.piece_count(BLACK) == 0);
    CHECK(empty.side_to_move() == WHITE);
    CHECK(empty.counter_strike() == NO_SQUARE);
    CHECK(empty.is_consistent());
    for (int s = 0; s < FRAME_SQUARES; ++s)
        CHECK(empty.piece_on(Square(s)) == (is_board_square(Square(s)) ? EMPTY : EDGE));

    Position start = Position::start();
    CHECK(start.piece_count(WHITE) == 46);
    CHECK(start.piece_count(BLACK) == 46);
    CHECK(start.royal_count(WHITE) == 1);
    CHECK(start.royal_count(BLACK) == 1);
    CHECK(start.piece_on(sq("f1")) == make_piece(WHITE, KING));
    CHECK(start.piece_on(sq("g12")) == make_piece(BLACK, KING));
    CHECK(start.piece_on(sq("f2")) == make_piece(WHITE, KIRIN));
    CHECK(start.piece_on(sq("g2")) == make_piece(WHITE, PHOENIX));
    CHECK(start.piece_on(sq("f3")) == make_piece(WHITE, LION));
    CHECK(start.move_number() == 1);
    CHECK(start.is_consistent());

    start.clear();
    CHECK(start.piece_count(WHITE) == 0);
    CHECK(start.key() == empty.key());
}

TEST_CASE("halfmove clock counts plies since the last capture; move number counts plies", "[position]") {
    Position pos = board("Kl1 ka12 Rf6 pf9");
    CHECK(pos.halfmove_clock() == 0);
    pos.make(mv(pos, "f6e6"));
    CHECK(pos.halfmove_clock() == 1);
    CHECK(pos.move_number() == 2);
    pos.make(mv(pos, "a12b12"));
    CHECK(pos.halfmove_clock() == 2);
    pos.make(mv(pos, "e6e9"));
    pos.make(mv(pos, "b12c12"));
    pos.make(mv(pos, "e9e8"));
    CHECK(pos.halfmove_clock() == 5);
    pos.make(mv(pos, "c12b12"));
    pos.make(mv(pos, "e8f8"));
    pos.make(mv(pos, "b12a12"));
    CHECK(pos.halfmove_clock() == 8);
    pos.make(mv(pos, "f8f9"));
    CHECK(pos.halfmove_clock() == 0);
    pos.unmake();
    CHECK(pos.halfmove_clock() == 8);
}

TEST_CASE(
    "halfmove clock: a Pawn or Lance move restarts it, a promotion alone or a Tokin move does not; "
    "a pass only under XBoard's count",
    "[position][xboard]") {
    // Each row: the position, the move, whether it restarts the clock (set to 9 before).
    struct Row {
        const char* pieces;
        const char* move;
        bool restarts;
    };
    const Row rows[] = {
        {"Kl1 ka12 Pf5", "f5f6", true},  // Pawn step
        {"Kl1 ka12 Pf8", "f8f9+", true},  // Pawn promoting on entering the zone
        {"Kl1 ka12 La2", "a2a7", true},  // Lance
        {"Kl1 ka12 +Pf5", "f5f6", false},  // Tokin (a promoted Pawn)
        {"Kl1 ka12 +Lf5", "f5f4", false},  // White Horse (a promoted Lance)
        {"Kl1 ka12 Gf8", "f8f9+", false},  // promotion alone
        {"Kl1 ka12 Rf6 pf9", "f6f9", true},  // capture
        {"Kl1 ka12 Nf6 pf7", "f6f7,f7f6", true},  // igui
        {"Kl1 ka12 Nf6 pf7 pg8", "f6f7,f7g8", true},  // double capture
        {"Kl1 ka12 Nf6", "f6e6", false},  // Lion leap / step
    };
    for (const RuleSet* rules : {&book_rules(), &xboard_rules(), &lishogi_rules()}) {
        for (const Row& row : rows) {
            Position pos = board(row.pieces, "w - - 9 20");
            pos.set_rules(*rules);
            INFO(preset_name(rules->preset) << ": " << row.pieces << " " << row.move);
            REQUIRE(pos.halfmove_clock() == 9);
            pos.make(mv(pos, row.move));
            CHECK(pos.halfmove_clock() == (row.restarts ? 0 : 10));
            pos.unmake();
            CHECK(pos.halfmove_clock() == 9);
        }
        // A pass: XBoard counts it as irreversible; elsewhere two passes repeat a position.
        Position pos = board("Kl1 ka12 Nf6", "w - - 9 20");
        pos.set_rules(*rules);
        pos.make(mv(pos, "f6f7,f7f6"));
        INFO(preset_name(rules->preset));
        REQUIRE(pos.history(0).move.is_pass());
        CHECK(pos.halfmove_clock() == (rules->preset == RulePreset::XBOARD ? 0 : 10));
    }
}

TEST_CASE("is_capture recognises single, double and igui captures but not passes", "[position]") {
    Position pos = board("Kl1 ka12 Nf6 pf7 pd4");
    CHECK(pos.is_capture(mv(pos, "f6f7")));
    CHECK(pos.is_capture(mv(pos, "f6d4")));
    CHECK(pos.is_capture(mv(pos, "f6f7,f7f6")));
    CHECK(pos.is_capture(mv(pos, "f6f7,f7f8")));
    CHECK(!pos.is_capture(mv(pos, "f6h8")));
    CHECK(!pos.is_capture(mv(pos, "@@@@")));
}

TEST_CASE("clear_history keeps the position and the move number", "[position]") {
    Position pos = Position::start();
    pos.make(mv(pos, "h4h5"));
    pos.make(mv(pos, "h9h8"));
    const uint64_t key = pos.key();
    pos.clear_history();
    CHECK(pos.plies() == 0);
    CHECK(pos.key() == key);
    CHECK(pos.move_number() == 3);
    CHECK(pos.is_consistent());
}

TEST_CASE("royal_square follows the King, passes to the Prince when the King falls, and unmake restores it",
          "[position]") {
    Position pos = board("Ke1 kf12 +ea12 Rf1");
    const Square e1 = *parse_xboard_square("e1"), e2 = *parse_xboard_square("e2");
    const Square a12 = *parse_xboard_square("a12"), f12 = *parse_xboard_square("f12");
    CHECK(pos.royal_square(WHITE) == e1);
    const Square black_before = pos.royal_square(BLACK);
    CHECK((black_before == f12 || black_before == a12));
    pos.make(mv(pos, "e1e2"));
    CHECK(pos.royal_square(WHITE) == e2);
    pos.make(mv(pos, "a12b12"));  // the Prince steps aside
    pos.make(mv(pos, "f1f12"));  // the Rook takes the King: the Prince is the lone royal
    CHECK(pos.royal_count(BLACK) == 1);
    CHECK(pos.royal_square(BLACK) == *parse_xboard_square("b12"));
    CHECK(pos.is_consistent());
    pos.unmake();
    pos.unmake();
    CHECK(pos.royal_square(BLACK) == black_before);
    pos.unmake();
    CHECK(pos.royal_square(WHITE) == e1);
    CHECK(pos.is_consistent());
}

TEST_CASE("unmake restores a halfmove clock of any size a FEN can give", "[position]") {
    // Found by fuzz_xboard_move and fuzz_pgn: the undo record kept the clock in 16 bits, so
    // unmake after `... w - - 99999999 1` left 57599 (99999999 mod 65536).
    for (const char* fen : {"11k/12/12/12/12/12/12/7O4/12/12/12/K11 w - - 99999999 1",
                            "11k/12/12/12/12/12/12/7O4/12/12/12/K11 w - - 65536 1",
                            "11k/12/12/12/12/12/12/7O4/12/12/12/K11 w - - 555551 5555551"}) {
        Position pos = xfen(fen);
        const std::string before = to_xboard_fen(pos);
        MoveList list;
        generate_legal(pos, list);
        REQUIRE(!list.empty());
        for (Move m : list) {
            pos.make(m);
            pos.unmake();
            REQUIRE(to_xboard_fen(pos) == before);
        }
        const int clock = pos.halfmove_clock();
        pos.make(Move::normal(sq("a1"), sq("a2")));
        CHECK(pos.halfmove_clock() == clock + 1);
        pos.unmake();
        CHECK(pos.halfmove_clock() == clock);
    }
}
