// `shishi tune-data`: quiet labelled positions from a PGN file of games.
// `shishi tune`: Texel-style tuning of the evaluation weights on such a file.
#include <filesystem>
#include <fstream>
#include <ostream>

#include "shishi/cli/interrupt.hpp"
#include "shishi/cli/options.hpp"
#include "shishi/cli/output_path.hpp"
#include "shishi/platform/platform.hpp"
#include "shishi/tools/tuning.hpp"
#include "shishi/tools/training_games.hpp"

namespace shishi::cli {
namespace {

bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    return std::filesystem::equivalent(platform::file_path(a), platform::file_path(b), ec);
}

}  // namespace

int tune_data_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgReader a(args);
    ExtractOptions opt;
    const int every = a.int_option("--every", 1, 1000).value_or(1);
    opt.skip_plies = a.int_option("--skip-plies", 0, 1000).value_or(opt.skip_plies);
    auto pgn = a.positional_string("PGN file");
    auto target = a.positional_string("output file");
    if (target)
        if (auto problem = output_path_problem(*target); !problem.empty()) a.error(problem);
    if (pgn && target && same_file(*pgn, *target)) a.error(*target + ": is the input file");
    if (!a.finish(err) || !pgn || !target) {
        err << "usage: shishi tune-data <pgn> <out> [--every N] [--skip-plies N]\n";
        return 2;
    }
    // Every game through the record reader, before anything is written: a game it cannot read
    // fails the command, as `convert` refuses the file.
    const auto games = record::read_all_records_file(*pgn, record::format_for_path(*pgn).value_or(record::Format::PGN));
    if (!games) {
        err << "error: " << games.error << "\n";
        return 1;
    }
    std::ofstream file(platform::file_path(*target));
    if (!file) {
        err << "cannot write " << *target << "\n";
        return 1;
    }
    file << "# quiet positions from " << games.value->size() << " games: <XBoard FEN> | <first player's result>\n";
    long kept = 0, seen = 0;
    for (const record::Record& g : *games)
        for (const std::string& line : quiet_training_lines(g, opt))
            if (seen++ % every == 0) {
                file << line << "\n";
                ++kept;
            }
    out << games.value->size() << " games, " << seen << " quiet positions, " << kept << " written to " << *target
        << "\n";
    return 0;
}

int tune_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgReader a(args);
    auto save = a.string_option("--out");
    const int holdout = a.int_option("--holdout", 0, 50).value_or(10);
    auto data_file = a.positional_string("data file");
    int passes = 20;
    if (a.has_positional()) passes = a.positional_int("iterations", 1, 10000).value_or(0);
    if (save)
        if (auto problem = output_path_problem(*save); !problem.empty()) a.error(problem);
    if (!a.finish(err) || !data_file || passes == 0) {
        err << "usage: shishi tune <data file> [iterations] [--out FILE] [--holdout PERCENT]\n";
        return 2;
    }
    std::ifstream in(platform::file_path(*data_file));
    if (!in) {
        err << "cannot read " << *data_file << "\n";
        return 1;
    }
    TuningData data = read_tuning_data(in, err);
    if (data.samples.empty()) {
        err << "no positions in " << *data_file << "\n";
        return 1;
    }
    // The file lists games one after another: the last positions are held out whole games
    // (nearly), so the held-out error shows whether the weights fit the games or the players.
    const size_t split = data.samples.size() - data.samples.size() * size_t(holdout) / 100;
    std::vector<TuningSample> train(data.samples.begin(), data.samples.begin() + long(split));
    std::vector<TuningSample> validation(data.samples.begin() + long(split), data.samples.end());
    const double k = fit_scale(train);
    out << train.size() << " training and " << validation.size() << " held-out positions (" << data.rejected
        << " lines rejected); scale K = " << k << " cp\n";
    const EvalParams before = eval_params();
    // Ctrl-C drops the pass under way; the weights of the passes before are reported and saved.
    catch_stop_signals();
    const EvalParams tuned = tune_weights(train, validation, k, passes, out, stop_requested);
    out << "changed weights (name: before -> after):\n";
    for (int i = 0; i < EVAL_PARAM_NB; ++i)
        if (tuned[i] != before[i])
            out << "  " << EVAL_PARAM_INFO[i].name << ": " << before[i] << " -> " << tuned[i] << "\n";
    if (save) {
        std::ofstream file(platform::file_path(*save));
        if (!file) {
            err << "cannot write " << *save << "\n";
            return 1;
        }
        write_eval_params(file, tuned);
        out << "weights written to " << *save << "\n";
    }
    return stop_requested() ? 130 : 0;
}

}  // namespace shishi::cli
