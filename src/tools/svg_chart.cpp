#include "shishi/tools/svg_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace shishi::svg {

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '&')
            out += "&amp;";
        else if (c == '"')
            out += "&quot;";
        else
            out += c;
    }
    return out;
}

double nice_step(double span, int n) {
    double raw = span / n;
    double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= raw) return m * p;
    return 10 * p;
}

double Axis::y(double v) const {
    v = std::clamp(v, lo, hi);
    return top + height * (hi - v) / (hi - lo);
}

std::string panel_frame(const Axis& a, double x0, double x1, const std::string& label) {
    std::string s = "<rect x=\"" + num(x0) + "\" y=\"" + num(a.top) + "\" width=\"" + num(x1 - x0) + "\" height=\"" +
        num(a.height) + "\" fill=\"#fcfcfc\" stroke=\"#444\"/>\n";
    double step = nice_step(a.hi - a.lo, 6);
    for (double v = std::ceil(a.lo / step) * step; v <= a.hi + 1e-9; v += step) {
        double y = a.y(v);
        s += "<line x1=\"" + num(x0) + "\" y1=\"" + num(y) + "\" x2=\"" + num(x1) + "\" y2=\"" + num(y) +
            "\" stroke=\"#ddd\"/>\n";
        char text[32];
        std::snprintf(text, sizeof text, "%g", std::abs(v) < 1e-9 ? 0.0 : v);
        s += "<text x=\"" + num(x0 - 6) + "\" y=\"" + num(y + 4) + "\" text-anchor=\"end\" font-size=\"11\">" + text +
            "</text>\n";
    }
    s += "<text x=\"16\" y=\"" + num(a.top + a.height / 2) + "\" font-size=\"12\" transform=\"rotate(-90 16 " +
        num(a.top + a.height / 2) + ")\" text-anchor=\"middle\">" + label + "</text>\n";
    return s;
}

}  // namespace shishi::svg
