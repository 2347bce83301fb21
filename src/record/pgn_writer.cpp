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

// A comment's text as the reader will read it back: no braces (they do not nest: "{a {b}}"
// would end at the first '}'), so both become parentheses; line breaks become spaces; trimmed.
// A blank comment is not written at all: "{}" reads back as no comment.
std::string comment_text(const std::string& s) {
    std::string text;
    for (char c : s)
        text += c == '}' ? ')' : c == '{' ? '(' : (c == '\n' || c == '\r') ? ' ' : c;
    const size_t a = text.find_first_not_of(' '), b = text.find_last_not_of(' ');
    return a == std::string::npos ? std::string() : text.substr(a, b - a + 1);
}

constexpr const char* ROSTER[] = {"Event", "Site", "Date", "Round", "White", "Black"};

// The roster and the tags the writer sets from the game itself: a record's own tag of such a
// name (a KIF header "PlyCount：x" or "Variant：x") is not written, as it would contradict them.
bool written_from_game(const std::string& name) {
    for (const char* r : ROSTER)
        if (name == r) return true;
    for (const char* own : {"Result", "TimeControl", "Variant", "SetUp", "FEN", "PlyCount"})
        if (name == own) return true;
    return false;
}

// A line's moves with their numbers, marks and comments; each variation, in parentheses, after
// the move it is an alternative to (PGN's recursive annotation variations).
void move_tokens(std::vector<std::string>& tokens, const std::vector<Ply>& plies, Color side, int number) {
    bool numbered = false;  // Black's move needs "N..." at the start and after a variation
    for (const Ply& p : plies) {
        if (side == WHITE)
            tokens.push_back(std::to_string(number) + ".");
        else if (!numbered)
            tokens.push_back(std::to_string(number) + "...");
        numbered = true;
        tokens.push_back(pgn_move_text(p.move));
        if (p.nag != NAG_NONE) tokens.push_back(std::string("$").append(std::to_string(p.nag)));
        if (const std::string c = comment_text(p.comment); !c.empty()) tokens.push_back("{" + c + "}");
        for (const std::vector<Ply>& v : p.variations) {
            tokens.push_back("(");
            move_tokens(tokens, v, side, number);
            tokens.push_back(")");
            numbered = false;
        }
        if (side == BLACK) ++number;
        side = ~side;
    }
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
        // Not "解説" (no PGN name), nor "?", which the reader takes as unknown and drops.
        if (!written_from_game(t.name) && is_pgn_tag_name(t.name) && t.value != "?") tag(t.name, t.value);
    tag("PlyCount", std::to_string(r.plies.size()));
    out += "\n";

    // Move text, wrapped before 80 columns.
    std::vector<std::string> tokens;
    const std::string start = comment_text(r.start_comment), reason = comment_text(r.final_comment);
    if (!start.empty()) tokens.push_back("{" + start + "}");
    // Without moves, a lone comment would read back as the start comment: an empty one first
    // keeps the reason the reason.
    else if (r.plies.empty() && !reason.empty())
        tokens.push_back("{}");
    move_tokens(tokens, r.plies, r.start.side_to_move(), 1);
    if (!reason.empty()) tokens.push_back("{" + reason + "}");
    tokens.push_back(r.result);
    size_t column = 0;
    std::string_view last;
    for (const std::string& t : tokens) {
        if (column > 0 && column + 1 + t.size() > 79) {
            out += "\n";
            column = 0;
        }
        if (column > 0 && last != "(" && t != ")") {
            out += " ";
            ++column;
        }
        out += t;
        column += t.size();
        last = t;
    }
    out += "\n\n";
    return out;
}

}  // namespace shishi::record
