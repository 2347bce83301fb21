// The default weights of the evaluation and the tuner's step for each. Piece values: reasoning in
// docs/evaluation.md; the rest are the positional terms' weights (docs/evaluation.md, "Terms").
#include "shishi/eval/eval_params.hpp"

namespace shishi {

// Listed in EvalParamId order; the static_assert below and a test check the names line up.
// The four newer terms (stepper_developed, zone_reach, wall_gap, lion_monopoly) stand at 0: at
// hand-set weights (5, 1, 20, 150) they measured neutral in fixed-node self-play (+9.7 +/- 50
// Elo over 180 games, docs/strength.md), so they stay off until a tuned setting wins a match.
// constinit: filled in by the compiler, not at start-up. Evaluation tables built during another
// file's static initialisation (piece_value in a namespace-scope constant) read these defaults,
// and GCC had chosen to initialise this array dynamically, so those tables came out all zero.
constinit const EvalParamInfo EVAL_PARAM_INFO[EVAL_PARAM_NB] = {
    {"value_king", 1000, 0},  // a spare royal; not tuned (its loss is scored as mate)
    {"value_drunk_elephant", 350, 10},
    {"value_blind_tiger", 300, 10},
    {"value_ferocious_leopard", 300, 10},
    {"value_gold", 320, 10},
    {"value_silver", 280, 10},
    {"value_copper", 220, 10},
    {"value_go_between", 120, 5},
    {"value_pawn", 100, 0},  // the unit
    {"value_lance", 250, 10},
    {"value_reverse_chariot", 300, 10},
    {"value_side_mover", 380, 10},
    {"value_vertical_mover", 420, 10},
    {"value_bishop", 450, 10},
    {"value_rook", 580, 10},
    {"value_dragon_horse", 680, 15},
    {"value_dragon_king", 800, 15},
    {"value_kirin", 350, 10},
    {"value_phoenix", 380, 10},
    {"value_queen", 1200, 20},
    {"value_lion", 1800, 25},
    {"value_prince", 1000, 0},  // a second royal, same as the King
    {"value_flying_stag", 650, 15},
    {"value_white_horse", 550, 15},
    {"value_whale", 500, 15},
    {"value_free_boar", 700, 15},
    {"value_flying_ox", 750, 15},
    {"value_horned_falcon", 1000, 20},
    {"value_soaring_eagle", 1100, 20},
    {"promo_in_zone", 20, 2},
    {"promo_one_away", 14, 2},
    {"promo_two_away", 10, 2},
    {"promo_far", 6, 1},
    {"royal_home", 10, 2},
    {"royal_per_rank_out", 12, 2},
    {"lion_centre", 6, 1},
    {"lion_forward", 4, 1},
    {"pawn_advance", 4, 1},
    {"pawn_centre", 1, 1},
    {"stepper_centre", 3, 1},
    {"stepper_forward", 3, 1},
    {"stepper_developed", 0, 2},
    {"slider_centre", 2, 1},
    {"mobility", 2, 1},
    {"zone_reach", 0, 1},
    {"danger_lion_near", 300, 20},
    {"danger_lion_three", 120, 10},
    {"danger_piece_near", 20, 2},
    {"danger_piece_three", 6, 1},
    {"royal_guard", 8, 1},
    {"wall_gap", 0, 4},
    {"lion_monopoly", 0, 20},
};
static_assert(sizeof(EVAL_PARAM_INFO) / sizeof(EVAL_PARAM_INFO[0]) == EVAL_PARAM_NB);

EvalParams default_eval_params() {
    EvalParams p{};
    for (int i = 0; i < EVAL_PARAM_NB; ++i)
        p[i] = EVAL_PARAM_INFO[i].default_value;
    return p;
}

EvalParamId value_param(Kind k) {
    switch (k) {
        case KING: return V_KING;
        case DRUNK_ELEPHANT:
        case PROMOTED_ELEPHANT: return V_DRUNK_ELEPHANT;
        case BLIND_TIGER: return V_BLIND_TIGER;
        case FEROCIOUS_LEOPARD: return V_FEROCIOUS_LEOPARD;
        case GOLD:
        case TOKIN: return V_GOLD;
        case SILVER: return V_SILVER;
        case COPPER: return V_COPPER;
        case GO_BETWEEN: return V_GO_BETWEEN;
        case PAWN: return V_PAWN;
        case LANCE: return V_LANCE;
        case REVERSE_CHARIOT: return V_REVERSE_CHARIOT;
        case SIDE_MOVER:
        case PROMOTED_SIDE_MOVER: return V_SIDE_MOVER;
        case VERTICAL_MOVER:
        case PROMOTED_VERTICAL_MOVER: return V_VERTICAL_MOVER;
        case BISHOP:
        case PROMOTED_BISHOP: return V_BISHOP;
        case ROOK:
        case PROMOTED_ROOK: return V_ROOK;
        case DRAGON_HORSE:
        case PROMOTED_HORSE: return V_DRAGON_HORSE;
        case DRAGON_KING:
        case PROMOTED_DRAGON: return V_DRAGON_KING;
        case KIRIN: return V_KIRIN;
        case PHOENIX: return V_PHOENIX;
        case QUEEN:
        case PROMOTED_QUEEN: return V_QUEEN;
        case LION:
        case PROMOTED_LION: return V_LION;
        case PRINCE: return V_PRINCE;
        case FLYING_STAG: return V_FLYING_STAG;
        case WHITE_HORSE: return V_WHITE_HORSE;
        case WHALE: return V_WHALE;
        case FREE_BOAR: return V_FREE_BOAR;
        case FLYING_OX: return V_FLYING_OX;
        case HORNED_FALCON: return V_HORNED_FALCON;
        case SOARING_EAGLE: return V_SOARING_EAGLE;
        case NO_KIND:
        case KIND_NB: break;
    }
    return EVAL_PARAM_NB;  // no row (NO_KIND)
}

}  // namespace shishi
