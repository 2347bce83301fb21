#include "shishi/match/run_outputs.hpp"

#include "shishi/core/notation.hpp"
#include "shishi/match/pentanomial.hpp"
#include "shishi/match/plot.hpp"
#include "shishi/match/results_json.hpp"
#include "shishi/platform/platform.hpp"

namespace shishi::match {

RunOutputs::RunOutputs(const MatchOptions& options, const std::vector<std::string>& names, const Schedule& schedule,
                       std::ofstream& pgn, PgnHeader header)
    : options_(options),
      names_(names),
      schedule_(schedule),
      pgn_(pgn),
      header_(std::move(header)) {
    if (!options_.epd_path.empty())
        epd_.open(platform::file_path(options_.epd_path), options_.resume ? std::ios::app : std::ios::trunc);
}

void RunOutputs::write_game(const GameRecord& rec) {
    if (!options_.pgn_path.empty()) {
        write_pgn(pgn_, rec, header_);
        pgn_.flush();
        if (!pgn_ && !pgn_error_) {
            errors_.push_back("cannot write PGN file '" + options_.pgn_path + "'");
            pgn_error_ = true;
        }
    }
    // A game lost to a setup failure was never played (--resume plays it again): no position.
    if (options_.epd_path.empty() || rec.termination == Termination::SETUP_FAILURE) return;
    Position end = rec.start;
    for (Move m : rec.moves)
        end.make(m);
    epd_ << to_xboard_fen(end) << "\n";
    epd_.flush();
    if (!epd_ && !epd_error_) {
        errors_.push_back("cannot write EPD file '" + options_.epd_path + "'");
        epd_error_ = true;
    }
}

void RunOutputs::refresh(const Tally& tally, const std::string& state, bool final) {
    auto now = SteadyClock::now();
    if (!final && now - last_write_ < std::chrono::seconds(1)) return;
    last_write_ = now;
    if (!options_.json_path.empty()) {
        std::string json = results_json(run_info(options_, names_), schedule_, options_.shard, tally, state);
        if (!write_file_atomically(options_.json_path, json) && !json_error_) {
            errors_.push_back("cannot write JSON file '" + options_.json_path + "'");
            json_error_ = true;
        }
    }
    if (!options_.plot_path.empty()) {
        std::optional<PlotBounds> bounds;
        if (options_.sprt) {
            SprtState st = sprt(Pentanomial{}, *options_.sprt);
            bounds = PlotBounds{st.lower, st.upper};
        }
        const std::string title = names_[0] + " vs " + names_[size_t(schedule_.pairings()[0].b)];
        if (!write_file_atomically(options_.plot_path, render_plot_svg(tally.history(), bounds, title)) &&
            !plot_error_) {
            errors_.push_back("cannot write plot file '" + options_.plot_path + "'");
            plot_error_ = true;
        }
    }
}

}  // namespace shishi::match
