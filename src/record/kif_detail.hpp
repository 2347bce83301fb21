// Pieces of the KIF reader: text helpers, a move line's move text, the start diagram. Private
// to src/record (the module's interface is include/shishi/record/kif.hpp).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shishi/core/notation.hpp"

namespace shishi::record::kif_detail {

bool starts(std::string_view s, std::string_view prefix);
// Full-width spaces, tabs and CR to spaces (as the reader sees every line).
std::string plain_spaces(std::string_view raw);
// plain_spaces, trimmed.
std::string normalize(std::string_view raw);
void skip_spaces(std::string_view s, size_t& i);
// Consumes word at s[i] if it is there.
bool eat(std::string_view s, size_t& i, std::string_view word);

// The move part of a line: "7七獅子 （←6八）", "仝龍馬成 （←9三）", "6七獅子（居食い） （←6八）".
struct MoveText {
    bool same = false;  // 仝 / 同: the previous move's square
    Square dest = NO_SQUARE;
    std::string name;
    bool promote = false;
    bool igui = false, pass = false;
    Square origin = NO_SQUARE;
    int seconds = -1, total_seconds = -1;  // the clock "(00:03/00:00:03)", -1 when not given
};
Parsed<MoveText> parse_move_text(std::string_view s);
// A clock "(00:03/00:00:03)" (or "( 0:03/...)", full-width brackets): the move's seconds and the
// total (-1 when missing); the error, or empty.
std::string parse_clock(std::string_view s, int& seconds, int& total);

// The 12 diagram rows ("|  ・ v玉 ...|一", with their line numbers) as a position.
Parsed<Position> diagram_position(const std::vector<std::pair<int, std::string>>& rows, bool second_to_move);

}  // namespace shishi::record::kif_detail
