#include "shishi/match/merge.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "shishi/cli/output_path.hpp"
#include "shishi/core/text.hpp"
#include "shishi/match/file_identity.hpp"
#include "shishi/match/runner_pgn_reader.hpp"
#include "shishi/match/report.hpp"
#include "shishi/platform/platform.hpp"

namespace shishi::match {
namespace {

bool read_text(const std::string& path, std::string& text) {
    std::ifstream in(platform::file_path(path));
    if (!in) return false;
    std::stringstream s;
    s << in.rdbuf();
    text = s.str();
    return true;
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The PGN shards' games, in round order, as one file.
int merge_pgn(const std::string& out_path, const std::vector<std::string>& inputs, std::ostream& out,
              std::ostream& err) {
    std::map<long, std::string> games;  // round -> the game's text
    for (const std::string& path : inputs) {
        std::string text;
        if (!read_text(path, text)) {
            err << "shishi-match merge: cannot read '" << path << "'\n";
            return 1;
        }
        for (const PgnGameSummary& g : read_pgn_games(text).games) {
            if (!g.error.empty()) {
                err << "shishi-match merge: a game of '" << path << "' cannot be read: " << g.error << "\n";
                return 1;
            }
            const std::string& round_text = g.tag("Round");
            const std::optional<int64_t> number = parse_integer(round_text, 1, INT64_MAX, Sign::NONE);
            const long round = long(number.value_or(0));
            if (!number) {
                err << "shishi-match merge: '" << path << "' holds a game with Round \"" << round_text
                    << "\", not a game of a shishi-match run\n";
                return 1;
            }
            if (!games.emplace(round, text.substr(g.begin, g.end - g.begin)).second) {
                err << "shishi-match merge: game " << round << " comes twice (in '" << path
                    << "' and an earlier file): shards of one run never share a game\n";
                return 1;
            }
        }
    }
    std::string all;
    for (const auto& [round, text] : games)
        all += text;
    if (!write_file_atomically(out_path, all)) {
        err << "shishi-match merge: cannot write '" << out_path << "'\n";
        return 1;
    }
    out << "Merged " << games.size() << " game(s) from " << inputs.size() << " file(s) into " << out_path << "\n";
    return 0;
}

}  // namespace

std::optional<MergedRun> merge_results(const std::vector<ResultsFile>& files, std::string& error) {
    if (files.empty()) {
        error = "no results files";
        return std::nullopt;
    }
    MergedRun m{files.front().run, {}, "complete"};
    std::set<int> rounds, shards;
    const int count = files.front().shard.count;
    for (size_t k = 0; k < files.size(); ++k) {
        const ResultsFile& f = files[k];
        if (!same_run(f.run, m.run)) {
            error = "file " + std::to_string(k + 1) +
                " is not of the same run as the first (engines, limits, games, "
                "tournament, event or SPRT differ)";
            return std::nullopt;
        }
        if (f.shard.count != count || !shards.insert(f.shard.index).second) {
            error = "file " + std::to_string(k + 1) + " is shard " + std::to_string(f.shard.index) + "/" +
                std::to_string(f.shard.count) + ": another file is that shard, or the shard counts differ";
            return std::nullopt;
        }
        if (f.state != "complete" && f.state != "sprt") m.state = "partial";
        for (const GameSummary& g : f.games) {
            if (!rounds.insert(g.round).second) {
                error = "game " + std::to_string(g.round) + " comes twice";
                return std::nullopt;
            }
            m.games.push_back(g);
        }
    }
    if (int(shards.size()) != count) m.state = "partial";
    std::sort(m.games.begin(), m.games.end(), [](const auto& a, const auto& b) { return a.round < b.round; });
    // Every game must fit the run's schedule: its slot's players.
    const Schedule schedule(make_pairings(int(m.run.engines.size()), m.run.tournament), m.run.games_per_pairing,
                            m.run.colours);
    for (const GameSummary& g : m.games) {
        if (g.round < 1 || g.round > schedule.total()) {
            error = "game " + std::to_string(g.round) + " is not in the run's schedule";
            return std::nullopt;
        }
        const GameSlot slot = schedule.slot(g.round - 1);
        if (slot.white != g.white || slot.black != g.black) {
            error = "game " + std::to_string(g.round) + " has other players than the run's schedule gives it";
            return std::nullopt;
        }
    }
    return m;
}

std::string report_merged(const MergedRun& m, std::ostream& out) {
    const Schedule schedule(make_pairings(int(m.run.engines.size()), m.run.tournament), m.run.games_per_pairing,
                            m.run.colours);
    std::vector<std::string> names;
    for (const EngineEntry& e : m.run.engines)
        names.push_back(e.name);
    Tally tally(int(names.size()), schedule, m.run.sprt);
    for (const GameSummary& g : m.games)
        tally.add(g);
    final_report(out, tally, ReportContext{names, schedule, m.run.sprt, schedule.total()}, false);
    return results_json(m.run, schedule, Shard{}, tally, m.state);
}

int merge_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    // `merge -o OUT IN...`, or the older `merge OUT IN...` while OUT does not exist yet: a user
    // who leaves the output out must not lose the first shard to it.
    const bool named = !args.empty() && (args[0] == "-o" || args[0] == "--output");
    const size_t first_input = named ? 2 : 1;
    if (args.size() < first_input + 1) {
        err << "usage: shishi-match merge -o OUT.json SHARD.json...   (the report, and the merged results)\n"
               "       shishi-match merge -o OUT.pgn SHARD.pgn...     (every game, in round order)\n";
        return 2;
    }
    const std::string& out_path = args[first_input - 1];
    const std::vector<std::string> inputs(args.begin() + long(first_input), args.end());
    std::error_code ec;
    if (!named && std::filesystem::exists(platform::file_path(out_path), ec)) {
        err << "shishi-match merge: '" << out_path << "' exists and would be overwritten as the output; name the "
            << "output with -o (shishi-match merge -o OUT " << out_path << " ...)\n";
        return 2;
    }
    if (std::string problem = cli::output_path_problem(out_path); !problem.empty()) {
        err << "shishi-match merge: " << problem << "\n";
        return 1;
    }
    for (const std::string& in : inputs)
        if (same_file(in, out_path)) {
            err << "shishi-match merge: '" << out_path << "' is both the output and an input ('" << in << "')\n";
            return 1;
        }
    if (ends_with(out_path, ".pgn")) return merge_pgn(out_path, inputs, out, err);
    if (!ends_with(out_path, ".json")) {
        err << "shishi-match merge: the output must be a .json or a .pgn file, not '" << out_path << "'\n";
        return 2;
    }
    std::vector<ResultsFile> files;
    for (const std::string& path : inputs) {
        std::string text, error;
        if (!read_text(path, text)) {
            err << "shishi-match merge: cannot read '" << path << "'\n";
            return 1;
        }
        auto f = read_results_json(text, error);
        if (!f) {
            err << "shishi-match merge: '" << path << "' is not a shishi-match results file: " << error << "\n";
            return 1;
        }
        files.push_back(std::move(*f));
    }
    std::string error;
    auto merged = merge_results(files, error);
    if (!merged) {
        err << "shishi-match merge: " << error << "\n";
        return 1;
    }
    std::ostringstream report;
    const std::string json = report_merged(*merged, report);
    if (!write_file_atomically(out_path, json)) {
        err << "shishi-match merge: cannot write '" << out_path << "'\n";
        return 1;
    }
    out << "Merged " << merged->games.size() << " game(s) from " << files.size() << " shard(s)"
        << (merged->state == "partial" ? " (not every shard is complete)" : "") << "\n"
        << report.str();
    return 0;
}

}  // namespace shishi::match
