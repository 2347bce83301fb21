// The evaluation's tunable weights as one named table: piece values and the weights of every
// positional term. evaluate() reads the current table; a tuner may replace it (set_eval_params
// rebuilds the precomputed piece-square tables, so it must not run while a search does).
#pragma once

#include <array>
#include <string_view>

#include "shishi/core/board_types.hpp"

namespace shishi {

enum EvalParamId : int {
    // Piece values (centipawns). A promoted kind that moves like an original piece uses the
    // original's value, so only kinds with their own movement have a row.
    V_KING,
    V_DRUNK_ELEPHANT,
    V_BLIND_TIGER,
    V_FEROCIOUS_LEOPARD,
    V_GOLD,
    V_SILVER,
    V_COPPER,
    V_GO_BETWEEN,
    V_PAWN,
    V_LANCE,
    V_REVERSE_CHARIOT,
    V_SIDE_MOVER,
    V_VERTICAL_MOVER,
    V_BISHOP,
    V_ROOK,
    V_DRAGON_HORSE,
    V_DRAGON_KING,
    V_KIRIN,
    V_PHOENIX,
    V_QUEEN,
    V_LION,
    V_PRINCE,
    V_FLYING_STAG,
    V_WHITE_HORSE,
    V_WHALE,
    V_FREE_BOAR,
    V_FLYING_OX,
    V_HORNED_FALCON,
    V_SOARING_EAGLE,
    // Promotion potential: share (1/64) of the promotion gain by ranks to the zone.
    PROMO_IN_ZONE,
    PROMO_ONE_AWAY,
    PROMO_TWO_AWAY,
    PROMO_FAR,
    // Piece-square terms by character.
    ROYAL_HOME,
    ROYAL_PER_RANK_OUT,
    LION_CENTRE,
    LION_FORWARD,
    PAWN_ADVANCE,
    PAWN_CENTRE,
    STEPPER_CENTRE,
    STEPPER_FORWARD,
    STEPPER_DEVELOPED,
    SLIDER_CENTRE,
    // Slider reach: per square, and extra per square inside the enemy's promotion zone.
    MOBILITY,
    ZONE_REACH,
    // Royal danger (lone royal): enemies within two / three squares; own neighbours.
    DANGER_LION_NEAR,
    DANGER_LION_THREE,
    DANGER_PIECE_NEAR,
    DANGER_PIECE_THREE,
    ROYAL_GUARD,
    // Lion-proof wall: while the enemy has a Lion, each own piece next to the lone royal that
    // no other own piece protects is a gap the Lion can take its way through.
    WALL_GAP,
    // A side that keeps a Lion while the other has none.
    LION_MONOPOLY,
    EVAL_PARAM_NB
};

struct EvalParamInfo {
    std::string_view name;
    int default_value;
    int step;  // the tuner's step for this weight
};

extern const EvalParamInfo EVAL_PARAM_INFO[EVAL_PARAM_NB];

using EvalParams = std::array<int, EVAL_PARAM_NB>;

EvalParams default_eval_params();
const EvalParams& eval_params();
void set_eval_params(const EvalParams& p);  // also rebuilds the evaluation's tables

// The parameter row holding the value of kind k (promoted look-alikes map to the original).
EvalParamId value_param(Kind k);

}  // namespace shishi
