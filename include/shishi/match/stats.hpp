// Match statistics from game results (wins, losses, draws): Elo difference with a 95%
// confidence interval and likelihood of superiority; the SPRT's settings and state (the test
// itself runs on game pairs: pentanomial.hpp).
#pragma once

#include <optional>
#include <string>

namespace shishi::match {

struct Score {
    int wins = 0, losses = 0, draws = 0;  // from the first engine's view
    int games() const { return wins + losses + draws; }
    double ratio() const;  // (wins + draws/2) / games; 0.5 with no games
};

// Elo difference for a score fraction s (logistic model); +-infinity at 1 and 0.
double elo_from_score(double s);
double score_from_elo(double elo);

struct EloEstimate {
    double elo = 0;  // point estimate
    double error95 = 0;  // half-width of the 95% interval (symmetric in score, so in Elo
    double low = 0, high = 0;  // the bounds are given separately)
    double los = 0.5;  // likelihood of superiority, 0..1
};
// Needs at least one game; infinite values when the score is 0 or 1.
EloEstimate estimate_elo(const Score& s);

struct SprtConfig {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    // The bounds' unit: logistic Elo, or normalized Elo (fishtest's default for new tests).
    enum Model { LOGISTIC, NORMALIZED } model = LOGISTIC;
};
// Parses "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic|normalized" (any order, all
// optional).
std::optional<SprtConfig> parse_sprt(const std::string& text, std::string& error);

struct SprtState {
    double llr = 0;
    double lower = 0, upper = 0;  // ln(beta/(1-alpha)), ln((1-beta)/alpha)
    enum Verdict { CONTINUE, H0, H1 } verdict = CONTINUE;
};

}  // namespace shishi::match
