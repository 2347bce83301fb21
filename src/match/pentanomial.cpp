#include "shishi/match/pentanomial.hpp"

#include <cmath>

namespace shishi::match {
namespace {

constexpr double Z975 = 1.959963984540054;
// Normalized Elo per unit of t-value (fishtest's nelo_divided_by_nt = 800 / ln 10).
const double NELO_PER_T = 800.0 / std::log(10.0);

// A discrete distribution: value a[i] (the pair's mean score per game, i/4) with probability p[i].
struct Pdf {
    std::array<double, 5> a{}, p{};
};

Pdf regularised_pdf(const Pentanomial& pt, double& n) {
    Pdf d;
    std::array<double, 5> c{};
    n = 0;
    for (int i = 0; i < 5; ++i) {
        c[i] = pt.counts[i] > 0 ? pt.counts[i] : 1e-3;
        n += c[i];
    }
    for (int i = 0; i < 5; ++i) {
        d.a[i] = i / 4.0;
        d.p[i] = c[i] / n;
    }
    return d;
}

void mean_variance(const Pdf& d, double& mu, double& var) {
    mu = 0;
    for (int i = 0; i < 5; ++i)
        mu += d.p[i] * d.a[i];
    var = 0;
    for (int i = 0; i < 5; ++i)
        var += d.p[i] * (d.a[i] - mu) * (d.a[i] - mu);
}

double phi(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// Elo of a score, clamped to [0.001, 0.999] as fishtest does.
double clamped_elo(double s) {
    s = std::min(std::max(s, 1e-3), 1 - 1e-3);
    return -400.0 * std::log10(1.0 / s - 1.0);
}

// The root x of sum p_i b_i / (1 + x b_i) = 0 with 1 + x b_i > 0 for all i (the b_i straddle
// zero). The function falls monotonically, so bisection finds it.
double secular(const std::array<double, 5>& b, const std::array<double, 5>& p) {
    double lo_b = b[0], hi_b = b[0];
    for (double v : b) {
        lo_b = std::min(lo_b, v);
        hi_b = std::max(hi_b, v);
    }
    const double eps = 1e-9;
    double lo = -1.0 / hi_b + eps, hi = -1.0 / lo_b - eps;
    auto f = [&](double x) {
        double s = 0;
        for (int i = 0; i < 5; ++i)
            s += p[i] * b[i] / (1 + x * b[i]);
        return s;
    };
    for (int k = 0; k < 200; ++k) {
        double mid = 0.5 * (lo + hi);
        if (f(mid) > 0)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

// The maximum-likelihood distribution on the same values with mean s.
Pdf mle_expected(const Pdf& d, double s) {
    std::array<double, 5> b{};
    for (int i = 0; i < 5; ++i)
        b[i] = d.a[i] - s;
    double x = secular(b, d.p);
    Pdf m = d;
    for (int i = 0; i < 5; ++i)
        m.p[i] = d.p[i] / (1 + x * b[i]);
    return m;
}

// The maximum-likelihood distribution with t-value (mu - ref) / sigma = t (fishtest's
// fixed-point iteration from the uniform distribution).
Pdf mle_t_value(const Pdf& d, double ref, double t) {
    Pdf m = d;
    for (int i = 0; i < 5; ++i)
        m.p[i] = 1.0 / 5;
    for (int iter = 0; iter < 10; ++iter) {
        Pdf previous = m;
        double mu, var;
        mean_variance(m, mu, var);
        double sigma = std::sqrt(var);
        std::array<double, 5> b{};
        for (int i = 0; i < 5; ++i)
            b[i] = d.a[i] - ref - t * sigma * (1 + ((mu - d.a[i]) / sigma) * ((mu - d.a[i]) / sigma)) / 2;
        double x = secular(b, d.p);
        double change = 0;
        for (int i = 0; i < 5; ++i) {
            m.p[i] = d.p[i] / (1 + x * b[i]);
            change = std::max(change, std::abs(previous.p[i] - m.p[i]));
        }
        if (change < 1e-9) break;
    }
    return m;
}

}  // namespace

void Pentanomial::add(double points) {
    int i = int(std::lround(points * 2));
    if (i >= 0 && i < 5) ++counts[size_t(i)];
}

PentaEstimate estimate_elo(const Pentanomial& pt) {
    PentaEstimate e;
    if (pt.pairs() == 0) return e;
    double n;
    Pdf d = regularised_pdf(pt, n);
    double mu, var;
    mean_variance(d, mu, var);
    // The per-game score's standard error is sqrt(var / pairs) for the pair means' variance var.
    const double se = std::sqrt(var / n);
    e.low = clamped_elo(mu - Z975 * se);
    e.high = clamped_elo(mu + Z975 * se);
    e.elo = clamped_elo(mu);
    e.elo95 = (e.high - e.low) / 2;
    e.los = phi((mu - 0.5) / se);
    // Normalized Elo with the interval of the t-value from skewness and kurtosis.
    double m3 = 0, m4 = 0;
    for (int i = 0; i < 5; ++i) {
        double dev = d.a[i] - mu;
        m3 += d.p[i] * dev * dev * dev;
        m4 += d.p[i] * dev * dev * dev * dev;
    }
    const double skew = m3 / std::pow(var, 1.5), exkurt = m4 / (var * var) - 3;
    const double t = (mu - 0.5) / std::sqrt(var);
    const double var_t = std::max(1 - t * skew + 0.25 * t * t * (exkurt + 2), 0.0);
    const double coeff = NELO_PER_T / std::sqrt(2.0);
    e.nelo = coeff * t;
    e.nelo95 = coeff * Z975 * std::sqrt(var_t / n);
    return e;
}

SprtState sprt(const Pentanomial& pt, const SprtConfig& c) {
    SprtState st;
    st.lower = std::log(c.beta / (1 - c.alpha));
    st.upper = std::log((1 - c.beta) / c.alpha);
    if (pt.pairs() == 0) return st;
    double n;
    Pdf d = regularised_pdf(pt, n);
    Pdf h0, h1;
    if (c.model == SprtConfig::NORMALIZED) {
        // Per-pair t-values: sqrt(2) times the per-game ones of the bounds.
        const double t0 = c.elo0 / NELO_PER_T * std::sqrt(2.0), t1 = c.elo1 / NELO_PER_T * std::sqrt(2.0);
        h0 = mle_t_value(d, 0.5, t0);
        h1 = mle_t_value(d, 0.5, t1);
    } else {
        h0 = mle_expected(d, score_from_elo(c.elo0));
        h1 = mle_expected(d, score_from_elo(c.elo1));
    }
    double llr = 0;
    for (int i = 0; i < 5; ++i)
        llr += d.p[i] * (std::log(h1.p[i]) - std::log(h0.p[i]));
    st.llr = n * llr;
    if (st.llr >= st.upper)
        st.verdict = SprtState::H1;
    else if (st.llr <= st.lower)
        st.verdict = SprtState::H0;
    return st;
}

}  // namespace shishi::match
