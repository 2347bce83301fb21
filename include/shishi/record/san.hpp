// XBoard's standard algebraic notation for Chu Shogi, as XBoard writes it in saved games: the
// piece letter (none for a Pawn, "+" before a promoted piece), an optional origin file and/or
// rank, "x" on captures, the destination, a second leg after "x" or "-" for Lion moves, "+"
// for promotion, and a trailing "#". Also the other move forms found in PGN files.
#pragma once

#include <string_view>

#include "shishi/core/notation.hpp"

namespace shishi::record {

// The one legal move in pos the text describes.
Parsed<Move> parse_san_move(const Position& pos, std::string_view text);

// A move as PGN files hold it: coordinates ("h4h5", "c8c9+"), the engine protocol's legs
// ("e8d9,d9d8"), XBoard's long algebraic multi-leg form ("e8d9-d8", "e8xd9xd8"), "@@@@", or SAN.
Parsed<Move> parse_pgn_move(const Position& pos, std::string_view text);

}  // namespace shishi::record
