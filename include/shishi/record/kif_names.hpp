// The words of lishogi's Chu Shogi KIF: piece names on move lines and in diagrams, squares
// ("7七", "6十一"), kanji numbers, and the header keys with their PGN tag names.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "shishi/core/board_types.hpp"

namespace shishi::record {

// The name written on a move line ("獅子") and in a diagram cell ("獅", "成獅").
std::string_view kif_move_name(Kind k);
std::string_view kif_board_name(Kind k);
// Does a move line's piece name fit kind k (full names, one-kanji names, lishogi's variants)?
bool kif_name_fits(std::string_view name, Kind k);
// Kind of a diagram cell name without the "v"; NO_KIND when unknown.
Kind kind_from_kif_board_name(std::string_view name);

std::string kanji_number(int n);  // 1..99: "一" .. "十二" ...
std::optional<int> parse_kanji_number(std::string_view s);  // "十一" -> 11; also ASCII/full-width digits
// Squares: file number (ASCII) + kanji rank, rank 一 at the top (the second player's side).
std::string kif_square(Square s);
// Reads a square at the start of s ("7七", "１２十二", "10十一"); the length read in `used`.
std::optional<Square> parse_kif_square(std::string_view s, size_t& used);

// Header keys and PGN tag names: "先手" <-> "White", ...; empty when there is none.
std::string_view pgn_tag_for_kif_key(std::string_view key);
std::string_view kif_key_for_pgn_tag(std::string_view tag);

}  // namespace shishi::record
