// Move generation, rule by rule (docs/rules.md), on small hand-made positions. Most positions put the
// first player's King on l1 and the second player's King on a12, out of the way of the pieces
// under test on the f and g files.
#include <algorithm>

#include "shishi/core/piece_reach.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

namespace {

constexpr const char* KINGS = "Kl1 ka12 ";

// Non-promoting, non-pass moves of the piece on `from` (= its distinct destinations).
int plain_moves_from(const Position& pos, Square from) {
    int n = 0;
    for (Move m : legal_moves(pos))
        if (!m.is_pass() && !m.is_promotion() && m.from() == from) ++n;
    return n;
}

Square rotate(Square s) { return make_square(BOARD_SIZE - 1 - file_of(s), BOARD_SIZE - 1 - rank_of(s)); }

// The squares a move passes through after its origin (optionally turned by 180 degrees).
std::string path_text(Move m, bool rotated) {
    auto name = [&](Square s) { return square_to_xboard(rotated ? rotate(s) : s); };
    return (m.mid() != NO_SQUARE ? name(m.mid()) : "") + name(m.to()) + (m.is_promotion() ? "+" : "");
}

struct LoneCase {
    const char* letter;  // as written in FEN for the first player
    int moves;  // distinct destinations from f6 on an otherwise empty board
    bool passes;  // has Lion power somewhere, so can pass on an empty board
};

// From f6 the rays are: forward 6, backward 5, right 6, left 5, forward-right 6, forward-left 5,
// backward-right 5, backward-left 5 (the Kings on l1 and a12 are on none of them).
const LoneCase LONE_CASES[] = {
    {"K", 8, false},  // K
    {"E", 7, false},  // FfsW: K without b
    {"T", 7, false},  // FbsW: K without f
    {"F", 6, false},  // FvW
    {"G", 6, false},  // WfF
    {"S", 5, false},  // FfW
    {"C", 4, false},  // vWfF
    {"I", 2, false},  // vW
    {"P", 1, false},  // fW
    {"L", 6, false},  // fR: 6
    {"A", 11, false},  // vR: 6 + 5
    {"M", 13, false},  // sR 6 + 5, vW 2
    {"V", 13, false},  // vR 6 + 5, sW 2
    {"B", 21, false},  // 6 + 5 + 5 + 5
    {"R", 22, false},  // 6 + 5 + 6 + 5
    {"H", 25, false},  // B 21 + W 4
    {"D", 26, false},  // R 22 + F 4
    {"O", 8, false},  // F 4 + D 4
    {"X", 8, false},  // W 4 + A 4
    {"Q", 43, false},  // R 22 + B 21
    {"N", 24, true},  // the 5x5 area
    {"+E", 8, false},  // Prince: K
    {"+T", 17, false},  // Flying Stag KvR: vR 11 + 6 other King steps
    {"+F", 21, false},  // Bishop
    {"+G", 22, false},  // Rook
    {"+S", 13, false},  // Vertical Mover
    {"+C", 13, false},  // Side Mover
    {"+I", 7, false},  // Drunk Elephant
    {"+P", 6, false},  // Gold
    {"+L", 22, false},  // White Horse vRfB: 11 + 6 + 5
    {"+A", 21, false},  // Whale vRbB: 11 + 5 + 5
    {"+M", 32, false},  // Free Boar BsR: 21 + 11
    {"+V", 32, false},  // Flying Ox BvR: 21 + 11
    {"+B", 25, false},  // Dragon Horse
    {"+R", 26, false},  // Dragon King
    {"+H", 39, true},  // Horned Falcon: B 21 + sR 11 + bR 5 + forward step and jump 2
    {"+D", 36, true},  // Soaring Eagle: R 22 + bB 10 + two forward diagonals x (step, jump)
    {"+O", 24, true},  // Lion
    {"+X", 43, false},  // Queen
};

std::string lower(std::string s) {
    for (char& c : s)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

TEST_CASE("every piece kind's moves on an empty board match its Betza description", "[movegen][pieces]") {
    REQUIRE(std::size(LONE_CASES) == KIND_NB - 1);  // every kind once
    for (const LoneCase& c : LONE_CASES) {
        INFO("piece " << c.letter);
        if (std::string(c.letter) == "K") {
            // The King itself: a second King would make it one of two royals, which is fine.
            Position pos = board("Kf6 ka12");
            CHECK(plain_moves_from(pos, sq("f6")) == c.moves);
            continue;
        }
        Position white = board(std::string(KINGS) + c.letter + "f6");
        CHECK(plain_moves_from(white, sq("f6")) == c.moves);
        CHECK(has_pass(white) == c.passes);

        // Every destination inside the zone (ranks 9-12) has a promoting twin iff the kind can
        // promote; nothing else promotes.
        Kind kind = kind_of(white.piece_on(sq("f6")));
        int in_zone = 0, promoting = 0;
        for (Move m : legal_moves(white)) {
            if (m.is_pass() || m.from() != sq("f6")) continue;
            if (m.is_promotion())
                ++promoting;
            else if (rank_of(m.to()) >= 8)
                ++in_zone;
        }
        CHECK(promoting == (can_promote(kind) ? in_zone : 0));

        // The second player's piece moves the same way turned by 180 degrees.
        Position black = board(std::string(KINGS) + lower(c.letter) + "g7", "b - - 0 1");
        std::multiset<std::string> expected, found;
        for (Move m : legal_moves(white))
            if (!m.is_pass() && m.from() == sq("f6")) expected.insert(path_text(m, true));
        for (Move m : legal_moves(black))
            if (!m.is_pass() && m.from() == sq("g7")) found.insert(path_text(m, false));
        CHECK(found == expected);
        CHECK(has_pass(black) == c.passes);
    }
}

TEST_CASE("the King's own moves and a lone King position's full move list", "[movegen][pieces]") {
    Position pos = board("Kf6 ka12");
    CHECK(legal_texts(pos) ==
          std::multiset<std::string>{"f6e5", "f6e6", "f6e7", "f6f5", "f6f7", "f6g5", "f6g6", "f6g7"});
}

TEST_CASE("sliders stop at the first piece and capture only enemies", "[movegen][pieces]") {
    Position pos = board(std::string(KINGS) + "Rf6 Pf8 pd6");
    auto from = moves_from(pos, sq("f6"));
    CHECK(from.count("f6f7") == 1);
    CHECK(from.count("f6f8") == 0);  // own piece
    CHECK(from.count("f6f9") == 0);  // behind it
    CHECK(from.count("f6d6") == 1);  // capture
    CHECK(from.count("f6c6") == 0);  // behind the captured piece
    CHECK(from.size() == 1 + 5 + 6 + 2);
}

TEST_CASE("jumping pieces jump over pieces of either side", "[movegen][pieces]") {
    Position kirin = board(std::string(KINGS) + "Of6 Pf7 pf8 Pd6 pe6");
    CHECK(legal(kirin, "f6f8"));  // jumps its own Pawn and captures
    CHECK(legal(kirin, "f6d6") == false);  // own piece on the landing square
    CHECK(!legal(kirin, "f6f7"));  // Kirin has no orthogonal step
    Position phoenix = board(std::string(KINGS) + "Xf6 Pg7 Eh8");
    CHECK(!legal(phoenix, "f6h8"));
    CHECK(legal(phoenix, "f6d8"));
    CHECK(!legal(phoenix, "f6g7"));
}

// ---------------------------------------------------------------------------------------------
// Lion
// ---------------------------------------------------------------------------------------------

TEST_CASE("Lion leaps to the whole 5x5 area, over pieces", "[movegen][lion]") {
    // Surrounded by its own Pawns: only the 16 outer squares, reached by jumping, and no pass.
    Position pos = board(std::string(KINGS) + "Nf6 Pe7 Pf7 Pg7 Pe6 Pg6 Pe5 Pf5 Pg5");
    auto from = moves_from(pos, sq("f6"));
    CHECK(from.size() == 16);
    for (const char* t :
         {"d4", "e4", "f4", "g4", "h4", "d5", "h5", "d6", "h6", "d7", "h7", "d8", "e8", "f8", "g8", "h8"})
        CHECK(from.count(std::string("f6") + t) == 1);
    CHECK(!has_pass(pos));
    // Lion 16, Pawns e7 f7 g7 one step each (the others are blocked), King 3.
    CHECK(legal_moves(pos).size() == 16 + 3 + 3);
}

TEST_CASE("Lion on an empty board: 24 leaps and one pass, no double moves", "[movegen][lion]") {
    Position pos = board(std::string(KINGS) + "Nf6");
    CHECK(legal_moves(pos).size() == 24 + 1 + 3);
    for (Move m : legal_moves(pos))
        CHECK(!m.is_double());
    // A two-step path through an empty square is the leap, whichever way it is written.
    CHECK(mv(pos, "f6f7,f7f8") == mv(pos, "f6f8"));
    CHECK(mv(pos, "f6g7,g7h8") == mv(pos, "f6h8"));
    CHECK(mv(pos, "f6g7,g7g8") == mv(pos, "f6g8"));
    CHECK(mv(pos, "f6f7,f7g7") == mv(pos, "f6g7"));  // two steps ending next door: a step
    CHECK(mv(pos, "f6f8").mid() == NO_SQUARE);
}

TEST_CASE("Lion double capture, igui and hit-and-run", "[movegen][lion]") {
    Position pos = board(std::string(KINGS) + "Nf6 pf7 gf8");
    // 24 leaps (two of them captures), igui, and 7 continuations from f7.
    CHECK(moves_from(pos, sq("f6")).size() == 24 + 1 + 7);
    CHECK(has_pass(pos));  // other neighbours are empty

    Move twice = mv(pos, "f6f7,f7f8");
    CHECK(twice.is_double());
    CHECK(twice.mid() == sq("f7"));
    CHECK(twice.to() == sq("f8"));
    Move igui = mv(pos, "f6f7,f7f6");
    CHECK(igui.is_igui());
    Move run = mv(pos, "f6f7,f7e8");
    CHECK(run.is_double());
    CHECK(legal(pos, "f6f7,f7g6"));  // back next to the start square

    const int black_pieces = pos.piece_count(BLACK);
    pos.make(twice);
    CHECK(pos.piece_on(sq("f7")) == EMPTY);
    CHECK(kind_of(pos.piece_on(sq("f8"))) == LION);
    CHECK(pos.piece_on(sq("f6")) == EMPTY);
    CHECK(pos.piece_count(BLACK) == black_pieces - 2);
    pos.unmake();
    pos.make(igui);
    CHECK(kind_of(pos.piece_on(sq("f6"))) == LION);
    CHECK(pos.piece_on(sq("f7")) == EMPTY);
    CHECK(pos.piece_on(sq("f8")) == make_piece(BLACK, GOLD));
    pos.unmake();
    pos.make(run);
    CHECK(pos.piece_on(sq("f7")) == EMPTY);
    CHECK(kind_of(pos.piece_on(sq("e8"))) == LION);
    CHECK(pos.piece_on(sq("f8")) == make_piece(BLACK, GOLD));
}

TEST_CASE("igui on one victim by different pieces is one move, unless counter-strike tells them apart",
          "[movegen][lion]") {
    auto iguis = [](const Position& pos) {
        int n = 0;
        for (Move m : legal_moves(pos))
            n += m.is_igui();
        return n;
    };
    // Lion and promoted Kirin next to the same Pawn: both igui leave the same position.
    CHECK(iguis(board(std::string(KINGS) + "Nf6 +Og6 pf7")) == 1);
    // Lion and Falcon on the same Pawn: the same position again.
    CHECK(iguis(board(std::string(KINGS) + "+Hf6 Ng6 pf7")) == 1);
    // On a Lion, the Falcon's igui sets the counter-strike square (its own), the Lion's does not.
    CHECK(iguis(board(std::string(KINGS) + "+Hf6 Ng6 nf7")) == 2);
    // Falcon and Eagle on the same Lion: different counter-strike squares.
    CHECK(iguis(board(std::string(KINGS) + "+Hf6 +De6 nf7")) == 2);
}

TEST_CASE("Lion cannot step on its own pieces with either step", "[movegen][lion]") {
    Position pos = board(std::string(KINGS) + "Nf6 pf7 Gf8");
    CHECK(!legal(pos, "f6f7,f7f8"));
    CHECK(legal(pos, "f6f7,f7g8"));
    CHECK(!legal(pos, "f6f8"));
}

TEST_CASE("Lion pass: out to an empty neighbour and back, @@@@, and only when possible", "[movegen][lion]") {
    Position pos = board(std::string(KINGS) + "Nf6");
    Move a = mv(pos, "f6f7,f7f6");
    Move b = mv(pos, "@@@@");
    Move c = mv(pos, "f6e5,e5f6");
    CHECK(a.is_pass());
    CHECK(b.is_pass());
    CHECK(c.is_pass());
    int passes = 0;
    for (Move m : legal_moves(pos))
        passes += m.is_pass();
    CHECK(passes == 1);  // all passes are one move

    const uint64_t key = pos.key();
    const std::string board_before = board_to_fen_field(pos);
    pos.make(a);
    CHECK(board_to_fen_field(pos) == board_before);
    CHECK(pos.side_to_move() == BLACK);
    CHECK(pos.key() != key);
    pos.unmake();
    CHECK(pos.key() == key);

    // No empty neighbour (own pieces all around): no pass at all.
    Position boxed = board(std::string(KINGS) + "Nf6 Pe7 Pf7 Pg7 Pe6 Pg6 Pe5 Pf5 Pg5");
    CHECK(!legal(boxed, "@@@@"));
    CHECK(!legal(boxed, "f6f7,f7f6"));
    // Enemies all around: out-and-back is igui, never a pass.
    Position surrounded = board(std::string(KINGS) + "Nf6 pe7 pf7 pg7 pe6 pg6 pe5 pf5 pg5");
    CHECK(!has_pass(surrounded));
    CHECK(mv(surrounded, "f6f7,f7f6").is_igui());
    CHECK(!legal(surrounded, "@@@@"));
}

TEST_CASE("non-Lions cannot make double moves or pass", "[movegen][lion]") {
    Position pos = board(std::string(KINGS) + "Gf6 pf7 Qc3");
    CHECK(!legal(pos, "f6f7,f7f8"));
    CHECK(!legal(pos, "f6f7,f7f6"));
    CHECK(!legal(pos, "c3c4,c4c3"));
    CHECK(!legal(pos, "@@@@"));
    CHECK(!has_pass(pos));
}

// ---------------------------------------------------------------------------------------------
// Horned Falcon and Soaring Eagle
// ---------------------------------------------------------------------------------------------

TEST_CASE("Horned Falcon: Lion power straight forward only", "[movegen][falcon]") {
    SECTION("two enemies ahead: step, jump, igui and double capture") {
        Position pos = board(std::string(KINGS) + "+Hf6 pf7 gf8");
        auto from = moves_from(pos, sq("f6"));
        CHECK(from.count("f6f7") == 1);
        CHECK(from.count("f6f8") == 1);
        CHECK(from.count("f6f7,f7f6") == 1);
        CHECK(from.count("f6f7,f7f8") == 1);
        CHECK(from.size() == 37 + 4);  // B 21 + sR 11 + bR 5, plus the four forward moves
        CHECK(!has_pass(pos));
        // No change of direction after the first step.
        for (const char* t : {"f6f7,f7g8", "f6f7,f7e8", "f6f7,f7g7", "f6f7,f7e7", "f6f7,f7g6", "f6f7,f7e6"})
            CHECK(!legal(pos, t));
    }
    SECTION("enemy ahead, empty beyond: capture and continue") {
        Position pos = board(std::string(KINGS) + "+Hf6 pf7");
        CHECK(legal(pos, "f6f7,f7f8"));
        CHECK(legal(pos, "f6f7,f7f6"));
        CHECK(legal(pos, "f6f8"));
        CHECK(moves_from(pos, sq("f6")).size() == 37 + 4);
    }
    SECTION("own piece ahead: jump only, no pass") {
        Position pos = board(std::string(KINGS) + "+Hf6 Pf7");
        CHECK(legal(pos, "f6f8"));
        CHECK(!legal(pos, "f6f7"));
        CHECK(moves_from(pos, sq("f6")).size() == 37 + 1);
        CHECK(!has_pass(pos));
        CHECK(!legal(pos, "@@@@"));
    }
    SECTION("empty square ahead: pass") {
        Position pos = board(std::string(KINGS) + "+Hf6");
        CHECK(has_pass(pos));
        CHECK(mv(pos, "f6f7,f7f6").is_pass());
        CHECK(!legal(pos, "f6g6,g6f6"));  // not sideways
        CHECK(!legal(pos, "f6f5,f5f6"));  // not backward
    }
    SECTION("at the far edge: no forward move, no pass") {
        Position pos = board("Kl1 ka1 +Hf12");
        CHECK(!has_pass(pos));
        CHECK(!legal(pos, "@@@@"));
        CHECK(moves_from(pos, sq("f12")).size() == 5 + 6 + 5 + 6 + 11);  // bl, br, l, r, b
    }
    SECTION("sideways enemy: plain capture, no Lion power") {
        Position pos = board(std::string(KINGS) + "+Hf6 pg6");
        CHECK(legal(pos, "f6g6"));
        CHECK(!legal(pos, "f6g6,g6f6"));
        CHECK(!legal(pos, "f6g6,g6h6"));
        CHECK(!legal(pos, "f6h6"));
    }
    SECTION("second player's Falcon has its Lion power downward") {
        Position pos = board("Kl1 ka12 +hg7 Pg6", "b - - 0 1");
        CHECK(legal(pos, "g7g6,g6g7"));
        CHECK(legal(pos, "g7g6,g6g5"));
        CHECK(legal(pos, "g7g5"));
        CHECK(!legal(pos, "g7g8,g8g7"));
        CHECK(!has_pass(pos));
    }
}

TEST_CASE("Soaring Eagle: Lion power on the two forward diagonals only", "[movegen][eagle]") {
    SECTION("enemies on a forward diagonal and straight ahead") {
        Position pos = board(std::string(KINGS) + "+Df6 pg7 gh8 pf7");
        auto from = moves_from(pos, sq("f6"));
        CHECK(from.count("f6g7") == 1);
        CHECK(from.count("f6h8") == 1);
        CHECK(from.count("f6g7,g7f6") == 1);
        CHECK(from.count("f6g7,g7h8") == 1);
        CHECK(from.count("f6e7") == 1);
        CHECK(from.count("f6d8") == 1);
        CHECK(from.count("f6f7") == 1);
        // R: up 1 (capture) + down 5 + right 6 + left 5; bB 10; fl step+jump 2; fr 4.
        CHECK(from.size() == 17 + 10 + 2 + 4);
        for (const char* t : {"f6g7,g7g8", "f6g7,g7h7", "f6g7,g7f8", "f6g7,g7h6", "f6f7,f7f6", "f6f7,f7f8"})
            CHECK(!legal(pos, t));
        CHECK(mv(pos, "f6e7,e7f6").is_pass());  // the empty forward-left diagonal
    }
    SECTION("both forward diagonals blocked: no pass") {
        Position pos = board(std::string(KINGS) + "+Df6 Pe7 pg7");
        CHECK(!has_pass(pos));
        CHECK(!legal(pos, "@@@@"));
        CHECK(legal(pos, "f6d8"));  // jumps its own piece
    }
    SECTION("backward diagonals slide without Lion power") {
        Position pos = board(std::string(KINGS) + "+Df6 pe5");
        CHECK(legal(pos, "f6e5"));
        CHECK(!legal(pos, "f6e5,e5f6"));
        CHECK(!legal(pos, "f6e5,e5d4"));
        CHECK(!legal(pos, "f6d4"));
    }
}

// ---------------------------------------------------------------------------------------------
// Restrictions on capturing Lions
// ---------------------------------------------------------------------------------------------

TEST_CASE("protected non-adjacent Lion cannot be taken by a Lion's leap", "[movegen][lion][lion-capture]") {
    Position open = board(std::string(KINGS) + "Nf6 nf8");
    CHECK(legal(open, "f6f8"));
    CHECK(legal(open, "f6f7,f7f8"));

    Position guarded = board(std::string(KINGS) + "Nf6 nf8 gf9");
    CHECK(!legal(guarded, "f6f8"));
    CHECK(!legal(guarded, "f6f7,f7f8"));
    CHECK(legal(guarded, "f6g8"));

    // A protector behind the capturing Lion counts: its start square is empty after the move.
    Position xray = board(std::string(KINGS) + "Nf6 nf8 rf3");
    CHECK(!legal(xray, "f6f8"));
    Position blocked = board(std::string(KINGS) + "Nf6 nf8 rf3 Pf4");
    CHECK(legal(blocked, "f6f8"));

    // The promoted Kirin is a Lion on both sides of the rule.
    Position promoted = board(std::string(KINGS) + "+Of6 +of8 gf9");
    CHECK(!legal(promoted, "f6f8"));
    Position promoted_open = board(std::string(KINGS) + "+Of6 +of8");
    CHECK(legal(promoted_open, "f6f8"));
}

TEST_CASE("an adjacent Lion may always be taken by a Lion", "[movegen][lion][lion-capture]") {
    Position pos = board(std::string(KINGS) + "Nf6 nf7 gf8 gg8");
    CHECK(legal(pos, "f6f7"));
    CHECK(legal(pos, "f6f7,f7f6"));
    CHECK(legal(pos, "f6f7,f7f8"));
    // Reaching a square next to the start by a double move is still an adjacent capture.
    Position side = board(std::string(KINGS) + "Nf6 pf7 ng7 gg8");
    CHECK(legal(side, "f6f7,f7g7"));
}

TEST_CASE("protected Lion on the second step: the bridge exception", "[movegen][lion][lion-capture]") {
    SECTION("first step takes a Pawn: no bridge") {
        Position pos = board(std::string(KINGS) + "Nf6 pf7 nf8 gf9");
        CHECK(!legal(pos, "f6f7,f7f8"));
        CHECK(legal(pos, "f6f7,f7f6"));
        CHECK(legal(pos, "f6f7,f7e8"));
    }
    SECTION("first step takes a Go-Between: no bridge") {
        Position pos = board(std::string(KINGS) + "Nf6 if7 nf8 gf9");
        CHECK(!legal(pos, "f6f7,f7f8"));
    }
    SECTION("first step takes a Silver: the bridge opens") {
        Position pos = board(std::string(KINGS) + "Nf6 sf7 nf8 gf9");
        CHECK(legal(pos, "f6f7,f7f8"));
        CHECK(!legal(pos, "f6f8"));  // a leap never has a bridge
    }
    SECTION("first step takes a promoted Pawn (a Gold): the bridge opens") {
        Position pos = board(std::string(KINGS) + "Nf6 +pf7 nf8 gf9");
        CHECK(legal(pos, "f6f7,f7f8"));
    }
    SECTION("first step takes a Lion: the bridge opens") {
        Position pos = board(std::string(KINGS) + "Nf6 nf7 nf8 gf9");
        CHECK(legal(pos, "f6f7,f7f8"));
    }
    SECTION("unprotected Lion behind a Pawn may be taken") {
        Position pos = board(std::string(KINGS) + "Nf6 pf7 nf8");
        CHECK(legal(pos, "f6f7,f7f8"));
    }
    SECTION("protection is judged with the capturing Lion's start square empty") {
        // The Rook on f3 reaches f8 only through f6, which the Lion leaves.
        Position pos = board(std::string(KINGS) + "Nf6 pe7 nf8 rf3");
        CHECK(!legal(pos, "f6e7,e7f8"));
        Position blocked = board(std::string(KINGS) + "Nf6 pe7 nf8 rf3 Pf4");
        CHECK(legal(blocked, "f6e7,e7f8"));
    }
    SECTION("a Pawn or Go-Between taken on the first step is gone for the protection test") {
        // docs/rules.md: the test is made on the board after the move. The Pawn on g6 attacked g5,
        // but it has been taken, so nothing protects the Lion there.
        Position guarded = board(std::string(KINGS) + "Ng7 pg6 ng5");
        const Move pawn_then_lion = Move::double_step(sq("g7"), sq("g6"), sq("g5"));
        CHECK(is_legal(guarded, pawn_then_lion));
        // It does not block either: the Rook on f3 sees f8 through the two emptied squares.
        Position screened = board(std::string(KINGS) + "Nf6 pf7 nf8 rf3");
        CHECK(!is_legal(screened, Move::double_step(sq("f6"), sq("f7"), sq("f8"))));
        CHECK(!legal(screened, "f6f7,f7f8"));
        Position open = board(std::string(KINGS) + "Nf6 pf7 nf8 rf3 Pf4");
        CHECK(legal(open, "f6f7,f7f8"));  // a piece of ours between the Rook and f6 shields
        // Diagonally: the Go-Between on g7 does not block the Bishop's protection of h8.
        Position go_between = board(std::string(KINGS) + "Nf6 ig7 nh8 bd4");
        CHECK(!legal(go_between, "f6g7,g7h8"));
        Position silver = board(std::string(KINGS) + "Nf6 sg7 nh8 bd4");
        CHECK(legal(silver, "f6g7,g7h8"));  // bridge: rule 1 does not apply at all
        Position leap = board(std::string(KINGS) + "Nf6 nh8 bd4");
        CHECK(!legal(leap, "f6h8"));  // and the Bishop does protect h8 through the start square
    }
    SECTION("the issue's position: the Rook protects 6e through both emptied squares") {
        Position pos = sfen("11k/12/12/12/6n5/6p5/6N5/6r5/12/12/12/K11 b - 1");
        auto m = parse_usi_move(pos, "6g6f6e");
        CHECK(!m);
        CHECK(!moves_from(pos, sq("g6")).count("g6g7,g7g8"));
        CHECK(moves_from(pos, sq("g6")).count("g6g7,g7g6"));  // igui on the Pawn stays
    }
    SECTION("lishogi's reading: the Pawn taken first still protects, but blocks nothing") {
        RuleSet lishogi;
        lishogi.lion_victim_protects = true;
        Position guarded = board(std::string(KINGS) + "Ng7 pg6 ng5");
        guarded.set_rules(lishogi);
        const Move pawn_then_lion = Move::double_step(sq("g7"), sq("g6"), sq("g5"));
        CHECK(!is_legal(guarded, pawn_then_lion));
        // A Pawn beside the path attacks nothing on the target: allowed.
        Position beside = board(std::string(KINGS) + "Nf6 pg7 nh8");
        beside.set_rules(lishogi);
        CHECK(is_legal(beside, Move::double_step(sq("f6"), sq("g7"), sq("h8"))));
        // Still no block: the Bishop sees h8 through the emptied g7.
        Position go_between = board(std::string(KINGS) + "Nf6 ig7 nh8 bd4");
        go_between.set_rules(lishogi);
        CHECK(!is_legal(go_between, Move::double_step(sq("f6"), sq("g7"), sq("h8"))));
        // As text, a move legal under the book reading is accepted all the same, so an
        // opponent or GUI that follows the book is not refused.
        CHECK(legal(guarded, "g7g6,g6g5"));
    }
}

TEST_CASE("counter-strike: after a non-Lion took a Lion, non-Lions take Lions only on that square",
          "[movegen][lion][counter-strike]") {
    // The second player's Kirin just took a Lion on e6 and promoted: counter-strike square e6.
    const std::string pieces = std::string(KINGS) + "+oe6 nh6 Rl6 Ge5 Nh4";
    Position pos = xfen(fen_of(pieces, "w - e6 0 1"));
    REQUIRE(pos.counter_strike() == sq("e6"));
    CHECK(!legal(pos, "l6h6"));  // a Rook may not take the Lion elsewhere
    CHECK(legal(pos, "l6i6"));  // it still moves
    CHECK(legal(pos, "e5e6"));  // recapture on the counter-strike square
    CHECK(legal(pos, "h4h6"));  // a Lion still may (unprotected, rule 1 only)

    Position without = board(pieces);
    CHECK(legal(without, "l6h6"));

    // Lions stay bound by rule 1.
    Position guarded = xfen(fen_of(pieces + " gh7", "w - e6 0 1"));
    CHECK(!legal(guarded, "h4h6"));
    CHECK(!legal(guarded, "l6h6"));

    // Falcon and Eagle double moves are non-Lion captures too.
    Position falcon = xfen(fen_of(std::string(KINGS) + "+oe6 ph5 nh6 +Hh4", "w - e6 0 1"));
    CHECK(!legal(falcon, "h4h5,h5h6"));
    CHECK(!legal(falcon, "h4h6"));
    CHECK(legal(falcon, "h4h5,h5h4"));
    Position falcon_free = board(std::string(KINGS) + "+oe6 ph5 nh6 +Hh4");
    CHECK(legal(falcon_free, "h4h5,h5h6"));
    CHECK(legal(falcon_free, "h4h6"));
}

TEST_CASE("counter-strike state is set by a non-Lion taking a Lion and lasts one turn",
          "[movegen][lion][counter-strike]") {
    // White Kirin takes the Lion on f10 and promotes; the new Lion stands on the square.
    Position pos = board("Kl1 ka12 Of8 nf10 gf11 gc5 Nc4 Pl2");
    pos.make(mv(pos, "f8f10+"));
    CHECK(pos.counter_strike() == sq("f10"));
    CHECK(kind_of(pos.piece_on(sq("f10"))) == PROMOTED_LION);
    CHECK(legal(pos, "f11f10"));  // recapture on the square
    CHECK(!legal(pos, "c5c4"));  // the other Lion is safe from non-Lions
    pos.make(mv(pos, "a12b12"));
    CHECK(pos.counter_strike() == NO_SQUARE);
    pos.make(mv(pos, "l2l3"));
    CHECK(legal(pos, "c5c4"));
    pos.unmake();
    pos.unmake();
    CHECK(pos.counter_strike() == sq("f10"));
    pos.unmake();
    CHECK(pos.counter_strike() == NO_SQUARE);

    // A Rook taking a Lion sets it too; a Lion taking a Lion does not.
    Position rook = board("Kl1 ka12 Rl6 nh6 gc5 Nc4 na4");
    rook.make(mv(rook, "l6h6"));
    CHECK(rook.counter_strike() == sq("h6"));
    CHECK(!legal(rook, "c5c4"));
    CHECK(legal(rook, "a4c4"));  // a Lion still may take an unprotected Lion
    Position lion = board("Kl1 ka12 Nh4 nh6");
    lion.make(mv(lion, "h4h6"));
    CHECK(lion.counter_strike() == NO_SQUARE);
    // A non-Lion taking something else leaves none.
    Position other = board("Kl1 ka12 Rl6 gh6");
    other.make(mv(other, "l6h6"));
    CHECK(other.counter_strike() == NO_SQUARE);
}

TEST_CASE("Okazaki option: counter-strike does not protect an unprotected Lion", "[movegen][lion][counter-strike]") {
    RuleSet okazaki;
    okazaki.okazaki = true;
    Position pos = xfen(fen_of(std::string(KINGS) + "+oe6 nh6 Rl6", "w - e6 0 1"));
    CHECK(!legal(pos, "l6h6"));
    pos.set_rules(okazaki);
    CHECK(legal(pos, "l6h6"));

    Position guarded = xfen(fen_of(std::string(KINGS) + "+oe6 nh6 gh7 Rl6", "w - e6 0 1"));
    guarded.set_rules(okazaki);
    CHECK(!legal(guarded, "l6h6"));
}

// ---------------------------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------------------------

TEST_CASE("promotion on entering the zone", "[movegen][promotion]") {
    Position pos = board(std::string(KINGS) + "Sf8");
    CHECK(moves_from(pos, sq("f8")) ==
          std::multiset<std::string>{"f8f9", "f8f9+", "f8e9", "f8e9+", "f8g9", "f8g9+", "f8e7", "f8g7"});
    Position black = board(std::string(KINGS) + "sg5", "b - - 0 1");
    CHECK(legal(black, "g5g4+"));
    CHECK(legal(black, "g5g4"));
    CHECK(!legal(black, "g5f6+"));
}

TEST_CASE("promotion by capturing inside or leaving the zone, not by quiet moves there", "[movegen][promotion]") {
    Position pos = board(std::string(KINGS) + "Sf9 pf10 pe8");
    CHECK(moves_from(pos, sq("f9")) ==
          std::multiset<std::string>{"f9f10", "f9f10+", "f9e8", "f9e8+", "f9e10", "f9g10", "f9g8"});
    Position outside = board(std::string(KINGS) + "Sf6 pf7");
    CHECK(!legal(outside, "f6f7+"));
    CHECK(legal(outside, "f6f7"));
}

TEST_CASE("Pawn promotes on the last rank, also without capture from inside the zone", "[movegen][promotion]") {
    Position last = board(std::string(KINGS) + "Pf11");
    CHECK(moves_from(last, sq("f11")) == std::multiset<std::string>{"f11f12", "f11f12+"});
    Position inside = board(std::string(KINGS) + "Pf10");
    CHECK(moves_from(inside, sq("f10")) == std::multiset<std::string>{"f10f11"});
    Position capture = board(std::string(KINGS) + "Pf10 pf11");
    CHECK(moves_from(capture, sq("f10")) == std::multiset<std::string>{"f10f11", "f10f11+"});
    Position entering = board(std::string(KINGS) + "Pf8");
    CHECK(moves_from(entering, sq("f8")) == std::multiset<std::string>{"f8f9", "f8f9+"});
    // A Pawn that declined on the last rank stays there without moves.
    Position dead = board(std::string(KINGS) + "Pf12");
    CHECK(moves_from(dead, sq("f12")).empty());
    Position black = board(std::string(KINGS) + "pg2", "b - - 0 1");
    CHECK(moves_from(black, sq("g2")) == std::multiset<std::string>{"g2g1", "g2g1+"});
}

TEST_CASE("no Lance exception: a Lance inside the zone moving to the last rank cannot promote",
          "[movegen][promotion]") {
    Position inside = board(std::string(KINGS) + "Lf10");
    CHECK(moves_from(inside, sq("f10")) == std::multiset<std::string>{"f10f11", "f10f12"});
    Position entering = board(std::string(KINGS) + "Lf8");
    CHECK(moves_from(entering, sq("f8")).size() == 8);
    CHECK(legal(entering, "f8f12+"));
    CHECK(legal(entering, "f8f12"));
}

TEST_CASE("promoted pieces, King, Queen and Lion never promote", "[movegen][promotion]") {
    CHECK(!legal(board(std::string(KINGS) + "+Gf6"), "f6f10+"));
    CHECK(legal(board(std::string(KINGS) + "+Gf6"), "f6f10"));
    CHECK(legal(board(std::string(KINGS) + "Rf6"), "f6f10+"));
    CHECK(!legal(board(std::string(KINGS) + "+Ff6"), "f6i9+"));
    CHECK(legal(board(std::string(KINGS) + "Bf6"), "f6i9+"));
    CHECK(!legal(board(std::string(KINGS) + "+If8"), "f8f9+"));
    CHECK(!legal(board(std::string(KINGS) + "+Of8"), "f8f10+"));
    CHECK(!legal(board("Kf8 ka12"), "f8f9+"));
    CHECK(!legal(board(std::string(KINGS) + "Qf8"), "f8f10+"));
    CHECK(!legal(board(std::string(KINGS) + "Nf8"), "f8f10+"));
    CHECK(!legal(board(std::string(KINGS) + "Nf8 pf9"), "f8f9+"));
    CHECK(!legal(board(std::string(KINGS) + "Nf8 pf9"), "f8f9,f9f10+"));
}

TEST_CASE("promotion changes the piece and unmake restores it", "[movegen][promotion]") {
    Position pos = board(std::string(KINGS) + "Of8");
    pos.make(mv(pos, "f8f10+"));
    CHECK(pos.piece_on(sq("f10")) == make_piece(WHITE, PROMOTED_LION));
    pos.unmake();
    CHECK(pos.piece_on(sq("f8")) == make_piece(WHITE, KIRIN));
    CHECK(pos.is_consistent());
}

// ---------------------------------------------------------------------------------------------
// Royals
// ---------------------------------------------------------------------------------------------

TEST_CASE("Drunk Elephant promotes to a royal Prince", "[movegen][royal]") {
    Position pos = board(std::string(KINGS) + "Ef8");
    CHECK(pos.royal_count(WHITE) == 1);
    pos.make(mv(pos, "f8f9+"));
    CHECK(pos.piece_on(sq("f9")) == make_piece(WHITE, PRINCE));
    CHECK(pos.royal_count(WHITE) == 2);
    CHECK(pos.is_consistent());
    pos.unmake();
    CHECK(pos.royal_count(WHITE) == 1);
    CHECK(pos.is_consistent());
}

TEST_CASE("two royals: losing one leaves moves, losing both leaves none", "[movegen][royal]") {
    Position pos = board("Kl1 +Ea1 ka12 rl12", "b - - 0 1");
    CHECK(pos.royal_count(WHITE) == 2);
    pos.make(mv(pos, "l12l1"));
    CHECK(pos.royal_count(WHITE) == 1);
    CHECK(legal_moves(pos).size() == 3);  // the Prince's moves
    pos.make(mv(pos, "a1b1"));
    pos.make(mv(pos, "l1b1"));
    CHECK(pos.royal_count(WHITE) == 0);
    CHECK(legal_moves(pos).empty());
    CHECK(perft(pos, 1) == 0);
}

TEST_CASE("a side without a royal piece has no moves", "[movegen][royal]") {
    Position pos = board("Ga1 Nf6 ka12");
    CHECK(pos.royal_count(WHITE) == 0);
    CHECK(legal_moves(pos).empty());
    MoveList list;
    generate_captures(pos, list);
    generate_quiets(pos, list);
    CHECK(list.empty());
    // The Prince alone is a royal.
    Position prince = board("+Ea1 ka12");
    CHECK(legal_moves(prince).size() == 3);
}

// ---------------------------------------------------------------------------------------------
// Whole-generator properties on positions from random play
// ---------------------------------------------------------------------------------------------

namespace {

void check_generator_properties(const Position& pos) {
    MoveList all, caps, quiets;
    generate_legal(pos, all);
    generate_captures(pos, caps);
    generate_quiets(pos, quiets);
    for (Move m : caps)
        CHECK(pos.is_capture(m));
    for (Move m : quiets)
        CHECK(!pos.is_capture(m));
    // The captures come in the order the whole list has them: move ordering breaks ties by
    // list order, so a capture generator with its own shortcuts must not reorder them.
    std::vector<uint32_t> caps_in_all, caps_alone;
    for (Move m : all)
        if (pos.is_capture(m)) caps_in_all.push_back(m.raw());
    for (Move m : caps)
        caps_alone.push_back(m.raw());
    CHECK(caps_in_all == caps_alone);
    // The same for the quiet moves (the staged move picker breaks their ties by this order).
    std::vector<uint32_t> quiets_in_all, quiets_alone;
    for (Move m : all)
        if (!pos.is_capture(m)) quiets_in_all.push_back(m.raw());
    for (Move m : quiets)
        quiets_alone.push_back(m.raw());
    CHECK(quiets_in_all == quiets_alone);
    // is_legal_quiet, which generates one piece's moves, accepts exactly the quiet non-passes.
    for (Move m : quiets)
        CHECK(is_legal_quiet(pos, m) == !m.is_pass());
    for (Move m : caps)
        CHECK_FALSE(is_legal_quiet(pos, m));
    std::vector<uint32_t> a, b;
    for (Move m : all)
        a.push_back(m.raw());
    for (Move m : caps)
        b.push_back(m.raw());
    for (Move m : quiets)
        b.push_back(m.raw());
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    CHECK(a == b);
    CHECK(std::adjacent_find(a.begin(), a.end()) == a.end());  // no move twice
    CHECK(count_legal(pos) == all.size());
    // Every single move of a piece that can promote has its promoting twin exactly when
    // may_promote says so (the generators work the rule out per piece, not by may_promote).
    std::vector<uint32_t> raw(a);  // sorted
    auto listed = [&](Move m) { return std::binary_search(raw.begin(), raw.end(), m.raw()); };
    for (Move m : all) {
        if (m.is_double() || m.is_pass()) continue;
        const Kind k = kind_of(pos.piece_on(m.from()));
        const bool capture = pos.piece_on(m.to()) != EMPTY;
        const bool expected =
            can_promote(k) && may_promote(pos.rules(), pos.side_to_move(), k, m.from(), m.to(), capture);
        CHECK(listed(Move::normal(m.from(), m.to())));
        CHECK(listed(Move::normal(m.from(), m.to(), true)) == expected);
    }
}

// Every legal move leads to a different position (docs/rules.md: moves are distinct successors).
void check_distinct_successors(Position& pos) {
    std::vector<uint64_t> keys;
    for (Move m : legal_moves(pos)) {
        CHECK(is_legal(pos, m));
        pos.make(m);
        keys.push_back(pos.key());
        pos.unmake();
    }
    std::sort(keys.begin(), keys.end());
    CHECK(std::adjacent_find(keys.begin(), keys.end()) == keys.end());
}

}  // namespace

TEST_CASE("captures and quiets partition the legal moves; no move or successor twice", "[movegen][random]") {
    std::mt19937 rng(20261130);
    std::vector<Position> starts{Position::start()};
    for (const PerftCase& c : reference_cases())
        starts.push_back(sfen(c.sfen));
    for (Position& root : starts) {
        for (int game = 0; game < 2; ++game) {
            Position pos = root;
            for (int ply = 0; ply < 120; ++ply) {
                INFO(to_xboard_fen(pos));
                check_generator_properties(pos);
                if (ply % 10 == 0) check_distinct_successors(pos);
                MoveList list;
                generate_legal(pos, list);
                if (list.empty()) break;
                pos.make(list[int(rng() % unsigned(list.size()))]);
            }
        }
    }
}

TEST_CASE("generate_quiet_promotions gives the promotions of generate_quiets, in its order", "[movegen][random]") {
    // The move picker tries them before the other quiet moves and breaks ties by this order.
    std::mt19937 rng(20261202);
    int with_promotions = 0, last_rank = 0, total = 0;
    for (const RuleSet* rules : {&book_rules(), &lishogi_rules()})
        for (const Position& root : random_game_roots())
            for (int game = 0; game < 2; ++game) {
                Position pos = root;
                pos.set_rules(*rules);
                for (int ply = 0; ply < 160; ++ply) {
                    INFO(to_xboard_fen(pos) << (rules == &book_rules() ? " book" : " lishogi"));
                    MoveList quiets, promotions;
                    generate_quiets(pos, quiets);
                    generate_quiet_promotions(pos, promotions);
                    std::vector<uint32_t> expected, got;
                    for (Move m : quiets)
                        if (m.is_promotion()) expected.push_back(m.raw());
                    for (Move m : promotions)
                        got.push_back(m.raw());
                    REQUIRE(got == expected);
                    with_promotions += !expected.empty();
                    total += int(expected.size());
                    const bool white = pos.side_to_move() == WHITE;
                    auto in_zone = [&](Square s) { return white ? rank_of(s) >= BOARD_SIZE - 4 : rank_of(s) < 4; };
                    auto last = [&](Square s) { return rank_of(s) == (white ? BOARD_SIZE - 1 : 0); };
                    for (Move m : promotions)
                        last_rank += in_zone(m.from()) && last(m.to());
                    MoveList list;
                    generate_legal(pos, list);
                    if (list.empty()) break;
                    pos.make(list[int(rng() % unsigned(list.size()))]);
                }
            }
    CHECK(with_promotions > 300);
    CHECK(total > 1000);
    CHECK(last_rank > 20);  // from inside the zone: Pawns (and lishogi's Lances) on the last rank
}

TEST_CASE("is_legal_quiet rejects the moves of other positions and junk", "[movegen][random]") {
    // A hash move may come from another position (a key collision) or be any bit pattern.
    std::mt19937 rng(20261201);
    int accepted = 0, rejected = 0;
    for (const Position& root : random_game_roots()) {
        Position pos = root;
        MoveList previous, older;  // older: the same side's moves two plies ago
        for (int ply = 0; ply < 120; ++ply) {
            INFO(to_xboard_fen(pos));
            MoveList quiets, list;
            generate_quiets(pos, quiets);
            generate_legal(pos, list);
            if (list.empty()) break;
            auto expected = [&](Move m) {
                if (m.is_pass()) return false;
                for (Move q : quiets)
                    if (q == m) return true;
                return false;
            };
            std::vector<Move> tries(older.begin(), older.end());
            for (int i = 0; i < 40; ++i) {
                tries.push_back(Move::normal(Square(rng() % 256), Square(rng() % 256), rng() % 2));
                tries.push_back(Move::from_raw(uint32_t(rng()) & 0x3FFFFFFu));
            }
            for (Move m : tries) {
                const bool e = expected(m);
                CHECK(is_legal_quiet(pos, m) == e);
                ++(e ? accepted : rejected);
            }
            older = previous;
            previous = list;
            pos.make(list[int(rng() % unsigned(list.size()))]);
        }
    }
    CHECK(accepted > 10000);  // the previous position's moves are often legal still
    CHECK(rejected > 10000);
}

TEST_CASE("may_promote follows the three promotion rules", "[movegen][promotion]") {
    CHECK(may_promote(book_rules(), WHITE, SILVER, sq("f8"), sq("f9"), false));
    CHECK(!may_promote(book_rules(), WHITE, SILVER, sq("f9"), sq("f10"), false));
    CHECK(may_promote(book_rules(), WHITE, SILVER, sq("f9"), sq("f10"), true));
    CHECK(may_promote(book_rules(), WHITE, SILVER, sq("f9"), sq("e8"), true));
    CHECK(!may_promote(book_rules(), WHITE, SILVER, sq("f9"), sq("e8"), false));
    CHECK(!may_promote(book_rules(), WHITE, SILVER, sq("f7"), sq("f8"), true));
    CHECK(may_promote(book_rules(), WHITE, PAWN, sq("f11"), sq("f12"), false));
    CHECK(!may_promote(book_rules(), WHITE, LANCE, sq("f11"), sq("f12"), false));
    // lishogi: a Lance on the last rank may promote like a Pawn (scalashogi Chushogi.canPromote).
    CHECK(may_promote(lishogi_rules(), WHITE, LANCE, sq("f11"), sq("f12"), false));
    CHECK(may_promote(lishogi_rules(), BLACK, LANCE, sq("f2"), sq("f1"), false));
    CHECK(!may_promote(lishogi_rules(), WHITE, LANCE, sq("f10"), sq("f11"), false));
    CHECK(may_promote(book_rules(), BLACK, SILVER, sq("f5"), sq("f4"), false));
    CHECK(!may_promote(book_rules(), BLACK, SILVER, sq("f8"), sq("f9"), false));
    CHECK(may_promote(book_rules(), BLACK, PAWN, sq("f2"), sq("f1"), false));
}

TEST_CASE("piece shapes by piece byte repeat the move shapes and the kind table", "[movegen]") {
    auto mask_of = [](const int8_t* offsets, int n) {
        unsigned m = 0;
        for (int i = 0; i < n; ++i)
            for (int d = 0; d < DIRECTION_NB; ++d)
                if (DIRECTION_OFFSET[d] == offsets[i]) m |= 1u << d;
        return m;
    };
    for (Color c : {WHITE, BLACK})
        for (int k = 1; k < KIND_NB; ++k) {
            INFO(kind_info(Kind(k)).name << (c == WHITE ? " (first player)" : " (second player)"));
            const MoveShape& shape = move_shape(c, Kind(k));
            const PieceShape& row = piece_shape(make_piece(c, Kind(k)));
            CHECK(row.slides == mask_of(shape.slide, shape.slide_count));
            CHECK(row.steps == shape.step_mask);
            CHECK(row.jumps == mask_of(shape.jump, shape.jump_count));
            unsigned jump_steps = 0, lion_lines = 0;
            for (int j = 0; j < shape.jump_count; ++j) {
                const unsigned bit = mask_of(&shape.jump[j], 1);
                if (shape.jump_reach[j] & REACH_STEP) jump_steps |= bit;
                if (shape.jump_reach[j] & REACH_LION_LINE) lion_lines |= bit;
            }
            CHECK(row.jump_steps == jump_steps);
            CHECK(row.lion_lines == lion_lines);
            CHECK(row.single_step == (shape.step_count == 1 ? shape.step[0] : 0));
            const bool lion = is_lion(Kind(k)), steps_only = !lion && !shape.slide_count && !shape.jump_count;
            CHECK(bool(row.flags & SHAPE_LION) == lion);
            CHECK(bool(row.flags & SHAPE_PROMOTES) == can_promote(Kind(k)));
            CHECK(bool(row.flags & SHAPE_STEPPER) == (steps_only && shape.step_count > 1));
            CHECK(bool(row.flags & SHAPE_ONE_STEP) == (steps_only && shape.step_count == 1));
        }
    for (Piece p : {EMPTY, EDGE}) {
        const PieceShape& row = piece_shape(p);
        CHECK((row.slides | row.steps | row.jumps | row.flags) == 0);
    }
}

TEST_CASE("move shapes hold every direction of the piece table in exactly one group", "[movegen]") {
    for (Color c : {WHITE, BLACK})
        for (int k = 1; k < KIND_NB; ++k) {
            INFO(kind_info(Kind(k)).name << (c == WHITE ? " (first player)" : " (second player)"));
            const MoveShape& shape = move_shape(c, Kind(k));
            int directions = 0;
            for (int d = 0; d < DIRECTION_NB; ++d) {
                const int off = DIRECTION_OFFSET[d];
                const uint8_t r = reach(c, Kind(k), d);
                directions += r != REACH_NONE;
                auto count_in = [off](const int8_t* group, int n) { return int(std::count(group, group + n, off)); };
                CHECK(count_in(shape.slide, shape.slide_count) == (r == REACH_SLIDE ? 1 : 0));
                CHECK(count_in(shape.step, shape.step_count) == (r == REACH_STEP ? 1 : 0));
                CHECK(count_in(shape.jump, shape.jump_count) == ((r & REACH_JUMP) ? 1 : 0));
                for (int j = 0; j < shape.jump_count; ++j)
                    if (shape.jump[j] == off) CHECK(shape.jump_reach[j] == r);
            }
            CHECK(shape.slide_count + shape.step_count + shape.jump_count == directions);
        }
}
