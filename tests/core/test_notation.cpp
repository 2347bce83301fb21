// Positions and moves as text: XBoard FEN, SFEN, XBoard and USI move notation, squares, and
// the rejection of malformed input with a message that names the problem.
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;
using Catch::Matchers::Contains;

namespace {

// The first n space-separated fields of a FEN/SFEN.
std::string fields(const std::string& text, int n) {
    std::istringstream in(text);
    std::string out, w;
    for (int i = 0; i < n && in >> w; ++i)
        out += (i ? " " : "") + w;
    return out;
}

void check_fen_rejected(const std::string& text, const std::string& why) {
    auto p = parse_xboard_fen(text);
    INFO("FEN: " << text);
    CHECK(!p);
    CHECK(!p.value.has_value());
    CHECK_THAT(p.error, Contains(why));
}

void check_sfen_rejected(const std::string& text, const std::string& why) {
    auto p = parse_sfen(text);
    INFO("SFEN: " << text);
    CHECK(!p);
    CHECK(!p.value.has_value());
    CHECK_THAT(p.error, Contains(why));
}

void check_move_rejected(const Position& pos, const std::string& text, const std::string& why, bool usi = false) {
    auto m = usi ? parse_usi_move(pos, text) : parse_xboard_move(pos, text);
    INFO("move: " << text << " in " << to_xboard_fen(pos));
    CHECK(!m);
    CHECK(!m.value.has_value());
    CHECK_THAT(m.error, Contains(why));
}

const std::string START_BOARD =
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/"
    "A1B1TOXT1B1A/LFCSGKEGSCFL";

}  // namespace

// ---------------------------------------------------------------------------------------------
// Squares
// ---------------------------------------------------------------------------------------------

TEST_CASE("square names in XBoard and USI coordinates", "[notation]") {
    CHECK(square_to_xboard(make_square(0, 0)) == "a1");
    CHECK(square_to_usi(make_square(0, 0)) == "12l");
    CHECK(square_to_usi(sq("l12")) == "1a");
    CHECK(square_to_usi(sq("f1")) == "7l");
    CHECK(square_to_usi(sq("e6")) == "8g");
    CHECK(square_to_xboard(make_square(11, 11)) == "l12");
    CHECK(parse_usi_square("12l") == make_square(0, 0));
    CHECK(parse_usi_square("1a") == sq("l12"));
    CHECK(parse_usi_square("7l") == sq("f1"));
    CHECK(parse_usi_square("8g") == sq("e6"));
    for (int f = 0; f < BOARD_SIZE; ++f)
        for (int r = 0; r < BOARD_SIZE; ++r) {
            Square s = make_square(f, r);
            CHECK(parse_xboard_square(square_to_xboard(s)) == s);
            CHECK(parse_usi_square(square_to_usi(s)) == s);
        }
    for (const char* bad : {"", "a", "m1", "a0", "a13", "a01", "A1", "1a", "a1x", "a-1"})
        CHECK(!parse_xboard_square(bad));
    for (const char* bad : {"", "1", "13a", "0a", "1m", "01a", "a1", "12", "1A"})
        CHECK(!parse_usi_square(bad));
}

// ---------------------------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------------------------

TEST_CASE("start position text in both formats", "[notation]") {
    Position start = Position::start();
    CHECK(to_xboard_fen(start) == START_XBOARD_FEN);
    CHECK(to_sfen(start) == START_SFEN);
    CHECK(board_to_fen_field(start) == START_BOARD);
    CHECK(std::string(START_XBOARD_FEN) == START_BOARD + " w - - 0 1");
    CHECK(std::string(START_SFEN) == START_BOARD + " b - 1");
    CHECK(sfen(START_SFEN).key() == start.key());
    CHECK(xfen(START_XBOARD_FEN).key() == start.key());
}

TEST_CASE("every reference position round-trips exactly in both formats", "[notation]") {
    for (const PerftCase& c : reference_cases()) {
        INFO(c.name);
        CHECK(to_sfen(sfen(c.sfen)) == c.sfen);
        CHECK(to_xboard_fen(xfen(c.xboard_fen)) == c.xboard_fen);
        // Across formats: the board, side and counter-strike fields agree.
        CHECK(fields(to_sfen(xfen(c.xboard_fen)), 3) == fields(c.sfen, 3));
        CHECK(board_to_fen_field(sfen(c.sfen)) == fields(c.xboard_fen, 1));
    }
}

TEST_CASE("the counter-strike square in XBoard FEN and SFEN", "[notation][counter-strike]") {
    const std::string board = "11k/12/12/12/12/12/4+o2n3R/4G7/7+O4/12/12/K11";
    Position x = xfen(board + " w - e6 0 1");
    Position s = sfen(board + " b 8g 1");
    CHECK(x.counter_strike() == sq("e6"));
    CHECK(s.counter_strike() == sq("e6"));
    CHECK(x.key() == s.key());
    CHECK(to_xboard_fen(s) == board + " w - e6 0 1");
    CHECK(to_sfen(x) == board + " b 8g 1");
}

TEST_CASE("SFEN's counter-strike field: either convention is read, lishogi's written under its rules",
          "[notation][counter-strike][lishogi]") {
    // White's Falcon on g6 takes the Lion on g7 by igui. This engine records the capturer's
    // square (g6), lishogi the square where the Lion was taken (g7, now empty).
    Position book = board("Kl1 +Hg6 ng7 ka12");
    Position lishogi = book;
    lishogi.set_rules(lishogi_rules());
    book.make(mv(book, "g6g7,g7g6"));
    lishogi.make(mv(lishogi, "g6g7,g7g6"));
    CHECK(book.counter_strike() == sq("g6"));
    CHECK(lishogi.counter_strike() == sq("g6"));
    const std::string after = "k11/12/12/12/12/12/6+H5/12/12/12/12/11K";
    CHECK(fields(to_sfen(book), 3) == after + " w 6g");
    CHECK(fields(to_sfen(lishogi), 3) == after + " w 6f");
    CHECK(fields(to_xboard_fen(lishogi), 4) == after + " b - g6");  // XBoard FEN: the engine's own
    // Both read back (6g holds the Falcon, 6f is empty); a square holding a piece of the side
    // to move is still refused.
    for (const char* cs : {"6g", "6f"}) {
        INFO(cs);
        Position p = sfen(after + " w " + std::string(cs) + " 2");
        CHECK(p.counter_strike() == *parse_usi_square(cs));
    }
    check_sfen_rejected(after + " w 12a 2", "must be empty or hold a piece of the side that just moved");
    // A plain capture: both conventions name the same square.
    Position rook = board("Kl1 Rl6 nh6 ka12");
    rook.set_rules(lishogi_rules());
    rook.make(mv(rook, "l6h6"));
    CHECK(fields(to_sfen(rook), 3).substr(fields(to_sfen(rook), 3).rfind(' ') + 1) == "5g");
}

TEST_CASE("XBoard FEN with XBoard's shorter trailing fields", "[notation]") {
    Position full = xfen(START_BOARD + " b - - 0 1");
    Position shorter = xfen(START_BOARD + " b - 0 1");
    Position bare = xfen(START_BOARD + " b");
    CHECK(shorter.key() == full.key());
    CHECK(bare.key() == full.key());
    CHECK(shorter.side_to_move() == BLACK);
    CHECK(to_xboard_fen(shorter) == START_BOARD + " b - - 0 1");
    Position counters = xfen(START_BOARD + " w - - 7 12");
    CHECK(counters.halfmove_clock() == 7);
    CHECK(to_xboard_fen(counters) == START_BOARD + " w - - 7 12");
    CHECK(counters.move_number() == 23);
}

TEST_CASE("SFEN side letters are the opposite of XBoard's", "[notation]") {
    CHECK(sfen(START_BOARD + " b - 1").side_to_move() == WHITE);
    CHECK(sfen(START_BOARD + " w - 2").side_to_move() == BLACK);
    CHECK(xfen(START_BOARD + " w - - 0 1").side_to_move() == WHITE);
    CHECK(xfen(START_BOARD + " b - - 0 1").side_to_move() == BLACK);
    CHECK(sfen(START_BOARD + " b").move_number() == 1);
    CHECK(to_sfen(sfen(START_BOARD + " w - 34")) == START_BOARD + " w - 34");
}

TEST_CASE("promoted pieces in the board field", "[notation]") {
    const std::string every =
        "+e+t+f+g+s+c+i+p+l+a+m+v/+b+r+h+d+o+x6/12/12/12/12/12/12/12/12/"
        "+B+R+H+D+O+X6/+E+T+F+G+S+C+I+P+L+A+M+V";
    Position pos = xfen(every + " w - - 0 1");
    CHECK(board_to_fen_field(pos) == every);
    CHECK(pos.royal_count(WHITE) == 1);
    CHECK(pos.royal_count(BLACK) == 1);
    CHECK(pos.piece_on(sq("a1")) == make_piece(WHITE, PRINCE));
    CHECK(pos.piece_on(sq("e2")) == make_piece(WHITE, PROMOTED_LION));
    CHECK(pos.piece_on(sq("b12")) == make_piece(BLACK, FLYING_STAG));
}

TEST_CASE("malformed positions are rejected with a message naming the problem", "[notation]") {
    const std::string eleven_ranks =
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
        "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A";
    check_fen_rejected(eleven_ranks + " w - - 0 1", "11 ranks");
    check_fen_rejected(START_BOARD + "/12 w - - 0 1", "more than 12 ranks");
    check_fen_rejected("lfcsgekgscf/" + START_BOARD.substr(13) + " w - - 0 1", "rank 12 has 11 files");
    check_fen_rejected("lfcsgekgscflp/" + START_BOARD.substr(13) + " w - - 0 1", "too many files");
    check_fen_rejected("13/" + START_BOARD.substr(13) + " w - - 0 1", "bad empty-square count '13'");
    check_fen_rejected("0lfcsgekgscfl/" + START_BOARD.substr(13) + " w - - 0 1", "bad empty-square count '0'");
    check_fen_rejected("lfcsgzkgscfl/" + START_BOARD.substr(13) + " w - - 0 1", "unknown piece 'z'");
    check_fen_rejected("lfcsg+kkgscf/" + START_BOARD.substr(13) + " w - - 0 1", "unknown piece '+k'");
    check_fen_rejected("lfcsg+nkgscf/" + START_BOARD.substr(13) + " w - - 0 1", "unknown piece '+n'");
    check_fen_rejected("lfcsg+qkgscf/" + START_BOARD.substr(13) + " w - - 0 1", "unknown piece '+q'");
    check_fen_rejected("lfcsg?kgscfl/" + START_BOARD.substr(13) + " w - - 0 1", "unexpected character '?'");
    check_fen_rejected(START_BOARD + "+ w - - 0 1", "'+'");
    check_fen_rejected(START_BOARD + " x - - 0 1", "side to move");
    check_fen_rejected(START_BOARD, "side-to-move");
    check_fen_rejected("", "empty");
    check_fen_rejected(START_BOARD + " w - z9 0 1", "bad counter-strike square 'z9'");
    check_fen_rejected(START_BOARD + " w - e3 0 1", "counter-strike square e3");  // mover's own piece
    check_fen_rejected(START_BOARD + " w - - 0 1 junk", "unexpected FEN field 'junk'");
    check_fen_rejected(START_BOARD + " w - - 0 1 5", "too many numeric");
    // Counters that would overflow once the game goes on (found by fuzz_xboard_fen).
    check_fen_rejected(START_BOARD + " w - - 0 1333333333", "move number 1333333333 is too large");
    check_fen_rejected(START_BOARD + " w - - 2147483647 1", "halfmove clock 2147483647 is too large");
    CHECK(xfen(START_BOARD + " b - - 100000000 50000000").move_number() == 100'000'000);

    check_sfen_rejected(eleven_ranks + " b - 1", "11 ranks");
    check_sfen_rejected(START_BOARD + " x - 1", "side to move");
    check_sfen_rejected(START_BOARD + " b 13a 1", "bad counter-strike square '13a'");
    check_sfen_rejected(START_BOARD + " b e6 1", "bad counter-strike square 'e6'");
    check_sfen_rejected(START_BOARD + " b - 0", "bad move number '0'");
    check_sfen_rejected(START_BOARD + " b - x", "bad move number 'x'");
    check_sfen_rejected(START_BOARD + " b - 2147483647", "move number 2147483647 is too large");
    CHECK(sfen(START_BOARD + " b - 100000000").move_number() == 100'000'000);
    check_sfen_rejected(START_BOARD + " b - 1 junk", "more than 4 fields");
    check_sfen_rejected("", "empty");
}

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

TEST_CASE("XBoard moves: single, promotion, double, igui, pass", "[notation]") {
    Position start = Position::start();
    Move pawn = mv(start, "h4h5");
    CHECK(pawn == Move::normal(sq("h4"), sq("h5")));
    CHECK(move_to_xboard(pawn) == "h4h5");
    CHECK(move_to_xboard_legs(pawn) == std::vector<std::string>{"h4h5"});

    Position promo = board("Kl1 ka12 Pc8");
    Move up = mv(promo, "c8c9+");
    CHECK(up.is_promotion());
    CHECK(move_to_xboard(up) == "c8c9+");
    CHECK(!mv(promo, "c8c9").is_promotion());

    Position lion = board("Kl1 ka12 Nf5 pf6");
    Move twice = mv(lion, "f5f6,f6f7");
    CHECK(twice == Move::double_step(sq("f5"), sq("f6"), sq("f7")));
    CHECK(move_to_xboard(twice) == "f5f6,f6f7");
    CHECK(move_to_xboard_legs(twice) == std::vector<std::string>{"f5f6,", "f6f7"});
    Move igui = mv(lion, "f5f6,f6f5");
    CHECK(igui.is_igui());
    CHECK(move_to_xboard(igui) == "f5f6,f6f5");

    Position open = board("Kl1 ka12 Nf5");
    Move pass = mv(open, "f5f6,f6f5");
    CHECK(pass.is_pass());
    CHECK(mv(open, "@@@@").is_pass());
    // Written as out-and-back, which parses again to the pass.
    const auto legs = move_to_xboard_legs(pass);
    REQUIRE(legs.size() == 2);
    CHECK(legs[0].back() == ',');
    CHECK(mv(open, move_to_xboard(pass)).is_pass());
    CHECK(!parse_xboard_move(open, move_to_usi(pass)));  // USI text is not XBoard text
    CHECK(*parse_usi_move(open, move_to_usi(pass)).value == pass);

    Move leap = mv(open, "f5f6,f6f7");
    CHECK(leap == Move::normal(sq("f5"), sq("f7")));
    CHECK(move_to_xboard(leap) == "f5f7");

    // XBoard 4.9.1 forwards another engine's pass as "f5f5,f6e5": accepted as the pass when
    // the piece can step to that square and back, rejected otherwise.
    CHECK(mv(open, "f5f5,f6e5").is_pass());
    Position blocked = board("Kl1 ka12 Nf5 Pf6");
    CHECK(!parse_xboard_move(blocked, "f5f5,f6e5"));
    Position rook = board("Kl1 ka12 Rf5");
    CHECK(!parse_xboard_move(rook, "f5f5,f6e5"));
}

TEST_CASE("igui written with either of two pieces that can make it is accepted", "[notation]") {
    // Both give the same position, so they are one move; the text names either piece.
    Position pos = board("Kl1 ka12 Nf6 +Og6 pf7");
    auto a = parse_xboard_move(pos, "f6f7,f7f6");
    auto b = parse_xboard_move(pos, "g6f7,f7g6");
    auto c = parse_usi_move(pos, "6g7f6g");
    INFO(a.error << " / " << b.error << " / " << c.error);
    REQUIRE(a);
    REQUIRE(b);
    REQUIRE(c);
    CHECK(a.value->is_igui());
    CHECK(b.value->is_igui());
    Position pa = pos, pb = pos;
    pa.make(*a.value);
    pb.make(*b.value);
    CHECK(pa.key() == pb.key());
}

TEST_CASE("two legs through an empty square are accepted only from a piece with Lion power that way", "[notation]") {
    // A Lion's two steps through an empty square are its leap (docs/rules.md); other pieces cannot
    // move in two steps, even when the end square is within their normal reach.
    Position pos = board("Kl1 ka12 Gc3 Qe3 +Hh6 Nj3");
    check_move_rejected(pos, "c3c4,c4d4", "");  // Gold: two steps ending on its diagonal step
    check_move_rejected(pos, "e3e4,e4e5", "");  // Queen: two steps along its slide
    check_move_rejected(pos, "h6h7,h7i7", "");  // Falcon: turns, ending on its diagonal slide
    CHECK(mv(pos, "h6h7,h7h8") == mv(pos, "h6h8"));  // Falcon: on, along its forward ray
    CHECK(mv(pos, "j3j4,j4k5") == mv(pos, "j3k5"));  // Lion: any two steps
}

TEST_CASE("USI moves", "[notation]") {
    Position start = Position::start();
    Move pawn = *parse_usi_move(start, "5i5h").value;
    CHECK(pawn == mv(start, "h4h5"));
    CHECK(move_to_usi(pawn) == "5i5h");

    Position promo = board("Kl1 ka12 Pc8");
    auto up = parse_usi_move(promo, "10e10d+");
    REQUIRE(up);
    CHECK(*up.value == mv(promo, "c8c9+"));
    CHECK(move_to_usi(*up.value) == "10e10d+");

    // docs/rules.md's examples: 7g6f5e (from, first step, destination) and igui 7g6f7g.
    Position lion = board("Kl1 ka12 Nf6 pg7 ph8");
    auto twice = parse_usi_move(lion, "7g6f5e");
    REQUIRE(twice);
    CHECK(*twice.value == mv(lion, "f6g7,g7h8"));
    CHECK(move_to_usi(*twice.value) == "7g6f5e");
    auto igui = parse_usi_move(lion, "7g6f7g");
    REQUIRE(igui);
    CHECK(igui.value->is_igui());
    CHECK(move_to_usi(*igui.value) == "7g6f7g");

    Position open = board("Kl1 ka12 Nf6");
    auto pass = parse_usi_move(open, "7g7f7g");
    REQUIRE(pass);
    CHECK(pass.value->is_pass());
    auto leap = parse_usi_move(open, "7g7f7e");
    REQUIRE(leap);
    CHECK(*leap.value == mv(open, "f6f8"));
}

TEST_CASE("every legal move's text parses back to the same move", "[notation][random]") {
    std::mt19937 rng(99);
    std::vector<Position> roots{Position::start()};
    for (const PerftCase& c : reference_cases())
        roots.push_back(sfen(c.sfen));
    for (Position pos : roots) {
        for (int ply = 0; ply < 30; ++ply) {
            auto moves = legal_moves(pos);
            if (moves.empty()) break;
            for (Move m : moves) {
                INFO(to_xboard_fen(pos) << " move " << move_to_xboard(m));
                auto x = parse_xboard_move(pos, move_to_xboard(m));
                auto u = parse_usi_move(pos, move_to_usi(m));
                REQUIRE(x);
                REQUIRE(u);
                CHECK(x.value->same_as(m));
                CHECK(u.value->same_as(m));
                std::string joined;
                for (const std::string& leg : move_to_xboard_legs(m))
                    joined += leg;
                CHECK(joined == move_to_xboard(m));
            }
            pos.make(moves[rng() % moves.size()]);
        }
    }
}

TEST_CASE("malformed and illegal moves are rejected with a reason", "[notation]") {
    Position start = Position::start();
    for (const char* text :
         {"", "h4", "h4h", "h4h5h6", "h4h5,", ",h4h5", "x1x2", "h4h5++", "h4-h5", "h0h1", "h4h13", "h4h5,h5h6,h6h7"})
        check_move_rejected(start, text, "malformed");
    check_move_rejected(start, "e5e6", "no piece");
    check_move_rejected(start, "h9h8", "not your piece");
    check_move_rejected(start, "h4h5+", "illegal");  // promotion outside the zone
    check_move_rejected(start, "h4h6", "illegal");
    check_move_rejected(start, "f1f1", "same");
    check_move_rejected(start, "@@@@", "no pass");  // nothing can pass in the start position

    Position gold = board("Kl1 ka12 Gf5 pf6");
    check_move_rejected(gold, "f5f6,f6f7", "illegal");  // double move by a non-Lion
    check_move_rejected(gold, "f5f6,f6f5", "illegal");  // igui by a non-Lion
    Position lonely = board("Kl1 ka12 Gf5");
    check_move_rejected(lonely, "f5f6,f6f5", "cannot pass");

    Position lion = board("Kl1 ka12 Nf5 pf6");
    check_move_rejected(lion, "f5f6,g6g7", "do not connect");
    check_move_rejected(lion, "f5f7,f7f8", "single step");
    check_move_rejected(lion, "f5f6,f6f7+", "cannot promote");
    check_move_rejected(lion, "f5f8", "illegal");  // outside the Lion's reach

    for (const char* text : {"", "5i", "5i5", "5i5h5g5f", "13a1a", "5i5h-", "i5h5", "5i5h++"})
        check_move_rejected(start, text, "malformed", true);
    check_move_rejected(start, "5d5e", "not your piece", true);
    check_move_rejected(start, "5i5g", "illegal", true);
}
