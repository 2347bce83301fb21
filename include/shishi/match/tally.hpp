// The results of a run as they come in: every finished game, the standings per pairing and per
// engine (tournament.hpp), the terminations with each engine's offences, the Elo (and LLR)
// history of the first pairing, and whether the SPRT has decided. No output: the report
// (report.hpp) and the writers (run_outputs.hpp) read it.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "shishi/match/referee.hpp"
#include "shishi/match/stats.hpp"
#include "shishi/match/tournament.hpp"

namespace shishi::match {

// A finished game as the statistics and the results file see it.
struct GameSummary {
    int round = 0;  // 1-based number of the game in the run
    int white = 0, black = 0;  // engine indices
    std::string result;  // "1-0", "0-1", "1/2-1/2"
    Termination termination = Termination::RULE;
    std::string reason;
    int plies = 0;
    std::optional<int> offender;  // the engine that forfeited
    double white_score() const { return result == "1-0" ? 1 : result == "0-1" ? 0 : 0.5; }
};

// The summary of a game the runner has just played in `slot`.
GameSummary summarize(const GameRecord& rec, const GameSlot& slot);

// The first pairing's estimate after each of its games (what --plot draws).
struct PlotPoint {
    int games = 0;
    double elo = 0, low = 0, high = 0;  // infinite values are drawn at the panel's edge
    double llr = 0;
};

struct TerminationCount {
    int games = 0;
    std::vector<int> offences;  // per engine
};

class Tally {
public:
    Tally(int engine_count, const Schedule& schedule, std::optional<SprtConfig> sprt);

    // A finished game; `resumed`: played by an earlier session (--resume).
    void add(const GameSummary& g, bool resumed = false);

    bool done(int index) const { return done_.count(index) > 0; }  // 0-based game index
    const Standings& standings() const { return standings_; }
    const std::vector<GameSummary>& games() const { return games_; }  // in the order they finished
    int resumed() const { return resumed_; }
    // By termination name (the rule's reason for rule endings).
    const std::map<std::string, TerminationCount>& terminations() const { return terminations_; }
    // Each engine's refused legal moves.
    std::vector<int> refusals() const;
    const std::vector<std::string>& setup_failures() const { return setup_failures_; }
    const std::vector<PlotPoint>& history() const { return history_; }
    // The SPRT on the first pairing has reached a verdict.
    bool sprt_decided() const { return sprt_decided_; }

private:
    int engines_;
    const Schedule& schedule_;
    std::optional<SprtConfig> sprt_;
    Standings standings_;
    std::set<int> done_;
    std::vector<GameSummary> games_;
    std::vector<PlotPoint> history_;
    int resumed_ = 0;
    bool sprt_decided_ = false;  // stays set: games in flight at the verdict still count
    std::map<std::string, TerminationCount> terminations_;
    std::vector<std::string> setup_failures_;  // the reasons of games lost before they began
};

}  // namespace shishi::match
