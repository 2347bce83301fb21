// Piece values per kind, in centipawns (a Pawn is 100). The reasoning behind each number is in
// docs/evaluation.md; the table covers every kind, promoted kinds included.
#include "shishi/eval/eval.hpp"

namespace shishi {
namespace {

struct ValueRow {
    Kind kind;
    int value;
};

// Listed by name so a reordering of the Kind enum cannot silently shift the values.
constexpr ValueRow VALUE_ROWS[] = {
    {NO_KIND, 0},
    {KING, 1000},               // a spare royal: only matters when a side has two
    {DRUNK_ELEPHANT, 350},
    {BLIND_TIGER, 300},
    {FEROCIOUS_LEOPARD, 300},
    {GOLD, 320},
    {SILVER, 280},
    {COPPER, 220},
    {GO_BETWEEN, 120},
    {PAWN, 100},
    {LANCE, 250},
    {REVERSE_CHARIOT, 300},
    {SIDE_MOVER, 380},
    {VERTICAL_MOVER, 420},
    {BISHOP, 450},
    {ROOK, 580},
    {DRAGON_HORSE, 680},
    {DRAGON_KING, 800},
    {KIRIN, 350},
    {PHOENIX, 380},
    {QUEEN, 1200},
    {LION, 1800},
    {PRINCE, 1000},             // a second royal, same as the King
    {FLYING_STAG, 650},
    {PROMOTED_BISHOP, 450},
    {PROMOTED_ROOK, 580},
    {PROMOTED_VERTICAL_MOVER, 420},
    {PROMOTED_SIDE_MOVER, 380},
    {PROMOTED_ELEPHANT, 350},
    {TOKIN, 320},
    {WHITE_HORSE, 550},
    {WHALE, 500},
    {FREE_BOAR, 700},
    {FLYING_OX, 750},
    {PROMOTED_HORSE, 680},
    {PROMOTED_DRAGON, 800},
    {HORNED_FALCON, 1000},
    {SOARING_EAGLE, 1100},
    {PROMOTED_LION, 1800},
    {PROMOTED_QUEEN, 1200},
};
static_assert(sizeof(VALUE_ROWS) / sizeof(VALUE_ROWS[0]) == KIND_NB, "a value for every kind");

struct ValueTable {
    int v[KIND_NB];
    constexpr ValueTable() : v{} {
        for (const ValueRow& r : VALUE_ROWS) v[r.kind] = r.value;
    }
};
constexpr ValueTable VALUES{};

constexpr bool every_kind_listed_once() {
    bool seen[KIND_NB] = {};
    for (const ValueRow& r : VALUE_ROWS) {
        if (seen[r.kind]) return false;
        seen[r.kind] = true;
    }
    return true;
}
static_assert(every_kind_listed_once(), "each kind appears once in VALUE_ROWS");

}  // namespace

int piece_value(Kind k) { return k < KIND_NB ? VALUES.v[k] : 0; }

}  // namespace shishi
