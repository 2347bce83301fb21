// `shishi perft`, `shishi divide`, `shishi perftsuite`.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <ostream>

#include "shishi/cli/commands.hpp"
#include "shishi/cli/options.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/perft.hpp"
#include "shishi/platform/platform.hpp"

namespace shishi::cli {

int perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgReader a(args);
    auto depth = a.positional_int("depth", 1, 12);
    const RuleSet* rules = a.rules_option();
    auto pos = a.position_option(rules ? *rules : book_rules());
    if (!a.finish(err) || !depth || !pos || !rules) {
        err << "usage: shishi perft <depth> [--fen \"<XBoard FEN>\" | --sfen \"<SFEN>\"] [--rules "
               "PRESET[,KEY=VALUE...]]\n";
        return 2;
    }
    Position p = *pos;
    uint64_t nodes = 0;
    for (int d = 1; d <= *depth; ++d) {
        auto t0 = std::chrono::steady_clock::now();
        nodes = perft(p, d);
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        out << "perft " << d << " " << nodes << " time " << int64_t(secs * 1000) << " ms nps "
            << uint64_t(secs > 0 ? double(nodes) / secs : 0) << std::endl;
    }
    out << "nodes " << nodes << std::endl;
    return 0;
}

int divide_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgReader a(args);
    auto depth = a.positional_int("depth", 1, 12);
    const RuleSet* rules = a.rules_option();
    auto pos = a.position_option(rules ? *rules : book_rules());
    if (!a.finish(err) || !depth || !pos || !rules) {
        err << "usage: shishi divide <depth> [--fen \"<XBoard FEN>\" | --sfen \"<SFEN>\"] [--rules "
               "PRESET[,KEY=VALUE...]]\n";
        return 2;
    }
    Position p = *pos;
    uint64_t total = 0;
    size_t moves = 0;
    // Each row as soon as it is counted, flushed: Ctrl-C keeps the rows finished so far.
    divide(p, *depth, [&](const std::string& move, uint64_t count) {
        out << move << " " << count << std::endl;
        total += count;
        ++moves;
    });
    out << "moves " << moves << "\nnodes " << total << std::endl;
    return 0;
}

int perftsuite_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgReader a(args);
    auto file = a.positional_string("file");
    int max_depth = a.int_option("--max-depth", 1, 12).value_or(99);
    const RuleSet* rules = a.rules_option();
    if (!a.finish(err) || !file || !rules) {
        err << "usage: shishi perftsuite <file> [--max-depth N] [--rules PRESET[,KEY=VALUE...]]\n";
        return 2;
    }
    // A folder opens as a stream on some systems and reads as an empty suite.
    std::error_code ec;
    if (std::filesystem::is_directory(platform::file_path(*file), ec)) {
        err << "cannot open " << *file << ": is a folder\n";
        return 2;
    }
    std::ifstream in(platform::file_path(*file));
    if (!in) {
        err << "cannot open " << *file << "\n";
        return 2;
    }
    std::vector<std::string> errors;
    auto cases = parse_perft_suite(in, errors);
    out << std::unitbuf;  // every result line at once: Ctrl-C keeps the positions checked so far
    for (auto& e : errors)
        err << *file << ": " << e << "\n";
    // A suite with nothing to check checks nothing: not a success.
    if (cases.empty() && errors.empty()) {
        err << *file << ": no positions\n";
        return 1;
    }
    int mismatches = run_perft_suite(cases, max_depth, out, *rules);
    out << cases.size() << " positions, " << mismatches << " mismatches" << std::endl;
    return mismatches || !errors.empty() ? 1 : 0;
}

}  // namespace shishi::cli
