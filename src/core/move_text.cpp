// Moves as text in XBoard and USI notation. Parsing turns the legs into a candidate move in the
// engine's canonical encoding (a two-step path through an empty square is the leap; any pass is
// the pass) and accepts it only if it is among the legal moves.
#include <cctype>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/text.hpp"

namespace shishi {
namespace {

// Can the piece on `from` pass by stepping to the empty square `via` and back?
bool passes_via(const Position& pos, Square from, Square via) {
    Piece p = pos.piece_on(from);
    if (p == EMPTY || p == EDGE || color_of(p) != pos.side_to_move() || pos.piece_on(via) != EMPTY) return false;
    if (distance(from, via) != 1) return false;
    if (is_lion(kind_of(p))) return true;
    for (int d = 0; d < DIRECTION_NB; ++d)
        if (from + DIRECTION_OFFSET[d] == via) return reach(color_of(p), kind_of(p), d) & REACH_LION_LINE;
    return false;
}

// Can the piece on `from` go from -> via -> to as two steps (Lion: any two King steps;
// Horned Falcon / Soaring Eagle: straight on along a ray with Lion power)?
bool steps_through(const Position& pos, Square from, Square via, Square to) {
    Piece p = pos.piece_on(from);
    if (is_lion(kind_of(p))) return true;
    for (int d = 0; d < DIRECTION_NB; ++d)
        if (from + DIRECTION_OFFSET[d] == via)
            return (reach(color_of(p), kind_of(p), d) & REACH_LION_LINE) && to == via + DIRECTION_OFFSET[d];
    return false;
}

// Could the piece on `from` capture on the adjacent `victim` and return (igui)?
bool can_igui(const Position& pos, Square from, Square victim) {
    Piece p = pos.piece_on(from), v = pos.piece_on(victim);
    if (v == EMPTY || color_of(v) == color_of(p) || distance(from, victim) != 1) return false;
    if (is_lion(kind_of(p))) return true;
    for (int d = 0; d < DIRECTION_NB; ++d)
        if (from + DIRECTION_OFFSET[d] == victim) return reach(color_of(p), kind_of(p), d) & REACH_LION_LINE;
    return false;
}

// The position's pass (all passes are one move), or why there is none.
Parsed<Move> legal_pass(const Position& pos, const std::string& shown) {
    MoveList list;
    generate_legal(pos, list);
    for (Move x : list)
        if (x.is_pass()) return Parsed<Move>::ok(x);
    return Parsed<Move>::fail("no pass is possible: " + shown);
}

// Removes a trailing promotion mark; true when there was one.
bool strip_promotion(std::string_view& text) {
    if (text.empty() || text.back() != '+') return false;
    text.remove_suffix(1);
    return true;
}

// Build the canonical move for a path of squares (2 or 3) and check it is legal.
Parsed<Move> resolve(const Position& pos, const std::vector<Square>& path, bool promote, std::string_view text) {
    const std::string shown = quote_excerpt(text);
    Square from = path[0];
    Piece p = pos.piece_on(from);
    if (p == EMPTY) return Parsed<Move>::fail("no piece on the origin square: " + shown);
    if (color_of(p) != pos.side_to_move()) return Parsed<Move>::fail("not your piece on the origin square: " + shown);
    Move m;
    if (path.size() == 2) {
        m = Move::normal(from, path[1], promote);
        if (path[1] == from) return Parsed<Move>::fail("origin and destination are the same: " + shown);
    } else {
        Square mid = path[1], to = path[2];
        if (promote) return Parsed<Move>::fail("a double move cannot promote: " + shown);
        if (distance(from, mid) != 1 || distance(mid, to) != 1)
            return Parsed<Move>::fail("each leg of a double move is a single step: " + shown);
        if (pos.piece_on(mid) == EMPTY) {
            if (to == from) {
                if (!passes_via(pos, from, mid)) return Parsed<Move>::fail("this piece cannot pass: " + shown);
                return legal_pass(pos, shown);
            }
            // Through an empty square: the same as the leap, for a piece with Lion power there.
            if (!steps_through(pos, from, mid, to))
                return Parsed<Move>::fail("this piece cannot move in two steps: " + shown);
            m = Move::normal(from, to);
        } else {
            m = Move::double_step(from, mid, to);
        }
    }
    MoveList list;
    generate_legal(pos, list);
    if (list.contains(m)) return Parsed<Move>::ok(m);
    // Igui by different pieces on one victim is one move (the same position); the generator
    // keeps one of them, so accept the other pieces' igui as that move.
    if (m.is_igui() && can_igui(pos, m.from(), m.mid())) {
        const bool victim_lion = is_lion(kind_of(pos.piece_on(m.mid())));
        const bool capturer_lion = is_lion(kind_of(pos.piece_on(m.from())));
        for (Move x : list)
            if (x.is_igui() && x.mid() == m.mid() &&
                (!victim_lion || (capturer_lion && is_lion(kind_of(pos.piece_on(x.from()))))))
                return Parsed<Move>::ok(x);
    }
    // A move legal under any of the presets is accepted, so a host or opponent that follows
    // another of them is never refused (see `accepting`).
    const RuleSet widest = accepting(pos.rules());
    if (!(widest == pos.rules())) {
        Position other = pos;
        other.set_rules(widest);
        if (is_legal(other, m)) return Parsed<Move>::ok(m);
    }
    return Parsed<Move>::fail("illegal move: " + shown);
}

}  // namespace

std::string move_to_xboard(Move m) {
    std::string out;
    for (const std::string& leg : move_to_xboard_legs(m))
        out += leg;
    return out;
}

std::vector<std::string> move_to_xboard_legs(Move m) {
    if (m.is_none()) return {"@@@@"};
    if (m.mid() == NO_SQUARE)
        return {square_to_xboard(m.from()) + square_to_xboard(m.to()) + (m.is_promotion() ? "+" : "")};
    return {square_to_xboard(m.from()) + square_to_xboard(m.mid()) + ",",
            square_to_xboard(m.mid()) + square_to_xboard(m.to())};
}

std::string move_to_usi(Move m) {
    if (m.mid() == NO_SQUARE) return square_to_usi(m.from()) + square_to_usi(m.to()) + (m.is_promotion() ? "+" : "");
    return square_to_usi(m.from()) + square_to_usi(m.mid()) + square_to_usi(m.to());
}

Parsed<Move> parse_xboard_move(const Position& pos, std::string_view text) {
    const std::string shown = quote_excerpt(text);
    if (text == "@@@@") return legal_pass(pos, shown);
    const bool promote = strip_promotion(text);
    // Each leg is two squares; legs are joined by ','.
    std::vector<Square> squares;
    size_t i = 0;
    while (i < text.size()) {
        if (text[i] == ',') {
            if (squares.size() % 2 != 0 || squares.empty()) return Parsed<Move>::fail("malformed move: " + shown);
            ++i;
            continue;
        }
        size_t j = i + 1;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
            ++j;
        auto s = parse_xboard_square(text.substr(i, j - i));
        if (!s || (squares.size() % 2 == 0 && i > 0 && text[i - 1] != ','))
            return Parsed<Move>::fail("malformed move: " + shown);
        squares.push_back(*s);
        i = j;
    }
    if ((squares.size() != 2 && squares.size() != 4) || text.back() == ',')
        return Parsed<Move>::fail("malformed move: " + shown);
    std::vector<Square> path{squares[0], squares[1]};
    if (squares.size() == 4) {
        if (squares[2] == squares[1]) {
            path.push_back(squares[3]);
        } else if (squares[0] == squares[1] && passes_via(pos, squares[0], squares[2])) {
            // XBoard 4.9.1 forwards a pass made by the other engine as "f7f7,f8e7": a first
            // leg that stays put, then the square stepped to and back (see docs/protocols.md).
            return legal_pass(pos, shown);
        } else {
            return Parsed<Move>::fail("legs do not connect: " + shown);
        }
    }
    return resolve(pos, path, promote, shown);
}

Parsed<Move> parse_usi_move(const Position& pos, std::string_view text) {
    const std::string shown = quote_excerpt(text);
    const bool promote = strip_promotion(text);
    std::vector<Square> path;
    size_t i = 0;
    while (i < text.size()) {
        size_t j = i;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
            ++j;
        if (j == i || j >= text.size()) return Parsed<Move>::fail("malformed move: " + shown);
        auto s = parse_usi_square(text.substr(i, j + 1 - i));
        if (!s) return Parsed<Move>::fail("malformed move: " + shown);
        path.push_back(*s);
        i = j + 1;
    }
    if (path.size() < 2 || path.size() > 3) return Parsed<Move>::fail("malformed move: " + shown);
    return resolve(pos, path, promote, shown);
}

}  // namespace shishi
