// KIF output in scalashogi's layout: header, optional diagram, the moves header line, moves.
#include <cstdio>
#include <string>

#include "shishi/record/kif.hpp"
#include "shishi/record/kif_names.hpp"
#include "shishi/record/kif_terms.hpp"

namespace shishi::record {
namespace {

size_t code_points(std::string_view s) {
    size_t n = 0;
    for (char c : s) n += (uint8_t(c) & 0xC0) != 0x80;
    return n;
}

std::string number_prefix(int n) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%4d", n);
    return std::string(buf) + "手目";
}

std::string diagram(const Position& pos) {
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
            std::string cell = std::string(color_of(p) == BLACK ? "v" : "") + std::string(kif_board_name(kind_of(p)));
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

// "2026.12.01" + "10:20:30" -> "2026/12/01 10:20:30"
std::string kif_date(const std::string& date, const std::string* time) {
    std::string d = date;
    for (char& c : d)
        if (c == '.') c = '/';
    if (time && !time->empty() && *time != "?") d += " " + *time;
    return d;
}

bool ascii_name(const std::string& s) {
    for (char c : s)
        if (uint8_t(c) >= 0x80) return false;
    return !s.empty();
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

void comment_lines(std::string& out, const std::string& text) {
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        out += "* " + text.substr(pos, end - pos) + "\n";
        pos = end + 1;
    }
}

}  // namespace

std::string write_kif(const Record& r) {
    std::string out;
    auto header = [&](std::string_view key, const std::string& value) {
        out += std::string(key) + "：" + value + "\n";
    };
    auto known = [&](const char* tag) -> const std::string* {
        const std::string* v = r.tag(tag);
        return v && !v->empty() && *v != "?" && *v != "????.??.??" ? v : nullptr;
    };
    if (const std::string* d = known("Date")) header("開始日時", kif_date(*d, r.tag("Time")));
    for (const char* tag : {"End", "Event", "Site", "TimeControl"})
        if (const std::string* v = known(tag)) header(kif_key_for_pgn_tag(tag), *v);
    if (!r.start_is_initial) out += diagram(r.start);
    const std::string* white = known("White");
    const std::string* black = known("Black");
    header("先手", white ? *white : "");
    if (const std::string* v = known("WhiteTeam")) header("先手チーム", *v);
    header("後手", black ? *black : "");
    if (const std::string* v = known("BlackTeam")) header("後手チーム", *v);
    if (const std::string* v = known("Opening")) header("戦型", *v);
    for (const Tag& t : r.tags) {
        if ((t.name == "Time" && known("Date")) || !kif_key_for_pgn_tag(t.name).empty()) continue;
        if (ascii_name(t.name)) {
            std::string q;
            for (char c : t.value) q += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
            out += "#pgn " + t.name + " \"" + q + "\"\n";
        } else {
            header(t.name, t.value);
        }
    }
    out += "手数----指手---------消費時間--\n";
    if (!r.start_comment.empty()) comment_lines(out, r.start_comment);

    Position pos = r.start;
    Square last_dest = NO_SQUARE;
    int number = 0;
    for (const Ply& ply : r.plies) {
        const Move m = ply.move;
        ++number;
        const std::string name(kif_move_name(kind_of(pos.piece_on(m.from()))));
        auto dest_text = [&](Square s) { return s == last_dest ? std::string("仝") : kif_square(s); };
        if (m.is_double() || m.is_pass()) {
            const Square mid = m.mid();
            out += number_prefix(number) + "一歩目 " + dest_text(mid) + name + " （←" + kif_square(m.from()) + "）\n";
            const std::string mark = m.is_pass() ? "(じっと)" : m.is_igui() ? "（居食い）" : "";
            out += number_prefix(number) + "二歩目 " + kif_square(m.to()) + name + mark + " （←" + kif_square(mid) +
                   "）\n";
        } else {
            out += number_prefix(number) + "   " + dest_text(m.to()) + name + (m.is_promotion() ? "成" : "") + " （←" +
                   kif_square(m.from()) + "）\n";
        }
        if (ply.nag != NAG_NONE) comment_lines(out, glyph_line(ply.nag));
        if (!ply.comment.empty()) comment_lines(out, ply.comment);
        last_dest = m.to();
        pos.make(m);
    }
    const Color to_move = pos.side_to_move();
    if (const KifEnding* e = choose_kif_ending(r.result, r.final_comment, to_move, pos.royal_count(to_move) > 0)) {
        out += number_prefix(number + 1) + "   " + std::string(e->word) + "\n";
        if (!r.final_comment.empty() && r.final_comment != e->phrase) comment_lines(out, r.final_comment);
    }
    return out;
}

}  // namespace shishi::record
