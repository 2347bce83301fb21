#include "shishi/tools/eval_graph.hpp"

#include <algorithm>
#include <cstdio>

#include "shishi/record/pgn.hpp"

namespace shishi::record {
namespace {

constexpr double WIDTH = 900, HEIGHT = 360;
constexpr double LEFT = 50, RIGHT = 20, TOP = 40, BOTTOM = 40;
constexpr double PLOT_W = WIDTH - LEFT - RIGHT, PLOT_H = HEIGHT - TOP - BOTTOM;
constexpr double MID = TOP + PLOT_H / 2;

std::string escaped(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

double y_of(int score) {
    const int s = std::clamp(score, -GRAPH_RANGE, GRAPH_RANGE);
    return MID - double(s) / GRAPH_RANGE * (PLOT_H / 2);
}

}  // namespace

std::string eval_graph_svg(const Record& record, const Analysis& a) {
    const int n = int(a.positions.size()) - 1;
    auto x_of = [&](int i) { return LEFT + (n > 0 ? double(i) / n : 0.0) * PLOT_W; };
    std::string o;
    o += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(WIDTH) + "\" height=\"" + num(HEIGHT) +
        "\" viewBox=\"0 0 " + num(WIDTH) + " " + num(HEIGHT) + "\" font-family=\"sans-serif\" font-size=\"12\">\n";
    o += "<defs>\n";
    o += "<clipPath id=\"above\"><rect x=\"" + num(LEFT) + "\" y=\"" + num(TOP) + "\" width=\"" + num(PLOT_W) +
        "\" height=\"" + num(PLOT_H / 2) + "\"/></clipPath>\n";
    o += "<clipPath id=\"below\"><rect x=\"" + num(LEFT) + "\" y=\"" + num(MID) + "\" width=\"" + num(PLOT_W) +
        "\" height=\"" + num(PLOT_H / 2) + "\"/></clipPath>\n";
    o += "</defs>\n";
    o += "<rect width=\"100%\" height=\"100%\" fill=\"#e8e2d4\"/>\n";
    o += "<rect class=\"plot\" x=\"" + num(LEFT) + "\" y=\"" + num(TOP) + "\" width=\"" + num(PLOT_W) + "\" height=\"" +
        num(PLOT_H) + "\" fill=\"#9a9184\"/>\n";

    const std::string* w = record.tag("White");
    const std::string* b = record.tag("Black");
    const std::string title = (w && *w != "?" ? *w : std::string("First player")) + " (light) vs " +
        (b && *b != "?" ? *b : std::string("Second player")) + " (dark), result " + record.result;
    o += "<text x=\"" + num(LEFT) + "\" y=\"24\" font-size=\"15\">" + escaped(title) + "</text>\n";

    // The advantage area: the curve closed along the middle line, drawn twice, clipped to the
    // upper half in the first player's colour and to the lower half in the second's.
    auto point = [](std::string& to, double x, double y) {
        if (!to.empty()) to += ' ';
        to += num(x);
        to += ',';
        to += num(y);
    };
    std::string points;
    point(points, x_of(0), MID);
    for (int i = 0; i <= n; ++i)
        point(points, x_of(i), y_of(a.positions[size_t(i)].score));
    point(points, x_of(n), MID);
    o += "<polygon class=\"first-player\" points=\"" + points + "\" fill=\"#fbfaf6\" clip-path=\"url(#above)\"/>\n";
    o += "<polygon class=\"second-player\" points=\"" + points + "\" fill=\"#2b2622\" clip-path=\"url(#below)\"/>\n";

    // Grid: the middle line and every 5 pawns.
    for (int cp = -GRAPH_RANGE; cp <= GRAPH_RANGE; cp += 500) {
        const double y = y_of(cp);
        o += "<line x1=\"" + num(LEFT) + "\" y1=\"" + num(y) + "\" x2=\"" + num(LEFT + PLOT_W) + "\" y2=\"" + num(y) +
            "\" stroke=\"" + (cp == 0 ? "#c05010" : "#6e665b") + "\" stroke-width=\"" + (cp == 0 ? "1.5" : "0.5") +
            "\"/>\n";
        o += "<text x=\"" + num(LEFT - 6) + "\" y=\"" + num(y + 4) + "\" text-anchor=\"end\">" + (cp > 0 ? "+" : "") +
            std::to_string(cp / 100) + "</text>\n";
    }

    // Move numbers along the axis, about ten labels.
    const int moves = (n + 1) / 2;
    int step = 1;
    for (int s : {1, 2, 5, 10, 20, 25, 50, 100, 200, 500})
        if (moves / s <= 12) {
            step = s;
            break;
        }
    const int offset = record.start.side_to_move() == BLACK ? 1 : 0;
    for (int m = 1; 2 * (m - 1) - offset <= n; m += (m == 1 && step > 1 ? step - 1 : step)) {
        const int ply = std::max(0, 2 * (m - 1) - offset);
        const double x = x_of(ply);
        o += "<line x1=\"" + num(x) + "\" y1=\"" + num(TOP + PLOT_H) + "\" x2=\"" + num(x) + "\" y2=\"" +
            num(TOP + PLOT_H + 5) + "\" stroke=\"#333\"/>\n";
        o += "<text class=\"move-number\" x=\"" + num(x) + "\" y=\"" + num(TOP + PLOT_H + 18) +
            "\" text-anchor=\"middle\">" + std::to_string(m) + "</text>\n";
    }
    o +=
        "<text x=\"" + num(LEFT + PLOT_W / 2) + "\" y=\"" + num(HEIGHT - 6) + "\" text-anchor=\"middle\">move</text>\n";

    // Marks at the judged moves, on the evaluation after the move.
    for (const MoveReview& mr : a.moves) {
        if (mr.judgement == Judgement::NONE) continue;
        const char* colour = mr.judgement == Judgement::BLUNDER ? "#d01010"
            : mr.judgement == Judgement::MISTAKE                ? "#f08a00"
                                                                : "#e8d040";
        const double r = mr.judgement == Judgement::BLUNDER ? 6 : mr.judgement == Judgement::MISTAKE ? 5 : 3.5;
        const int i = mr.ply + 1;
        const std::string label = move_number_text(record, mr.ply) + " " +
            pgn_move_text(record.plies[size_t(mr.ply)].move) + ": " + judgement_name(mr.judgement) + ", loses " +
            score_text(mr.loss).substr(1);
        o += "<circle class=\"" + std::string(judgement_name(mr.judgement)) + "\" cx=\"" + num(x_of(i)) + "\" cy=\"" +
            num(y_of(a.positions[size_t(i)].score)) + "\" r=\"" + num(r) + "\" fill=\"" + colour +
            "\" stroke=\"#000\" stroke-width=\"0.8\"><title>" + escaped(label) + "</title></circle>\n";
    }
    // Legend.
    const double lx = LEFT + PLOT_W - 270;
    int k = 0;
    for (Judgement j : {Judgement::INACCURACY, Judgement::MISTAKE, Judgement::BLUNDER}) {
        const char* colour = j == Judgement::BLUNDER ? "#d01010" : j == Judgement::MISTAKE ? "#f08a00" : "#e8d040";
        const double x = lx + k++ * 90;
        o += "<circle cx=\"" + num(x) + "\" cy=\"20\" r=\"5\" fill=\"" + colour +
            "\" stroke=\"#000\" stroke-width=\"0.8\"/>";
        o += "<text x=\"" + num(x + 9) + "\" y=\"24\">" + judgement_name(j) + "</text>\n";
    }
    o += "</svg>\n";
    return o;
}

}  // namespace shishi::record
