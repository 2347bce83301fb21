// Basic value types shared by every module: colours, squares on the mailbox board, pieces, moves.
#pragma once

#include <cstdint>

namespace shishi {

// WHITE is XBoard's White = shogi's sente: it moves first, upward, and is written upper-case.
enum Color : uint8_t { WHITE = 0, BLACK = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// ---------------------------------------------------------------------------------------------
// Board geometry. The 12x12 board sits in a 16x16 frame with a two-square guard on every side,
// so a square fits in a byte and a two-square leap from any board square stays inside the frame.
// ---------------------------------------------------------------------------------------------
using Square = uint8_t;
constexpr int BOARD_SIZE = 12;
constexpr int FRAME_WIDTH = 16;
constexpr int FRAME_SQUARES = 256;
constexpr Square NO_SQUARE = 0;  // a guard square, never a board square

constexpr Square make_square(int file, int rank) { return Square((rank + 2) * FRAME_WIDTH + file + 2); }
constexpr int file_of(Square s) { return (s & 15) - 2; }
constexpr int rank_of(Square s) { return (s >> 4) - 2; }
constexpr bool on_board(int file, int rank) { return file >= 0 && file < BOARD_SIZE && rank >= 0 && rank < BOARD_SIZE; }
constexpr bool is_board_square(Square s) { return on_board(file_of(s), rank_of(s)); }
constexpr int abs_diff(int a, int b) { return a > b ? a - b : b - a; }
// King-move distance between two squares.
constexpr int distance(Square a, Square b) {
    int df = abs_diff(file_of(a), file_of(b)), dr = abs_diff(rank_of(a), rank_of(b));
    return df > dr ? df : dr;
}

// The eight directions as frame offsets, clockwise from "up" (toward rank 12).
// Direction i and (i + 4) & 7 are opposite.
constexpr int DIRECTION_NB = 8;
constexpr int DIRECTION_OFFSET[DIRECTION_NB] = {16, 17, 1, -15, -16, -17, -1, 15};
constexpr int opposite_direction(int d) { return (d + 4) & 7; }

// ---------------------------------------------------------------------------------------------
// Piece kinds: the 21 initial kinds and the 18 promoted ones. A promoted kind is distinct from
// the initial kind it moves like (a Gold promoted to Rook never promotes again).
// ---------------------------------------------------------------------------------------------
enum Kind : uint8_t {
    NO_KIND = 0,
    KING,
    DRUNK_ELEPHANT,
    BLIND_TIGER,
    FEROCIOUS_LEOPARD,
    GOLD,
    SILVER,
    COPPER,
    GO_BETWEEN,
    PAWN,
    LANCE,
    REVERSE_CHARIOT,
    SIDE_MOVER,
    VERTICAL_MOVER,
    BISHOP,
    ROOK,
    DRAGON_HORSE,
    DRAGON_KING,
    KIRIN,
    PHOENIX,
    QUEEN,
    LION,
    // promoted kinds, named by what they are; the comment gives the piece they came from
    PRINCE,  // +e
    FLYING_STAG,  // +t
    PROMOTED_BISHOP,  // +f  (moves as a Bishop)
    PROMOTED_ROOK,  // +g  (moves as a Rook)
    PROMOTED_VERTICAL_MOVER,  // +s
    PROMOTED_SIDE_MOVER,  // +c
    PROMOTED_ELEPHANT,  // +i  (moves as a Drunk Elephant)
    TOKIN,  // +p  (moves as a Gold)
    WHITE_HORSE,  // +l
    WHALE,  // +a
    FREE_BOAR,  // +m
    FLYING_OX,  // +v
    PROMOTED_HORSE,  // +b  (moves as a Dragon Horse)
    PROMOTED_DRAGON,  // +r  (moves as a Dragon King)
    HORNED_FALCON,  // +h
    SOARING_EAGLE,  // +d
    PROMOTED_LION,  // +o  (a Lion in every respect)
    PROMOTED_QUEEN,  // +x
    KIND_NB
};

// A piece on the board: kind in the low six bits plus one colour bit. The guard squares hold
// EDGE, which carries both colour bits, so "square holds my piece or is off the board" is one
// test (piece & colour_bit(us)) in every move loop.
using Piece = uint8_t;
constexpr Piece EMPTY = 0;
constexpr Piece WHITE_BIT = 0x40;
constexpr Piece BLACK_BIT = 0x80;
constexpr Piece EDGE = WHITE_BIT | BLACK_BIT;
constexpr Piece colour_bit(Color c) { return c == WHITE ? WHITE_BIT : BLACK_BIT; }
constexpr Piece make_piece(Color c, Kind k) { return Piece(colour_bit(c) | k); }
constexpr Kind kind_of(Piece p) { return Kind(p & 0x3F); }
constexpr Color color_of(Piece p) { return (p & BLACK_BIT) ? BLACK : WHITE; }
// Index 0..2*KIND_NB-1 used by tables indexed by coloured piece (Zobrist keys, eval).
constexpr int piece_index(Piece p) { return int(color_of(p)) * int(KIND_NB) + int(kind_of(p)); }

// ---------------------------------------------------------------------------------------------
// Move: one 32-bit value for every kind of turn.
//   bits 0-7   from
//   bits 8-15  to (final square; equals from for igui and pass)
//   bits 16-23 mid: the first-step square of a double move, NO_SQUARE for a single move
//   bit  24    promotion
//   bit  25    turn pass (from = the passing piece, mid = the empty square it steps to and back)
// Two ways of playing that give the same position are encoded as the same value; all passes
// available in a position are one move.
// ---------------------------------------------------------------------------------------------
class Move {
public:
    constexpr Move() = default;
    static constexpr Move none() { return Move(); }
    static constexpr Move normal(Square from, Square to, bool promote = false) {
        return Move(uint32_t(from) | uint32_t(to) << 8 | (promote ? PROMOTE_BIT : 0u));
    }
    // A two-step move capturing on mid (igui when to == from).
    static constexpr Move double_step(Square from, Square mid, Square to) {
        return Move(uint32_t(from) | uint32_t(to) << 8 | uint32_t(mid) << 16);
    }
    static constexpr Move pass(Square from, Square empty_neighbour) {
        return Move(uint32_t(from) | uint32_t(from) << 8 | uint32_t(empty_neighbour) << 16 | PASS_BIT);
    }

    constexpr Square from() const { return Square(raw_ & 0xFF); }
    constexpr Square to() const { return Square(raw_ >> 8 & 0xFF); }
    constexpr Square mid() const { return Square(raw_ >> 16 & 0xFF); }
    constexpr bool is_promotion() const { return raw_ & PROMOTE_BIT; }
    constexpr bool is_pass() const { return raw_ & PASS_BIT; }
    constexpr bool is_double() const { return mid() != NO_SQUARE && !is_pass(); }
    constexpr bool is_igui() const { return is_double() && from() == to(); }
    constexpr bool is_none() const { return raw_ == 0; }
    // A single step or leap without promotion (no first-step square, not a pass): one test.
    constexpr bool is_plain() const { return (raw_ & (0xFF0000u | PROMOTE_BIT | PASS_BIT)) == 0; }
    constexpr uint32_t raw() const { return raw_; }
    static constexpr Move from_raw(uint32_t r) { return Move(r); }

    constexpr bool operator==(const Move&) const = default;
    // Passes compare equal whichever piece and square express them.
    constexpr bool same_as(Move o) const { return is_pass() ? o.is_pass() : raw_ == o.raw_; }

private:
    static constexpr uint32_t PROMOTE_BIT = 1u << 24;
    static constexpr uint32_t PASS_BIT = 1u << 25;
    constexpr explicit Move(uint32_t r) : raw_(r) {}
    uint32_t raw_ = 0;
};
static_assert(sizeof(Move) == 4);

}  // namespace shishi
