// XBoard PGN for Chu Shogi. The writer gives what shishi-match and XBoard 4.9 write: the seven
// standard tags, the record's other tags, Variant "chu", SetUp/FEN off the initial setup,
// PlyCount; moves in XBoard's coordinate notation (multi-leg moves as "f5f6,f6f7", the pass as
// "@@@@"), NAGs and {comments}. The reader also takes XBoard's SAN ("Hxd5", "Nxd9xd8",
// "Vxj11+", "+Bg5"), ";" comments, variations (skipped) and the glyphs ! ? !? ?! !! ??.
#pragma once

#include <string>
#include <string_view>

#include "shishi/record/record.hpp"

namespace shishi::record {

std::string write_pgn(const Record& record);
Parsed<Record> read_pgn(std::string_view text, int game_number = 1);
// How many games the text holds (counted by their first tag line or movetext).
int count_pgn_games(std::string_view text);

}  // namespace shishi::record
