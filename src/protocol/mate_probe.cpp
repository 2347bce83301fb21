#include "shishi/protocol/mate_probe.hpp"

#include "shishi/core/movegen.hpp"
#include "shishi/protocol/mate_answer.hpp"

namespace shishi {

bool run_mate_probe(mate::MateSolver& solver, const Position& root, const std::atomic<bool>& stop,
                    const std::function<void(const SearchInfo&)>& on_info, SearchResult& result) {
    mate::MateLimits limits;
    limits.nodes = MATE_PROBE_NODES;
    limits.stop = &stop;
    const mate::MateResult r = solver.solve(root, root.side_to_move(), limits);
    if (r.status != mate::MateResult::MATE || r.line.empty() || !is_legal(root, r.line[0])) return false;
    const SearchInfo info = mate_answer(r, result);
    if (on_info) on_info(info);
    return true;
}

}  // namespace shishi
