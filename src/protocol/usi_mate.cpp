// `go mate` as USI defines it: a tsume search on the engine's thread, answered by `checkmate`.
#include "shishi/protocol/usi_mate.hpp"

#include <chrono>
#include <optional>

#include "shishi/core/notation.hpp"
#include "shishi/core/text.hpp"

namespace shishi::usi {

GoMate parse_go_mate(const std::vector<std::string_view>& args) {
    GoMate go;
    if (args.size() < 2 || args[1] == "infinite") {
        if (args.size() < 2) go.notes.push_back("go mate: no time given; searching until found or stop");
    } else if (const std::optional<BoundedInteger> ms = read_integer(args[1], 1, int64_t(1) << 40, Sign::NONE)) {
        go.time_ms = ms->value;
    } else {
        go.notes.push_back("go mate: '" + std::string(args[1]) + "' is no time in ms; searching until found or stop");
    }
    for (size_t i = 2; i < args.size(); ++i)
        go.notes.push_back("go mate: '" + std::string(args[i]) + "' ignored");
    return go;
}

std::string format_checkmate(const mate::MateResult& r) {
    switch (r.status) {
        case mate::MateResult::MATE: {
            std::string line = "checkmate";
            for (Move m : r.line) {
                line += ' ';
                line += move_to_usi(m);
            }
            return line;
        }
        case mate::MateResult::NO_MATE: return "checkmate nomate";
        case mate::MateResult::UNKNOWN: break;
    }
    return "checkmate timeout";
}

void make_mate_job(Engine::Job& job, const GoMate& go, std::shared_ptr<mate::MateSolver> solver, LineOutput& out) {
    auto result = std::make_shared<mate::MateResult>();
    job.before_search = [solver, result, root = job.root, time_ms = go.time_ms](const std::atomic<bool>& stop,
                                                                                SearchResult&) {
        mate::MateLimits limits;
        limits.time = std::chrono::milliseconds(time_ms);
        limits.stop = &stop;
        *result = solver->solve(root, root.side_to_move(), limits);
        return true;
    };
    job.on_info = nullptr;
    job.on_answer = [result, &out, over = job.status.over()](const SearchResult&, const BestMove&) {
        if (over) {
            out.send("checkmate nomate");  // the game is over: nothing to mate
            return;
        }
        out.send("info string mate search: nodes " + std::to_string(result->nodes) + " time " +
                 std::to_string(result->time.count()) + " ms");
        out.send(format_checkmate(*result));
    };
}

}  // namespace shishi::usi
