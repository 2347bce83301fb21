#include "shishi/match/pgn.hpp"

#include <sstream>

namespace shishi::match {
namespace {

// Tag values escape backslash and quote (PGN standard 8.1.1).
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

// A comment may not contain '}'.
std::string comment_text(const std::string& s) {
    std::string out;
    for (char c : s) out += c == '}' ? ')' : c;
    return out;
}

}  // namespace

void write_pgn(std::ostream& out, const GameRecord& g, const PgnHeader& header) {
    const std::string result = outcome_text(g.outcome);
    auto tag = [&](const char* name, const std::string& value) { out << "[" << name << " " << quoted(value) << "]\n"; };
    tag("Event", header.event);
    tag("Site", header.site);
    tag("Date", g.date);
    tag("Round", std::to_string(g.round));
    tag("White", g.white_name);
    tag("Black", g.black_name);
    tag("Result", result);
    // As cutechess writes them: one tag for equal controls, one per side for time odds.
    if (g.white_tc.describe() == g.black_tc.describe()) {
        tag("TimeControl", g.white_tc.pgn_tag());
    } else {
        tag("WhiteTimeControl", g.white_tc.pgn_tag());
        tag("BlackTimeControl", g.black_tc.pgn_tag());
    }
    tag("Variant", "chu");
    if (!g.start_is_initial) {
        tag("SetUp", "1");
        tag("FEN", to_xboard_fen(g.start));
    }
    tag("Termination", termination_pgn_tag(g.termination));
    // The runner's own finer kind ("time forfeit", "score adjudication"), read back by --resume.
    tag("TerminationDetails", termination_name(g.termination));
    tag("PlyCount", std::to_string(g.moves.size()));
    out << "\n";

    // Move text, wrapped before 80 columns.
    std::vector<std::string> tokens;
    Color side = g.start.side_to_move();
    int number = 1;
    for (size_t i = 0; i < g.moves.size(); ++i) {
        if (side == WHITE) tokens.push_back(std::to_string(number) + ".");
        else if (i == 0) tokens.push_back(std::to_string(number) + "...");
        tokens.push_back(move_to_xboard(g.moves[i]));
        if (int(i) + 1 == g.opening_plies && g.opening_plies > 0) tokens.push_back("{opening}");
        if (side == BLACK) ++number;
        side = ~side;
    }
    if (!g.reason.empty()) tokens.push_back(std::string("{").append(comment_text(g.reason)).append("}"));
    tokens.push_back(result);
    size_t column = 0;
    for (const std::string& t : tokens) {
        if (column > 0 && column + 1 + t.size() > 79) {
            out << "\n";
            column = 0;
        }
        if (column > 0) {
            out << " ";
            ++column;
        }
        out << t;
        column += t.size();
    }
    out << "\n\n";
}

}  // namespace shishi::match
