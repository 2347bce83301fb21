// The --json results file: the run (event, tournament, engines, SPRT settings, shard), every
// finished game with its termination, and the statistics (per pairing: score, pentanomial, Elo,
// nElo; per engine: score and Elo; the SPRT). Written after every game; read back by
// `shishi-match merge` (merge.hpp), which needs the run and the games, and recomputes the rest.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "shishi/match/match_options.hpp"
#include "shishi/match/tally.hpp"
#include "shishi/match/tournament.hpp"

namespace shishi::match {

struct EngineEntry {
    std::string name, command, protocol;
    std::string time_control;  // the PGN TimeControl tag
    std::string limits;  // described for people ("10+0.1, depth 5")
    bool operator==(const EngineEntry&) const = default;
};

// What a run is, apart from its games: equal in every shard of one run.
struct RunInfo {
    std::string event;
    TournamentKind tournament = TournamentKind::ROUND_ROBIN;
    int games_per_pairing = 0;
    std::vector<EngineEntry> engines;
    std::optional<SprtConfig> sprt;
    Colours colours;  // who is White in each game of a pairing
};
bool same_run(const RunInfo& a, const RunInfo& b);

RunInfo run_info(const MatchOptions& o, const std::vector<std::string>& names);

// `shard`: the slice the games come from (1/1 for a whole run or a merge).
std::string results_json(const RunInfo& run, const Schedule& schedule, const Shard& shard, const Tally& tally,
                         const std::string& state);  // "running", "complete", "interrupted", "aborted", "sprt"

// A results file read back: the run, its shard, its state and its games.
struct ResultsFile {
    RunInfo run;
    Shard shard;
    std::string state;
    std::vector<GameSummary> games;
};
std::optional<ResultsFile> read_results_json(const std::string& text, std::string& error);

// Writes text to path through a temporary file and a rename, so readers never see half a file.
bool write_file_atomically(const std::string& path, const std::string& text);

}  // namespace shishi::match
