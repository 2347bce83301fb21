// The piece table. Directions: forward, forward-right, right, back-right, back, back-left, left,
// forward-left (the first player's view). Betza notation in the comments.
#include "shishi/core/pieces.hpp"

#include "shishi/core/piece_reach.hpp"

namespace shishi {
namespace {

constexpr uint8_t N = REACH_NONE, S = REACH_STEP, R = REACH_SLIDE, J = REACH_JUMP;
constexpr uint8_t SJ = REACH_STEP | REACH_JUMP;
constexpr uint8_t LL = REACH_STEP | REACH_JUMP | REACH_LION_LINE;

using Dirs = std::array<uint8_t, DIRECTION_NB>;
//                          f   fr  r   br  b   bl  l   fl
constexpr Dirs KING_D = {S, S, S, S, S, S, S, S};
constexpr Dirs ELEPHANT_D = {S, S, S, S, N, S, S, S};  // FfsW
constexpr Dirs TIGER_D = {N, S, S, S, S, S, S, S};  // FbsW
constexpr Dirs LEOPARD_D = {S, S, N, S, S, S, N, S};  // FvW
constexpr Dirs GOLD_D = {S, S, S, N, S, N, S, S};  // WfF
constexpr Dirs SILVER_D = {S, S, N, S, N, S, N, S};  // FfW
constexpr Dirs COPPER_D = {S, S, N, N, S, N, N, S};  // vWfF
constexpr Dirs GOBETW_D = {S, N, N, N, S, N, N, N};  // vW
constexpr Dirs PAWN_D = {S, N, N, N, N, N, N, N};  // fW
constexpr Dirs LANCE_D = {R, N, N, N, N, N, N, N};  // fR
constexpr Dirs CHARIOT_D = {R, N, N, N, R, N, N, N};  // vR
constexpr Dirs SIDE_D = {S, N, R, N, S, N, R, N};  // sRvW
constexpr Dirs VERT_D = {R, N, S, N, R, N, S, N};  // vRsW
constexpr Dirs BISHOP_D = {N, R, N, R, N, R, N, R};  // B
constexpr Dirs ROOK_D = {R, N, R, N, R, N, R, N};  // R
constexpr Dirs HORSE_D = {S, R, S, R, S, R, S, R};  // BW
constexpr Dirs DRAGON_D = {R, S, R, S, R, S, R, S};  // RF
constexpr Dirs KIRIN_D = {J, S, J, S, J, S, J, S};  // FD
constexpr Dirs PHOENIX_D = {S, J, S, J, S, J, S, J};  // WA
constexpr Dirs QUEEN_D = {R, R, R, R, R, R, R, R};  // Q
constexpr Dirs LION_D = {SJ, SJ, SJ, SJ, SJ, SJ, SJ, SJ};  // KAD plus Lion power
constexpr Dirs STAG_D = {R, S, S, S, R, S, S, S};  // KvR
constexpr Dirs WHORSE_D = {R, R, N, N, R, N, N, R};  // vRfB
constexpr Dirs WHALE_D = {R, N, N, R, R, R, N, N};  // vRbB
constexpr Dirs BOAR_D = {N, R, R, R, N, R, R, R};  // BsR
constexpr Dirs OX_D = {R, R, N, R, R, R, N, R};  // BvR
constexpr Dirs FALCON_D = {LL, R, R, R, R, R, R, R};  // BsbR, Lion power straight forward
constexpr Dirs EAGLE_D = {R, LL, R, R, R, R, R, LL};  // RbB, Lion power diagonally forward

}  // namespace

// Indexed by Kind. Fields: name, letter, promoted, promotes_to, royal, lion, reach, weak_bridge.
constexpr KindInfo KIND_TABLE[KIND_NB] = {
    {"none", '?', false, NO_KIND, false, false, {}, false},
    {"King", 'k', false, NO_KIND, true, false, KING_D, false},
    {"Drunk Elephant", 'e', false, PRINCE, false, false, ELEPHANT_D, false},
    {"Blind Tiger", 't', false, FLYING_STAG, false, false, TIGER_D, false},
    {"Ferocious Leopard", 'f', false, PROMOTED_BISHOP, false, false, LEOPARD_D, false},
    {"Gold General", 'g', false, PROMOTED_ROOK, false, false, GOLD_D, false},
    {"Silver General", 's', false, PROMOTED_VERTICAL_MOVER, false, false, SILVER_D, false},
    {"Copper General", 'c', false, PROMOTED_SIDE_MOVER, false, false, COPPER_D, false},
    {"Go-Between", 'i', false, PROMOTED_ELEPHANT, false, false, GOBETW_D, true},
    {"Pawn", 'p', false, TOKIN, false, false, PAWN_D, true},
    {"Lance", 'l', false, WHITE_HORSE, false, false, LANCE_D, false},
    {"Reverse Chariot", 'a', false, WHALE, false, false, CHARIOT_D, false},
    {"Side Mover", 'm', false, FREE_BOAR, false, false, SIDE_D, false},
    {"Vertical Mover", 'v', false, FLYING_OX, false, false, VERT_D, false},
    {"Bishop", 'b', false, PROMOTED_HORSE, false, false, BISHOP_D, false},
    {"Rook", 'r', false, PROMOTED_DRAGON, false, false, ROOK_D, false},
    {"Dragon Horse", 'h', false, HORNED_FALCON, false, false, HORSE_D, false},
    {"Dragon King", 'd', false, SOARING_EAGLE, false, false, DRAGON_D, false},
    {"Kirin", 'o', false, PROMOTED_LION, false, false, KIRIN_D, false},
    {"Phoenix", 'x', false, PROMOTED_QUEEN, false, false, PHOENIX_D, false},
    {"Queen", 'q', false, NO_KIND, false, false, QUEEN_D, false},
    {"Lion", 'n', false, NO_KIND, false, true, LION_D, false},
    {"Prince", 'e', true, NO_KIND, true, false, KING_D, false},
    {"Flying Stag", 't', true, NO_KIND, false, false, STAG_D, false},
    {"Bishop (promoted Leopard)", 'f', true, NO_KIND, false, false, BISHOP_D, false},
    {"Rook (promoted Gold)", 'g', true, NO_KIND, false, false, ROOK_D, false},
    {"Vertical Mover (promoted Silver)", 's', true, NO_KIND, false, false, VERT_D, false},
    {"Side Mover (promoted Copper)", 'c', true, NO_KIND, false, false, SIDE_D, false},
    {"Drunk Elephant (promoted Go-Between)", 'i', true, NO_KIND, false, false, ELEPHANT_D, false},
    {"Tokin", 'p', true, NO_KIND, false, false, GOLD_D, false},
    {"White Horse", 'l', true, NO_KIND, false, false, WHORSE_D, false},
    {"Whale", 'a', true, NO_KIND, false, false, WHALE_D, false},
    {"Free Boar", 'm', true, NO_KIND, false, false, BOAR_D, false},
    {"Flying Ox", 'v', true, NO_KIND, false, false, OX_D, false},
    {"Dragon Horse (promoted Bishop)", 'b', true, NO_KIND, false, false, HORSE_D, false},
    {"Dragon King (promoted Rook)", 'r', true, NO_KIND, false, false, DRAGON_D, false},
    {"Horned Falcon", 'h', true, NO_KIND, false, false, FALCON_D, false},
    {"Soaring Eagle", 'd', true, NO_KIND, false, false, EAGLE_D, false},
    {"Lion (promoted Kirin)", 'o', true, NO_KIND, false, true, LION_D, false},
    {"Queen (promoted Phoenix)", 'x', true, NO_KIND, false, false, QUEEN_D, false},
};

// Absolute-direction reach per colour, derived once from KIND_TABLE.
struct ReachTable {
    uint8_t r[2][KIND_NB][DIRECTION_NB];
    constexpr ReachTable() : r{} {
        for (int k = 0; k < KIND_NB; ++k)
            for (int d = 0; d < DIRECTION_NB; ++d) {
                r[WHITE][k][d] = KIND_TABLE[k].reach[d];
                r[BLACK][k][d] = KIND_TABLE[k].reach[opposite_direction(d)];
            }
    }
};
constexpr ReachTable REACH{};
const uint8_t (&REACH_TABLE)[2][KIND_NB][DIRECTION_NB] = REACH.r;

struct MoveShapes {
    MoveShape m[2][KIND_NB];
    constexpr MoveShapes() : m{} {
        for (int c = 0; c < 2; ++c)
            for (int k = 0; k < KIND_NB; ++k) {
                MoveShape& ms = m[c][k];
                for (int d = 0; d < DIRECTION_NB; ++d) {
                    const uint8_t r = REACH.r[c][k][d];
                    const auto off = int8_t(DIRECTION_OFFSET[d]);
                    if (r == REACH_NONE) continue;
                    if (r == REACH_SLIDE) {
                        ms.slide[ms.slide_count++] = off;
                    } else if (r == REACH_STEP) {
                        ms.step[ms.step_count++] = off;
                        ms.step_mask = uint8_t(ms.step_mask | 1u << d);
                    } else if (r & REACH_JUMP) {
                        ms.jump[ms.jump_count] = off;
                        ms.jump_reach[ms.jump_count++] = r;
                    } else {
                        throw "a reach the move shapes do not cover";  // fails the constant evaluation
                    }
                }
            }
    }
};
constexpr MoveShapes SHAPES{};
const MoveShape (&MOVE_SHAPES)[2][KIND_NB] = SHAPES.m;

struct SlideMasks {
    uint8_t m[256];
    constexpr SlideMasks() : m{} {
        for (int c = 0; c < 2; ++c)
            for (int k = 1; k < KIND_NB; ++k)
                for (int d = 0; d < DIRECTION_NB; ++d)
                    if (REACH.r[c][k][d] == REACH_SLIDE) m[make_piece(Color(c), Kind(k))] |= uint8_t(1u << d);
    }
};
constexpr SlideMasks SLIDES{};
const uint8_t (&SLIDE_MASKS)[256] = SLIDES.m;

// The reach table again, indexed by the board byte (colour bit and kind); empty and guard
// squares reach nowhere.
constexpr PieceReach build_piece_reach() {
    PieceReach t{};
    for (int c = 0; c < 2; ++c)
        for (int k = 1; k < KIND_NB; ++k) {
            const Piece p = make_piece(Color(c), Kind(k));
            for (int d = 0; d < DIRECTION_NB; ++d)
                t.reach[p][d] = t.side_reach[c][p][d] = REACH.r[c][k][d];
            t.lion[p] = t.side_lion[c][p] = KIND_TABLE[k].lion;
        }
    return t;
}
constexpr PieceReach PIECE_REACH = build_piece_reach();

constexpr PieceShapes build_piece_shapes() {
    PieceShapes t{};
    for (int c = 0; c < 2; ++c)
        for (int k = 1; k < KIND_NB; ++k) {
            PieceShape& ps = t.of[make_piece(Color(c), Kind(k))];
            const MoveShape& ms = SHAPES.m[c][k];
            for (int d = 0; d < DIRECTION_NB; ++d) {
                const uint8_t r = REACH.r[c][k][d], bit = uint8_t(1u << d);
                if (r == REACH_SLIDE) ps.slides |= bit;
                if (r == REACH_STEP) ps.steps |= bit;
                if (r & REACH_JUMP) ps.jumps |= bit;
                if ((r & REACH_JUMP) && (r & REACH_STEP)) ps.jump_steps |= bit;
                if ((r & REACH_JUMP) && (r & REACH_LION_LINE)) ps.lion_lines |= bit;
            }
            const bool steps_only = !KIND_TABLE[k].lion && !ps.slides && !ps.jumps;
            ps.flags = uint8_t((KIND_TABLE[k].lion ? SHAPE_LION : 0) |
                               (KIND_TABLE[k].promotes_to != NO_KIND ? SHAPE_PROMOTES : 0) |
                               (steps_only && ms.step_count > 1 ? SHAPE_STEPPER : 0) |
                               (steps_only && ms.step_count == 1 ? SHAPE_ONE_STEP : 0));
            ps.single_step = ms.step_count == 1 ? ms.step[0] : 0;
        }
    return t;
}
constexpr PieceShapes PIECE_SHAPES = build_piece_shapes();

Kind kind_from_letter(char lower_letter, bool promoted) {
    for (int k = 1; k < KIND_NB; ++k)
        if (KIND_TABLE[k].letter == lower_letter && KIND_TABLE[k].promoted == promoted) return Kind(k);
    return NO_KIND;
}

}  // namespace shishi
