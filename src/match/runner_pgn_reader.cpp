// The file's framing is read here (where each complete game begins and ends, so that a torn
// tail can be cut off and single games dropped); each game's content is read by the record
// module's PGN reader, the one `shishi convert` and `shishi analyze` use.
#include "shishi/match/runner_pgn_reader.hpp"

#include "shishi/core/notation.hpp"
#include "shishi/record/pgn.hpp"

namespace shishi::match {
namespace {

bool is_result(const std::string& w) { return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*"; }
bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// The summary of one complete game's text, from the record reader.
PgnGameSummary summarize(const std::string& game_text) {
    PgnGameSummary g;
    auto parsed = record::read_pgn(game_text);
    if (!parsed) {
        g.error = parsed.error;
        return g;
    }
    const record::Record* rec = &*parsed;
    for (const record::Tag& t : rec->tags)
        g.tags[t.name] = t.value;
    // The reader turns these tags into the record's own fields.
    if (!rec->start_is_initial) g.tags["FEN"] = to_xboard_fen(rec->start);
    g.tags["PlyCount"] = std::to_string(rec->plies.size());
    for (size_t i = 0; i < rec->plies.size(); ++i) {
        g.moves.push_back(record::pgn_move_text(rec->plies[i].move));
        if (rec->plies[i].comment == "opening") g.opening_plies = int(i) + 1;
    }
    g.result = rec->result;
    g.comment = rec->final_comment;
    return g;
}

}  // namespace

const std::string& PgnGameSummary::tag(const std::string& name) const {
    static const std::string none;
    auto it = tags.find(name);
    return it == tags.end() ? none : it->second;
}

PgnFile read_pgn_games(const std::string& text) {
    PgnFile file;
    bool in_game = false, in_moves = false;
    size_t begin = 0, i = 0;
    const size_t n = text.size();
    while (i < n) {
        const char c = text[i];
        if (c == '[' && !in_moves) {
            if (!in_game) begin = i;
            // A tag pair on its own line: [Name "value"] with \" and \\ escapes.
            size_t j = i + 1;
            while (j < n && text[j] != '"' && text[j] != ']' && text[j] != '\n')
                ++j;
            if (j >= n || text[j] != '"') break;  // torn
            for (++j; j < n && text[j] != '"' && text[j] != '\n'; ++j)
                if (text[j] == '\\' && j + 1 < n) ++j;
            if (j >= n || text[j] != '"') break;
            while (j < n && text[j] != ']' && text[j] != '\n')
                ++j;
            if (j >= n || text[j] != ']') break;
            in_game = true;
            i = j + 1;
            continue;
        }
        if (c == '{') {
            const size_t close = text.find('}', i + 1);
            if (close == std::string::npos) break;
            in_moves = in_game;
            i = close + 1;
            continue;
        }
        if (is_space(c)) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < n && !is_space(text[j]) && text[j] != '{')
            ++j;
        const std::string word = text.substr(i, j - i);
        i = j;
        if (!in_game) continue;
        in_moves = true;
        // A game is complete only when a line end follows its result (the writer ends every
        // game so).
        if (is_result(word) && i < n && (text[i] == '\n' || text[i] == '\r')) {
            file.complete_bytes = i + 1;
            if (file.complete_bytes < n && text[file.complete_bytes] == '\n') ++file.complete_bytes;
            PgnGameSummary g = summarize(text.substr(begin, file.complete_bytes - begin));
            g.begin = begin;
            g.end = file.complete_bytes;
            file.games.push_back(std::move(g));
            in_game = in_moves = false;
        }
    }
    return file;
}

}  // namespace shishi::match
