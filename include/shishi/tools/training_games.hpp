// Training positions from played games: a small PGN reader (moves in any PGN form, as
// shishi-match writes them) and the choice of quiet positions labelled with the game's result.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "shishi/core/position.hpp"

namespace shishi {

struct PgnGame {
    std::string fen;                 // the FEN tag, empty for the start position
    std::vector<std::string> moves;  // XBoard move text
    double result = -1;              // first player's score; -1 when the game has no result
};

// Reads every game of a PGN file; comments, move numbers and NAGs are skipped.
std::vector<PgnGame> read_pgn_games(std::istream& in);

struct ExtractOptions {
    int skip_plies = 16;     // the opening line and random plies are nobody's choice
    int max_plies = 400;
};

// Replays the game and returns "<XBoard FEN> | <result>" lines of its quiet positions: no royal
// in check, the last move not a capture, and a capture search from the position agreeing with
// the static evaluation (nothing hangs). Stops at the first move that does not parse.
std::vector<std::string> quiet_training_lines(const PgnGame& game, const ExtractOptions& opt);

// The capture-only search (stand pat, captures, alpha-beta) used by the quiet test; side to
// move's view.
int capture_search(Position& pos, int alpha, int beta, int depth_left);

}  // namespace shishi
