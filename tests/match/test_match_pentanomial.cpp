// Pentanomial statistics against fishtest's own numbers. The expected values were computed by
// running fishtest's code (official-stockfish/fishtest, server/fishtest/stats, with Debian's
// python3-scipy) on the same counts:
//   from fishtest.stats import LLRcalc, stat_util
//   stat_util.get_elo(R)                      # (elo, elo95, los)
//   LLRcalc.LLR_logistic(elo0, elo1, R)       # GSPRT, logistic bounds
//   LLRcalc.LLR_normalized(nelo0, nelo1, R)   # GSPRT, normalized bounds
// and nElo as its template_helpers._nelo_pentanomial_details does:
//   n, pdf = LLRcalc.results_to_pdf(R); avg, var, skew, exkurt = LLRcalc.stats_ex(pdf)
//   t = (avg - 0.5) / var**0.5; var_t = max(1 - t*skew + 0.25*t*t*(exkurt + 2), 0)
//   c = LLRcalc.nelo_divided_by_nt / 2**0.5
//   nelo = c*t; nelo95 = c*stat_util.Phi_inv(0.975)*(var_t/n)**0.5
// R5 and P are the pentanomial examples in fishtest's stat_util.py self-test (its published
// SPRT example: R5 with elo0=-3, elo1=1 logistic gives LLR 2.131).
#include <catch2/catch.hpp>

#include "shishi/match/pentanomial.hpp"

using namespace shishi::match;
using Catch::Detail::Approx;

namespace {

Pentanomial penta(int ll, int ld, int even, int dw, int ww) {
    Pentanomial p;
    p.counts = {ll, ld, even, dw, ww};
    return p;
}

SprtConfig bounds(double elo0, double elo1, SprtConfig::Model model) {
    SprtConfig c;
    c.elo0 = elo0;
    c.elo1 = elo1;
    c.model = model;
    return c;
}

}  // namespace

TEST_CASE("pentanomial counts pair points", "[match][stats][pentanomial]") {
    Pentanomial p;
    for (double points : {0.0, 0.5, 1.0, 1.0, 1.5, 2.0, 2.0, 2.0})
        p.add(points);
    CHECK(p.counts == std::array<int, 5>{1, 1, 2, 1, 3});
    CHECK(p.pairs() == 8);
}

TEST_CASE("pentanomial Elo, LOS and normalized Elo match fishtest", "[match][stats][pentanomial]") {
    PentaEstimate big = estimate_elo(penta(10789, 19328, 33806, 19402, 10543));
    CHECK(big.elo == Approx(-0.7735773359165423).margin(1e-9));
    CHECK(big.elo95 == Approx(1.2775798957280218).margin(1e-9));
    CHECK(big.los == Approx(0.1176588580327751).margin(1e-9));
    CHECK(big.nelo == Approx(-0.9516290044726476).margin(1e-9));
    CHECK(big.nelo95 == Approx(1.5716226767743608).margin(1e-9));

    PentaEstimate p = estimate_elo(penta(39, 2226, 31451, 2412, 40));
    CHECK(p.elo == Approx(0.902981048809024).margin(1e-9));
    CHECK(p.elo95 == Approx(0.6625314859816553).margin(1e-9));
    CHECK(p.los == Approx(0.9962220973354207).margin(1e-9));
    CHECK(p.nelo == Approx(3.450799606946096).margin(1e-9));
    CHECK(p.nelo95 == Approx(2.5312396032638778).margin(1e-9));

    // A small match, the size Chu Shogi tests have.
    PentaEstimate s = estimate_elo(penta(1, 3, 6, 5, 5));
    CHECK(s.elo == Approx(88.73949984654251).margin(1e-9));
    CHECK(s.elo95 == Approx(97.29488064942912).margin(1e-9));
    CHECK(s.los == Approx(0.9728540858165727).margin(1e-9));
    CHECK(s.nelo == Approx(105.72128192819117).margin(1e-9));
    CHECK(s.nelo95 == Approx(116.91375393249858).margin(1e-9));
    CHECK(s.low < s.elo);
    CHECK(s.high > s.elo);

    // Regularised, a one-sided result still gives finite numbers: fishtest says (190.752, 4.631).
    PentaEstimate z = estimate_elo(penta(0, 0, 0, 12, 0));
    CHECK(z.elo == Approx(190.75203755312018).margin(1e-9));
    CHECK(z.elo95 == Approx(4.630683004539804).margin(1e-9));

    PentaEstimate none = estimate_elo(Pentanomial{});
    CHECK(none.elo == 0);
    CHECK(none.los == 0.5);
}

TEST_CASE("the pentanomial GSPRT matches fishtest's LLR", "[match][stats][pentanomial][sprt]") {
    auto big = sprt(penta(10789, 19328, 33806, 19402, 10543), bounds(-3, 1, SprtConfig::LOGISTIC));
    CHECK(big.llr == Approx(2.1310678117940807).margin(1e-6));
    CHECK(big.upper == Approx(std::log(0.95 / 0.05)));
    CHECK(big.verdict == SprtState::CONTINUE);  // 2.13 < 2.94

    auto p = penta(39, 2226, 31451, 2412, 40);
    CHECK(sprt(p, bounds(0.2, 0.9, SprtConfig::LOGISTIC)).llr == Approx(2.1625425800483593).margin(1e-6));
    CHECK(sprt(p, bounds(0.764, 3.439, SprtConfig::NORMALIZED)).llr == Approx(2.162940869584568).margin(1e-6));

    auto s = penta(1, 3, 6, 5, 5);
    CHECK(sprt(s, bounds(0, 10, SprtConfig::LOGISTIC)).llr == Approx(0.3486434761530923).margin(1e-6));
    CHECK(sprt(s, bounds(0, 10, SprtConfig::NORMALIZED)).llr == Approx(0.30894221690601475).margin(1e-6));

    // Twelve pairs of a draw and a win: H1 of +100 Elo against 0 is accepted (fishtest: 2.963).
    auto z = sprt(penta(0, 0, 0, 12, 0), bounds(0, 100, SprtConfig::LOGISTIC));
    CHECK(z.llr == Approx(2.963458216304849).margin(1e-6));
    CHECK(z.verdict == SprtState::H1);

    // The mirror image accepts H0.
    auto lost = sprt(penta(0, 12, 0, 0, 0), bounds(0, 100, SprtConfig::LOGISTIC));
    CHECK(lost.verdict == SprtState::H0);
    CHECK(sprt(Pentanomial{}, bounds(0, 5, SprtConfig::LOGISTIC)).llr == 0);
}

TEST_CASE("the SPRT model is read from its parameters", "[match][stats][sprt]") {
    std::string error;
    auto n = parse_sprt("elo0=0 elo1=2 model=normalized", error);
    REQUIRE(n);
    CHECK(n->model == SprtConfig::NORMALIZED);
    auto l = parse_sprt("elo0=0 elo1=2", error);
    REQUIRE(l);
    CHECK(l->model == SprtConfig::LOGISTIC);
    CHECK_FALSE(parse_sprt("elo0=0 elo1=2 model=bayes", error));
    CHECK(error.find("model") != std::string::npos);
}
