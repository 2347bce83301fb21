// USI's tsume search (Shogidokoro's specification): `go mate <ms | infinite>` answered by
// `checkmate <moves...>`, `checkmate nomate` or `checkmate timeout` (docs/mate.md). With the
// option Go_Mate_In_Moves on, `go mate N` keeps Fairy-Stockfish's reading instead (usi_go.hpp).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "shishi/mate/solver.hpp"
#include "shishi/protocol/engine.hpp"

namespace shishi::usi {

struct GoMate {
    int64_t time_ms = 0;  // 0: until found or `stop`
    std::vector<std::string> notes;
};

// `args` are the words after "go", starting with "mate".
GoMate parse_go_mate(const std::vector<std::string_view>& args);

// The answer line for a result.
std::string format_checkmate(const mate::MateResult& r);

// Makes `job` a tsume job: the solver (the session's, used on the search thread only) runs
// instead of the search, and the answer is `checkmate ...` with an `info string` of its nodes
// and time before it. `position_error`: no position to solve (answered `checkmate nomate`).
void make_mate_job(Engine::Job& job, const GoMate& go, std::shared_ptr<mate::MateSolver> solver, LineOutput& out);

}  // namespace shishi::usi
