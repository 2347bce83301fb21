// A mate the solver proved, turned into the search's answer and score. Its own file because two
// callers share it, XBoard's Tsume step (xboard_tsume) and the mate probe (mate_probe), so both
// report a mate the same way.
#pragma once

#include "shishi/mate/solver.hpp"
#include "shishi/search/search_limits.hpp"

namespace shishi {

// The mate score of a mate whose line has `plies` moves: the royal capture comes two plies after
// its last move, so the score is that of a win with the capture at ply plies + 2.
int tsume_score(int plies);

// A proven mate (r.line not empty) as the search's answer: fills result with the line's first move
// (and the reply as the ponder move) and returns the line as the PV with its mate score.
SearchInfo mate_answer(const mate::MateResult& r, SearchResult& result);

}  // namespace shishi
