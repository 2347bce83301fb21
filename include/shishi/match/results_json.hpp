// The --json results file: the engines, every finished game with its termination, and the
// statistics (per pairing: score, pentanomial, Elo, nElo; per engine: score and Elo; the SPRT).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "shishi/match/match_options.hpp"
#include "shishi/match/referee.hpp"
#include "shishi/match/tournament.hpp"

namespace shishi::match {

// A finished game as the statistics and the results file see it.
struct GameSummary {
    int round = 0;                 // 1-based number of the game in the run
    int white = 0, black = 0;      // engine indices
    std::string result;            // "1-0", "0-1", "1/2-1/2"
    Termination termination = Termination::RULE;
    std::string reason;
    int plies = 0;
    std::optional<int> offender;   // the engine that forfeited
    double white_score() const { return result == "1-0" ? 1 : result == "0-1" ? 0 : 0.5; }
};

struct RunReport {
    const MatchOptions& options;
    const std::vector<std::string>& names;
    const Schedule& schedule;
    const Standings& standings;
    const std::vector<GameSummary>& games;  // in the order they finished
    std::string state;                      // "running", "complete", "interrupted", "aborted", "sprt"
};

std::string results_json(const RunReport& r);

// Writes text to path through a temporary file and a rename, so readers never see half a file.
bool write_file_atomically(const std::string& path, const std::string& text);

}  // namespace shishi::match
