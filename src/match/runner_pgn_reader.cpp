#include "shishi/match/runner_pgn_reader.hpp"

namespace shishi::match {
namespace {

bool is_result(const std::string& w) { return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*"; }
// "12." and "12..." are move numbers, "$2" a NAG.
bool is_move_number_or_nag(const std::string& w) {
    return w[0] == '$' || (w[0] >= '0' && w[0] <= '9' && w.back() == '.');
}

}  // namespace

const std::string& PgnGameSummary::tag(const std::string& name) const {
    static const std::string none;
    auto it = tags.find(name);
    return it == tags.end() ? none : it->second;
}

PgnFile read_pgn_games(const std::string& text) {
    PgnFile file;
    PgnGameSummary game;
    bool in_game = false, in_moves = false;
    size_t i = 0;
    const size_t n = text.size();
    while (i < n) {
        char c = text[i];
        if (c == '[' && !in_moves) {
            if (!in_game) game.begin = i;
            // A tag pair: [Name "value"] with \" and \\ escapes.
            size_t j = i + 1;
            std::string name;
            while (j < n && text[j] != ' ' && text[j] != ']' && text[j] != '\n') name += text[j++];
            while (j < n && text[j] == ' ') ++j;
            if (j >= n || text[j] != '"') break;  // torn
            std::string value;
            ++j;
            while (j < n && text[j] != '"' && text[j] != '\n') {
                if (text[j] == '\\' && j + 1 < n) ++j;
                value += text[j++];
            }
            if (j >= n || text[j] != '"') break;
            ++j;
            while (j < n && text[j] != ']' && text[j] != '\n') ++j;
            if (j >= n || text[j] != ']') break;
            game.tags[name] = value;
            in_game = true;
            i = j + 1;
            continue;
        }
        if (c == '{') {
            size_t close = text.find('}', i + 1);
            if (close == std::string::npos) break;
            game.comment = text.substr(i + 1, close - i - 1);
            for (char& ch : game.comment)
                if (ch == '\n') ch = ' ';
            if (game.comment == "opening") game.opening_plies = int(game.moves.size());
            in_moves = true;
            i = close + 1;
            continue;
        }
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            ++i;
            continue;
        }
        // A word of the move text.
        size_t j = i;
        while (j < n && text[j] != ' ' && text[j] != '\n' && text[j] != '\r' && text[j] != '\t' && text[j] != '{')
            ++j;
        std::string word = text.substr(i, j - i);
        i = j;
        if (!in_game) continue;
        in_moves = true;
        // A result is complete only when a line end follows it (the writer ends every game so).
        if (is_result(word) && i < n && (text[i] == '\n' || text[i] == '\r')) {
            game.result = word;
            file.games.push_back(std::move(game));
            game = PgnGameSummary{};
            in_game = in_moves = false;
            file.complete_bytes = i + 1;
            if (file.complete_bytes < n && text[file.complete_bytes] == '\n') ++file.complete_bytes;
            file.games.back().end = file.complete_bytes;
        } else if (!is_result(word) && !is_move_number_or_nag(word)) {
            game.moves.push_back(word);
        }
    }
    return file;
}

}  // namespace shishi::match
