// PGN input: tags, then move text read token by token with its line number, each move checked
// against the legal moves of the position it is played in.
#include <cctype>
#include <string>
#include <vector>

#include "shishi/core/text.hpp"
#include "shishi/record/pgn.hpp"
#include "shishi/record/san.hpp"

namespace shishi::record {
namespace {

struct Token {
    enum Kind { WORD, COMMENT, NAG, OPEN, CLOSE } kind;  // OPEN/CLOSE: a variation's ( and )
    std::string text;
    int line;
};

struct Game {
    int first_line = 0;
    std::vector<std::pair<int, std::string>> tag_lines;  // line number, text
    std::vector<std::pair<int, std::string>> move_lines;
};

std::vector<Game> split_games(std::string_view text) {
    std::vector<Game> games;
    Game cur;
    bool in_moves = false, in_comment = false;
    int line_no = 0;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string line(text.substr(pos, end - pos));
        pos = end + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!in_comment && !line.empty() && line[0] == '%') continue;  // escape line
        const size_t first = line.find_first_not_of(" \t");
        const bool blank = first == std::string::npos;
        if (!in_comment && !blank && line[first] == '[') {
            if (in_moves) {
                games.push_back(cur);
                cur = Game{};
                in_moves = false;
            }
            if (cur.first_line == 0) cur.first_line = line_no;
            cur.tag_lines.emplace_back(line_no, line);
            continue;
        }
        if (blank && !in_comment) continue;
        if (cur.first_line == 0) cur.first_line = line_no;
        in_moves = true;
        for (char c : line) {
            if (c == '{')
                in_comment = true;
            else if (c == '}')
                in_comment = false;
        }
        cur.move_lines.emplace_back(line_no, line);
        if (end >= text.size()) break;
    }
    if (cur.first_line != 0) games.push_back(cur);
    return games;
}

// The tags of a tag line: usually one, but "[Event "x"] [Site "y"]" holds two; anything else
// after a tag's ']' is refused rather than dropped unseen.
Parsed<std::vector<Tag>> parse_tag_line(int line_no, const std::string& line) {
    auto fail = [&](const std::string& why) {
        return Parsed<std::vector<Tag>>::fail("line " + std::to_string(line_no) + ": " + why + ": " +
                                              quote_excerpt(line));
    };
    std::vector<Tag> tags;
    size_t i = line.find('[');
    while (true) {
        ++i;  // after '['
        Tag t;
        while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_'))
            t.name += line[i++];
        if (t.name.empty()) return fail("a tag without a name");
        while (i < line.size() && line[i] == ' ')
            ++i;
        if (i >= line.size() || line[i] != '"') return fail("a tag value must be in quotes");
        ++i;
        bool closed = false;
        while (i < line.size()) {
            char c = line[i++];
            if (c == '\\' && i < line.size()) {
                t.value += line[i++];
            } else if (c == '"') {
                closed = true;
                break;
            } else {
                t.value += c;
            }
        }
        if (!closed) return fail("the tag value has no closing quote");
        while (i < line.size() && line[i] == ' ')
            ++i;
        if (i >= line.size() || line[i] != ']') return fail("the tag has no closing ']'");
        tags.push_back(t);
        ++i;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        if (i == line.size()) return Parsed<std::vector<Tag>>::ok(tags);
        if (line[i] != '[') return fail("text after the tag's ']'");
    }
}

Parsed<std::vector<Token>> tokenize(const std::vector<std::pair<int, std::string>>& lines) {
    std::vector<Token> out;
    bool in_comment = false;
    int depth = 0;  // inside variations
    int comment_line = 0;
    std::string comment;
    for (const auto& [line_no, line] : lines) {
        size_t i = 0;
        while (i < line.size()) {
            const char c = line[i];
            if (in_comment) {
                ++i;
                // Comments do not nest: a '{' inside one means the one before was left open,
                // and reading on would swallow moves into it.
                if (c == '{')
                    return Parsed<std::vector<Token>>::fail(
                        "line " + std::to_string(line_no) + ": '{' inside the comment opened on line " +
                        std::to_string(comment_line) + " (is that comment not closed?)");
                if (c == '}') {
                    in_comment = false;
                    out.push_back({Token::COMMENT, comment, comment_line});
                } else {
                    comment += c;
                }
                continue;
            }
            if (c == '{') {
                in_comment = true, comment.clear(), comment_line = line_no, ++i;
                continue;
            }
            if (c == ';') break;  // rest-of-line comment
            if (c == '(') {
                ++depth, ++i;
                out.push_back({Token::OPEN, "(", line_no});
                continue;
            }
            if (c == ')') {
                if (depth == 0)
                    return Parsed<std::vector<Token>>::fail("line " + std::to_string(line_no) + ": ')' without '('");
                --depth, ++i;
                out.push_back({Token::CLOSE, ")", line_no});
                continue;
            }
            if (std::isspace(static_cast<unsigned char>(c))) {
                ++i;
                continue;
            }
            std::string word;
            while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])) && line[i] != '{' &&
                   line[i] != '(' && line[i] != ')' && line[i] != ';')
                word += line[i++];
            if (word[0] == '$')
                out.push_back({Token::NAG, word.substr(1), line_no});
            else
                out.push_back({Token::WORD, word, line_no});
        }
        if (in_comment) comment += ' ';
    }
    if (in_comment)
        return Parsed<std::vector<Token>>::fail("line " + std::to_string(comment_line) +
                                                ": comment '{' is never closed");
    if (depth > 0) return Parsed<std::vector<Token>>::fail("a variation '(' is never closed");
    return Parsed<std::vector<Token>>::ok(out);
}

int glyph_nag(std::string_view g) {
    if (g == "!") return NAG_GOOD;
    if (g == "?") return NAG_MISTAKE;
    if (g == "!!") return NAG_BRILLIANT;
    if (g == "??") return NAG_BLUNDER;
    if (g == "!?") return NAG_INTERESTING;
    if (g == "?!") return NAG_INACCURACY;
    return -1;
}

// "12." / "12..." / "12.h4h5": the move number part's length (0 when the word has none).
size_t move_number_length(const std::string& w) {
    size_t i = 0;
    while (i < w.size() && std::isdigit(static_cast<unsigned char>(w[i])))
        ++i;
    if (i == 0 || i >= w.size() || w[i] != '.') return 0;
    while (i < w.size() && w[i] == '.')
        ++i;
    return i;
}

bool looks_like_engine_score(const std::string& c) {
    size_t i = 0;
    if (i < c.size() && (c[i] == '+' || c[i] == '-')) ++i;
    const size_t digits = i;
    while (i < c.size() && (std::isdigit(static_cast<unsigned char>(c[i])) || c[i] == '.'))
        ++i;
    return i > digits && i < c.size() && c[i] == '/';
}

}  // namespace

int count_pgn_games(std::string_view text) { return int(split_games(text).size()); }

namespace {

Parsed<Record> read_game(const Game& g);

}  // namespace

Parsed<Record> read_pgn(std::string_view text, int game_number) {
    auto games = split_games(text);
    if (games.empty()) return Parsed<Record>::fail("no game in the PGN text");
    if (game_number < 1 || game_number > int(games.size()))
        return Parsed<Record>::fail("there is no game " + std::to_string(game_number) + " (the file holds " +
                                    std::to_string(games.size()) + ")");
    return read_game(games[size_t(game_number - 1)]);
}

Parsed<std::vector<Record>> read_all_pgn(std::string_view text) {
    auto games = split_games(text);
    if (games.empty()) return Parsed<std::vector<Record>>::fail("no game in the PGN text");
    std::vector<Record> records;
    records.reserve(games.size());
    for (size_t i = 0; i < games.size(); ++i) {
        Parsed<Record> r = read_game(games[i]);
        if (!r) return Parsed<std::vector<Record>>::fail("game " + std::to_string(i + 1) + ": " + r.error);
        records.push_back(std::move(*r.value));
    }
    return Parsed<std::vector<Record>>::ok(std::move(records));
}

namespace {

Parsed<Record> read_game(const Game& g) {
    Record r;
    std::string tag_result;
    std::optional<int> ply_count;
    int ply_count_line = 0;
    for (const auto& [line_no, line] : g.tag_lines) {
        auto parsed = parse_tag_line(line_no, line);
        if (!parsed) return Parsed<Record>::fail(parsed.error);
        for (const Tag& tag : *parsed) {
            const std::string at = "line " + std::to_string(line_no) + ": ";
            if (tag.name == "Variant") {
                std::string v;
                for (char c : tag.value)
                    v += char(std::tolower(static_cast<unsigned char>(c)));
                if (v != "chu" && v != "chushogi" && v != "chu shogi")
                    return Parsed<Record>::fail(at + "Variant \"" + quote_excerpt(tag.value) + "\" is not Chu Shogi");
            } else if (tag.name == "FEN") {
                auto p = parse_xboard_fen(tag.value);
                if (!p) return Parsed<Record>::fail(at + "bad FEN tag: " + p.error);
                r.start = *p;
                r.start_is_initial = to_xboard_fen(*p) == to_xboard_fen(Position::start());
            } else if (tag.name == "Result") {
                if (!is_result_text(tag.value))
                    return Parsed<Record>::fail(at + "Result \"" + quote_excerpt(tag.value) +
                                                "\" is not 1-0, 0-1, 1/2-1/2 or *");
                tag_result = tag.value;
            } else if (tag.value == "?" || (tag.name == "Date" && tag.value == "????.??.??")) {
                // an unknown roster value; the writer puts "?" back
            } else if (tag.name == "PlyCount") {
                const std::optional<int64_t> n = parse_integer(tag.value, 0, 999999, Sign::NONE);
                if (!n)
                    return Parsed<Record>::fail(at + "PlyCount \"" + quote_excerpt(tag.value) + "\" is not a number");
                ply_count = int(*n);
                ply_count_line = line_no;
            } else if (tag.name != "SetUp") {
                r.set_tag(tag.name, tag.value);
            }
        }
    }
    auto tokens = tokenize(g.move_lines);
    if (!tokens) return Parsed<Record>::fail(tokens.error);

    // The line being read and the lines it branches from: a variation "( ... )" is an
    // alternative to the move before it, played from the position before that move.
    struct Frame {
        std::vector<Ply>* plies;
        Position pos, before_last;
        std::vector<std::string> trailing;  // comments after the line's last move
        int first_ply;  // the game's ply index of the line's first move
    };
    std::vector<Frame> frames{{&r.plies, r.start, r.start, {}, 0}};
    auto flush = [](Frame& f) {
        for (const std::string& c : f.trailing)
            f.plies->back().comment += (f.plies->back().comment.empty() ? "" : " ") + c;
        f.trailing.clear();
    };
    std::string result_token;
    int result_line = 0;
    std::vector<std::string> start_comments;  // before the first move
    for (const Token& t : *tokens) {
        const std::string at = "line " + std::to_string(t.line) + ": ";
        if (!result_token.empty())
            return Parsed<Record>::fail(at + "'" + quote_excerpt(t.text) + "' after the result " + result_token);
        Frame& f = frames.back();
        std::vector<Ply>& plies = *f.plies;
        if (t.kind == Token::OPEN) {
            if (plies.empty()) return Parsed<Record>::fail(at + "a variation '(' before any move");
            flush(f);
            Ply& alt = plies.back();
            alt.variations.emplace_back();
            const Position before = f.before_last;
            const int first_ply = f.first_ply + int(plies.size()) - 1;
            frames.push_back({&alt.variations.back(), before, before, {}, first_ply});
            continue;
        }
        if (t.kind == Token::CLOSE) {
            if (plies.empty()) return Parsed<Record>::fail(at + "an empty variation '()'");
            flush(f);
            frames.pop_back();
            continue;
        }
        if (t.kind == Token::COMMENT) {
            std::string c = t.text;
            while (!c.empty() && c.front() == ' ')
                c.erase(c.begin());
            while (!c.empty() && c.back() == ' ')
                c.pop_back();
            if (plies.empty() && frames.size() == 1) {
                start_comments.push_back(c);
            } else if (plies.empty()) {
                return Parsed<Record>::fail(at + "a comment before a variation's first move");
            } else {
                f.trailing.push_back(c);
            }
            continue;
        }
        if (t.kind == Token::NAG) {
            const std::optional<int64_t> nag = parse_integer(t.text, 0, 999, Sign::NONE);
            if (plies.empty() || !nag)
                return Parsed<Record>::fail(at + "bad annotation '$" + quote_excerpt(t.text) + "'");
            plies.back().nag = int(*nag);
            continue;
        }
        std::string w = t.text;
        if (is_result_text(w)) {
            if (frames.size() > 1) return Parsed<Record>::fail(at + "the result " + w + " inside a variation");
            result_token = w;
            result_line = t.line;
            continue;
        }
        if (int nag = glyph_nag(w); nag >= 0) {
            if (plies.empty()) return Parsed<Record>::fail(at + "'" + quote_excerpt(w) + "' before the first move");
            plies.back().nag = nag;
            continue;
        }
        w.erase(0, move_number_length(w));
        if (w.empty()) continue;
        // A glyph glued to the move.
        int nag = NAG_NONE;
        for (const char* g : {"!!", "??", "!?", "?!", "!", "?"}) {
            const std::string gs = g;
            if (w.size() > gs.size() && w.compare(w.size() - gs.size(), gs.size(), gs) == 0) {
                nag = glyph_nag(gs);
                w.erase(w.size() - gs.size());
                break;
            }
        }
        // Comments seen since the last move belong to it.
        if (!plies.empty()) flush(f);
        f.trailing.clear();
        const Position& pos = f.pos;
        const int ply = f.first_ply + int(plies.size());
        const std::string who = pos.side_to_move() == WHITE ? "White" : "Black";
        auto m = parse_pgn_move(pos, w);
        if (!m)
            return Parsed<Record>::fail(at + "move " + std::to_string(ply / 2 + 1) + " (" + who + ") '" +
                                        quote_excerpt(t.text) + "' is not a legal move here: " + m.error);
        Move played = *m;
        if (played.is_pass()) {  // keep the piece and square written ("f5f6-f5", "f5f6,f6f5")
            size_t a = 1;
            while (a < w.size() && std::isdigit(static_cast<unsigned char>(w[a])))
                ++a;
            size_t b = a + 1;
            while (b < w.size() && std::isdigit(static_cast<unsigned char>(w[b])))
                ++b;
            auto from = parse_xboard_square(w.substr(0, a));
            auto via = a < w.size() ? parse_xboard_square(w.substr(a, b - a)) : std::nullopt;
            if (from && via && distance(*from, *via) == 1) played = Move::pass(*from, *via);
        }
        f.before_last = f.pos;
        f.pos.make(played);
        plies.push_back({played, "", nag, -1, -1, {}});
    }
    std::vector<std::string>& trailing_comments = frames.front().trailing;
    // In a game without moves the last of several comments is the reason, as after a move (the
    // writer puts an empty comment first when there is a reason but no start comment).
    if (r.plies.empty() && start_comments.size() > 1) {
        r.final_comment = start_comments.back();
        start_comments.pop_back();
    }
    for (const std::string& c : start_comments)
        if (!c.empty()) r.start_comment += (r.start_comment.empty() ? "" : " ") + c;
    // The last comment before the result says how the game ended (XBoard and shishi-match write
    // the reason there); a lone engine score is the last move's comment.
    if (!trailing_comments.empty()) {
        const bool reason = trailing_comments.size() > 1 || !looks_like_engine_score(trailing_comments.back());
        const size_t keep = reason ? trailing_comments.size() - 1 : trailing_comments.size();
        for (size_t i = 0; i < keep; ++i)
            r.plies.back().comment += (r.plies.back().comment.empty() ? "" : " ") + trailing_comments[i];
        if (reason) r.final_comment = trailing_comments.back();
    }
    // The PlyCount tag (XBoard and shishi-match write it) must match: a comment left open, or a
    // move text cut short, would otherwise pass as a shorter game.
    if (ply_count && *ply_count != int(r.plies.size()))
        return Parsed<Record>::fail("line " + std::to_string(ply_count_line) + ": the PlyCount tag says " +
                                    std::to_string(*ply_count) + " plies but the move text holds " +
                                    std::to_string(r.plies.size()));
    if (!tag_result.empty() && !result_token.empty() && tag_result != result_token)
        return Parsed<Record>::fail("line " + std::to_string(result_line) + ": the result " + result_token +
                                    " differs from the Result tag " + tag_result);
    r.result = !result_token.empty() ? result_token : !tag_result.empty() ? tag_result : "*";
    return Parsed<Record>::ok(r);
}

}  // namespace
}  // namespace shishi::record
