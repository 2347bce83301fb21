#include "shishi/protocol/xboard_tsume.hpp"

#include <algorithm>
#include <chrono>

#include "shishi/protocol/mate_answer.hpp"
#include "shishi/protocol/xboard_thinking.hpp"

namespace shishi {
namespace {

constexpr int64_t NO_CLOCK_TSUME_MS = 5000;

}  // namespace

std::optional<Color> tsume_side(const std::string& option_value) {
    if (option_value == "Sente mates") return WHITE;
    if (option_value == "Gote mates") return BLACK;
    return std::nullopt;
}

int64_t tsume_time_ms(const SearchLimits& limits) {
    if (limits.infinite) return 0;
    if (limits.movetime_ms > 0) return std::max<int64_t>(1, limits.movetime_ms / 2);
    if (limits.time_left_ms >= 0) return std::max<int64_t>(1, limits.time_left_ms / 30 + limits.increment_ms / 2);
    return NO_CLOCK_TSUME_MS;
}

void add_tsume_step(Engine::Job& job, const std::string& option_value, std::shared_ptr<mate::MateSolver> solver,
                    std::function<void(const std::string&)> think) {
    const std::optional<Color> side = tsume_side(option_value);
    if (!side || *side != job.root.side_to_move()) return;
    job.before_search = [solver, think, root = job.root, time_ms = tsume_time_ms(job.limits)](
                            const std::atomic<bool>& stop, SearchResult& result) {
        mate::MateLimits limits;
        limits.time = std::chrono::milliseconds(time_ms);
        limits.stop = &stop;
        const mate::MateResult r = solver->solve(root, root.side_to_move(), limits);
        if (r.status != mate::MateResult::MATE || r.line.empty()) {
            think("0 0 " + std::to_string(r.time.count() / 10) + " " + std::to_string(r.nodes) +
                  (r.status == mate::MateResult::NO_MATE ? " no mate found (no forced mate)"
                                                         : " no mate found (search stopped)"));
            return false;
        }
        think(xboard_thinking_line(mate_answer(r, result)));
        return true;
    };
}

}  // namespace shishi
