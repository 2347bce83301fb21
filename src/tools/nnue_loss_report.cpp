#include "shishi/tools/nnue_loss_report.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>

#include "shishi/tools/svg_chart.hpp"

namespace shishi::nnue_train {
namespace {

constexpr double WIDTH = 800, LEFT = 80, RIGHT = 20, TOP = 40, PANEL = 320;

}  // namespace

void write_loss_csv(std::ostream& out, const std::vector<EpochLoss>& history) {
    out << "epoch,train_loss,validation_loss,seconds\n";
    out.precision(8);
    for (const EpochLoss& e : history)
        out << e.epoch << "," << e.train << "," << e.validation << "," << e.seconds << "\n";
}

std::string loss_curve_svg(const std::vector<EpochLoss>& history, const std::string& title) {
    using svg::num;
    const double x0 = LEFT, x1 = WIDTH - RIGHT, height = TOP + PANEL + 60;
    int last = 1;
    double lo = 1e300, hi = -1e300;
    for (const EpochLoss& e : history) {
        last = std::max(last, e.epoch);
        for (double v : {e.train, e.validation}) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    if (history.empty()) lo = 0, hi = 1;
    if (hi - lo < 1e-9) hi = lo + std::max(1e-6, std::abs(lo) * 0.1);
    const double step = svg::nice_step(hi - lo, 6);
    const svg::Axis axis{std::floor(lo / step) * step, std::ceil(hi / step) * step, TOP, PANEL};
    // Epoch 0 (the left edge) is the untrained net; epoch e sits at e / last of the width.
    auto x = [&](int epoch) { return x0 + (x1 - x0) * epoch / last; };

    std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(WIDTH) + "\" height=\"" + num(height) +
        "\" viewBox=\"0 0 " + num(WIDTH) + " " + num(height) + "\" font-family=\"sans-serif\">\n";
    s += "<title>" + svg::escape(title) + "</title>\n";
    s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    s += "<text x=\"" + num(WIDTH / 2) + "\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">" + svg::escape(title) +
        "</text>\n";
    s += "<g id=\"loss-panel\">\n" + svg::panel_frame(axis, x0, x1, "loss (mean squared error)");
    std::string train, validation;
    for (const EpochLoss& e : history) {
        train += num(x(e.epoch)) + "," + num(axis.y(e.train)) + " ";
        validation += num(x(e.epoch)) + "," + num(axis.y(e.validation)) + " ";
    }
    if (!train.empty()) train.pop_back(), validation.pop_back();
    s += "<polyline id=\"train-line\" points=\"" + train + "\" fill=\"none\" stroke=\"#08519c\" stroke-width=\"2\"/>\n";
    s += "<polyline id=\"validation-line\" points=\"" + validation +
        "\" fill=\"none\" stroke=\"#cb181d\" stroke-width=\"2\"/>\n";
    auto best = std::min_element(history.begin(), history.end(),
                                 [](const EpochLoss& a, const EpochLoss& b) { return a.validation < b.validation; });
    if (best != history.end())
        s += "<circle id=\"best-epoch\" cx=\"" + num(x(best->epoch)) + "\" cy=\"" + num(axis.y(best->validation)) +
            "\" r=\"5\" fill=\"none\" stroke=\"#cb181d\" stroke-width=\"2\"><title>lowest validation loss: epoch " +
            std::to_string(best->epoch) + "</title></circle>\n";
    for (const EpochLoss& e : history) {
        s +=
            "<circle cx=\"" + num(x(e.epoch)) + "\" cy=\"" + num(axis.y(e.train)) + "\" r=\"2.5\" fill=\"#08519c\"/>\n";
        s += "<circle cx=\"" + num(x(e.epoch)) + "\" cy=\"" + num(axis.y(e.validation)) +
            "\" r=\"2.5\" fill=\"#cb181d\"/>\n";
    }
    // Legend, under the panel on the right (inside it, it would hide a curve).
    const double lx = x1 - 190, ly = TOP + PANEL + 32;
    s += "<line x1=\"" + num(lx) + "\" y1=\"" + num(ly) + "\" x2=\"" + num(lx + 24) + "\" y2=\"" + num(ly) +
        "\" stroke=\"#08519c\" stroke-width=\"2\"/><text x=\"" + num(lx + 30) + "\" y=\"" + num(ly + 4) +
        "\" font-size=\"12\">training</text>\n";
    s += "<line x1=\"" + num(lx + 95) + "\" y1=\"" + num(ly) + "\" x2=\"" + num(lx + 119) + "\" y2=\"" + num(ly) +
        "\" stroke=\"#cb181d\" stroke-width=\"2\"/><text x=\"" + num(lx + 125) + "\" y=\"" + num(ly + 4) +
        "\" font-size=\"12\">validation</text>\n";
    s += "</g>\n";
    const double bottom = TOP + PANEL;
    const int estep = std::max(1, int(svg::nice_step(last, 10)));
    for (int e = 0; e <= last; e += estep)
        s += "<text x=\"" + num(x(e)) + "\" y=\"" + num(bottom + 16) + "\" text-anchor=\"middle\" font-size=\"11\">" +
            std::to_string(e) + "</text>\n";
    s += "<text x=\"" + num((x0 + x1) / 2) + "\" y=\"" + num(bottom + 36) +
        "\" text-anchor=\"middle\" font-size=\"12\">epoch</text>\n";
    s += "</svg>\n";
    return s;
}

}  // namespace shishi::nnue_train
