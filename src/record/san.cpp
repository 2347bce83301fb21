#include "shishi/record/san.hpp"

#include <string>
#include <vector>

#include "shishi/core/movegen.hpp"
#include "shishi/core/pieces.hpp"
#include "shishi/core/text.hpp"

namespace shishi::record {
namespace {

struct Coord {
    int file = -1;  // 0..11, -1 = not given
    int rank = -1;  // 0..11, -1 = not given
    bool full() const { return file >= 0 && rank >= 0; }
    bool matches(Square s) const { return (file < 0 || file == file_of(s)) && (rank < 0 || rank == rank_of(s)); }
};

// Is the move's path through these squares (origin disambiguation, optional first leg)?
bool path_matches(const Position& pos, Move m, const Coord& origin, const Coord* first_leg, Coord dest) {
    if (!origin.matches(m.from())) return false;
    if (m.is_pass()) {
        // out and back over an empty square: "Nf6-f5" from f5
        return first_leg && first_leg->full() && dest.matches(m.from()) &&
            pos.piece_on(make_square(first_leg->file, first_leg->rank)) == EMPTY &&
            distance(m.from(), make_square(first_leg->file, first_leg->rank)) == 1;
    }
    if (!dest.matches(m.to())) return false;
    if (!first_leg) return !m.is_double();
    const Square leg = make_square(first_leg->file, first_leg->rank);
    if (m.is_double()) return m.mid() == leg;
    // a two-step move through an empty square is the leap
    return pos.piece_on(leg) == EMPTY && distance(m.from(), leg) == 1 && distance(leg, m.to()) == 1;
}

}  // namespace

Parsed<Move> parse_san_move(const Position& pos, std::string_view text) {
    std::string t(text);
    while (!t.empty() && (t.back() == '#' || t.back() == '!' || t.back() == '?'))
        t.pop_back();
    if (t == "@@@@" || t == "--") {
        MoveList list;
        generate_legal(pos, list);
        for (int i = 0; i < list.size(); ++i)
            if (list[i].is_pass()) return Parsed<Move>::ok(list[i]);
        return Parsed<Move>::fail("no pass is possible here");
    }
    size_t i = 0;
    bool promoted_piece = false;
    if (i < t.size() && t[i] == '+') promoted_piece = true, ++i;
    char letter = 'p';
    if (i < t.size() && t[i] >= 'A' && t[i] <= 'Z')
        letter = char(t[i] - 'A' + 'a'), ++i;
    else if (promoted_piece)
        return Parsed<Move>::fail("'+' without a piece letter");
    const Kind kind = kind_from_letter(letter, promoted_piece);
    if (kind == NO_KIND)
        return Parsed<Move>::fail(std::string("no piece is written '") + (promoted_piece ? "+" : "") +
                                  char(letter - 'a' + 'A') + "'");
    bool promote = false;
    if (!t.empty() && (t.back() == '+' || t.back() == '=')) {
        promote = t.back() == '+';
        t.pop_back();
        if (!t.empty() && t.back() == '=') t.pop_back();
    }
    std::vector<Coord> coords;
    while (i < t.size()) {
        const char c = t[i];
        if (c == 'x' || c == '-' || c == ':') {
            ++i;
            continue;
        }
        Coord co;
        if (c >= 'a' && c <= 'l') co.file = c - 'a', ++i;
        if (i < t.size() && t[i] >= '0' && t[i] <= '9') {
            const size_t first = i;
            while (i < t.size() && t[i] >= '0' && t[i] <= '9')
                ++i;
            // At most two digits are a rank; more would overflow the number.
            const int r =
                i - first <= 2 ? int(parse_integer(t.substr(first, i - first), 0, 99, Sign::NONE).value_or(0)) : 0;
            if (r < 1 || r > BOARD_SIZE)
                return Parsed<Move>::fail("rank " + quote_excerpt(t.substr(first, i - first)) + " is off the board");
            co.rank = r - 1;
        }
        if (co.file < 0 && co.rank < 0)
            return Parsed<Move>::fail("unexpected '" + quote_excerpt(std::string_view(t).substr(i, 1)) + "'");
        coords.push_back(co);
    }
    if (coords.empty() || !coords.back().full()) return Parsed<Move>::fail("no destination square");
    const Coord dest = coords.back();
    coords.pop_back();

    MoveList list;
    generate_legal(pos, list);
    std::vector<Move> found;
    auto consider = [&](const Coord& origin, const Coord* leg) {
        for (int k = 0; k < list.size(); ++k) {
            const Move m = list[k];
            const Piece p = pos.piece_on(m.from());
            if (kind_of(p) != kind || m.is_promotion() != promote) continue;
            if (!path_matches(pos, m, origin, leg, dest)) continue;
            bool seen = false;
            for (Move f : found)
                seen = seen || f.same_as(m);
            if (!seen) found.push_back(m);
        }
    };
    // Read the squares before the destination as "origin" or as "origin, first leg".
    if (coords.size() <= 1) consider(coords.empty() ? Coord{} : coords[0], nullptr);
    if (!coords.empty() && coords.back().full()) {
        const Coord leg = coords.back();
        consider(coords.size() == 2 ? coords[0] : Coord{}, &leg);
    }
    if (coords.size() > 2) return Parsed<Move>::fail("too many squares");
    if (found.empty()) return Parsed<Move>::fail("no legal move matches");
    if (found.size() > 1)
        return Parsed<Move>::fail("ambiguous: " + std::to_string(found.size()) + " legal moves match");
    return Parsed<Move>::ok(found[0]);
}

namespace {

// "e8", "f10": a coordinate square at text[i]; its length, or 0.
size_t square_length(std::string_view t, size_t i) {
    if (i >= t.size() || t[i] < 'a' || t[i] > 'l') return 0;
    size_t j = i + 1;
    while (j < t.size() && j - i <= 2 && t[j] >= '0' && t[j] <= '9')
        ++j;
    return j - i >= 2 ? j - i : 0;
}

}  // namespace

Parsed<Move> parse_pgn_move(const Position& pos, std::string_view text) {
    auto direct = parse_xboard_move(pos, text);
    if (direct) return direct;
    // Long algebraic with separators: two or three squares, '-' or 'x' (or nothing) between.
    std::vector<std::string> squares;
    size_t i = 0;
    while (i < text.size() && squares.size() < 3) {
        const size_t n = square_length(text, i);
        if (n == 0) break;
        squares.emplace_back(text.substr(i, n));
        i += n;
        if (i < text.size() && (text[i] == '-' || text[i] == 'x')) ++i;
    }
    const std::string_view suffix = text.substr(i);
    if (squares.size() >= 2 && (suffix.empty() || suffix == "+" || suffix == "=")) {
        std::string coord = squares[0] + squares[1];
        if (squares.size() == 3) coord += "," + squares[1] + squares[2];
        if (suffix == "+") coord += "+";
        auto m = parse_xboard_move(pos, coord);
        if (m) return m;
    }
    auto san = parse_san_move(pos, text);
    if (san) return san;
    return Parsed<Move>::fail(squares.size() >= 2 ? direct.error : san.error);
}

}  // namespace shishi::record
