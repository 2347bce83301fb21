// `shishi gensfen`: self-play training data for the learned evaluation (docs/nnue.md, "Data"),
// resumable and shardable; `shishi gensfen-merge`: shards joined and their games shuffled.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <random>

#include "shishi/cli/eval_option.hpp"
#include "shishi/cli/interrupt.hpp"
#include "shishi/cli/options.hpp"
#include "shishi/cli/output_path.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/splitmix.hpp"
#include "shishi/core/text.hpp"
#include "shishi/eval/nnue_network.hpp"
#include "shishi/platform/platform.hpp"
#include "shishi/protocol/echo_text.hpp"
#include "shishi/search/search.hpp"
#include "shishi/tools/selfplay_data.hpp"

namespace shishi::cli {

namespace fs = std::filesystem;

namespace {

const char* const GENSFEN_USAGE =
    "usage: shishi gensfen --out FILE [--games N] [--nodes N] [--depth N] [--seed S] [--shard I/N]\n"
    "                      [--random-plies N] [--openings FILE] [--max-plies N] [--adjudicate CP:PLIES]\n"
    "                      [--min-ply N] [--rules book|xboard|lishogi] [--hash MB] [--eval hand|nnue]\n"
    "                      [--eval-file NET]\n";

// "I/N" with 1 <= I <= N.
bool read_shard(const std::string& text, SelfplayOptions& o) {
    const std::optional<Slice> s = parse_slice(text);
    if (!s) return false;
    o.shard = s->index;
    o.shards = s->count;
    return true;
}

// Opening lines: XBoard moves from the start, one line each; '#' lines are comments. Every move
// is checked here, before any game is played.
bool read_openings(const std::string& file, const RuleSet& rules, SelfplayOptions& o, std::string& error) {
    std::ifstream in(platform::file_path(file));
    if (!in || fs::is_directory(platform::file_path(file))) {
        error = "cannot read openings file " + file;
        return false;
    }
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const auto words = split_words(line);
        if (words.empty() || words[0][0] == '#') continue;
        Position pos = Position::start();
        pos.set_rules(rules);
        std::vector<std::string> moves;
        for (std::string_view w : words) {
            auto m = parse_xboard_move(pos, w);
            if (!m) {
                error = file + ":" + std::to_string(number) + ": " + echo_text(w) + ": " + m.error;
                return false;
            }
            pos.make(*m);
            moves.emplace_back(w);
        }
        o.openings.push_back(std::move(moves));
    }
    if (o.openings.empty()) {
        error = "no opening lines in " + file;
        return false;
    }
    return true;
}

// The complete records already in `file` (a resume). A damaged record ends the good part; a
// record that is not game i of this run (other settings) is an error.
bool count_done(const std::string& file, const SelfplayOptions& o, int& done, std::streamoff& good_end,
                std::string& error) {
    done = 0;
    good_end = 0;
    std::ifstream in(platform::file_path(file), std::ios::binary);
    if (!in) return true;
    TrainingGame g;
    std::string damage;
    while (read_training_game(in, g, damage)) {
        const int index = o.game_index(done);
        if (index < 0 || g.seed != o.game_seed(index)) {
            error = file +
                " holds games of another run (other --seed, --shard, limits or openings); "
                "give another --out, or the settings it was made with";
            return false;
        }
        ++done;
        good_end = in.tellg();
    }
    return true;
}

}  // namespace

int gensfen_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgReader a(args);
    SelfplayOptions o;
    auto file = a.string_option("--out");
    o.games = a.int_option("--games", 1, 100'000'000).value_or(o.games);
    o.nodes = uint64_t(a.int_option("--nodes", 0, 1'000'000'000).value_or(int(o.nodes)));
    o.depth = a.int_option("--depth", 0, 60).value_or(0);
    o.seed = uint64_t(a.int_option("--seed", 0, 2'000'000'000).value_or(1));
    o.random_plies = a.int_option("--random-plies", 0, 200).value_or(o.random_plies);
    o.max_plies = a.int_option("--max-plies", 1, 60000).value_or(o.max_plies);
    o.min_ply = a.int_option("--min-ply", 0, 60000).value_or(o.min_ply);
    const int hash_mb = a.int_option("--hash", 1, 4096).value_or(16);
    if (auto s = a.string_option("--shard"); s && !read_shard(*s, o))
        a.error("bad --shard '" + echo_text(*s) + "' (want I/N with 1 <= I <= N, e.g. 2/4)");
    if (auto adj = a.string_option("--adjudicate")) {
        const size_t colon = adj->find(':');
        auto cp = colon == std::string::npos
            ? std::nullopt
            : parse_integer(std::string_view(*adj).substr(0, colon), 100, 30000, Sign::NONE);
        auto plies = colon == std::string::npos
            ? std::nullopt
            : parse_integer(std::string_view(*adj).substr(colon + 1), 0, 1000, Sign::NONE);
        if (!cp || !plies)
            a.error("bad --adjudicate '" + echo_text(*adj) + "' (want CP:PLIES, e.g. 3000:4)");
        else {
            o.adjudicate_cp = int(*cp);
            o.adjudicate_plies = int(*plies);
        }
    }
    const RuleSet* rules = a.rules_option();
    auto openings = a.string_option("--openings");
    // The evaluation that scores the games: the hand evaluation unless a net is asked for (the
    // embedded one, or --eval-file). It is part of the run's identity.
    const std::shared_ptr<const nnue::Network> net = eval_option(a, EvalDefault::HAND);
    if (!file) a.error("--out FILE is required");
    if (o.nodes == 0 && o.depth == 0) a.error("give a budget per move: --nodes N or --depth N");
    if (rules && rules != &preset_rules(rules->preset))
        a.error("--rules takes a preset only (book, xboard or lishogi): the record stores its name");
    if (file)
        if (auto problem = output_path_problem(*file); !problem.empty()) a.error(problem);
    if (!a.finish(err)) {
        err << GENSFEN_USAGE;
        return 2;
    }
    o.rules = rules->preset;
    o.evaluation = net ? net->hash() : 0;
    if (openings) {
        std::string error;
        if (!read_openings(*openings, *rules, o, error)) {
            err << "error: " << error << "\n";
            return 1;
        }
    }
    int done = 0;
    std::streamoff good_end = 0;
    std::string error;
    if (!count_done(*file, o, done, good_end, error)) {
        err << "error: " << error << "\n";
        return 1;
    }
    // A record cut short by an interrupted run is dropped; the complete ones are kept.
    const fs::path path = platform::file_path(*file);
    if (fs::exists(path) && std::streamoff(fs::file_size(path)) != good_end) {
        err << "note: dropping an incomplete record at the end of " << *file << "\n";
        fs::resize_file(path, uintmax_t(good_end));
    }
    const int total = o.shard_games();
    if (done > 0) err << "resuming " << *file << ": " << done << " of " << total << " games done\n";
    std::ofstream sink(path, std::ios::binary | std::ios::app);
    if (!sink) {
        err << "error: cannot write " << *file << "\n";
        return 1;
    }

    Searcher searcher{size_t(hash_mb)};
    searcher.set_network(net);
    catch_stop_signals();
    StopRelay relay([&] { searcher.stop(); });
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto last_report = start;
    long positions = 0, kept = 0;
    int played = 0;
    auto report = [&](const char* what) {
        const double s = std::chrono::duration<double>(Clock::now() - start).count();
        err << what << " games " << done << "/" << total << ", positions " << positions << " (kept " << kept << "), "
            << long(s > 0 ? double(positions) / s : 0) << " positions/s\n";
    };
    for (; done < total; ++done, ++played) {
        TrainingGame g;
        if (!play_training_game(searcher, o, o.game_index(done), g, stop_requested)) break;
        write_training_game(sink, g);
        sink.flush();
        if (!sink) {
            err << "error: cannot write " << *file << " (disk full?)\n";
            return 1;
        }
        positions += long(g.plies.size());
        for (const TrainingPly& p : g.plies)
            kept += p.keep;
        if (Clock::now() - last_report >= std::chrono::seconds(10)) {
            report("progress:");
            last_report = Clock::now();
        }
    }
    report(stop_requested() ? "stopped:" : "done:");
    out << done << " of " << total << " games in " << *file
        << (stop_requested() ? " (interrupted; rerun to resume)" : "") << "\n";
    return stop_requested() ? 130 : 0;
}

int gensfen_merge_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgReader a(args);
    auto target = a.string_option("--out");
    const uint64_t seed = uint64_t(a.int_option("--seed", 0, 2'000'000'000).value_or(1));
    std::vector<std::string> inputs;
    while (a.has_positional())
        inputs.push_back(*a.positional_string("input"));
    if (!target) a.error("--out FILE is required");
    if (inputs.empty()) a.error("no input files");
    if (target) {
        std::error_code ec;
        if (fs::exists(platform::file_path(*target), ec))
            a.error(*target + " exists: a merge never overwrites a file (give a new --out)");
        else if (auto problem = output_path_problem(*target); !problem.empty())
            a.error(problem);
    }
    if (!a.finish(err)) {
        err << "usage: shishi gensfen-merge --out FILE [--seed S] SHARD...\n";
        return 2;
    }
    std::vector<TrainingGame> games;
    for (const std::string& f : inputs) {
        std::ifstream in(platform::file_path(f), std::ios::binary);
        if (!in || fs::is_directory(platform::file_path(f))) {
            err << "error: cannot read " << f << "\n";
            return 1;
        }
        TrainingGame g;
        std::string damage;
        while (read_training_game(in, g, damage))
            games.push_back(g);
        if (!damage.empty()) {
            err << "error: " << f << ": " << damage << "\n";
            return 1;
        }
    }
    uint64_t state = seed;
    for (size_t i = games.size(); i > 1; --i)
        std::swap(games[i - 1], games[splitmix64(state) % i]);
    const std::string temp = *target + ".part";
    {
        std::ofstream sink(platform::file_path(temp), std::ios::binary | std::ios::trunc);
        for (const TrainingGame& g : games)
            write_training_game(sink, g);
        sink.flush();
        if (!sink) {
            err << "error: cannot write " << temp << "\n";
            fs::remove(platform::file_path(temp));
            return 1;
        }
    }
    fs::rename(platform::file_path(temp), platform::file_path(*target));
    long positions = 0;
    for (const TrainingGame& g : games)
        positions += long(g.plies.size());
    out << games.size() << " games, " << positions << " positions from " << inputs.size() << " files in " << *target
        << "\n";
    return 0;
}

}  // namespace shishi::cli
