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

// LISHOGI_SERVER is scalashogi's layout ("   5手目一歩目 仝獅子 （←8六）", the first step's square
// written 仝 when it is the last move's); LISHOGI_CLIENT is the analysis board's (shogiops):
// numbers padded to the game's length ("  5 手目"), 成歩 in diagrams, "手合割：" for the initial
// position, and 仝 on both lines of a double move that ends on the last move's square.
std::string write_kif(const Record& record, KifStyle style = KifStyle::LISHOGI_SERVER);
// UTF-8 text (see text_encoding.hpp for Shift-JIS files).
Parsed<Record> read_kif(std::string_view text);

}  // namespace shishi::record
