// Draw and resign adjudication, the --json results file, the --plot SVG and the progress line.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

#include "match_test_support.hpp"
#include "shishi/match/match_options.hpp"
#include "shishi/match/plot.hpp"
#include "shishi/match/referee.hpp"
#include "shishi/match/runner.hpp"

using namespace shishi;
using namespace shishi::match;
using match_test::BLACK_MOVES;
using match_test::count_of;
using match_test::fake;
using match_test::fake_config;
using match_test::parsed;
using match_test::slurp;
using match_test::started;
using match_test::temp_pgn;
using match_test::WHITE_MOVES;

namespace {

GameRecord play(const std::string& white_args, const std::string& black_args, const RefereeSettings& s) {
    auto w = started(fake_config("xboard", std::string("--moves '") + WHITE_MOVES + "' " + white_args));
    auto b = started(fake_config("xboard", std::string("--moves '") + BLACK_MOVES + "' " + black_args));
    REQUIRE(w);
    REQUIRE(b);
    return play_game(*w, *b, Opening{}, s);
}

RefereeSettings settings() {
    RefereeSettings s;
    s.tc.base_ms = 10000;
    s.max_plies = 14;
    return s;
}

}  // namespace

TEST_CASE("draw adjudication: after move N, M moves of each engine near zero", "[match][adjudication]") {
    RefereeSettings s = settings();
    s.draw = {2, 2, 10};  // from move 2 on, 2 moves each within 10 cp
    GameRecord g = play("--score 5", "--score -8", s);
    CHECK(g.termination == Termination::ADJUDICATION);
    CHECK(g.outcome == Outcome::DRAW);
    CHECK(g.moves.size() == 4);
    CHECK(g.reason.find("draw by adjudication") != std::string::npos);

    // The move number holds it back: 5 full moves = 10 plies.
    s.draw = {5, 1, 10};
    g = play("--score 5", "--score 5", s);
    CHECK(g.termination == Termination::ADJUDICATION);
    CHECK(g.moves.size() == 10);

    // One engine beyond the threshold: no draw, the game goes on to the ply limit.
    s.draw = {1, 2, 10};
    g = play("--score 50", "--score 0", s);
    CHECK(g.termination == Termination::MAX_PLIES);
    // Engines that report no score are never adjudicated.
    g = play("", "", s);
    CHECK(g.termination == Termination::MAX_PLIES);
}

TEST_CASE("resign adjudication: an engine that sees itself lost for M moves loses", "[match][adjudication]") {
    RefereeSettings s = settings();
    s.resign = {3, 500};
    // White reports -600 (its own view): after its third move it loses; Black's +600 agrees.
    GameRecord g = play("--score -600", "--score 600", s);
    CHECK(g.termination == Termination::ADJUDICATION);
    CHECK(g.outcome == Outcome::BLACK_WINS);
    CHECK(g.moves.size() == 5);
    CHECK(g.reason.find("White resigns by adjudication") != std::string::npos);
    CHECK_FALSE(g.offender);

    g = play("--score 100", "--score -501", s);
    CHECK(g.termination == Termination::ADJUDICATION);
    CHECK(g.outcome == Outcome::WHITE_WINS);
    CHECK(g.moves.size() == 6);

    // Just short of the threshold: played on.
    g = play("--score -499", "--score 499", s);
    CHECK(g.termination == Termination::MAX_PLIES);
}

TEST_CASE("two-sided resign adjudication: the winner must agree for M moves", "[match][adjudication]") {
    RefereeSettings s = settings();
    s.resign = {3, 500, true};
    // White sees itself lost, but Black does not see itself winning by 500: played on (one-sided
    // adjudication would end this game, see the case above).
    GameRecord g = play("--score -600", "--score 100", s);
    CHECK(g.termination == Termination::MAX_PLIES);
    // Both agree: White loses after three moves of each.
    g = play("--score -600", "--score 600", s);
    CHECK(g.termination == Termination::ADJUDICATION);
    CHECK(g.outcome == Outcome::BLACK_WINS);
    CHECK(g.moves.size() == 6);
    CHECK(g.reason.find("White resigns by adjudication") != std::string::npos);
    // Black lost in both views.
    g = play("--score 500", "--score -500", s);
    CHECK(g.outcome == Outcome::WHITE_WINS);
    CHECK(g.moves.size() == 6);

    MatchOptions o = parsed({"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x", "--resign",
                             "movecount=3", "score=900", "twosided=true"});
    CHECK(o.referee.resign.two_sided);
    std::ostringstream err;
    CHECK_FALSE(parse_match_args({"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x",
                                  "--resign", "movecount=3", "score=9", "twosided=yes"},
                                 err));
    CHECK(err.str().find("twosided=true or twosided=false") != std::string::npos);
}

TEST_CASE("adjudication options are read with clear errors", "[match][adjudication][options]") {
    MatchOptions o = parsed({"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x", "--draw",
                             "movenumber=40", "movecount=8", "score=10", "--resign", "movecount=3 score=900"});
    CHECK(o.referee.draw.move_number == 40);
    CHECK(o.referee.draw.move_count == 8);
    CHECK(o.referee.draw.score_cp == 10);
    CHECK(o.referee.resign.move_count == 3);
    CHECK(o.referee.resign.score_cp == 900);
    for (const std::vector<std::string>& tail : std::vector<std::vector<std::string>>{
             {"--draw", "movecount=8"},
             {"--draw", "movenumber=1", "score=5"},
             {"--draw", "movecount=x", "score=5"},
             {"--resign", "movenumber=3", "movecount=3", "score=5"},
             {"--resign"},
         }) {
        std::vector<std::string> args = {"--first", "a", "--second", "b", "--games", "2", "--tc", "1", "--pgn", "x"};
        args.insert(args.end(), tail.begin(), tail.end());
        std::ostringstream err;
        CHECK_FALSE(parse_match_args(args, err));
        CHECK_FALSE(err.str().empty());
    }
}

TEST_CASE("the JSON results file holds engines, games with terminations and statistics", "[match][json][runner]") {
    const std::string pgn = temp_pgn("json"), json = pgn + ".json", svg = pgn + ".svg";
    MatchOptions o = parsed({"--first",     fake("xboard", "--moves h4h5 --name A"),
                             "--second",    fake("xboard", "--crash-at 1 --name B"),
                             "--games",     "4",
                             "--tc",        "5+0.1",
                             "--second-tc", "3",
                             "--max-plies", "1",
                             "--pgn",       pgn,
                             "--json",      json,
                             "--plot",      svg,
                             "--sprt",      "elo0=0",
                             "elo1=50"});
    std::ostringstream out, err;
    CHECK(run_match(o, out, err) == 0);
    INFO(out.str());
    const nlohmann::json v = nlohmann::json::parse(slurp(json));
    CHECK(v["state"] == "complete");
    CHECK(v["finished_games"] == 4);
    const auto& engines = v["engines"];
    REQUIRE(engines.size() == 2);
    CHECK(engines[0]["name"] == "A");
    CHECK(engines[0]["time_control"] == "5+0.1");
    CHECK(engines[1]["time_control"] == "3");
    const auto& games = v["games"];
    REQUIRE(games.size() == 4);
    int crashes = 0;
    for (const auto& g : games) {
        CHECK(g["round"].get<int>() >= 1);
        CHECK_FALSE(g["result"].get<std::string>().empty());
        CHECK_FALSE(g["reason"].get<std::string>().empty());
        if (g["termination"] == "crash") {
            ++crashes;
            CHECK(g["offender"] == 1);
        }
    }
    // B crashes whenever it is White (games 2 and 4); as Black it never moves (ply limit 1).
    CHECK(crashes == 2);
    const auto& pairing = v["pairings"].at(0);
    const auto& penta = pairing["pentanomial"];
    REQUIRE(penta.size() == 5);
    int pairs = 0;
    for (const auto& c : penta)
        pairs += c.get<int>();
    CHECK(pairs == 2);
    CHECK(penta[3] == 2);  // each pair: A draws, then wins
    CHECK(pairing["wins"].get<int>() + pairing["draws"].get<int>() + pairing["losses"].get<int>() == 4);
    REQUIRE(v.contains("sprt"));
    CHECK(v["sprt"]["upper"].get<double>() == Approx(2.944).margin(1e-3));
    CHECK(v["standings"].size() == 2);

    // The plot of the same run: one point per game, an LLR panel with both bounds.
    const std::string picture = slurp(svg);
    CHECK(picture.rfind("<svg ", 0) == 0);
    CHECK(picture.find("</svg>") != std::string::npos);
    CHECK(picture.find("id=\"llr-panel\"") != std::string::npos);
    for (const char* f : {json.c_str(), svg.c_str(), pgn.c_str()})
        std::remove(f);
}

TEST_CASE("the plot is a well-formed SVG with the Elo band and the LLR between its bounds", "[match][plot]") {
    std::vector<PlotPoint> points;
    for (int g = 1; g <= 30; ++g)
        points.push_back({g, 10.0 + g, -100.0 + g, 120.0 + g, -1.0 + 0.1 * g});
    points.front().high = INFINITY;  // one decisive game: drawn at the panel's edge
    std::string svg = render_plot_svg(points, PlotBounds{-2.94, 2.94}, "A <vs> B");
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
    CHECK(svg.find("<title>A &lt;vs&gt; B</title>") != std::string::npos);
    CHECK(count_of(svg, "<g ") == count_of(svg, "</g>"));
    CHECK(svg.find("nan") == std::string::npos);
    CHECK(svg.find("inf") == std::string::npos);
    auto points_of = [&](const std::string& id) {
        size_t at = svg.find("id=\"" + id + "\" points=\"");
        REQUIRE(at != std::string::npos);
        size_t begin = svg.find('"', svg.find("points=", at)) + 1;
        std::string list = svg.substr(begin, svg.find('"', begin) - begin);
        return count_of(list, ",");
    };
    CHECK(points_of("elo-line") == 30);
    CHECK(points_of("elo-interval") == 60);
    CHECK(points_of("llr-line") == 30);
    CHECK(svg.find("id=\"llr-lower\"") != std::string::npos);
    CHECK(svg.find("id=\"llr-upper\"") != std::string::npos);
    // The upper bound is drawn above the lower one (smaller y).
    auto y_of = [&](const std::string& id) {
        size_t at = svg.find("id=\"" + id + "\"");
        size_t y1 = svg.find("y1=\"", at) + 4;
        return std::stod(svg.substr(y1));
    };
    CHECK(y_of("llr-upper") < y_of("llr-lower"));

    std::string no_sprt = render_plot_svg(points, std::nullopt, "x");
    CHECK(no_sprt.find("llr-panel") == std::string::npos);
    CHECK(no_sprt.find("id=\"elo-line\"") != std::string::npos);
    CHECK(render_plot_svg({}, std::nullopt, "empty").find("</svg>") != std::string::npos);
}

TEST_CASE("the plot draws no point for an infinite Elo (a 4-0), only edge marks", "[match][plot]") {
    std::vector<PlotPoint> points;
    for (int g = 1; g <= 4; ++g)
        points.push_back({g, INFINITY, 100.0 * g, INFINITY, 0});
    points.push_back({5, 340.0, 80.0, INFINITY, 0});  // a draw: a finite estimate again
    const std::string svg = render_plot_svg(points, std::nullopt, "A vs B");
    size_t at = svg.find("id=\"elo-line\" points=\"");
    REQUIRE(at != std::string::npos);
    size_t begin = svg.find('"', svg.find("points=", at)) + 1;
    const std::string line = svg.substr(begin, svg.find('"', begin) - begin);
    CHECK(count_of(line, ",") == 1);  // game 5 only
    CHECK(count_of(svg, "class=\"elo-unbounded\"") == 4);
    CHECK(svg.find("no finite Elo") != std::string::npos);
    CHECK(svg.find("inf\"") == std::string::npos);
}

TEST_CASE("the progress line updates in place on a terminal and is a plain line otherwise", "[match][runner]") {
    const std::string pgn = temp_pgn("progress");
    MatchOptions o =
        parsed({"--first", fake("xboard", "--moves h4h5 --name A"), "--second", fake("xboard", "--moves h4h5 --name B"),
                "--games", "2", "--tc", "5", "--max-plies", "1", "--pgn", pgn});
    std::ostringstream plain, err;
    REQUIRE(run_match(o, plain, err) == 0);
    CHECK(plain.str().find("Progress: 1/2 games, 0-0-1, Elo +0.0 +/- 0.0") != std::string::npos);
    CHECK(plain.str().find('\r') == std::string::npos);
    o.terminal = true;
    std::ostringstream tty;
    REQUIRE(run_match(o, tty, err) == 0);
    CHECK(tty.str().find("\rProgress: 1/2 games") != std::string::npos);
    CHECK(tty.str().find("\033[K") != std::string::npos);
    // Each result line starts on a cleared line, not behind the progress text.
    CHECK(tty.str().find("\r\033[KFinished game 2") != std::string::npos);
    std::remove(pgn.c_str());
}
