// Training positions from played games (read by the record reader, src/record, so a game it
// cannot read fails the tool rather than giving part of it): the choice of quiet positions,
// labelled with the game's result.
#pragma once

#include <string>
#include <vector>

#include "shishi/core/position.hpp"
#include "shishi/record/record.hpp"

namespace shishi {

struct ExtractOptions {
    int skip_plies = 16;  // the opening line and random plies are nobody's choice
    int max_plies = 400;
};

// Replays the game and returns "<XBoard FEN> | <first player's result>" lines of its quiet
// positions: no royal in check, the last move not a capture, and a capture search from the
// position agreeing with the static evaluation (nothing hangs). None for a game without result.
std::vector<std::string> quiet_training_lines(const record::Record& game, const ExtractOptions& opt);

// The capture-only search (stand pat, captures, alpha-beta) used by the quiet test; side to
// move's view.
int capture_search(Position& pos, int alpha, int beta, int depth_left);

}  // namespace shishi
