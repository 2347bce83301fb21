// A finished match game as a record, written by the record module's PGN writer.
#include "shishi/match/game_pgn.hpp"

#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "shishi/core/rule_fields.hpp"
#include "shishi/match/referee.hpp"
#include "shishi/record/pgn.hpp"

namespace shishi::match {

std::string eval_comment(const MoveEval& e) {
    std::string s;
    if (e.score) {
        const int v = *e.score, a = std::abs(v);
        char buf[32];
        if (a > MATE_CP - 1000) {
            // Mate in n moves of the side that mates (cutechess's "+M5" / "-M5").
            std::snprintf(buf, sizeof buf, "%sM%d", v > 0 ? "+" : "-", (MATE_CP - a + 1) / 2);
        } else {
            std::snprintf(buf, sizeof buf, "%s%.2f", v > 0 ? "+" : "", v / 100.0);
        }
        s = std::string(buf) + "/" + std::to_string(e.depth) + " ";
    }
    // Seconds with fewer decimals the longer the move took (0.052s, 0.52s, 5.2s, 52s).
    const int digits = e.ms == 0 ? 0 : e.ms < 100 ? 3 : e.ms < 1000 ? 2 : e.ms < 10000 ? 1 : 0;
    char t[32];
    std::snprintf(t, sizeof t, "%.*fs", digits, double(e.ms) / 1000.0);
    return s + t;
}

std::string referee_settings_text(const RefereeSettings& r) {
    std::ostringstream s;
    s << "max-plies " << r.max_plies << "; draw ";
    if (r.draw.enabled())
        s << "movenumber=" << r.draw.move_number << " movecount=" << r.draw.move_count << " score=" << r.draw.score_cp;
    else
        s << "off";
    s << "; resign ";
    if (r.resign.enabled())
        s << "movecount=" << r.resign.move_count << " score=" << r.resign.score_cp
          << (r.resign.two_sided ? " twosided" : "");
    else
        s << "off";
    s << "; adjudicate ";
    if (r.adjudication.score_cp > 0)
        s << r.adjudication.score_cp << ":" << r.adjudication.moves;
    else
        s << "off";
    s << "; margin-ms " << r.margin_ms << "; move-timeout-ms " << r.tc.no_clock_move_limit_ms << "; rules ";
    bool first = true;
    for (const RuleField& f : rule_fields()) {
        s << (first ? "" : ",") << f.key << "=" << rule_value_text(f, r.rules);
        first = false;
    }
    return s.str();
}

std::string match_settings_tag(const GameRecord& g, const PgnHeader& header) {
    return "White " + g.white_tc.describe() + "; Black " + g.black_tc.describe() +
        (header.settings.empty() ? "" : "; " + header.settings);
}

record::Record to_record(const GameRecord& g, const PgnHeader& header) {
    record::Record r;
    r.tags = {{"Event", header.event}, {"Site", header.site},  {"Date", g.date}, {"Round", std::to_string(g.round)},
              {"White", g.white_name}, {"Black", g.black_name}};
    // As cutechess writes them: one tag for equal controls, one per side for time odds.
    if (g.white_tc.describe() == g.black_tc.describe()) {
        r.tags.push_back({"TimeControl", g.white_tc.pgn_tag()});
    } else {
        r.tags.push_back({"WhiteTimeControl", g.white_tc.pgn_tag()});
        r.tags.push_back({"BlackTimeControl", g.black_tc.pgn_tag()});
    }
    // Every limit and adjudication setting of the run: --resume compares them.
    r.tags.push_back({"MatchSettings", match_settings_tag(g, header)});
    r.tags.push_back({"Termination", termination_pgn_tag(g.termination)});
    // The runner's own finer kind ("time forfeit", "score adjudication"), read back by --resume.
    r.tags.push_back({"TerminationDetails", termination_name(g.termination)});
    r.start = g.start;
    r.start_is_initial = g.start_is_initial;
    for (size_t i = 0; i < g.moves.size(); ++i) {
        record::Ply p{g.moves[i], "", record::NAG_NONE, -1, -1, {}};
        if (int(i) + 1 == g.opening_plies && g.opening_plies > 0) p.comment = "opening";
        const long played = long(i) - g.opening_plies;
        if (header.eval_comments && played >= 0 && played < long(g.evals.size()))
            p.comment = eval_comment(g.evals[size_t(played)]);
        r.plies.push_back(p);
    }
    r.result = outcome_text(g.outcome);
    r.final_comment = g.reason;
    return r;
}

void write_pgn(std::ostream& out, const GameRecord& g, const PgnHeader& header) {
    out << record::write_pgn(to_record(g, header));
}

}  // namespace shishi::match
