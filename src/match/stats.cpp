#include "shishi/match/stats.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace shishi::match {

double Score::ratio() const {
    if (games() == 0) return 0.5;
    return (wins + 0.5 * draws) / games();
}

double elo_from_score(double s) {
    if (s <= 0) return -std::numeric_limits<double>::infinity();
    if (s >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / s - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate estimate_elo(const Score& s) {
    EloEstimate e;
    const int n = s.games();
    if (n == 0) return e;
    const double mu = s.ratio();
    const double w = double(s.wins) / n, l = double(s.losses) / n, d = double(s.draws) / n;
    // Variance of one game's score, then of the mean.
    const double var = w * (1 - mu) * (1 - mu) + l * mu * mu + d * (0.5 - mu) * (0.5 - mu);
    const double stderr_mean = std::sqrt(var / n);
    const double z95 = 1.959963984540054;
    e.elo = elo_from_score(mu);
    e.low = elo_from_score(mu - z95 * stderr_mean);
    e.high = elo_from_score(mu + z95 * stderr_mean);
    e.error95 =
        std::isfinite(e.low) && std::isfinite(e.high) ? (e.high - e.low) / 2 : std::numeric_limits<double>::infinity();
    const int decisive = s.wins + s.losses;
    e.los = decisive == 0 ? 0.5 : 0.5 * (1 + std::erf((s.wins - s.losses) / std::sqrt(2.0 * decisive)));
    return e;
}

std::optional<SprtConfig> parse_sprt(const std::string& text, std::string& error) {
    SprtConfig c;
    std::istringstream in(text);
    std::string item;
    while (in >> item) {
        size_t eq = item.find('=');
        if (eq == std::string::npos) {
            error = "SPRT parameter '" + item + "' is not name=value";
            return std::nullopt;
        }
        std::string key = item.substr(0, eq), value = item.substr(eq + 1);
        if (key == "model") {
            if (value == "logistic")
                c.model = SprtConfig::LOGISTIC;
            else if (value == "normalized")
                c.model = SprtConfig::NORMALIZED;
            else {
                error = "SPRT model '" + value + "' is not logistic or normalized";
                return std::nullopt;
            }
            continue;
        }
        double v;
        try {
            size_t used = 0;
            v = std::stod(value, &used);
            if (used != value.size()) throw std::invalid_argument(value);
        } catch (const std::exception&) {
            error = "SPRT value '" + value + "' is not a number";
            return std::nullopt;
        }
        if (key == "elo0")
            c.elo0 = v;
        else if (key == "elo1")
            c.elo1 = v;
        else if (key == "alpha")
            c.alpha = v;
        else if (key == "beta")
            c.beta = v;
        else {
            error = "unknown SPRT parameter '" + key + "' (elo0, elo1, alpha, beta, model)";
            return std::nullopt;
        }
    }
    if (!(c.alpha > 0 && c.alpha < 0.5 && c.beta > 0 && c.beta < 0.5)) {
        error = "SPRT alpha and beta must lie between 0 and 0.5";
        return std::nullopt;
    }
    if (!(c.elo1 > c.elo0)) {
        error = "SPRT elo1 must be greater than elo0";
        return std::nullopt;
    }
    return c;
}

}  // namespace shishi::match
