#include "shishi/match/openings.hpp"

#include <fstream>
#include <sstream>

#include "shishi/core/movegen.hpp"
#include "shishi/core/text.hpp"
#include "shishi/platform/platform.hpp"
#include "shishi/record/pgn.hpp"

namespace shishi::match {
namespace {

bool is_usi_square_text(std::string_view w) {
    return !w.empty() && w[0] >= '1' && w[0] <= '9' && parse_usi_square(w).has_value();
}

// SFEN has exactly four fields and its third is "-" or a USI square; anything else with a
// board field is read as an XBoard FEN.
Parsed<Position> parse_position_words(const std::vector<std::string_view>& words) {
    bool sfen = words.size() == 4 && (words[2] == "-" || is_usi_square_text(words[2]));
    std::string text = join_words(words, 0, words.size());
    if (sfen) {
        auto p = parse_sfen(text);
        if (p) return p;
        auto f = parse_xboard_fen(text);
        if (f) return f;
        return Parsed<Position>::fail("bad SFEN: " + p.error);
    }
    return parse_xboard_fen(text);
}

}  // namespace

Parsed<Opening> parse_opening_line(const std::string& line) {
    Opening op;
    op.text = line;
    const std::vector<std::string_view> words = split_words(line);
    if (words.empty()) return Parsed<Opening>::fail("empty opening line");
    size_t first_move = 0;
    if (words[0].find('/') != std::string::npos) {
        size_t moves_at = words.size();
        for (size_t i = 1; i < words.size(); ++i)
            if (words[i] == "moves") {
                moves_at = i;
                break;
            }
        const std::vector<std::string_view> fen(words.begin(), words.begin() + long(moves_at));
        auto pos = parse_position_words(fen);
        if (!pos) return Parsed<Opening>::fail("bad position: " + pos.error);
        op.start = *pos;
        op.start.clear_history();
        op.start_is_initial = to_xboard_fen(op.start) == to_xboard_fen(Position::start());
        first_move = moves_at < words.size() ? moves_at + 1 : words.size();
    } else if (words[0] == "startpos") {
        first_move = (words.size() > 1 && words[1] == "moves") ? 2 : 1;
    }
    Position pos = op.start;
    for (size_t i = first_move; i < words.size(); ++i) {
        auto m = parse_xboard_move(pos, words[i]);
        if (!m)
            return Parsed<Opening>::fail("move " + std::to_string(i - first_move + 1) + " '" + std::string(words[i]) +
                                         "': " + m.error);
        pos.make(*m);
        op.moves.push_back(*m);
    }
    return Parsed<Opening>::ok(std::move(op));
}

namespace {

// Every game of a PGN file (the record module's reader checks each move) as an opening: its
// start position and all its moves (--openings-plies cuts them).
Parsed<std::vector<Opening>> load_pgn_openings(const std::string& path, std::istream& in) {
    std::stringstream text;
    text << in.rdbuf();
    const std::string all = text.str();
    std::vector<Opening> out;
    const int games = record::count_pgn_games(all);
    for (int g = 1; g <= games; ++g) {
        auto r = record::read_pgn(all, g);
        if (!r) return Parsed<std::vector<Opening>>::fail(path + ": game " + std::to_string(g) + ": " + r.error);
        Opening op;
        op.start = r.value->start;
        op.start_is_initial = r.value->start_is_initial;
        for (const record::Ply& p : r.value->plies)
            op.moves.push_back(p.move);
        op.text = path + " game " + std::to_string(g);
        out.push_back(std::move(op));
    }
    if (out.empty()) return Parsed<std::vector<Opening>>::fail("no games in '" + path + "'");
    return Parsed<std::vector<Opening>>::ok(std::move(out));
}

}  // namespace

Parsed<std::vector<Opening>> load_openings(const std::string& path, OpeningsFormat format) {
    std::ifstream in(platform::file_path(path));
    if (!in) return Parsed<std::vector<Opening>>::fail("cannot open opening file '" + path + "'");
    const bool pgn_name = path.size() > 4 && path.compare(path.size() - 4, 4, ".pgn") == 0;
    if (format == OpeningsFormat::PGN || (format == OpeningsFormat::BY_NAME && pgn_name))
        return load_pgn_openings(path, in);
    std::vector<Opening> out;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        size_t start = line.find_first_not_of(" \t");
        if (start == std::string::npos || line[start] == '#') continue;
        auto op = parse_opening_line(line);
        if (!op) return Parsed<std::vector<Opening>>::fail(path + ":" + std::to_string(number) + ": " + op.error);
        out.push_back(*op);
    }
    if (out.empty()) return Parsed<std::vector<Opening>>::fail("no openings in '" + path + "'");
    return Parsed<std::vector<Opening>>::ok(std::move(out));
}

Position opening_position(const Opening& opening) {
    Position pos = opening.start;
    for (Move m : opening.moves)
        pos.make(m);
    return pos;
}

void add_random_plies(Opening& opening, int n, std::mt19937_64& rng) {
    Position pos = opening_position(opening);
    for (int i = 0; i < n; ++i) {
        MoveList quiet;
        generate_quiets(pos, quiet);
        MoveList pool;
        for (Move m : quiet)
            if (!m.is_pass()) pool.push(m);
        if (pool.empty()) generate_legal(pos, pool);
        if (pool.empty()) return;
        std::uniform_int_distribution<int> pick(0, pool.size() - 1);
        Move m = pool[pick(rng)];
        pos.make(m);
        opening.moves.push_back(m);
    }
}

}  // namespace shishi::match
