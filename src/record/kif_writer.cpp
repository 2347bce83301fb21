// KIF output in lishogi's two layouts (scalashogi's export, the analysis board's): header,
// optional diagram, the moves header line, moves, the ending, variations.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "shishi/record/kif.hpp"
#include "shishi/record/kif_names.hpp"
#include "shishi/record/kif_terms.hpp"
#include "kif_detail.hpp"

namespace shishi::record {
namespace {

size_t code_points(std::string_view s) {
    size_t n = 0;
    for (char c : s)
        n += (uint8_t(c) & 0xC0) != 0x80;
    return n;
}

// The diagram's cells: scalashogi writes a promoted Pawn 杏, shogiops 成歩.
std::string diagram(const Position& pos, KifStyle style) {
    std::string out = " １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １\n";
    const std::string border = "+" + std::string(BOARD_SIZE * 4, '-') + "+\n";
    out += border;
    for (int row = 1; row <= BOARD_SIZE; ++row) {
        out += "|";
        for (int file = 0; file < BOARD_SIZE; ++file) {
            const Piece p = pos.piece_on(make_square(file, BOARD_SIZE - row));
            if (p == EMPTY) {
                out += "  ・";
                continue;
            }
            const std::string_view name =
                style == KifStyle::LISHOGI_CLIENT && kind_of(p) == TOKIN ? "成歩" : kif_board_name(kind_of(p));
            std::string cell = std::string(color_of(p) == BLACK ? "v" : "") + std::string(name);
            out += std::string(3 - std::min<size_t>(3, code_points(cell)), ' ') + cell;
        }
        out += "|";
        out += kanji_number(row);
        out += "\n";
    }
    out += border;
    if (pos.side_to_move() == BLACK) out += "後手番\n";
    return out;
}

// "2026.12.01" + "10:20:30" -> "2026/12/01 10:20:30". The reader takes the value up to its first
// space as the date and the rest, trimmed, as the time; so the parts are joined by one space,
// and a date that holds a space (not a date, but kept) reads back as it was written.
std::string kif_date(const std::string& date, const std::string* time) {
    const std::string value = kif_detail::normalize(date);
    const size_t space = value.find(' ');
    std::string d = value.substr(0, space);
    for (char& c : d)
        if (c == '.') c = '/';
    // An unknown time ("?") is left out: read back, "date ?" would give a Time tag "?".
    for (std::string part :
         {space == std::string::npos ? std::string() : value.substr(space), time ? *time : std::string()}) {
        part = kif_detail::normalize(part);
        if (!part.empty() && part != "?") d += " " + part;
    }
    return d;
}

std::string glyph_line(int nag) {
    switch (nag) {
        case NAG_GOOD: return "Good move";
        case NAG_MISTAKE: return "Mistake";
        case NAG_BRILLIANT: return "Brilliant move";
        case NAG_BLUNDER: return "Blunder";
        case NAG_INTERESTING: return "Interesting move";
        case NAG_INACCURACY: return "Inaccuracy";
        default: return std::string("$").append(std::to_string(nag));
    }
}

// The comment as the reader will read it back: each line with tabs, carriage returns and
// full-width spaces as spaces, trimmed; blank lines before the first word left out (the reader
// drops them from a move's or the start's comment), so a blank comment writes nothing.
void comment_lines(std::string& out, const std::string& text) {
    bool started = false;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        const std::string line = kif_detail::normalize(text.substr(pos, end - pos));
        started = started || !line.empty();
        if (started) out += "* " + line + "\n";
        pos = end + 1;
    }
}

// "   (00:03/00:00:03)": the move's time and the mover's total, as both lishogi writers put them.
std::string clock_text(const Ply& p) {
    if (p.seconds < 0) return {};
    char buf[64];
    int n = std::snprintf(buf, sizeof buf, "   (%02d:%02d/", p.seconds / 60, p.seconds % 60);
    if (p.total_seconds >= 0)
        n += std::snprintf(buf + n, sizeof buf - size_t(n), "%02d:%02d:%02d", p.total_seconds / 3600,
                           p.total_seconds / 60 % 60, p.total_seconds % 60);
    std::snprintf(buf + n, sizeof buf - size_t(n), ")");
    return buf;
}

// One line of play (the main line or a variation) and, after it, its variations.
class LineWriter {
public:
    LineWriter(std::string& out, KifStyle style) : out_(out), style_(style) {}

    // plies from pos (the position before the first), the first numbered `first`; `ending`
    // is written after the last move (the main line's result).
    void line(Position pos, const std::vector<Ply>& plies, int first, const std::string& ending, bool main) {
        const Position start = pos;
        // Neither writer writes 仝 on a line's first move: lishogi starts every line without a
        // last move.
        Square last_dest = NO_SQUARE;
        // shogiops's numbers are padded to the length of the line's node list (the main line's
        // holds the root too).
        width_ = int(std::to_string(plies.size() + (main ? 1 : 0)).size()) + 1;
        int number = first;
        for (const Ply& ply : plies) {
            move(pos, ply, number, last_dest);
            if (ply.nag != NAG_NONE) comment_lines(out_, glyph_line(ply.nag));
            if (!ply.comment.empty()) comment_lines(out_, ply.comment);
            last_dest = ply.move.to();
            pos.make(ply.move);
            ++number;
        }
        out_ += ending.empty() ? "" : prefix(number) + gap() + ending;
        // Variations follow the line, the last move's first (both writers do so).
        for (size_t i = plies.size(); i-- > 0;) {
            if (plies[i].variations.empty()) continue;
            Position before = start;
            for (size_t k = 0; k < i; ++k)
                before.make(plies[k].move);
            for (const std::vector<Ply>& v : plies[i].variations) {
                out_ += "\n変化：" + std::to_string(first + int(i)) + "手\n";
                line(before, v, first + int(i), {}, false);
            }
        }
    }

private:
    std::string prefix(int n) const {
        char buf[32];
        if (style_ == KifStyle::LISHOGI_SERVER)
            std::snprintf(buf, sizeof buf, "%4d手目", n);
        else
            std::snprintf(buf, sizeof buf, "%*d 手目", width_, n);
        return buf;
    }
    std::string gap() const { return style_ == KifStyle::LISHOGI_SERVER ? "   " : " "; }

    void move(const Position& pos, const Ply& ply, int number, Square last_dest) {
        const Move m = ply.move;
        const std::string name(kif_move_name(kind_of(pos.piece_on(m.from()))));
        auto square = [&](Square s, bool same) { return same ? std::string("仝") : kif_square(s); };
        if (!m.is_double() && !m.is_pass()) {
            out_ += prefix(number) + gap() + square(m.to(), m.to() == last_dest) + name +
                (m.is_promotion() ? "成" : "") + " （←" + kif_square(m.from()) + "）" + clock_text(ply) + "\n";
            return;
        }
        const Square mid = m.mid();
        // scalashogi writes the first step's square 仝 when it is the last move's; shogiops writes
        // 仝 on both lines when the move ends there (the first step's square is then the second
        // line's origin).
        const bool client_same = style_ == KifStyle::LISHOGI_CLIENT && m.to() == last_dest;
        const bool first_same = style_ == KifStyle::LISHOGI_SERVER ? mid == last_dest : client_same;
        const std::string mark = m.is_pass() ? "(じっと)" : m.is_igui() ? "（居食い）" : "";
        out_ += prefix(number) + "一歩目 " + square(mid, first_same) + name + " （←" + kif_square(m.from()) + "）\n";
        out_ += prefix(number) + "二歩目 " + square(m.to(), client_same) + name + mark + " （←" + kif_square(mid) +
            "）" + clock_text(ply) + "\n";
    }

    std::string& out_;
    KifStyle style_;
    int width_ = 0;
};

}  // namespace

std::string write_kif(const Record& r, KifStyle style) {
    const bool client = style == KifStyle::LISHOGI_CLIENT;
    std::string out;
    // The value as the reader will see it (full-width spaces and tabs made spaces, trimmed), so
    // that the record read back writes the same text.
    auto header = [&](std::string_view key, const std::string& value) {
        out += std::string(key) + "：" + kif_detail::normalize(value) + "\n";
    };
    // A PGN tag without a KIF key: kept in a "#pgn Name "value"" line, which both layouts read.
    auto pgn_line = [&](const Tag& t) {
        std::string q;
        for (char c : kif_detail::plain_spaces(t.value))
            q += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
        out += "#pgn " + t.name + " \"" + q + "\"\n";
    };
    auto unknown = [](std::string_view n) { return n.empty() || n == "?" || n == "????.??.??"; };
    // A tag with a value, not PGN's "unknown", as the reader will see it.
    auto known = [&](const char* tag) -> const std::string* {
        const std::string* v = r.tag(tag);
        return v && !unknown(kif_detail::normalize(*v)) ? v : nullptr;
    };
    // The reader takes 開始日時 up to its first space as the Date (with '/' read as '.'), so that
    // word must be a date: "? x" would come back as an unknown Date and a Time "x" (found by
    // fuzz_records).
    auto known_date = [&]() -> const std::string* {
        const std::string* v = r.tag("Date");
        if (!v) return nullptr;
        std::string word = kif_detail::normalize(*v);
        word.resize(std::min(word.size(), word.find(' ')));
        std::replace(word.begin(), word.end(), '/', '.');
        return !unknown(word) ? v : nullptr;
    };
    const std::string* white = known("White");
    const std::string* black = known("Black");
    if (client) {
        // The analysis board writes the game's tags in their order, then the start (手合割 or
        // the diagram), then the players.
        for (const Tag& t : r.tags) {
            if (t.name == "White" || t.name == "Black" || (t.name == "Time" && known_date())) continue;
            if (kif_detail::normalize(t.value).empty()) continue;  // the reader drops an empty header
            if (t.name == "Date") {
                if (known_date()) header("開始日時", kif_date(t.value, r.tag("Time")));
                continue;
            }
            const std::string_view key = t.name == "WhiteTeam" ? "先手のチーム"
                : t.name == "BlackTeam"                        ? "後手のチーム"
                                                               : kif_key_for_pgn_tag(t.name);
            // A tag named "1x" would come back as a move line, not a header.
            if (key.empty() && is_pgn_tag_name(t.name) && t.name[0] >= '0' && t.name[0] <= '9')
                pgn_line(t);
            else
                header(key.empty() ? std::string_view(t.name) : key, t.value);
        }
        if (r.start_is_initial)
            header("手合割", "");
        else
            out += diagram(r.start, style);
    } else {
        if (const std::string* d = known_date()) header("開始日時", kif_date(*d, r.tag("Time")));
        for (const char* tag : {"End", "Event", "Site", "TimeControl"})
            if (const std::string* v = known(tag)) header(kif_key_for_pgn_tag(tag), *v);
        if (!r.start_is_initial) out += diagram(r.start, style);
    }
    header("先手", white ? *white : "");
    if (!client) {
        if (const std::string* v = known("WhiteTeam")) header("先手チーム", *v);
    }
    header("後手", black ? *black : "");
    if (!client) {
        if (const std::string* v = known("BlackTeam")) header("後手チーム", *v);
        if (const std::string* v = known("Opening")) header("戦型", *v);
        for (const Tag& t : r.tags) {
            if ((t.name == "Time" && known_date()) || !kif_key_for_pgn_tag(t.name).empty()) continue;
            if (is_pgn_tag_name(t.name))
                pgn_line(t);
            else
                header(t.name, t.value);  // a KIF key ("解説") goes back into a header line
        }
    }
    out += "手数----指手---------消費時間--\n";
    if (!r.start_comment.empty()) comment_lines(out, r.start_comment);

    Position end = r.start;
    for (const Ply& p : r.plies)
        end.make(p.move);
    const Color to_move = end.side_to_move();
    std::string ending;
    const KifEnding* e = choose_kif_ending(r.result, r.final_comment, to_move, end.royal_count(to_move) > 0);
    if (e) {
        ending = std::string(e->word) + "\n";
        if (!r.final_comment.empty() && r.final_comment != e->phrase) {
            std::string lines;
            comment_lines(lines, r.final_comment);
            ending += lines;
        }
    }
    LineWriter(out, style).line(r.start, r.plies, 1, ending, true);
    return out;
}

}  // namespace shishi::record
