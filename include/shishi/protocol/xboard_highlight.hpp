// Answers to XBoard's lift/put/hover: which squares to mark so the GUI can enter Chu Shogi
// moves (targets, Lion first steps in cyan, promotion choice in magenta, victims in green).
#pragma once

#include <string>

#include "shishi/core/position.hpp"

namespace shishi {

// The colour letters of the `highlight` command.
constexpr char MARK_NONE = 0;
constexpr char MARK_MOVE = 'Y';  // yellow: a non-capturing destination
constexpr char MARK_CAPTURE = 'R';  // red: a capture (the GUI then sends hover)
constexpr char MARK_FIRST_LEG = 'C';  // cyan: the move entry continues from here
constexpr char MARK_PROMOTE = 'M';  // magenta: promotion optional, the GUI asks
constexpr char MARK_FORCED = 'B';  // blue: promotion is the only choice
constexpr char MARK_VICTIM = 'g';  // green, lower case: a side effect, not a destination

// Marks per board square, indexed [rank][file] with rank 0 = rank 1.
struct BoardMarks {
    char mark[BOARD_SIZE][BOARD_SIZE] = {};
    char& at(Square s) { return mark[rank_of(s)][file_of(s)]; }
    char at(Square s) const { return mark[rank_of(s)][file_of(s)]; }
    // "highlight" argument: rows from rank 12 down, digits for unmarked runs.
    std::string colour_fen() const;
};

// Destinations of the side to move's piece on from (empty marks for an empty square or an
// enemy piece). A square where a double move can continue is cyan; passes are not shown.
BoardMarks first_leg_marks(const Position& pos, Square from);
// After the first step from -> mid (a cyan square): where the move can end.
BoardMarks second_leg_marks(const Position& pos, Square from, Square mid);

}  // namespace shishi
