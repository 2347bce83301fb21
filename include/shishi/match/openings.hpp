// Opening positions for a match: lines of an opening file (XBoard FEN, SFEN, or moves from the
// start in XBoard notation, optionally "<FEN or SFEN> moves m1 m2 ..."), and random extra plies.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "shishi/core/notation.hpp"
#include "shishi/core/position.hpp"

namespace shishi::match {

struct Opening {
    Position start = Position::start();
    bool start_is_initial = true;
    std::vector<Move> moves;  // legal moves played from start
    std::string text;  // the line it came from
};

// How an opening file is read: by its name (a .pgn file as PGN, any other as lines), as lines
// (cutechess-cli's format=epd), or as PGN games (format=pgn).
enum class OpeningsFormat { BY_NAME, LINES, PGN };

// One non-empty, non-comment line. Every move is checked for legality.
Parsed<Opening> parse_opening_line(const std::string& line);
// Blank lines and lines starting with '#' are skipped; an error names the line number. A PGN
// file (by its name or `format`) is read as PGN games instead, each game an opening.
Parsed<std::vector<Opening>> load_openings(const std::string& path, OpeningsFormat format = OpeningsFormat::BY_NAME);
// Appends up to n random legal moves (quiet moves when there are any, so the game does not
// start with a piece hanging for nothing); stops early if the side to move has no moves.
void add_random_plies(Opening& opening, int n, std::mt19937_64& rng);
// The position after the opening's moves.
Position opening_position(const Opening& opening);

}  // namespace shishi::match
