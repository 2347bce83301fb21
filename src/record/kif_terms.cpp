#include "shishi/record/kif_terms.hpp"

namespace shishi::record {
namespace {

constexpr KifEnding ENDINGS[] = {
    {"投了", "resignation", EndingFor::SIDE_TO_MOVE_LOSES},
    {"詰み", "checkmate", EndingFor::SIDE_TO_MOVE_LOSES},
    {"切れ負け", "time forfeit", EndingFor::SIDE_TO_MOVE_LOSES},
    {"Time-up", "time forfeit", EndingFor::SIDE_TO_MOVE_LOSES},  // read by scalashogi too; 切れ負け is written
    {"反則負け", "illegal move by the side to move", EndingFor::SIDE_TO_MOVE_LOSES},
    {"反則勝ち", "illegal move", EndingFor::SIDE_TO_MOVE_WINS},
    {"入玉勝ち", "entering king", EndingFor::SIDE_TO_MOVE_WINS},
    {"千日手", "repetition", EndingFor::DRAW},
    {"持将棋", "impasse", EndingFor::DRAW},
    {"引き分け", "draw", EndingFor::DRAW},
    {"引分け", "draw agreed", EndingFor::DRAW},
    {"中断", "abandoned", EndingFor::UNFINISHED},
};

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

}  // namespace

const KifEnding* kif_ending_by_word(std::string_view word) {
    for (const KifEnding& e : ENDINGS)
        if (e.word == word) return &e;
    return nullptr;
}

const KifEnding* kif_ending_by_phrase(std::string_view phrase) {
    for (const KifEnding& e : ENDINGS)
        if (e.phrase == phrase) return &e;
    return nullptr;
}

std::string ending_result(const KifEnding& e, Color to_move) {
    switch (e.effect) {
        case EndingFor::SIDE_TO_MOVE_LOSES: return to_move == WHITE ? "0-1" : "1-0";
        case EndingFor::SIDE_TO_MOVE_WINS: return to_move == WHITE ? "1-0" : "0-1";
        case EndingFor::DRAW: return "1/2-1/2";
        case EndingFor::UNFINISHED: return "*";
    }
    return "*";
}

const KifEnding* choose_kif_ending(const std::string& result, const std::string& final_comment, Color to_move,
                                   bool side_to_move_has_royal) {
    if (const KifEnding* named = kif_ending_by_phrase(final_comment); named && ending_result(*named, to_move) == result)
        return named;
    if (result == "1/2-1/2") return kif_ending_by_word(contains(final_comment, "repetition") ? "千日手" : "引き分け");
    if (result == "*") return final_comment.empty() ? nullptr : kif_ending_by_word("中断");
    const bool mover_lost = (result == "1-0") == (to_move == BLACK);
    if (!mover_lost) return kif_ending_by_word("反則勝ち");
    if (!side_to_move_has_royal) return kif_ending_by_word("詰み");
    if (contains(final_comment, "time") || contains(final_comment, "Time")) return kif_ending_by_word("切れ負け");
    return kif_ending_by_word("投了");
}

}  // namespace shishi::record
