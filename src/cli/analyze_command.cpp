// shishi analyze <record>: every position searched, the record annotated, a summary per side,
// optionally the annotated record and the evaluation graph written to files.

#include <chrono>
#include <cstdio>
#include <fstream>
#include <ostream>

#include "shishi/cli/eval_option.hpp"
#include "shishi/cli/interrupt.hpp"
#include "shishi/cli/options.hpp"
#include "shishi/cli/output_path.hpp"
#include "shishi/protocol/engine.hpp"
#include "shishi/platform/platform.hpp"
#include "shishi/tools/analysis.hpp"
#include "shishi/tools/eval_graph.hpp"

namespace shishi::cli {

namespace {

constexpr int DEFAULT_DEPTH = 8;

std::optional<double> seconds_value(const std::string& s) {
    try {
        size_t used = 0;
        const double v = std::stod(s, &used);
        if (used != s.size() || !(v > 0) || v > 3600) return std::nullopt;
        return v;
    } catch (...) {
        return std::nullopt;
    }
}

std::string duration_text(double seconds) {
    const long s = long(seconds + 0.5);
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%ldh%02ldm", s / 3600, s / 60 % 60);
    else
        std::snprintf(buf, sizeof buf, "%ldm%02lds", s / 60, s % 60);
    return buf;
}

}  // namespace

int analyze_command(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err) {
    ArgReader args(argv);
    auto from_format = format_option(args, "--from");
    auto time = args.string_option("--time");
    auto depth = args.int_option("--depth", 1, MAX_PLY - 1);
    auto nodes = args.int_option("--nodes", 1, 2000000000);
    // As many threads as the machine runs at once (USI's Threads has the same maximum).
    auto threads = args.int_option("--threads", 1, max_threads());
    auto hash = args.int_option("--hash", 1, 65536);
    auto game = args.int_option("--game", 1, 1000000);
    auto out_path = args.string_option("--out");
    auto svg_path = args.string_option("--svg");
    auto style = kif_style_option(args);
    // The engine's evaluation by default (the embedded net), so that the analysis judges the
    // moves as the engine plays them.
    const std::shared_ptr<const nnue::Network> net = eval_option(args, EvalDefault::NNUE);
    auto in = args.positional_string("record file");
    // The host a record comes from judges its moves: a KIF or USI list comes from lishogi, a PGN
    // from XBoard. --rules starts from those (a preset in it replaces them).
    const record::Format in_format = from_format ? *from_format
        : in                                     ? record::format_for_path(*in).value_or(record::Format::USI)
                                                 : record::Format::USI;
    const RuleSet* rules = args.rules_option(in_format == record::Format::PGN ? xboard_rules() : lishogi_rules());
    std::optional<double> seconds;
    if (time) {
        seconds = seconds_value(*time);
        if (!seconds)
            args.error("bad value '" + *time + "' for --time (seconds per position, more than 0, up to 3600)");
    }
    if (int(bool(time)) + int(bool(depth)) + int(bool(nodes)) > 1) args.error("give one of --time, --depth, --nodes");
    std::optional<record::Format> out_format;
    if (out_path && *out_path == "-") {
        // Standard output: the record in the format it came in; the summary goes to stderr.
        out_format = from_format ? from_format : in ? record::format_for_path(*in) : std::nullopt;
        if (!out_format) args.error("--out - writes the input's format: give it with --from");
    } else if (out_path) {
        out_format = record::format_for_path(*out_path);
        if (!out_format)
            args.error(*out_path + ": unknown record format (use .kif, .pgn or .usi)");
        else if (auto problem = output_path_problem(*out_path); !problem.empty())
            args.error(problem);
    }
    if (svg_path)
        if (auto problem = output_path_problem(*svg_path); !problem.empty()) args.error(problem);
    if (!args.finish(err) || !in || !rules) {
        err << "usage: shishi analyze <record.kif|.pgn|.usi> [--depth D | --nodes N | --time S] [--threads T]\n"
               "                      [--hash MB] [--out annotated.kif|.pgn|.usi] [--svg graph.svg] [--game N]\n"
               "                      [--from kif|pgn|usi] [--rules PRESET[,KEY=VALUE...]]\n"
               "                      [--kif-style lishogi-server|lishogi-client] [--eval hand|nnue]\n"
               "                      [--eval-file NET]\n";
        return 2;
    }
    auto rec = record::read_record_file(*in, from_format, game.value_or(0));
    if (!rec) {
        err << "error: " << rec.error << "\n";
        return 1;
    }

    SearchLimits limits;
    if (seconds)
        limits.movetime_ms = std::max<int64_t>(1, int64_t(*seconds * 1000));
    else if (nodes)
        limits.nodes = uint64_t(*nodes);
    else
        limits.depth = depth.value_or(DEFAULT_DEPTH);
    Searcher searcher(size_t(hash.value_or(64)));
    searcher.set_threads(threads.value_or(1));
    searcher.set_network(net);

    std::ostream& report = out_path && *out_path == "-" ? err : out;  // stdout holds the record alone
    report << "evaluation: " << nnue::evaluation_name(net.get()) << "\n";

    const bool terminal = platform::stderr_is_terminal();
    const auto t0 = std::chrono::steady_clock::now();
    int last_plain = -1;
    auto progress = [&](int done, int total) {
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const double eta = done > 0 ? elapsed / done * (total - done) : 0;
        if (terminal) {
            const int width = 30, filled = total ? done * width / total : width;
            err << "\r[" << std::string(size_t(filled), '#') << std::string(size_t(width - filled), '.') << "] " << done
                << "/" << total << " positions, " << duration_text(elapsed) << " elapsed, about " << duration_text(eta)
                << " left  " << std::flush;
            if (done == total) err << "\n";
        } else if (done == total || done * 10 / total != last_plain) {
            last_plain = done * 10 / total;
            err << "analysed " << done << "/" << total << " positions, about " << duration_text(eta) << " left\n";
        }
    };
    // Ctrl-C ends the analysis after the positions searched in full; what they give is kept.
    catch_stop_signals();
    record::Analysis analysis;
    {
        StopRelay relay([&] { searcher.stop(); });
        analysis = record::analyze_record(*rec, searcher, limits, *rules, progress, stop_requested);
    }
    const int total = int((*rec).plies.size()) + 1;
    const bool interrupted = int(analysis.positions.size()) < total;  // a stop after the end is no interruption
    if (interrupted) {
        if (terminal) err << "\n";
        report << "interrupted: " << analysis.positions.size() << " of " << total << " positions analysed, "
               << analysis.moves.size() << " of " << (*rec).plies.size() << " moves judged\n";
    }

    report << record::summary_text(*rec, analysis);
    if (out_path) {
        const record::Record annotated = record::annotate(*rec, analysis, *out_format);
        if (auto e = record::write_record_file(annotated, *out_path, *out_format, {style}); !e.empty()) {
            err << "error: " << e << "\n";
            return 1;
        }
        report << "annotated record: " << *out_path;
        if (interrupted)
            report << " (" << analysis.moves.size() << " of " << (*rec).plies.size() << " moves annotated)";
        report << "\n";
    }
    if (svg_path && !analysis.positions.empty()) {
        std::ofstream svg(platform::file_path(*svg_path), std::ios::binary);
        svg << record::eval_graph_svg(*rec, analysis);
        svg.close();
        if (!svg) {
            err << "error: " << *svg_path << ": cannot write\n";
            return 1;
        }
        report << "evaluation graph: " << *svg_path << "\n";
    }
    return interrupted ? 130 : 0;
}

}  // namespace shishi::cli
