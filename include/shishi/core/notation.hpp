// Positions and moves as text: XBoard FEN, SFEN (lishogi/USI), XBoard and USI move notation.
// Parsers return errors as values with a message naming what is wrong; they never throw and
// never hand back a half-parsed position.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "shishi/core/position.hpp"

namespace shishi {

template <class T>
struct Parsed {
    std::optional<T> value;
    std::string error;  // empty when value is set
    explicit operator bool() const { return value.has_value(); }
    const T& operator*() const { return *value; }
    static Parsed fail(std::string why) { return Parsed{std::nullopt, std::move(why)}; }
    static Parsed ok(T v) { return Parsed{std::move(v), {}}; }
};

extern const char* const START_XBOARD_FEN;
extern const char* const START_SFEN;

// --- squares ---------------------------------------------------------------------------------
std::string square_to_xboard(Square s);  // "a1" .. "l12"
std::string square_to_usi(Square s);  // "12l" .. "1a"
std::optional<Square> parse_xboard_square(std::string_view text);
std::optional<Square> parse_usi_square(std::string_view text);

// --- positions -------------------------------------------------------------------------------
// "<board> <w|b> [castling] [counter-strike square|-] [halfmove] [fullmove]"; w = first player.
// The position gets `rules`.
Parsed<Position> parse_xboard_fen(std::string_view text, const RuleSet& rules = book_rules());
// "<board> <b|w> <counter-strike USI square|-> <move number>"; b = first player. The square may
// be the capturer's (this engine's writing) or where the Lion was taken (lishogi's; empty after
// a Falcon or Eagle took it on its first step).
Parsed<Position> parse_sfen(std::string_view text, const RuleSet& rules = book_rules());
std::string to_xboard_fen(const Position& pos);
// The counter-strike field as the position's rules write it (RuleSet::sfen_counter_strike_at_capture).
std::string to_sfen(const Position& pos);
std::string board_to_fen_field(const Position& pos);
// A human-readable diagram (for the `d` debug command and error reports).
std::string board_diagram(const Position& pos);
// One square of a diagram, three characters wide: "  ." empty, "  K", " +r".
std::string diagram_cell(Piece p);

// --- moves -----------------------------------------------------------------------------------
// XBoard: "h4h5", "c8c9+", "f5f6,f6f7", igui "f5f6,f6f5", pass the same with f6 empty.
std::string move_to_xboard(Move m);
// The legs an engine sends as separate `move` commands: non-final legs end with a comma.
std::vector<std::string> move_to_xboard_legs(Move m);
// USI (lishogi): "7g7f", "7g7f+", double moves and igui as three squares, pass as out-and-back.
std::string move_to_usi(Move m);

// Parse and check legality in pos. "@@@@" is accepted as a pass by parse_xboard_move.
Parsed<Move> parse_xboard_move(const Position& pos, std::string_view text);
Parsed<Move> parse_usi_move(const Position& pos, std::string_view text);

}  // namespace shishi
