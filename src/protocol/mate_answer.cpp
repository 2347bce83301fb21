#include "shishi/protocol/mate_answer.hpp"

namespace shishi {

int tsume_score(int plies) { return SCORE_MATE - (plies + 1); }

SearchInfo mate_answer(const mate::MateResult& r, SearchResult& result) {
    SearchInfo info;
    info.depth = int(r.line.size());
    info.seldepth = info.depth;
    info.score = tsume_score(int(r.line.size()));
    info.nodes = r.nodes;
    info.time_ms = r.time.count();
    info.pv = r.line;
    result.best = r.line[0];
    result.ponder = r.line.size() > 1 ? r.line[1] : Move::none();
    result.score = info.score;
    result.depth = info.depth;
    result.nodes = r.nodes;
    return info;
}

}  // namespace shishi
