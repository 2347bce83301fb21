// Played games to labelled quiet positions for the tuner.
#include <optional>
#include <sstream>
#include <utility>

#include "shishi/core/attacks.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/tools/training_games.hpp"

namespace shishi {
namespace {

// The first player's score, or nothing for a game without a result.
std::optional<double> result_value(const std::string& r) {
    if (r == "1-0") return 1;
    if (r == "0-1") return 0;
    if (r == "1/2-1/2") return 0.5;
    return std::nullopt;
}

}  // namespace

int capture_search(Position& pos, int alpha, int beta, int depth_left) {
    const int stand = evaluate(pos);
    if (stand >= beta || depth_left == 0) return stand;
    if (stand > alpha) alpha = stand;
    MoveList list;
    generate_captures(pos, list);
    // Most valuable victim first, so the cut-offs come early (Chu positions have many captures).
    int gain[MoveList::CAPACITY];
    for (int i = 0; i < list.size(); ++i) {
        const Move m = list[i];
        gain[i] = piece_value(kind_of(pos.piece_on(m.to()))) +
            (m.is_double() ? piece_value(kind_of(pos.piece_on(m.mid()))) : 0);
    }
    for (int i = 0; i < list.size(); ++i) {
        int best = i;
        for (int j = i + 1; j < list.size(); ++j)
            if (gain[j] > gain[best]) best = j;
        std::swap(list[i], list[best]);
        std::swap(gain[i], gain[best]);
        const Move m = list[i];
        pos.make(m);
        // Taking the last royal ends the game: no need to look further.
        const int score =
            pos.royal_count(pos.side_to_move()) == 0 ? 100000 : -capture_search(pos, -beta, -alpha, depth_left - 1);
        pos.unmake();
        if (score >= beta) return score;
        if (score > alpha) alpha = score;
    }
    return alpha;
}

std::vector<std::string> quiet_training_lines(const record::Record& game, const ExtractOptions& opt) {
    std::vector<std::string> lines;
    const std::optional<double> result = result_value(game.result);
    if (!result) return lines;
    Position pos = game.start;
    std::ostringstream label;
    label << *result;
    bool last_was_capture = false;
    for (size_t ply = 0; ply < game.plies.size() && int(ply) < opt.max_plies; ++ply) {
        if (int(ply) >= opt.skip_plies && !last_was_capture && !in_check(pos, WHITE) && !in_check(pos, BLACK)) {
            const int stand = evaluate(pos);
            if (capture_search(pos, -100000, 100000, 4) == stand)
                lines.push_back(to_xboard_fen(pos) + " | " + label.str());
        }
        const Move m = game.plies[ply].move;
        last_was_capture = pos.is_capture(m);
        pos.make(m);
    }
    return lines;
}

}  // namespace shishi
