// `info` and `bestmove` text. Moves are checked against the legal move list before they are
// written, so a damaged principal variation or a stale ponder move never reaches the host.
#include "shishi/protocol/usi_info.hpp"

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/eval/eval.hpp"

namespace shishi::usi {

std::string format_score(int score) {
    if (!is_mate_score(score)) return "cp " + std::to_string(score);
    // USI counts mate distance in plies, the searcher's mate scores are SCORE_MATE minus the
    // ply of the royal capture (0 = the capture is the move at the root).
    int plies = SCORE_MATE - (score > 0 ? score : -score) + 1;
    return "mate " + std::to_string(score > 0 ? plies : -plies);
}

std::string format_info(const SearchInfo& info, const Position& root, bool multipv) {
    int64_t ms = info.time_ms > 0 ? info.time_ms : 0;
    uint64_t nps = ms > 0 ? info.nodes * 1000 / uint64_t(ms) : 0;  // unknown below 1 ms
    std::string s = "info depth " + std::to_string(info.depth) + " seldepth " +
        std::to_string(info.seldepth > info.depth ? info.seldepth : info.depth) +
        (multipv ? " multipv " + std::to_string(info.multipv) : std::string()) + " score " + format_score(info.score) +
        " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(nps) + " time " + std::to_string(ms) +
        " hashfull " + std::to_string(info.hashfull);
    Position pos = root;
    std::string pv;
    for (Move pv_move : info.pv) {
        Move m = as_generated(pos, pv_move);
        if (m.is_none()) break;
        pv += ' ';
        pv += move_to_usi(m);
        pos.make(m);
    }
    if (!pv.empty()) s += " pv" + pv;
    return s;
}

std::string format_depth0_info(const Position& root, const GameStatus& status, Move best, bool multipv) {
    std::string s = std::string("info depth 0") + (multipv ? " multipv 1" : "") + " score ";
    const Move m = as_generated(root, best);
    if (m.is_none()) return s + (status.outcome == Outcome::DRAW ? "cp 0" : "mate 0");
    Position pos = root;
    prepare_evaluation(pos);
    return s + "cp " + std::to_string(evaluate(pos)) + " pv " + move_to_usi(m);
}

std::string format_bestmove(const BestMove& bm) {
    if (bm.best.is_none()) return "bestmove resign";
    std::string s = "bestmove " + move_to_usi(bm.best);
    if (!bm.ponder.is_none()) s += " ponder " + move_to_usi(bm.ponder);
    return s;
}

}  // namespace shishi::usi
