// XBoard's standard algebraic notation for Chu Shogi, as XBoard writes it in saved games: the
// piece letter (none for a Pawn, "+" before a promoted piece), an optional origin file and/or
// rank, "x" on captures, the destination, a second leg after "x" or "-" for Lion moves, "+"
// for promotion, and a trailing "#".
#pragma once

#include <string_view>

#include "shishi/core/notation.hpp"

namespace shishi::record {

// The one legal move in pos the text describes.
Parsed<Move> parse_san_move(const Position& pos, std::string_view text);

}  // namespace shishi::record
