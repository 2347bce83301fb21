// `shishi bench [depth]`: fixed-depth search benchmark over built-in positions.
#include <ostream>

#include "shishi/cli/options.hpp"
#include "shishi/search/search.hpp"

namespace shishi::cli {

constexpr int DEFAULT_BENCH_DEPTH = 7;

int bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgReader a(args);
    std::optional<int> depth = DEFAULT_BENCH_DEPTH;
    if (args.size() > 1) depth = a.positional_int("depth", 1, 30);
    if (!a.finish(err) || !depth) {
        err << "usage: shishi bench [depth]   (depth 1-30, default " << DEFAULT_BENCH_DEPTH << ")\n";
        return 2;
    }
    run_bench(*depth, out);
    return 0;
}

}  // namespace shishi::cli
