// `shishi mate`: the mate solver on one position, a file of SFENs, or a problem suite
// (docs/mate.md). Everything is read and checked before the first problem is searched; each
// result is printed as it is found, and Ctrl-C stops after the problem in hand (which is
// reported as unsolved) with the total of what was done.
#include <algorithm>
#include <atomic>
#include <fstream>
#include <ostream>
#include <sstream>

#include "shishi/cli/commands.hpp"
#include "shishi/cli/interrupt.hpp"
#include "shishi/cli/options.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/text_compare.hpp"
#include "shishi/mate/solver.hpp"
#include "shishi/mate/suite.hpp"
#include "shishi/platform/platform.hpp"

namespace shishi::cli {
namespace {

constexpr const char* MATE_USAGE =
    "usage: shishi mate [--sfen S | --fen F | --file FILE | --suite FILE] [--side sente|gote]\n"
    "                   [--rules R] [--nodes N] [--hash MB] [--max-plies N]\n";

std::optional<Color> side_option(ArgReader& a) {
    auto text = a.string_option("--side");
    if (!text) return std::nullopt;
    if (same_text(*text, "sente") || same_text(*text, "black") || same_text(*text, "first")) return WHITE;
    if (same_text(*text, "gote") || same_text(*text, "white") || same_text(*text, "second")) return BLACK;
    a.error("bad --side '" + *text + "' (sente or gote)");
    return std::nullopt;
}

std::string line_text(const std::vector<Move>& line) {
    std::string s;
    for (Move m : line)
        s += (s.empty() ? "" : " ") + move_to_usi(m);
    return s;
}

}  // namespace

int mate_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgReader a(args);
    auto suite_file = a.string_option("--suite");
    auto sfen_file = a.string_option("--file");
    const bool single = std::find(args.begin(), args.end(), "--sfen") != args.end() ||
        std::find(args.begin(), args.end(), "--fen") != args.end();
    const int sources = int(bool(suite_file)) + int(bool(sfen_file)) + int(single);
    if (sources != 1) a.error("give one of --sfen, --fen, --file, --suite");
    const std::optional<Color> side = side_option(a);
    if (side && suite_file)
        a.error("--side is for --sfen, --fen and --file: a suite's problems are mated by the side to move");
    const int64_t nodes = a.int_option("--nodes", 1, INT32_MAX).value_or(5'000'000);
    const int hash = a.int_option("--hash", 1, 4096).value_or(64);
    const int max_plies = a.int_option("--max-plies", 1, mate::MAX_MATE_PLIES).value_or(mate::MAX_MATE_PLIES);
    const RuleSet* rules = a.rules_option();
    if (rules && suite_file && *rules != book_rules())
        a.error("--rules is for --sfen, --fen and --file: a suite names its rules per line");
    std::optional<Position> one;
    if (single && rules) one = a.position_option(*rules);

    // Every problem read before any is searched.
    std::vector<mate::MateProblem> problems;
    std::vector<std::string> errors;
    if (suite_file || sfen_file) {
        const std::string& name = suite_file ? *suite_file : *sfen_file;
        std::ifstream in(platform::file_path(name));
        if (!in) {
            a.error("cannot open " + name);
        } else if (suite_file) {
            problems = mate::parse_mate_suite(in, errors);
        } else if (rules) {
            std::string text;
            int number = 0;
            while (std::getline(in, text)) {
                ++number;
                if (!text.empty() && text.back() == '\r') text.pop_back();
                if (text.empty() || text[0] == '#') continue;
                auto pos = parse_sfen(text, *rules);
                if (!pos) {
                    errors.push_back("line " + std::to_string(number) + ": bad SFEN: " + pos.error);
                    continue;
                }
                mate::MateProblem p;
                p.id = "line" + std::to_string(number);
                p.position = *pos;
                p.line_number = number;
                problems.push_back(std::move(p));
            }
        }
        for (const std::string& e : errors)
            a.error(name + ": " + e);
        if (in && errors.empty() && problems.empty()) a.error(name + ": no positions");
    } else if (one) {
        mate::MateProblem p;
        p.id = "position";
        p.position = *one;
        problems.push_back(std::move(p));
    }
    if (!a.finish(err) || !rules || (single && !one)) {
        err << MATE_USAGE;
        return 2;
    }

    catch_stop_signals();
    std::atomic<bool> stop{false};
    StopRelay relay([&] { stop = true; });
    mate::MateSolver solver{std::size_t(hash)};
    int counted = 0, solved = 0, as_expected = 0, done = 0;
    uint64_t total_nodes = 0;
    int64_t total_ms = 0;
    out << std::unitbuf;
    for (const mate::MateProblem& p : problems) {
        if (stop_requested()) break;
        mate::MateLimits limits;
        limits.nodes = uint64_t(nodes);
        limits.stop = &stop;
        limits.max_plies = max_plies;
        const Color attacker = side.value_or(p.position.side_to_move());
        const mate::MateResult r = solver.solve(p.position, attacker, limits);
        ++done;
        total_nodes += r.nodes;
        total_ms += r.time.count();
        std::ostringstream row;
        row << p.id << "\t";
        if (r.status == mate::MateResult::MATE)
            row << "mate in " << r.length << "\t" << line_text(r.line) << "\t" << (r.exact ? "exact" : "upper bound");
        else
            row << (r.status == mate::MateResult::NO_MATE ? "nomate" : "unknown") << "\t-";
        bool ok = true;
        if (suite_file) {
            if (p.expect == mate::MateProblem::MATE)
                ok = r.status == mate::MateResult::MATE &&
                    (p.first.empty() ||
                     (!r.line.empty() && std::find(p.first.begin(), p.first.end(), r.line[0]) != p.first.end()));
            else if (p.expect == mate::MateProblem::NO_MATE)
                ok = r.status == mate::MateResult::NO_MATE;
            row << "\texpected " << mate::expect_name(p.expect) << (p.first.empty() ? "" : " " + p.first_text)
                << (p.expect == mate::MateProblem::UNSOUND ? " (not counted)"
                        : ok                               ? " ok"
                                                           : " FAILED");
            if (p.expect != mate::MateProblem::UNSOUND) {
                ++counted;
                if (ok) ++as_expected;
            }
        }
        if (r.status == mate::MateResult::MATE) ++solved;
        row << "\tnodes " << r.nodes << "\ttime " << r.time.count() << " ms";
        out << row.str() << "\n";
    }
    out << "total: " << done << " of " << problems.size() << " positions, " << solved << " mates found";
    if (suite_file) out << ", " << as_expected << " of " << counted << " as expected";
    out << ", nodes " << total_nodes << ", time " << total_ms << " ms\n";
    if (done < int(problems.size())) return 130;
    return suite_file && as_expected < counted ? 1 : 0;
}

}  // namespace shishi::cli
