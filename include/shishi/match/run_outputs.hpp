// The files a run writes as it goes: each finished game appended to the PGN (and its end
// position to the --epd file), and the --json
// results and --plot SVG rewritten from the tally (at most once a second while running, since
// each write holds every game, and always at the end). Write failures are remembered, reported
// once, and make the run fail.
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include "shishi/match/match_options.hpp"
#include "shishi/match/game_pgn.hpp"
#include "shishi/match/process.hpp"
#include "shishi/match/tally.hpp"

namespace shishi::match {

class RunOutputs {
public:
    RunOutputs(const MatchOptions& options, const std::vector<std::string>& names, const Schedule& schedule,
               std::ofstream& pgn, PgnHeader header);

    void write_game(const GameRecord& rec);
    // `state` goes to the JSON file; `final` writes regardless of the last write's time.
    void refresh(const Tally& tally, const std::string& state, bool final);
    // "cannot write ..." for each file that failed, once each.
    const std::vector<std::string>& errors() const { return errors_; }
    bool failed() const { return pgn_error_ || json_error_ || plot_error_ || epd_error_; }

private:
    const MatchOptions& options_;
    const std::vector<std::string>& names_;
    const Schedule& schedule_;
    std::ofstream& pgn_;
    std::ofstream epd_;
    PgnHeader header_;
    TimePoint last_write_{};
    std::vector<std::string> errors_;
    bool pgn_error_ = false, json_error_ = false, plot_error_ = false, epd_error_ = false;
};

}  // namespace shishi::match
