#include "shishi/match/results_json.hpp"

#include <cstdio>
#include <fstream>

#include "shishi/match/json.hpp"
#include "shishi/match/pentanomial.hpp"

namespace shishi::match {
namespace {

const TimeControl& limits(const EngineConfig& c, const MatchOptions& o) { return c.tc ? *c.tc : o.referee.tc; }

}  // namespace

std::string results_json(const RunReport& r) {
    const MatchOptions& o = r.options;
    std::string j = "{\n";
    j += "  \"event\": " + json_quote(o.event) + ",\n";
    j += "  \"state\": " + json_quote(r.state) + ",\n";
    j += std::string("  \"tournament\": ") +
         (o.tournament == TournamentKind::GAUNTLET ? "\"gauntlet\"" : "\"round-robin\"") + ",\n";
    j += "  \"games_per_pairing\": " + std::to_string(r.schedule.games_per_pairing()) + ",\n";
    j += "  \"total_games\": " + std::to_string(r.schedule.total()) + ",\n";
    j += "  \"finished_games\": " + std::to_string(r.games.size()) + ",\n";
    j += "  \"engines\": [\n";
    for (size_t i = 0; i < o.engines.size(); ++i) {
        const EngineConfig& c = o.engines[i];
        const TimeControl& tc = limits(c, o);
        j += "    {\"name\": " + json_quote(r.names[i]) + ", \"command\": " + json_quote(c.command) +
             ", \"protocol\": " + json_quote(protocol_name(c.protocol)) + ", \"time_control\": " +
             json_quote(tc.pgn_tag()) + ", \"limits\": " + json_quote(tc.describe()) + "}";
        j += i + 1 < o.engines.size() ? ",\n" : "\n";
    }
    j += "  ],\n  \"games\": [\n";
    for (size_t i = 0; i < r.games.size(); ++i) {
        const GameSummary& g = r.games[i];
        j += "    {\"round\": " + std::to_string(g.round) + ", \"white\": " + std::to_string(g.white) +
             ", \"black\": " + std::to_string(g.black) + ", \"result\": " + json_quote(g.result) +
             ", \"termination\": " + json_quote(termination_name(g.termination)) +
             ", \"reason\": " + json_quote(g.reason) + ", \"plies\": " + std::to_string(g.plies) +
             ", \"offender\": " + (g.offender ? std::to_string(*g.offender) : "null") + "}";
        j += i + 1 < r.games.size() ? ",\n" : "\n";
    }
    j += "  ],\n  \"pairings\": [\n";
    const auto& pairings = r.schedule.pairings();
    for (size_t p = 0; p < pairings.size(); ++p) {
        const PairingResults& pr = r.standings.pairing(int(p));
        EloEstimate tri = estimate_elo(pr.score);
        PentaEstimate pen = estimate_elo(pr.penta);
        j += "    {\"engines\": [" + std::to_string(pairings[p].a) + ", " + std::to_string(pairings[p].b) +
             "], \"wins\": " + std::to_string(pr.score.wins) + ", \"losses\": " + std::to_string(pr.score.losses) +
             ", \"draws\": " + std::to_string(pr.score.draws) + ", \"pentanomial\": [";
        for (int k = 0; k < 5; ++k) j += std::to_string(pr.penta.counts[size_t(k)]) + (k < 4 ? ", " : "");
        j += "], \"elo\": " + json_number(pr.score.games() ? tri.elo : 0) +
             ", \"elo95\": " + json_number(pr.score.games() ? tri.error95 : 0) +
             ", \"los\": " + json_number(tri.los, 4) + ", \"pentanomial_elo\": " + json_number(pen.elo) +
             ", \"pentanomial_elo95\": " + json_number(pen.elo95) + ", \"nelo\": " + json_number(pen.nelo) +
             ", \"nelo95\": " + json_number(pen.nelo95) + "}";
        j += p + 1 < pairings.size() ? ",\n" : "\n";
    }
    j += "  ],\n  \"standings\": [\n";
    for (size_t e = 0; e < o.engines.size(); ++e) {
        Score s = r.standings.engine_score(int(e));
        EloEstimate est = estimate_elo(s);
        j += "    {\"engine\": " + std::to_string(e) + ", \"name\": " + json_quote(r.names[e]) +
             ", \"games\": " + std::to_string(s.games()) + ", \"points\": " + json_number(s.wins + 0.5 * s.draws, 1) +
             ", \"elo\": " + json_number(s.games() ? est.elo : 0) +
             ", \"elo95\": " + json_number(s.games() ? est.error95 : 0) + "}";
        j += e + 1 < o.engines.size() ? ",\n" : "\n";
    }
    j += "  ]";
    if (o.sprt) {
        SprtState st = sprt(r.standings.pairing(0).penta, *o.sprt);
        j += ",\n  \"sprt\": {\"elo0\": " + json_number(o.sprt->elo0) + ", \"elo1\": " + json_number(o.sprt->elo1) +
             ", \"alpha\": " + json_number(o.sprt->alpha, 4) + ", \"beta\": " + json_number(o.sprt->beta, 4) +
             ", \"model\": " + (o.sprt->model == SprtConfig::NORMALIZED ? "\"normalized\"" : "\"logistic\"") +
             ", \"llr\": " + json_number(st.llr, 3) + ", \"lower\": " + json_number(st.lower, 3) +
             ", \"upper\": " + json_number(st.upper, 3) + ", \"verdict\": " +
             (st.verdict == SprtState::H1 ? "\"H1\"" : st.verdict == SprtState::H0 ? "\"H0\"" : "null") + "}";
    }
    j += "\n}\n";
    return j;
}

bool write_file_atomically(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        if (!out) return false;
        out << text;
        if (!out.flush()) return false;
    }
    return std::rename(tmp.c_str(), path.c_str()) == 0;
}

}  // namespace shishi::match
