// The plain record format: the start position and the moves in USI (lishogi) notation, as a
// USI `position` command would give them:
//     startpos                       (or: sfen <SFEN>)
//     moves 7i7h 6d6e ...            (any number of lines; "moves" only on the first)
//     result 1-0                     (optional: 1-0, 0-1, 1/2-1/2)
// "#" starts a comment line. "position startpos moves ..." on one line is read too.
#pragma once

#include <string>
#include <string_view>

#include "shishi/record/record.hpp"

namespace shishi::record {

std::string write_usi_list(const Record& record);
Parsed<Record> read_usi_list(std::string_view text);

}  // namespace shishi::record
