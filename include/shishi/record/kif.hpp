// lishogi's KIF for Chu Shogi (as scalashogi and shogiops write it): header lines "key：value",
// an optional 12x12 start diagram ("v" marks the second player's pieces), then one line per
// move: "%4d手目" and the move ("7七獅子 （←6八）", "仝" = the last move's square, "成" for
// promotion); a Lion double move on two lines ("一歩目", "二歩目"), igui marked "（居食い）",
// a pass "(じっと)"; "▲"/"△" accepted; "*" comment lines; the ending word ("投了", "詰み",
// ...) on a last numbered line. Tags without a KIF header of their own are kept in "#pgn"
// comment lines, which other KIF readers skip.
#pragma once

#include <string>
#include <string_view>

#include "shishi/record/record.hpp"

namespace shishi::record {

std::string write_kif(const Record& record);
// UTF-8 text (see text_encoding.hpp for Shift-JIS files).
Parsed<Record> read_kif(std::string_view text);

}  // namespace shishi::record
