#include "shishi/protocol/mate_probe.hpp"

#include "shishi/core/movegen.hpp"
#include "shishi/protocol/xboard_tsume.hpp"

namespace shishi {

bool run_mate_probe(mate::MateSolver& solver, const Position& root, const std::atomic<bool>& stop,
                    const std::function<void(const SearchInfo&)>& on_info, SearchResult& result) {
    mate::MateLimits limits;
    limits.nodes = MATE_PROBE_NODES;
    limits.stop = &stop;
    const mate::MateResult r = solver.solve(root, root.side_to_move(), limits);
    if (r.status != mate::MateResult::MATE || r.line.empty() || !is_legal(root, r.line[0])) return false;
    SearchInfo info;
    info.depth = int(r.line.size());
    info.seldepth = info.depth;
    info.score = tsume_score(int(r.line.size()));  // the royal capture two plies after the line
    info.nodes = r.nodes;
    info.time_ms = r.time.count();
    info.pv = r.line;
    if (on_info) on_info(info);
    result.best = r.line[0];
    result.ponder = r.line.size() > 1 ? r.line[1] : Move::none();
    result.score = info.score;
    result.depth = info.depth;
    result.nodes = r.nodes;
    return true;
}

}  // namespace shishi
