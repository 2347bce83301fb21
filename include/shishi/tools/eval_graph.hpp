// The picture of a game: an SVG evaluation graph over the moves, drawn by Shishi itself.
// The first player's advantage is the light area above the middle line, the second player's
// the dark area below (clamped at +-GRAPH_RANGE centipawns); inaccuracies, mistakes and
// blunders are marked with circles (with a tooltip naming the move); the x axis carries the
// move numbers.
#pragma once

#include <string>

#include "shishi/tools/analysis.hpp"

namespace shishi::record {

constexpr int GRAPH_RANGE = SCORE_CLAMP;  // +-10 pawns fill the graph's height

std::string eval_graph_svg(const Record& record, const Analysis& analysis);

}  // namespace shishi::record
