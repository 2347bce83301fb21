// `shishi-match merge -o OUT FILE...`: one run's shards (--shard i/n, each on any machine) joined.
// From the shards' --json results files: the report a single run of all their games gives
// (per pairing score, Elo, pentanomial, SPRT; cross table and ranking; terminations) on
// standard output, and the merged results file OUT.json. From their PGN files: OUT.pgn with
// every game in round order. The shards must be of one run (same engines, limits, games,
// tournament, SPRT bounds) and no game may come twice.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "shishi/match/results_json.hpp"

namespace shishi::match {

struct MergedRun {
    RunInfo run;
    std::vector<GameSummary> games;  // in round order
    std::string state;  // "complete" when every shard of the run is there, complete
};

// Joins results files; nullopt with a reason when they are not shards of one run or overlap.
std::optional<MergedRun> merge_results(const std::vector<ResultsFile>& files, std::string& error);

// Writes the report of merged games to out and returns the merged results JSON.
std::string report_merged(const MergedRun& merged, std::ostream& out);

// The command: args after "merge". Exit status 0, 1 on bad input (nothing written), 2 on usage.
int merge_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace shishi::match
