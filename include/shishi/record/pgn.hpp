// XBoard PGN for Chu Shogi. The writer gives what shishi-match and XBoard 4.9 write: the seven
// standard tags, the record's other tags, Variant "chu", SetUp/FEN off the initial setup,
// PlyCount; moves in XBoard's coordinate notation (multi-leg moves in its long algebraic form
// "e8d9-d8", which XBoard reads back), NAGs and {comments}. The reader also takes the engine
// protocol's "e8d9,d9d8", "@@@@", XBoard's SAN ("Hxd5", "Nxd9xd8", "Vxj11+", "+Bg5"), ";"
// comments, variations (skipped) and the glyphs ! ? !? ?! !! ??.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "shishi/record/record.hpp"

namespace shishi::record {

std::string write_pgn(const Record& record);
// A move as the writer puts it: "h4h5", "c8c9+"; double moves in XBoard's long algebraic form,
// "e8d9-d8" (captures on d9, ends on d8), "j4k3-j4" (igui), "f9f8-f9" (a pass over f8).
std::string pgn_move_text(Move m);
Parsed<Record> read_pgn(std::string_view text, int game_number = 1);
// Every game of the text, or the first game that cannot be read ("game N: line L: why").
Parsed<std::vector<Record>> read_all_pgn(std::string_view text);
// How many games the text holds (counted by their first tag line or movetext).
int count_pgn_games(std::string_view text);

}  // namespace shishi::record
