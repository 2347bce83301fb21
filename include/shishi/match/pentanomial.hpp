// Statistics over game pairs (the same opening played twice, colours reversed), as fishtest
// computes them: pentanomial counts, Elo and normalized Elo with 95% intervals, and the
// generalised SPRT (GSPRT) log-likelihood ratio from the maximum-likelihood pentanomial
// distributions with the expected score (logistic Elo) or the t-value (normalized Elo) fixed.
#pragma once

#include <array>

#include "shishi/match/stats.hpp"

namespace shishi::match {

struct Pentanomial {
    // Pairs by the first engine's points in the pair: LL, LD+DL, LW+DD+WL, DW+WD, WW.
    std::array<int, 5> counts{};
    int pairs() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }
    // points: 0, 0.5, 1, 1.5 or 2.
    void add(double points);
};

struct PentaEstimate {
    double elo = 0, elo95 = 0;  // logistic Elo, half-width of its 95% interval
    double low = 0, high = 0;  // the interval's bounds
    double los = 0.5;
    double nelo = 0, nelo95 = 0;  // normalized Elo and the half-width of its 95% interval
};
// Zero counts are replaced by 0.001 first (fishtest's regularisation), so every count set with
// at least one pair gives finite numbers. No pairs: all zero, LOS 0.5.
PentaEstimate estimate_elo(const Pentanomial& p);

// The GSPRT for elo0 against elo1 in the config's model; LLR 0 while there are no pairs.
SprtState sprt(const Pentanomial& p, const SprtConfig& c);

}  // namespace shishi::match
