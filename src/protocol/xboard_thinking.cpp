#include "shishi/protocol/xboard_thinking.hpp"

#include "shishi/core/notation.hpp"

namespace shishi {

int xboard_score(int score) {
    // A line ending in a repetition: the rule's verdict, not an evaluation; XBoard users read
    // a score as the position's worth, and -200.00 looked like a lost game.
    if (score == SCORE_REPETITION || score == -SCORE_REPETITION) return 0;
    if (!is_mate_score(score)) return score;
    int n = mate_in_moves(score);
    return n >= 0 ? 100000 + n : -100000 + n;
}

std::string xboard_thinking_line(const SearchInfo& info) {
    std::string line = std::to_string(info.depth) + ' ' + std::to_string(xboard_score(info.score)) + ' ' +
        std::to_string(info.time_ms / 10) + ' ' + std::to_string(info.nodes);
    for (Move m : info.pv)
        line += ' ' + move_to_xboard(m);
    return line;
}

}  // namespace shishi
