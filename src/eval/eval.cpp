// Evaluation walks both piece lists once. Per piece: material, a piece-square term chosen by
// the piece's character (royal, Lion, Pawn, slider, stepper), for pieces that can still
// promote part of the promotion gain that grows as the piece nears the zone, and for sliders
// the number of squares they reach. Then royal safety: enemy Lions and crowds near a lone
// royal. Everything is computed for the first player's view with the second player's squares
// turned by 180 degrees, so a position and its colour-swapped rotation evaluate to exact
// negatives.
#include "shishi/eval/eval.hpp"

#include <cstdlib>

#include "shishi/core/pieces.hpp"

namespace shishi {
namespace {

constexpr int SQUARES = BOARD_SIZE * BOARD_SIZE;

enum Character { ROYAL, LION_LIKE, PAWN_LIKE, SLIDER, STEPPER };

Character character_of(Kind k) {
    const KindInfo& info = kind_info(k);
    if (info.royal) return ROYAL;
    if (info.lion) return LION_LIKE;
    if (k == PAWN || k == GO_BETWEEN) return PAWN_LIKE;
    for (uint8_t r : info.reach)
        if (r & REACH_SLIDE) return SLIDER;
    return STEPPER;
}

// Positional bonus for a first-player piece on (file, rank); rank 0 is its own back rank.
int square_bonus(Character ch, int file, int rank) {
    const int centre = file < BOARD_SIZE - 1 - file ? file : BOARD_SIZE - 1 - file;  // 0..5
    switch (ch) {
        case ROYAL:  // stay home behind the wall; a royal that wanders out gets caught
            return rank <= 1 ? 10 : -12 * (rank - 1);
        case LION_LIKE:  // the Lion dominates from the centre, a little forward
            return 6 * centre + 4 * (rank < 7 ? rank : 7);
        case PAWN_LIKE:  // pawns start on rank 3; advancing gains space
            return rank > 3 ? 4 * (rank - 3) + centre : centre;
        case SLIDER:  // long-range pieces need little help; mild centralisation
            return 2 * centre;
        case STEPPER:  // short-range pieces must come forward to matter
            return 3 * centre + 3 * (rank < 7 ? rank : 7);
    }
    return 0;
}

// Fraction (in 1/64) of the promotion gain credited by distance to the zone (0 = inside).
int promotion_weight(int ranks_to_zone) {
    switch (ranks_to_zone) {
        case 0: return 20;   // promotes on any capture, or a Pawn on the last rank
        case 1: return 14;   // promotes with its next move into the zone
        case 2: return 10;
        default: return 6;
    }
}

struct Tables {
    // Material + square bonus + promotion potential, first player's view, per kind and square.
    int psq[KIND_NB][SQUARES];
    Tables() {
        for (int k = 1; k < KIND_NB; ++k) {
            const Kind kind = Kind(k);
            const Character ch = character_of(kind);
            const int gain = can_promote(kind)
                                 ? piece_value(kind_info(kind).promotes_to) - piece_value(kind)
                                 : 0;
            for (int r = 0; r < BOARD_SIZE; ++r)
                for (int f = 0; f < BOARD_SIZE; ++f) {
                    const int to_zone = r >= BOARD_SIZE - 4 ? 0 : BOARD_SIZE - 4 - r;
                    const int promo = gain > 0 ? gain * promotion_weight(to_zone) / 64 : 0;
                    psq[k][r * BOARD_SIZE + f] = piece_value(kind) + square_bonus(ch, f, r) + promo;
                }
        }
        for (int s = 0; s < SQUARES; ++s) psq[NO_KIND][s] = 0;
    }
};
const Tables TABLES;

struct SliderSet {
    bool is[KIND_NB];
    SliderSet() {
        for (int k = 0; k < KIND_NB; ++k) is[k] = k != NO_KIND && character_of(Kind(k)) == SLIDER;
    }
};
const SliderSet SLIDERS;

// Index into psq for a piece of colour c on square s: the second player sees the board turned.
inline int view_index(Color c, Square s) {
    const int f = file_of(s), r = rank_of(s);
    return c == WHITE ? r * BOARD_SIZE + f : (BOARD_SIZE - 1 - r) * BOARD_SIZE + (BOARD_SIZE - 1 - f);
}

// Danger to side c's royal (positive = bad for c); only a lone royal can be lost at once.
int royal_danger(const Position& pos, Color c) {
    if (pos.royal_count(c) != 1) return 0;
    Square royal = NO_SQUARE;
    for (int i = 0; i < pos.piece_count(c); ++i) {
        Square s = pos.piece_square(c, i);
        if (is_royal(kind_of(pos.piece_on(s)))) {
            royal = s;
            break;
        }
    }
    if (royal == NO_SQUARE) return 0;
    int danger = 0;
    const Color them = ~c;
    for (int i = 0; i < pos.piece_count(them); ++i) {
        Square s = pos.piece_square(them, i);
        const int d = distance(s, royal);
        if (d > 3) continue;
        if (is_lion(kind_of(pos.piece_on(s))))
            danger += d <= 2 ? 300 : 120;  // a Lion in reach takes the royal next move
        else
            danger += d <= 2 ? 20 : 6;
    }
    int guards = 0;
    for (int d = 0; d < DIRECTION_NB; ++d) {
        Piece p = pos.piece_on(Square(royal + DIRECTION_OFFSET[d]));
        if (p != EMPTY && p != EDGE && color_of(p) == c) ++guards;
    }
    danger -= 8 * (guards < 4 ? guards : 4);
    return danger;
}

constexpr int MOBILITY_WEIGHT = 2;  // per square a slider reaches

// Squares a slider reaches along its sliding directions (empty squares plus a capture).
int slider_mobility(const Position& pos, Square s, Color c, Kind k) {
    int n = 0;
    const Piece* b = pos.board();
    for (int d = 0; d < DIRECTION_NB; ++d) {
        if (!(reach(c, k, d) & REACH_SLIDE)) continue;
        const int off = DIRECTION_OFFSET[d];
        int t = s + off;
        while (b[t] == EMPTY) {
            ++n;
            t += off;
        }
        if (b[t] != EDGE && color_of(b[t]) != c) ++n;
    }
    return n;
}

}  // namespace

int evaluate_white(const Position& pos) {
    int score = 0;
    for (Color c : {WHITE, BLACK}) {
        int side = 0;
        for (int i = 0; i < pos.piece_count(c); ++i) {
            const Square s = pos.piece_square(c, i);
            const Kind k = kind_of(pos.piece_on(s));
            side += TABLES.psq[k][view_index(c, s)];
            if (SLIDERS.is[k]) side += MOBILITY_WEIGHT * slider_mobility(pos, s, c, k);
        }
        side -= royal_danger(pos, c);
        score += c == WHITE ? side : -side;
    }
    return score;
}

int evaluate(const Position& pos) {
    const int s = evaluate_white(pos);
    return pos.side_to_move() == WHITE ? s : -s;
}

}  // namespace shishi
