// PGN games to labelled quiet positions for the tuner.
#include <cctype>
#include <istream>
#include <sstream>
#include <utility>

#include "shishi/core/attacks.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/tools/training_games.hpp"
#include "shishi/record/san.hpp"

namespace shishi {
namespace {

double result_value(const std::string& r) {
    if (r == "1-0") return 1;
    if (r == "0-1") return 0;
    if (r == "1/2-1/2") return 0.5;
    return -1;
}

// Value of a tag line `[Name "value"]`, or empty when the line is not that tag.
std::string tag_value(const std::string& line, const std::string& name) {
    const std::string head = "[" + name + " \"";
    if (line.rfind(head, 0) != 0) return {};
    const size_t end = line.find('"', head.size());
    return end == std::string::npos ? std::string{} : line.substr(head.size(), end - head.size());
}

// Adds the move tokens of one movetext line; `in_comment` carries a {comment} across lines.
void add_movetext(const std::string& line, bool& in_comment, PgnGame& game) {
    std::string token;
    auto flush = [&] {
        if (token.empty()) return;
        const bool number = std::isdigit(static_cast<unsigned char>(token[0])) &&
                            token.find('.') != std::string::npos;
        if (!number && token[0] != '$' && result_value(token) < 0 && token != "*")
            game.moves.push_back(token);
        token.clear();
    };
    for (char ch : line) {
        if (in_comment) {
            if (ch == '}') in_comment = false;
            continue;
        }
        if (ch == '{') {
            flush();
            in_comment = true;
        } else if (std::isspace(static_cast<unsigned char>(ch))) {
            flush();
        } else {
            token += ch;
        }
    }
    flush();
}

}  // namespace

std::vector<PgnGame> read_pgn_games(std::istream& in) {
    std::vector<PgnGame> games;
    std::string line;
    bool in_moves = false, in_comment = false;
    PgnGame game;
    auto finish = [&] {
        if (!game.moves.empty() || game.result >= 0) games.push_back(game);
        game = PgnGame{};
        in_moves = in_comment = false;
    };
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!in_comment && !line.empty() && line[0] == '[') {
            if (in_moves) finish();  // a new game's tags
            if (auto r = tag_value(line, "Result"); !r.empty()) game.result = result_value(r);
            if (auto f = tag_value(line, "FEN"); !f.empty()) game.fen = f;
            continue;
        }
        if (line.empty() && !in_comment) continue;
        in_moves = true;
        add_movetext(line, in_comment, game);
    }
    if (in_moves || game.result >= 0) finish();
    return games;
}

int capture_search(Position& pos, int alpha, int beta, int depth_left) {
    const int stand = evaluate(pos);
    if (stand >= beta || depth_left == 0) return stand;
    if (stand > alpha) alpha = stand;
    MoveList list;
    generate_captures(pos, list);
    // Most valuable victim first, so the cut-offs come early (Chu positions have many captures).
    int gain[MoveList::CAPACITY];
    for (int i = 0; i < list.size(); ++i) {
        const Move m = list[i];
        gain[i] = piece_value(kind_of(pos.piece_on(m.to()))) +
                  (m.is_double() ? piece_value(kind_of(pos.piece_on(m.mid()))) : 0);
    }
    for (int i = 0; i < list.size(); ++i) {
        int best = i;
        for (int j = i + 1; j < list.size(); ++j)
            if (gain[j] > gain[best]) best = j;
        std::swap(list[i], list[best]);
        std::swap(gain[i], gain[best]);
        const Move m = list[i];
        pos.make(m);
        // Taking the last royal ends the game: no need to look further.
        const int score = pos.royal_count(pos.side_to_move()) == 0
                              ? 100000
                              : -capture_search(pos, -beta, -alpha, depth_left - 1);
        pos.unmake();
        if (score >= beta) return score;
        if (score > alpha) alpha = score;
    }
    return alpha;
}

std::vector<std::string> quiet_training_lines(const PgnGame& game, const ExtractOptions& opt) {
    std::vector<std::string> lines;
    if (game.result < 0) return lines;
    auto start = game.fen.empty() ? parse_xboard_fen(START_XBOARD_FEN) : parse_xboard_fen(game.fen);
    if (!start) return lines;
    Position pos = *start;
    std::ostringstream label;
    label << game.result;
    bool last_was_capture = false;
    for (size_t ply = 0; ply < game.moves.size() && int(ply) < opt.max_plies; ++ply) {
        if (int(ply) >= opt.skip_plies && !last_was_capture && !in_check(pos, WHITE) &&
            !in_check(pos, BLACK)) {
            const int stand = evaluate(pos);
            if (capture_search(pos, -100000, 100000, 4) == stand)
                lines.push_back(to_xboard_fen(pos) + " | " + label.str());
        }
        // PGN move text in any form shishi-match and XBoard write (multi-leg "e8d9-d8", SAN).
        auto m = record::parse_pgn_move(pos, game.moves[ply]);
        if (!m) break;
        last_was_capture = pos.is_capture(*m);
        pos.make(*m);
    }
    return lines;
}

}  // namespace shishi
