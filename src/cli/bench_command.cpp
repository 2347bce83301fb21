// `shishi bench [depth] [threads]`: fixed-depth search benchmark over built-in positions, and
// `shishi benchpositions`: those positions as moves.
#include <ostream>

#include "shishi/cli/options.hpp"
#include "shishi/tools/bench.hpp"

namespace shishi::cli {

constexpr int DEFAULT_BENCH_DEPTH = 7;
constexpr int MAX_BENCH_THREADS = 64;

int bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgReader a(args);
    std::optional<int> depth = DEFAULT_BENCH_DEPTH;
    std::optional<int> threads = 1;
    // Both are optional: read only when given (anything else left over is reported by finish).
    if (a.has_positional()) depth = a.positional_int("depth", 1, 30);
    if (a.has_positional()) threads = a.positional_int("threads", 1, MAX_BENCH_THREADS);
    // The evaluation: hand or nnue (Use_NNUE off or on); by default the engine's.
    std::string use_nnue;
    bool eval_ok = true;
    if (a.has_positional()) {
        const std::optional<std::string> e = a.positional_string("evaluation");
        use_nnue = e == "hand" ? "false" : e == "nnue" ? "true" : "";
        eval_ok = !use_nnue.empty();
    }
    if (!a.finish(err) || !depth || !threads || !eval_ok) {
        err << "usage: shishi bench [depth] [threads] [hand|nnue]   (depth 1-30, default " << DEFAULT_BENCH_DEPTH
            << "; threads 1-" << MAX_BENCH_THREADS << ", default 1; the evaluation, default the engine's)\n";
        return 2;
    }
    run_bench(*depth, out, *threads, use_nnue);
    return 0;
}

// One line per bench position: its XBoard moves from the start (an empty line is the start
// itself), for scripts that set other engines up in the same positions.
int benchpositions_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.size() > 1) {
        err << "usage: shishi benchpositions\n";
        return 2;
    }
    for (const std::string& moves : bench_move_lists())
        out << moves << "\n";
    return 0;
}

}  // namespace shishi::cli
