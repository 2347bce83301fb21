#include "shishi/match/plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "shishi/tools/svg_chart.hpp"

namespace shishi::match {
namespace {

constexpr double WIDTH = 800, LEFT = 70, RIGHT = 20, TOP = 40, PANEL = 280, GAP = 60;

using svg::Axis;
using svg::escape;
using svg::nice_step;
using svg::num;
using svg::panel_frame;

}  // namespace

std::string render_plot_svg(const std::vector<PlotPoint>& points, const std::optional<PlotBounds>& sprt,
                            const std::string& title) {
    const double x0 = LEFT, x1 = WIDTH - RIGHT;
    const double height = TOP + PANEL + (sprt ? GAP + PANEL : 0) + 50;
    int max_games = 1;
    for (const PlotPoint& p : points)
        max_games = std::max(max_games, p.games);
    auto x = [&](int games) { return x0 + (x1 - x0) * games / max_games; };

    // The Elo panel's range: every finite bound, at least +-50, at most +-1000.
    double lo = -50, hi = 50;
    for (const PlotPoint& p : points)
        for (double v : {p.elo, p.low, p.high})
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
    lo = std::max(lo, -1000.0);
    hi = std::min(hi, 1000.0);
    double step = nice_step(hi - lo, 6);
    Axis elo{std::floor(lo / step) * step, std::ceil(hi / step) * step, TOP, PANEL};

    std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(WIDTH) + "\" height=\"" + num(height) +
        "\" viewBox=\"0 0 " + num(WIDTH) + " " + num(height) + "\" font-family=\"sans-serif\">\n";
    s += "<title>" + escape(title) + "</title>\n";
    s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    s += "<text x=\"" + num(WIDTH / 2) + "\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">" + escape(title) +
        "</text>\n";

    s += "<g id=\"elo-panel\">\n" + panel_frame(elo, x0, x1, "Elo (95% interval)");
    s += "<line id=\"elo-zero\" x1=\"" + num(x0) + "\" y1=\"" + num(elo.y(0)) + "\" x2=\"" + num(x1) + "\" y2=\"" +
        num(elo.y(0)) + "\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n";
    std::string band, line;
    for (const PlotPoint& p : points)
        band += num(x(p.games)) + "," + num(elo.y(p.high)) + " ";
    for (auto it = points.rbegin(); it != points.rend(); ++it)
        band += num(x(it->games)) + "," + num(elo.y(it->low)) + " ";
    // An infinite estimate (one side won every game so far) is no value: it is left out of the
    // line and marked by a triangle at the edge it points to, explained by a note.
    std::string unbounded;
    for (const PlotPoint& p : points) {
        if (std::isfinite(p.elo)) {
            line += num(x(p.games)) + "," + num(elo.y(p.elo)) + " ";
            continue;
        }
        const double px = x(p.games), py = p.elo > 0 ? elo.top + 1 : elo.top + elo.height - 1;
        const double base = p.elo > 0 ? py + 9 : py - 9;
        unbounded += "<polygon class=\"elo-unbounded\" points=\"" + num(px) + "," + num(py) + " " + num(px - 5) + "," +
            num(base) + " " + num(px + 5) + "," + num(base) + "\" fill=\"#08519c\"><title>" + std::to_string(p.games) +
            " games: Elo " + (p.elo > 0 ? "+" : "-") + "infinite, one side won every game</title></polygon>\n";
    }
    if (!band.empty()) band.pop_back();
    if (!line.empty()) line.pop_back();
    s += "<polygon id=\"elo-interval\" points=\"" + band +
        "\" fill=\"#9ecae1\" fill-opacity=\"0.6\" stroke=\"none\"/>\n";
    s += "<polyline id=\"elo-line\" points=\"" + line + "\" fill=\"none\" stroke=\"#08519c\" stroke-width=\"2\"/>\n";
    if (!unbounded.empty())
        s += unbounded + "<text x=\"" + num(x0 + 6) + "\" y=\"" + num(elo.top + elo.height - 6) +
            "\" font-size=\"11\" fill=\"#08519c\">triangles: no finite Elo (one side won every game)</text>\n";
    s += "</g>\n";

    double bottom = TOP + PANEL;
    if (sprt) {
        double llo = sprt->lower, lhi = sprt->upper;
        for (const PlotPoint& p : points) {
            llo = std::min(llo, p.llr);
            lhi = std::max(lhi, p.llr);
        }
        double margin = 0.1 * (lhi - llo);
        Axis llr{llo - margin, lhi + margin, TOP + PANEL + GAP, PANEL};
        s += "<g id=\"llr-panel\">\n" + panel_frame(llr, x0, x1, "SPRT log-likelihood ratio");
        s += "<line id=\"llr-lower\" x1=\"" + num(x0) + "\" y1=\"" + num(llr.y(sprt->lower)) + "\" x2=\"" + num(x1) +
            "\" y2=\"" + num(llr.y(sprt->lower)) + "\" stroke=\"#cb181d\" stroke-dasharray=\"6 3\"/>\n";
        s += "<line id=\"llr-upper\" x1=\"" + num(x0) + "\" y1=\"" + num(llr.y(sprt->upper)) + "\" x2=\"" + num(x1) +
            "\" y2=\"" + num(llr.y(sprt->upper)) + "\" stroke=\"#238b45\" stroke-dasharray=\"6 3\"/>\n";
        s += "<text x=\"" + num(x1 - 4) + "\" y=\"" + num(llr.y(sprt->upper) - 4) +
            "\" text-anchor=\"end\" font-size=\"11\" fill=\"#238b45\">H1 accepted</text>\n";
        s += "<text x=\"" + num(x1 - 4) + "\" y=\"" + num(llr.y(sprt->lower) + 14) +
            "\" text-anchor=\"end\" font-size=\"11\" fill=\"#cb181d\">H0 accepted</text>\n";
        std::string l;
        for (const PlotPoint& p : points)
            l += num(x(p.games)) + "," + num(llr.y(p.llr)) + " ";
        if (!l.empty()) l.pop_back();
        s += "<polyline id=\"llr-line\" points=\"" + l + "\" fill=\"none\" stroke=\"#54278f\" stroke-width=\"2\"/>\n";
        s += "</g>\n";
        bottom = llr.top + llr.height;
    }

    // The games axis under the last panel.
    double gstep = std::max(1.0, nice_step(max_games, 8));
    for (double g = 0; g <= max_games + 1e-9; g += gstep) {
        double gx = x0 + (x1 - x0) * g / max_games;
        s += "<text x=\"" + num(gx) + "\" y=\"" + num(bottom + 16) + "\" text-anchor=\"middle\" font-size=\"11\">" +
            std::to_string(int(g)) + "</text>\n";
    }
    s += "<text x=\"" + num((x0 + x1) / 2) + "\" y=\"" + num(bottom + 36) +
        "\" text-anchor=\"middle\" font-size=\"12\">games</text>\n";
    s += "</svg>\n";
    return s;
}

}  // namespace shishi::match
