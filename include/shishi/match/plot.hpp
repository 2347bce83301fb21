// The --plot picture: an SVG (no dependencies) of the Elo estimate with its 95% interval against
// games played, and below it the SPRT log-likelihood ratio between its two bounds when an SPRT
// runs. Element ids (elo-panel, elo-interval, elo-line, llr-panel, llr-line, llr-lower,
// llr-upper) let tests and style sheets find the parts.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "shishi/match/tally.hpp"

namespace shishi::match {

struct PlotBounds {
    double lower = 0, upper = 0;  // the SPRT's log-likelihood-ratio bounds
};

std::string render_plot_svg(const std::vector<PlotPoint>& points, const std::optional<PlotBounds>& sprt,
                            const std::string& title);

}  // namespace shishi::match
