// How a KIF game ends: the ending words lishogi writes on the last numbered line, each with
// the side it counts for and an English phrase used as the record's final comment.
#pragma once

#include <string>
#include <string_view>

#include "shishi/core/board_types.hpp"

namespace shishi::record {

enum class EndingFor { SIDE_TO_MOVE_LOSES, SIDE_TO_MOVE_WINS, DRAW, UNFINISHED };

struct KifEnding {
    std::string_view word;  // "投了"
    std::string_view phrase;  // "resignation"
    EndingFor effect;
};

// The ending with this word or phrase; nullptr when there is none.
const KifEnding* kif_ending_by_word(std::string_view word);
const KifEnding* kif_ending_by_phrase(std::string_view phrase);
// Result text for an ending, given who is to move after the last move.
std::string ending_result(const KifEnding& e, Color to_move);
// The word to write for a result (and the final comment, which may name the ending).
const KifEnding* choose_kif_ending(const std::string& result, const std::string& final_comment, Color to_move,
                                   bool side_to_move_has_royal);

}  // namespace shishi::record
