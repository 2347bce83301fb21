// What a run tells its user on the console: a line per finished game with the pairing's score,
// the progress line, and the final report (score, Elo, pentanomial and SPRT per pairing, cross
// table and ranking, terminations). It reads the tally (tally.hpp) and writes text only.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "shishi/match/tally.hpp"
#include "shishi/match/process.hpp"

namespace shishi::match {

// The things the report names and measures against, shared by the live and the final report.
struct ReportContext {
    const std::vector<std::string>& names;
    const Schedule& schedule;
    const std::optional<SprtConfig>& sprt;
    int planned_games;  // the games this run plays: the schedule's, or its shard's
};

// "Score of A vs B: 3 - 1 - 2  [0.667] 6" for pairing p.
std::string score_line(const Tally& tally, const ReportContext& c, int p);

// The console while games finish.
class ProgressReport {
public:
    // terminal: the progress line updates in place (\r) instead of one line per game.
    ProgressReport(std::ostream& out, bool terminal, const ReportContext& context);

    // "Finished game N (A vs B): 1-0 {reason}", the score line of its pairing and the progress.
    void game_finished(const GameRecord& rec, int pairing, const Tally& tally);
    // Removes the in-place progress line before other output.
    void clear();

private:
    void progress(const Tally& tally);

    std::ostream& out_;
    bool terminal_;
    ReportContext context_;
    TimePoint started_;
    bool shown_ = false;
};

// The final report on `out` (nothing but "No games finished." without games); `interrupted`
// adds how many games were kept.
void final_report(std::ostream& out, const Tally& tally, const ReportContext& context, bool interrupted);

}  // namespace shishi::match
