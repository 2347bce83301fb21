// A finished match game as a record, written by the record module's PGN writer.
#include "shishi/match/pgn.hpp"

#include "shishi/record/pgn.hpp"

namespace shishi::match {

record::Record to_record(const GameRecord& g, const PgnHeader& header) {
    record::Record r;
    r.tags = {{"Event", header.event},
              {"Site", header.site},
              {"Date", g.date},
              {"Round", std::to_string(g.round)},
              {"White", g.white_name},
              {"Black", g.black_name}};
    // As cutechess writes them: one tag for equal controls, one per side for time odds.
    if (g.white_tc.describe() == g.black_tc.describe()) {
        r.tags.push_back({"TimeControl", g.white_tc.pgn_tag()});
    } else {
        r.tags.push_back({"WhiteTimeControl", g.white_tc.pgn_tag()});
        r.tags.push_back({"BlackTimeControl", g.black_tc.pgn_tag()});
    }
    r.tags.push_back({"Termination", termination_pgn_tag(g.termination)});
    // The runner's own finer kind ("time forfeit", "score adjudication"), read back by --resume.
    r.tags.push_back({"TerminationDetails", termination_name(g.termination)});
    r.start = g.start;
    r.start_is_initial = g.start_is_initial;
    for (size_t i = 0; i < g.moves.size(); ++i) {
        record::Ply p{g.moves[i], "", record::NAG_NONE, -1, -1, {}};
        if (int(i) + 1 == g.opening_plies && g.opening_plies > 0) p.comment = "opening";
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
