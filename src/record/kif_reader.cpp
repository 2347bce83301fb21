// KIF input: line by line; header and diagram first, then moves, each checked against the
// legal moves (a double move's two lines become one move). Any line that does not fit ends
// the reading with an error naming it.
#include <string>
#include <vector>

#include "shishi/core/text.hpp"
#include "shishi/record/kif.hpp"
#include "shishi/record/kif_names.hpp"
#include "shishi/record/kif_terms.hpp"
#include "kif_detail.hpp"

namespace shishi::record {
namespace {

using namespace kif_detail;

int glyph_nag(const std::string& text) {
    static const std::pair<const char*, int> GLYPHS[] = {{"Good move", NAG_GOOD},
                                                         {"Mistake", NAG_MISTAKE},
                                                         {"Brilliant move", NAG_BRILLIANT},
                                                         {"Blunder", NAG_BLUNDER},
                                                         {"Interesting move", NAG_INTERESTING},
                                                         {"Inaccuracy", NAG_INACCURACY}};
    for (const auto& [name, nag] : GLYPHS)
        if (text == name) return nag;
    if (text.size() >= 2 && text.size() <= 4 && text[0] == '$')
        if (const std::optional<int64_t> n = parse_integer(std::string_view(text).substr(1), 0, 999, Sign::NONE))
            return int(*n);
    return NAG_NONE;
}

// A "key：value" header line into the record's tags; the error, or empty.
std::string header_field(Record& r, const std::string& key, const std::string& value) {
    if (key == "手合割") {
        if (value != "平手" && value != "中将棋" && !value.empty() && value != "chushogi")
            return "the handicap '" + quote_excerpt(value) + "' is not a Chu Shogi start (give a diagram)";
        return {};
    }
    if (key.size() > 9 && key.compare(key.size() - 9, 9, "の持駒") == 0) return {};  // no hands in Chu
    if (value.empty()) return {};
    const std::string_view tag = pgn_tag_for_kif_key(key);
    if (tag == "Date") {
        // "2024/02/28 01:02:28" -> Date "2024.02.28", Time "01:02:28"
        std::string date = value.substr(0, value.find(' '));
        for (char& c : date)
            if (c == '/') c = '.';
        r.set_tag("Date", date);
        if (value.find(' ') != std::string::npos) r.set_tag("Time", normalize(value.substr(value.find(' '))));
    } else {
        r.set_tag(tag.empty() ? key : std::string(tag), value);
    }
    return {};
}

}  // namespace

namespace {

// A line of play being read: the main line, or a variation reached from it by a path of (ply
// index, variation index) steps (indices, not pointers: the vectors grow while reading).
struct LineRef {
    std::vector<std::pair<size_t, size_t>> path;
    int first_number = -1;  // the number of its first move (-1: the main line's, not seen yet)
    Position start;  // before its first move
    Square before = NO_SQUARE;  // the square of the move before its first (for 仝)
};

std::vector<Ply>& line_plies(Record& r, const LineRef& l) {
    std::vector<Ply>* plies = &r.plies;
    for (const auto& [ply, var] : l.path)
        plies = &(*plies)[ply].variations[var];
    return *plies;
}

// "変化：12手" -> 12; nullopt when the line has no number.
std::optional<int> variation_number(std::string_view l) {
    size_t i = std::string_view("変化").size();
    if (!eat(l, i, "：")) eat(l, i, ":");
    skip_spaces(l, i);
    size_t j = i;
    while (j < l.size() && l[j] >= '0' && l[j] <= '9' && j - i < 6)
        ++j;
    const std::optional<int64_t> n = parse_integer(l.substr(i, j - i), 0, 999999, Sign::NONE);
    if (!n) return std::nullopt;
    size_t k = j;
    skip_spaces(l, k);
    eat(l, k, "手");
    skip_spaces(l, k);
    if (k != l.size()) return std::nullopt;
    return int(*n);
}

}  // namespace

Parsed<Record> read_kif(std::string_view text) {
    Record r;
    auto fail = [](int line, const std::string& why) {
        return Parsed<Record>::fail("line " + std::to_string(line) + ": " + why);
    };
    std::vector<std::pair<int, std::string>> diagram;
    bool second_to_move = false, in_moves = false, ended = false, final_from_comments = false, any_line = false;
    Position pos;
    Square last_dest = NO_SQUARE;
    // The lines being read, innermost last: the main line, then the variation being read and
    // the lines it branches from.
    std::vector<LineRef> lines(1);
    std::string variation_comment;  // "*" lines between a 変化 header and its first move
    struct Pending {
        int line = 0, number = 0;
        Square from = NO_SQUARE, mid = NO_SQUARE;
        bool same = false;  // the first line was written 仝
        std::string name;
    };
    std::optional<Pending> pending;

    auto begin_moves = [&](int line_no) -> std::string {
        in_moves = true;
        if (!diagram.empty()) {
            auto p = diagram_position(diagram, second_to_move);
            if (!p) return p.error;
            r.start = *p;
            r.start_is_initial = to_xboard_fen(*p) == to_xboard_fen(Position::start());
        } else if (second_to_move) {
            return "line " + std::to_string(line_no) + ": 後手番 without a diagram";
        }
        pos = r.start;
        lines[0].start = r.start;
        return {};
    };

    int line_no = 0;
    size_t at = 0;
    while (at <= text.size()) {
        size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        const std::string l = normalize(text.substr(at, end - at));
        at = end + 1;
        ++line_no;
        if (l.empty()) continue;
        any_line = true;
        if (starts(l, "#pgn ")) {
            const size_t q = l.find(" \"", 5);
            if (q == std::string::npos || l.back() != '"' || q + 2 > l.size() - 1 ||
                !is_pgn_tag_name(l.substr(5, q - 5)))
                return fail(line_no,
                            "a #pgn line is written #pgn Name \"value\" (the name of letters, digits and '_')");
            std::string value;
            for (size_t i = q + 2; i + 1 < l.size(); ++i) {
                if (l[i] == '\\' && i + 2 < l.size()) ++i;
                value += l[i];
            }
            r.set_tag(l.substr(5, q - 5), value);
            continue;
        }
        if (l[0] == '#') continue;
        const bool in_variation = lines.size() > 1;
        if (starts(l, "*") || starts(l, "＊")) {
            std::string c = l.substr(l[0] == '*' ? 1 : 3);
            const size_t a = c.find_first_not_of(' ');
            c = a == std::string::npos ? "" : c.substr(a);
            if (pending) return fail(line_no, "a comment between 一歩目 and 二歩目");
            std::vector<Ply>& plies = line_plies(r, lines.back());
            if (ended && !in_variation) {
                // Comment lines after the ending word say how the game ended, in place of the word's phrase.
                r.final_comment = final_from_comments ? r.final_comment + "\n" + c : c;
                final_from_comments = true;
            } else if (ended) {
                // after a variation's ending word: kept with its last move
                plies.back().comment += (plies.back().comment.empty() ? "" : "\n") + c;
            } else if (!plies.empty()) {
                Ply& p = plies.back();
                if (const int nag = glyph_nag(c); nag != NAG_NONE && p.nag == NAG_NONE && p.comment.empty())
                    p.nag = nag;
                else
                    p.comment += (p.comment.empty() ? "" : "\n") + c;
            } else if (in_variation) {
                variation_comment += (variation_comment.empty() ? "" : "\n") + c;
            } else {
                r.start_comment += (r.start_comment.empty() ? "" : "\n") + c;
            }
            continue;
        }
        if (starts(l, "変化")) {
            if (!in_moves) return fail(line_no, "変化 before the moves");
            if (pending) return fail(pending->line, "一歩目 without its 二歩目");
            const auto n = variation_number(l);
            if (!n) return fail(line_no, "a variation header is written 変化：N手");
            if (lines.size() > 1 && line_plies(r, lines.back()).empty())
                return fail(line_no, "the variation before this one has no move");
            // The variation replaces move n of the innermost line that has a move n after its
            // first (a variation of a line's first move belongs to the line it branches from).
            while (true) {
                const LineRef& t = lines.back();
                const int size = int(line_plies(r, t).size());
                const bool main = lines.size() == 1;
                if (*n >= t.first_number + (main ? 0 : 1) && *n < t.first_number + size) break;
                if (main)
                    return fail(
                        line_no,
                        "変化：" + std::to_string(*n) + "手 has no move " + std::to_string(*n) + " to branch from");
                lines.pop_back();
            }
            const LineRef parent = lines.back();
            std::vector<Ply>& parent_plies = line_plies(r, parent);
            const size_t index = size_t(*n - parent.first_number);
            LineRef v;
            v.path = parent.path;
            v.path.emplace_back(index, parent_plies[index].variations.size());
            v.first_number = *n;
            v.start = parent.start;
            for (size_t k = 0; k < index; ++k)
                v.start.make(parent_plies[k].move);
            v.before = index > 0 ? parent_plies[index - 1].move.to() : parent.before;
            parent_plies[index].variations.emplace_back();
            lines.push_back(v);
            pos = v.start;
            last_dest = v.before;
            ended = false;
            variation_comment.clear();
            continue;
        }
        if (starts(l, "まで")) continue;
        if (starts(l, "手数")) {
            if (in_moves) return fail(line_no, "a second moves header");
            if (auto e = begin_moves(line_no); !e.empty()) return Parsed<Record>::fail(e);
            continue;
        }
        const bool move_like =
            (l[0] >= '0' && l[0] <= '9') || starts(l, "▲") || starts(l, "△") || starts(l, "☗") || starts(l, "☖");
        if (!in_moves) {
            if (l[0] == '|') {
                diagram.emplace_back(line_no, l);
                continue;
            }
            if (l[0] == '+' || starts(l, "１２") || starts(l, "12 ")) continue;  // border, file numbers
            if (l == "後手番" || l == "上手番") {
                second_to_move = true;
                continue;
            }
            if (l == "先手番" || l == "下手番") continue;
            size_t colon = l.find("：");
            size_t colon_len = 3;
            if (colon == std::string::npos) colon = l.find(':'), colon_len = 1;
            if (colon != std::string::npos && !move_like) {
                const std::string e =
                    header_field(r, normalize(l.substr(0, colon)), normalize(l.substr(colon + colon_len)));
                if (!e.empty()) return fail(line_no, e);
                continue;
            }
            if (!move_like) return fail(line_no, "not a header line, diagram row or move: " + quote_excerpt(l));
            if (auto e = begin_moves(line_no); !e.empty()) return Parsed<Record>::fail(e);
        }

        // A move line: [number] [手目][一歩目|二歩目] [▲|△] move, or [number] ending word.
        // (shogiops's lines have a space before 手目: "  5 手目一歩目 ...".)
        size_t i = 0;
        int number = -1;
        {
            size_t j = 0;
            while (j < l.size() && l[j] >= '0' && l[j] <= '9')
                ++j;
            if (j > 0)
                number = int(parse_integer(std::string_view(l).substr(0, std::min<size_t>(j, 6)), 0, 999999, Sign::NONE)
                                 .value_or(-1)),
                i = j;
        }
        skip_spaces(l, i);
        eat(l, i, "手目");
        skip_spaces(l, i);
        int step = 0;
        if (eat(l, i, "一歩目"))
            step = 1;
        else if (eat(l, i, "二歩目"))
            step = 2;
        skip_spaces(l, i);
        int colour = -1;
        if (eat(l, i, "▲") || eat(l, i, "☗"))
            colour = WHITE;
        else if (eat(l, i, "△") || eat(l, i, "☖"))
            colour = BLACK;
        skip_spaces(l, i);
        const std::string body = l.substr(i);
        LineRef& cur_line = lines.back();
        {
            std::string word = body.substr(0, body.find(' '));
            const size_t paren = word.find('(');
            if (paren != std::string::npos) word = word.substr(0, paren);
            if (const KifEnding* e = kif_ending_by_word(word)) {
                if (pending) return fail(line_no, "一歩目 without its 二歩目 before the end of the game");
                if (ended) return fail(line_no, "a second ending word");
                ended = true;
                if (!in_variation) {
                    r.result = ending_result(*e, pos.side_to_move());
                    r.final_comment = std::string(e->phrase);
                }
                continue;
            }
        }
        if (ended) return fail(line_no, "a move after the end of the game: " + quote_excerpt(l));
        if (pending && step != 2) return fail(pending->line, "一歩目 without its 二歩目");
        const int ply = int(line_plies(r, cur_line).size());
        if (number >= 0) {
            if (cur_line.first_number < 0) cur_line.first_number = number - ply;
            const int expected = cur_line.first_number + ply;
            if (number != expected)
                return fail(line_no,
                            "move number " + std::to_string(number) + ", expected " + std::to_string(expected));
        } else if (cur_line.first_number < 0) {
            cur_line.first_number = 1;
        }
        auto parsed_text = parse_move_text(body);
        if (!parsed_text)
            return fail(line_no, "cannot read the move '" + quote_excerpt(body) + "': " + parsed_text.error);
        const MoveText* mt = &*parsed_text;
        if (colour >= 0 && Color(colour) != pos.side_to_move())
            return fail(line_no, std::string(colour == WHITE ? "▲" : "△") + " marks a move of the side not to move");
        const Square dest = mt->same ? last_dest : mt->dest;
        if (dest == NO_SQUARE) return fail(line_no, "仝 (the same square) on the first move");
        const Piece mover = pos.piece_on(mt->origin);
        Square mid = NO_SQUARE;
        if (step == 2) {
            if (!pending) return fail(line_no, "二歩目 without 一歩目");
            if (number >= 0 && number != pending->number)
                return fail(line_no, "二歩目 of another move than the 一歩目");
            mid = pending->mid;
            // shogiops writes 仝 on both lines of a double move that ends on the last move's
            // square: the first line's 仝 is then the final square, and the first step's square
            // is the second line's origin.
            if (mt->same && pending->same) mid = mt->origin;
            if (mt->origin != mid)
                return fail(
                    line_no,
                    "二歩目 starts on " + kif_square(mt->origin) + " but 一歩目 went to " + kif_square(pending->mid));
        } else {
            if (pending) return fail(pending->line, "一歩目 without its 二歩目");
            if (mover == EMPTY) return fail(line_no, "no piece on " + kif_square(mt->origin));
            if (!kif_name_fits(mt->name, kind_of(mover)))
                return fail(line_no,
                            "the piece on " + kif_square(mt->origin) + " is " +
                                std::string(kif_move_name(kind_of(mover))) + ", not " + mt->name);
        }
        if (step == 1) {
            pending = Pending{line_no, number, mt->origin, dest, mt->same, mt->name};
            continue;
        }
        std::string usi;
        if (step == 2) {
            if (mt->name != pending->name)
                return fail(line_no, "二歩目 names " + mt->name + ", 一歩目 " + pending->name);
            if ((mt->igui || mt->pass) && dest != pending->from)
                return fail(line_no, "居食い and じっと end on the square the piece started from");
            usi = square_to_usi(pending->from) + square_to_usi(mid) + square_to_usi(dest);
        } else {
            usi = square_to_usi(mt->origin) + square_to_usi(dest) + (mt->promote ? "+" : "");
        }
        auto parsed_move = parse_usi_move(pos, usi);
        if (!parsed_move) {
            const int at_line = step == 2 ? pending->line : line_no;
            return fail(
                at_line,
                "move " + std::to_string(cur_line.first_number + ply) + " is not legal here: " + parsed_move.error);
        }
        const Move* m = &*parsed_move;
        // The marks are optional (scalashogi's export writes none: the squares say it all), but
        // a mark must fit the move.
        if (step == 2 && mt->pass && !m->is_pass()) return fail(line_no, "(じっと) on a move that is not a pass");
        if (step == 2 && mt->igui && !m->is_igui()) return fail(line_no, "（居食い） on a move that is not igui");
        // All passes of a position are one move to the core; keep the piece and square written.
        const Move played = m->is_pass() ? Move::pass(pending->from, mid) : *m;
        pending.reset();
        pos.make(played);
        Ply p{played, "", NAG_NONE, mt->seconds, mt->total_seconds, {}};
        if (!variation_comment.empty()) p.comment = std::move(variation_comment), variation_comment.clear();
        line_plies(r, cur_line).push_back(std::move(p));
        last_dest = m->to();
    }
    if (pending) return fail(pending->line, "一歩目 without its 二歩目");
    if (lines.size() > 1 && line_plies(r, lines.back()).empty()) return fail(line_no, "the last variation has no move");
    // A file with no line at all is no game (an empty PGN or USI list is refused too); a header
    // without moves is a game of no moves.
    if (!any_line) return Parsed<Record>::fail("empty record: no header and no moves");
    if (!in_moves) {
        if (auto e = begin_moves(line_no); !e.empty()) return Parsed<Record>::fail(e);
    }
    return Parsed<Record>::ok(r);
}

}  // namespace shishi::record
