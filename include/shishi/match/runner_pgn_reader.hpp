// Reading back the PGN files the runner writes, for --resume and `shishi-match merge`: each
// complete game's tags, moves, final comment and result, read by the record module's PGN reader
// (record/pgn.hpp), with the game's place in the file. A game cut off by a crash (no result after
// its moves) is not a game: the reader reports where the last complete game ends so that the
// runner can drop the torn tail.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace shishi::match {

struct PgnGameSummary {
    std::map<std::string, std::string> tags;  // FEN and PlyCount included
    std::vector<std::string> moves;  // the move words, without move numbers and NAGs
    int opening_plies = 0;  // moves before the `{opening}` comment (0: none)
    std::string result;  // "1-0", "0-1", "1/2-1/2" or "*"
    std::string comment;  // the last comment before the result (the runner's reason)
    size_t begin = 0, end = 0;  // the game's bytes in the text (end past its line end)
    std::string error;  // a complete game the record reader refused (why); nothing else is set
    const std::string& tag(const std::string& name) const;  // "" when absent
};

struct PgnFile {
    std::vector<PgnGameSummary> games;
    size_t complete_bytes = 0;  // length of the prefix holding the complete games
};

// Reads PGN text; never fails (malformed tails are simply not complete games).
PgnFile read_pgn_games(const std::string& text);

}  // namespace shishi::match
