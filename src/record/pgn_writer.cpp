// PGN output, shared by shishi-match and the record tools.
#include <string>
#include <vector>

#include "shishi/record/pgn.hpp"

namespace shishi::record {
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

// A comment holds no braces (they do not nest: "{a {b}}" would end at the first '}'), so both
// become parentheses; line breaks become spaces.
std::string comment_token(const std::string& s) {
    std::string out = "{";
    for (char c : s) out += c == '}' ? ')' : c == '{' ? '(' : (c == '\n' || c == '\r') ? ' ' : c;
    return out + "}";
}

// PGN tag names are letters, digits and '_'; a KIF header key without a PGN tag ("解説") is not
// one, and is left out.
bool is_tag_name(const std::string& s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    return true;
}

constexpr const char* ROSTER[] = {"Event", "Site", "Date", "Round", "White", "Black"};

bool in_roster(const std::string& name) {
    for (const char* r : ROSTER)
        if (name == r) return true;
    return name == "Result";
}

}  // namespace

// XBoard's long algebraic multi-leg form, which its PGN parser reads back. (The comma form of
// the engine protocol, "e8d9,d9d8", is not read back by XBoard from a file.)
std::string pgn_move_text(Move m) {
    if (m.is_pass()) return square_to_xboard(m.from()) + square_to_xboard(m.mid()) + "-" + square_to_xboard(m.from());
    if (m.is_double()) return square_to_xboard(m.from()) + square_to_xboard(m.mid()) + "-" + square_to_xboard(m.to());
    return move_to_xboard(m);
}

std::string write_pgn(const Record& r) {
    std::string out;
    auto tag = [&](const std::string& name, const std::string& value) {
        out += "[" + name + " " + quoted(value) + "]\n";
    };
    for (const char* name : ROSTER) {
        const std::string* v = r.tag(name);
        tag(name, v ? *v : "?");
    }
    tag("Result", r.result);
    // XBoard and shishi-match put TimeControl before Variant; everything else follows FEN.
    if (const std::string* tc = r.tag("TimeControl")) tag("TimeControl", *tc);
    tag("Variant", "chu");
    if (!r.start_is_initial) {
        tag("SetUp", "1");
        tag("FEN", to_xboard_fen(r.start));
    }
    for (const Tag& t : r.tags)
        if (!in_roster(t.name) && t.name != "TimeControl" && is_tag_name(t.name)) tag(t.name, t.value);
    tag("PlyCount", std::to_string(r.plies.size()));
    out += "\n";

    // Move text, wrapped before 80 columns.
    std::vector<std::string> tokens;
    if (!r.start_comment.empty()) tokens.push_back(comment_token(r.start_comment));
    Color side = r.start.side_to_move();
    int number = 1;
    for (size_t i = 0; i < r.plies.size(); ++i) {
        if (side == WHITE) tokens.push_back(std::to_string(number) + ".");
        else if (i == 0) tokens.push_back(std::to_string(number) + "...");
        tokens.push_back(pgn_move_text(r.plies[i].move));
        if (r.plies[i].nag != NAG_NONE) tokens.push_back(std::string("$").append(std::to_string(r.plies[i].nag)));
        if (!r.plies[i].comment.empty()) tokens.push_back(comment_token(r.plies[i].comment));
        if (side == BLACK) ++number;
        side = ~side;
    }
    if (!r.final_comment.empty()) tokens.push_back(comment_token(r.final_comment));
    tokens.push_back(r.result);
    size_t column = 0;
    for (const std::string& t : tokens) {
        if (column > 0 && column + 1 + t.size() > 79) {
            out += "\n";
            column = 0;
        }
        if (column > 0) {
            out += " ";
            ++column;
        }
        out += t;
        column += t.size();
    }
    out += "\n\n";
    return out;
}

}  // namespace shishi::record
