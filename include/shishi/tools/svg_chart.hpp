// Pieces of the SVG charts Shishi draws itself (the match runner's Elo plot, the trainer's loss
// curve): numbers and text as SVG wants them, round grid steps, a value axis and a panel frame
// with its grid and labels.
#pragma once

#include <string>

namespace shishi::svg {

std::string num(double v);  // one decimal
std::string escape(const std::string& s);

// A round step giving about `n` intervals over span.
double nice_step(double span, int n);

// Values lo..hi drawn from y = top (hi) down to top + height (lo); values outside are clamped.
struct Axis {
    double lo, hi, top, height;
    double y(double v) const;
};

// Horizontal grid lines with labels, and the frame of a panel between x0 and x1; `label` is
// written upward along the left edge.
std::string panel_frame(const Axis& a, double x0, double x1, const std::string& label);

}  // namespace shishi::svg
