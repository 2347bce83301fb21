#include "shishi/match/results_json.hpp"

#include <filesystem>
#include <fstream>

#include <cmath>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "shishi/match/pentanomial.hpp"
#include "shishi/platform/platform.hpp"

namespace shishi::match {
namespace {

using Json = nlohmann::ordered_json;  // members in the order written

const TimeControl& limits(const EngineConfig& c, const MatchOptions& o) { return c.tc ? *c.tc : o.referee.tc; }

// v rounded to `digits` decimals; null for infinities and NaN (JSON has neither).
Json number(double v, int digits = 2) {
    if (!std::isfinite(v)) return nullptr;
    const double scale = std::pow(10.0, digits);
    return std::round(v * scale) / scale + 0.0;  // + 0.0: no "-0.0"
}

}  // namespace

bool same_run(const RunInfo& a, const RunInfo& b) {
    auto sprt_key = [](const std::optional<SprtConfig>& c) {
        return c ? std::vector<double>{c->elo0, c->elo1, c->alpha, c->beta, double(c->model)} : std::vector<double>{};
    };
    return a.event == b.event && a.tournament == b.tournament && a.games_per_pairing == b.games_per_pairing &&
        a.engines == b.engines && sprt_key(a.sprt) == sprt_key(b.sprt) && a.colours == b.colours;
}

RunInfo run_info(const MatchOptions& o, const std::vector<std::string>& names) {
    RunInfo run{o.event, o.tournament, o.games, {}, o.sprt, o.colours};
    for (size_t i = 0; i < o.engines.size(); ++i) {
        const EngineConfig& c = o.engines[i];
        const TimeControl& tc = limits(c, o);
        run.engines.push_back({names[i], c.command, protocol_name(c.protocol), tc.pgn_tag(), tc.describe()});
    }
    return run;
}

std::string results_json(const RunInfo& run, const Schedule& schedule, const Shard& shard, const Tally& tally,
                         const std::string& state) {
    const Standings& standings = tally.standings();
    Json j;
    j["event"] = run.event;
    j["state"] = state;
    j["tournament"] = run.tournament == TournamentKind::GAUNTLET ? "gauntlet" : "round-robin";
    j["games_per_pairing"] = schedule.games_per_pairing();
    j["swap"] = run.colours.swap;
    j["reverse"] = run.colours.reverse;
    j["total_games"] = schedule.total();
    j["shard"] = std::to_string(shard.index) + "/" + std::to_string(shard.count);
    j["shard_games"] = shard.games(schedule);
    j["finished_games"] = tally.games().size();
    j["engines"] = Json::array();
    for (const EngineEntry& e : run.engines)
        j["engines"].push_back({{"name", e.name},
                                {"command", e.command},
                                {"protocol", e.protocol},
                                {"time_control", e.time_control},
                                {"limits", e.limits}});
    j["games"] = Json::array();
    for (const GameSummary& g : tally.games())
        j["games"].push_back({{"round", g.round},
                              {"white", g.white},
                              {"black", g.black},
                              {"result", g.result},
                              {"termination", termination_name(g.termination)},
                              {"reason", g.reason},
                              {"plies", g.plies},
                              {"offender", g.offender ? Json(*g.offender) : Json(nullptr)}});
    j["pairings"] = Json::array();
    const auto& pairings = schedule.pairings();
    for (size_t p = 0; p < pairings.size(); ++p) {
        const PairingResults& pr = standings.pairing(int(p));
        EloEstimate tri = estimate_elo(pr.score);
        PentaEstimate pen = estimate_elo(pr.penta);
        const bool any = pr.score.games() > 0;
        j["pairings"].push_back({{"engines", {pairings[p].a, pairings[p].b}},
                                 {"wins", pr.score.wins},
                                 {"losses", pr.score.losses},
                                 {"draws", pr.score.draws},
                                 {"pentanomial", pr.penta.counts},
                                 {"elo", number(any ? tri.elo : 0)},
                                 {"elo95", number(any ? tri.error95 : 0)},
                                 {"los", number(tri.los, 4)},
                                 {"pentanomial_elo", number(pen.elo)},
                                 {"pentanomial_elo95", number(pen.elo95)},
                                 {"nelo", number(pen.nelo)},
                                 {"nelo95", number(pen.nelo95)}});
    }
    j["standings"] = Json::array();
    for (size_t e = 0; e < run.engines.size(); ++e) {
        Score s = standings.engine_score(int(e));
        EloEstimate est = estimate_elo(s);
        j["standings"].push_back({{"engine", e},
                                  {"name", run.engines[e].name},
                                  {"games", s.games()},
                                  {"points", number(s.wins + 0.5 * s.draws, 1)},
                                  {"elo", number(s.games() ? est.elo : 0)},
                                  {"elo95", number(s.games() ? est.error95 : 0)}});
    }
    if (run.sprt) {
        const SprtConfig& c = *run.sprt;
        SprtState st = sprt(standings.pairing(0).penta, c);
        // The bounds as given (not rounded): a merge reads them back.
        j["sprt"] = {{"elo0", c.elo0},
                     {"elo1", c.elo1},
                     {"alpha", c.alpha},
                     {"beta", c.beta},
                     {"model", c.model == SprtConfig::NORMALIZED ? "normalized" : "logistic"},
                     {"llr", number(st.llr, 3)},
                     {"lower", number(st.lower, 3)},
                     {"upper", number(st.upper, 3)},
                     {"verdict",
                      st.verdict == SprtState::H1       ? Json("H1")
                          : st.verdict == SprtState::H0 ? Json("H0")
                                                        : Json(nullptr)}};
    }
    return j.dump(2) + "\n";
}

namespace {

// The member `key` of `j` as T; throws (caught by read_results_json) when missing or mistyped.
template <class T>
T member(const Json& j, const char* key) {
    if (!j.is_object() || !j.contains(key)) throw std::runtime_error(std::string("no \"") + key + "\"");
    return j.at(key).get<T>();
}

}  // namespace

std::optional<ResultsFile> read_results_json(const std::string& text, std::string& error) {
    try {
        const Json j = Json::parse(text);
        ResultsFile r;
        r.run.event = member<std::string>(j, "event");
        auto kind = parse_tournament(member<std::string>(j, "tournament"));
        if (!kind) throw std::runtime_error("unknown \"tournament\"");
        r.run.tournament = *kind;
        r.run.games_per_pairing = member<int>(j, "games_per_pairing");
        if (r.run.games_per_pairing < 1) throw std::runtime_error("\"games_per_pairing\" below 1");
        // Files written before -noswap/-reverse existed swapped colours.
        if (j.contains("swap")) r.run.colours.swap = member<bool>(j, "swap");
        if (j.contains("reverse")) r.run.colours.reverse = member<bool>(j, "reverse");
        for (const Json& e : member<Json>(j, "engines"))
            r.run.engines.push_back({member<std::string>(e, "name"), member<std::string>(e, "command"),
                                     member<std::string>(e, "protocol"), member<std::string>(e, "time_control"),
                                     member<std::string>(e, "limits")});
        if (r.run.engines.size() < 2) throw std::runtime_error("fewer than two engines");
        if (j.contains("sprt")) {
            const Json& s = j.at("sprt");
            SprtConfig c{
                member<double>(s, "elo0"), member<double>(s, "elo1"), member<double>(s, "alpha"),
                member<double>(s, "beta"),
                member<std::string>(s, "model") == "normalized" ? SprtConfig::NORMALIZED : SprtConfig::LOGISTIC};
            r.run.sprt = c;
        }
        auto shard = parse_shard(j.contains("shard") ? member<std::string>(j, "shard") : "1/1");
        if (!shard) throw std::runtime_error("bad \"shard\"");
        r.shard = *shard;
        r.state = member<std::string>(j, "state");
        const int engines = int(r.run.engines.size());
        for (const Json& g : member<Json>(j, "games")) {
            GameSummary s;
            s.round = member<int>(g, "round");
            s.white = member<int>(g, "white");
            s.black = member<int>(g, "black");
            s.result = member<std::string>(g, "result");
            auto t = termination_from_name(member<std::string>(g, "termination"));
            if (!t) throw std::runtime_error("game " + std::to_string(s.round) + ": unknown termination");
            s.termination = *t;
            s.reason = member<std::string>(g, "reason");
            s.plies = member<int>(g, "plies");
            if (!g.at("offender").is_null()) s.offender = member<int>(g, "offender");
            if (s.white < 0 || s.white >= engines || s.black < 0 || s.black >= engines ||
                (s.result != "1-0" && s.result != "0-1" && s.result != "1/2-1/2"))
                throw std::runtime_error("game " + std::to_string(s.round) + ": bad players or result");
            r.games.push_back(s);
        }
        return r;
    } catch (const std::exception& e) {
        error = e.what();
        return std::nullopt;
    }
}

bool write_file_atomically(const std::string& path, const std::string& text) {
    const std::filesystem::path tmp = platform::file_path(path + ".tmp");
    {
        std::ofstream out(tmp, std::ios::trunc);
        if (!out) return false;
        out << text;
        if (!out.flush()) return false;
    }
    // std::filesystem::rename replaces the file on Windows too (std::rename refuses there).
    std::error_code ec;
    std::filesystem::rename(tmp, platform::file_path(path), ec);
    return !ec;
}

}  // namespace shishi::match
