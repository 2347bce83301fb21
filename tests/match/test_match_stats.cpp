// Elo, confidence interval, LOS and SPRT arithmetic against values worked out by hand
// (formulas in docs/match.md).
#include <catch2/catch.hpp>

#include <cmath>

#include "shishi/match/stats.hpp"

using namespace shishi::match;
using Catch::Detail::Approx;

TEST_CASE("Elo from a score fraction follows the logistic model", "[match][stats]") {
    CHECK(elo_from_score(0.5) == Approx(0.0).margin(1e-9));
    CHECK(elo_from_score(0.75) == Approx(190.848).epsilon(1e-5));  // 400 log10(3)
    CHECK(elo_from_score(0.25) == Approx(-190.848).epsilon(1e-5));
    CHECK(score_from_elo(100) == Approx(0.640065).epsilon(1e-5));
    CHECK(std::isinf(elo_from_score(1.0)));
    CHECK(elo_from_score(0.0) < 0);
}

TEST_CASE("Elo estimate, 95% interval and LOS of a match result", "[match][stats]") {
    Score s{10, 5, 5};
    CHECK(s.games() == 20);
    CHECK(s.ratio() == Approx(0.625));
    EloEstimate e = estimate_elo(s);
    CHECK(e.elo == Approx(88.7395).epsilon(1e-5));
    CHECK(e.low == Approx(-39.5648).epsilon(1e-5));
    CHECK(e.high == Approx(248.1849).epsilon(1e-5));
    CHECK(e.error95 == Approx((248.1849 + 39.5648) / 2).epsilon(1e-5));
    CHECK(e.los == Approx(0.901647).epsilon(1e-5));

    EloEstimate f = estimate_elo(Score{30, 20, 50});
    CHECK(f.elo == Approx(34.8601).epsilon(1e-5));
    CHECK(f.low == Approx(-12.9297).epsilon(1e-4));
    CHECK(f.high == Approx(84.0108).epsilon(1e-5));
    CHECK(f.los == Approx(0.921350).epsilon(1e-5));
}

TEST_CASE("an even or draw-only result gives zero Elo and 50% LOS", "[match][stats]") {
    EloEstimate e = estimate_elo(Score{0, 0, 8});
    CHECK(e.elo == Approx(0.0).margin(1e-9));
    CHECK(e.los == Approx(0.5));
    EloEstimate f = estimate_elo(Score{7, 7, 2});
    CHECK(f.elo == Approx(0.0).margin(1e-9));
    CHECK(f.los == Approx(0.5));
}

TEST_CASE("SPRT parameters are checked", "[match][stats]") {
    std::string error;
    CHECK_FALSE(parse_sprt("elo0=5 elo1=0", error));
    CHECK_FALSE(error.empty());
    CHECK_FALSE(parse_sprt("alpha=0.7", error));
    CHECK_FALSE(parse_sprt("elo0=abc", error));
    CHECK_FALSE(parse_sprt("gamma=1", error));
    CHECK_FALSE(parse_sprt("elo0", error));
    auto d = parse_sprt("", error);
    REQUIRE(d);
    CHECK(d->elo1 == 5);
}

TEST_CASE("a one-sided result has an infinite interval, not a NaN", "[match][stats]") {
    EloEstimate e = estimate_elo(Score{0, 1, 0});
    CHECK(std::isinf(e.elo));
    CHECK(std::isinf(e.error95));
    CHECK_FALSE(std::isnan(e.error95));
}
