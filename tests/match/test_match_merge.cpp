// Runs spread over machines: --shard i/n slices the schedule into whole game pairs, and
// `shishi-match merge` joins the shards' results into the report one run of the same games
// gives.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>
#include <sstream>

#include "match_test_support.hpp"
#include "shishi/match/merge.hpp"
#include "shishi/match/report.hpp"

using namespace shishi::match;

namespace {

// A recorded run: deterministic results with a spread of terminations and offenders.
std::vector<GameSummary> recorded_games(const Schedule& schedule) {
    const char* results[] = {"1-0", "1/2-1/2", "0-1", "1-0", "1-0", "1/2-1/2", "0-1", "1-0", "0-1"};
    std::vector<GameSummary> games;
    for (int i = 0; i < schedule.total(); ++i) {
        const GameSlot slot = schedule.slot(i);
        GameSummary g;
        g.round = i + 1;
        g.white = slot.white;
        g.black = slot.black;
        g.result = results[(i * 7 + i / 3) % 9];
        g.plies = 40 + i;
        if (i % 5 == 3 && g.result != "1/2-1/2") {
            g.termination = Termination::TIME_FORFEIT;
            g.reason = "lost on time";
            g.offender = g.result == "1-0" ? slot.black : slot.white;
        } else {
            g.termination = g.result == "1/2-1/2" ? Termination::MAX_PLIES : Termination::RULE;
            g.reason = g.result == "1/2-1/2" ? "ply limit" : "king captured";
        }
        games.push_back(g);
    }
    return games;
}

RunInfo run_of(int engines, std::optional<SprtConfig> sprt, int games_per_pairing) {
    RunInfo run{"test", TournamentKind::ROUND_ROBIN, games_per_pairing, {}, sprt, {}};
    for (int e = 0; e < engines; ++e)
        run.engines.push_back({"E" + std::to_string(e), "./e" + std::to_string(e), "xboard", "10+0.1", "10+0.1"});
    return run;
}

// The statistics of a results file: everything but the run's state, shard and game order.
nlohmann::json statistics(const std::string& json) {
    nlohmann::json j = nlohmann::json::parse(json);
    for (const char* volatile_key : {"state", "shard", "shard_games", "games"})
        j.erase(volatile_key);
    return j;
}

void check_merge_equals_single_run(int engines, std::optional<SprtConfig> sprt, int games_per_pairing, int shards) {
    const RunInfo run = run_of(engines, sprt, games_per_pairing);
    const Schedule schedule(make_pairings(engines, run.tournament), games_per_pairing);
    const std::vector<GameSummary> games = recorded_games(schedule);
    std::vector<std::string> names;
    for (const EngineEntry& e : run.engines)
        names.push_back(e.name);

    // One run: the games finish out of order (concurrency), all of them in one tally.
    Tally single(engines, schedule, sprt);
    for (size_t k = 0; k < games.size(); ++k)
        single.add(games[games.size() - 1 - k]);
    REQUIRE(int(single.games().size()) == schedule.total());
    std::ostringstream single_report;
    final_report(single_report, single, ReportContext{names, schedule, sprt, schedule.total()}, false);
    const std::string single_json = results_json(run, schedule, Shard{}, single, "complete");

    // The same games played as shards, each writing its results file, then merged.
    std::vector<ResultsFile> files;
    std::set<int> seen;
    for (int i = shards; i >= 1; --i) {  // any order
        const Shard shard{i, shards};
        Tally part(engines, schedule, sprt);
        for (const GameSummary& g : games)
            if (shard.contains(g.round - 1)) {
                CHECK(seen.insert(g.round).second);  // in exactly one shard
                part.add(g);
            }
        std::string error;
        auto f = read_results_json(results_json(run, schedule, shard, part, "complete"), error);
        INFO(error);
        REQUIRE(f);
        files.push_back(*f);
    }
    CHECK(int(seen.size()) == schedule.total());
    std::string error;
    auto merged = merge_results(files, error);
    INFO(error);
    REQUIRE(merged);
    CHECK(merged->state == "complete");
    std::ostringstream merged_report;
    const std::string merged_json = report_merged(*merged, merged_report);
    CHECK(merged_report.str() == single_report.str());
    CHECK(statistics(merged_json) == statistics(single_json));
    CHECK(nlohmann::json::parse(merged_json)["games"].size() == games.size());
}

}  // namespace

TEST_CASE("shards are whole game pairs, and every game is in one shard", "[match][merge]") {
    const Schedule schedule(make_pairings(3, TournamentKind::ROUND_ROBIN), 5);  // odd: single last games
    for (int n : {1, 2, 3, 4, 7, 40}) {
        int total = 0;
        for (int i = 1; i <= n; ++i)
            total += Shard{i, n}.games(schedule);
        CHECK(total == schedule.total());
        // Both games of an opening pair (same pairing, same opening) go to the same shard.
        for (int g = 0; g + 1 < schedule.total(); ++g) {
            const GameSlot a = schedule.slot(g), b = schedule.slot(g + 1);
            if (a.pairing == b.pairing && a.opening == b.opening)
                for (int i = 1; i <= n; ++i)
                    CHECK(Shard{i, n}.contains(g) == Shard{i, n}.contains(g + 1));
        }
    }
    CHECK(parse_shard("2/4")->index == 2);
    // Beyond int: refused (std::stoi threw there before, ending shishi-match).
    for (const char* bad :
         {"0/4", "5/4", "1/0", "a/b", "1/", "/2", "2", "-1/2", "1/2/3", "", "99999999999/1", "1/99999999999"})
        CHECK_FALSE(parse_shard(bad));
}

TEST_CASE("merged shards report what one run of the same games reports", "[match][merge]") {
    SECTION("a match with an SPRT, four shards") {
        check_merge_equals_single_run(2, SprtConfig{0, 10, 0.05, 0.05, SprtConfig::LOGISTIC}, 40, 4);
    }
    SECTION("a round robin of four engines, three shards, an odd number of games") {
        check_merge_equals_single_run(4, std::nullopt, 7, 3);
    }
}

TEST_CASE("merge refuses shards of other runs and games that come twice", "[match][merge]") {
    const RunInfo run = run_of(2, std::nullopt, 4);
    const Schedule schedule(make_pairings(2, run.tournament), 4);
    const auto games = recorded_games(schedule);
    auto file = [&](const RunInfo& r, Shard shard) {
        Tally t(2, schedule, std::nullopt);
        for (const GameSummary& g : games)
            if (shard.contains(g.round - 1)) t.add(g);
        std::string error;
        return *read_results_json(results_json(r, schedule, shard, t, "complete"), error);
    };
    std::string error;
    RunInfo other = run;
    other.engines[1].time_control = "5+0.05";
    CHECK_FALSE(merge_results({file(run, {1, 2}), file(other, {2, 2})}, error));
    CHECK(error.find("not of the same run") != std::string::npos);
    CHECK_FALSE(merge_results({file(run, {1, 2}), file(run, {1, 2})}, error));
    CHECK_FALSE(merge_results({file(run, {1, 2}), file(run, {1, 3})}, error));
    // One shard missing: merged, but marked partial.
    auto partial = merge_results({file(run, {2, 2})}, error);
    REQUIRE(partial);
    CHECK(partial->state == "partial");
    CHECK_FALSE(read_results_json("{\"event\": 1}", error));
    CHECK_FALSE(read_results_json("not json", error));
}
