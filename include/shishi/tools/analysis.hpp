// Whole-game analysis: the searcher evaluates every position of a record; each move's loss is
// the drop of the mover's evaluation from the position before it to the position after it
// (zero when the move is the searcher's own choice), and losses above the thresholds below
// mark inaccuracies, mistakes and blunders.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "shishi/core/rule_set.hpp"
#include "shishi/record/record.hpp"
#include "shishi/search/search.hpp"

namespace shishi::record {

// Scores are clamped to +-SCORE_CLAMP centipawns (a mate counts as SCORE_CLAMP): a game 10
// pawns up is decided, so a mate-score swing, or a won game going from +25 to +20, is no loss,
// while a move that throws such a lead away still is; every loss is at most 2 * SCORE_CLAMP.
constexpr int SCORE_CLAMP = 1000;
// Loss thresholds in centipawns (a Pawn is 100, a Gold 320, a Lion 1800).
constexpr int INACCURACY_LOSS = 80;
constexpr int MISTAKE_LOSS = 200;
constexpr int BLUNDER_LOSS = 500;

enum class Judgement { NONE, INACCURACY, MISTAKE, BLUNDER };
Judgement judge(int loss_cp);
const char* judgement_name(Judgement j);  // "inaccuracy", ...
int judgement_nag(Judgement j);  // $6, $2, $4

struct PositionEval {
    int score = 0;  // clamped centipawns, first player's view
    int raw_score = 0;  // the search's score, side to move's view (mate scores kept)
    int depth = 0;
    uint64_t nodes = 0;
    bool terminal = false;  // the game is over here by rule; score from the result
    Move best;  // none when terminal
    std::vector<Move> pv;
};

struct MoveReview {
    int ply = 0;  // index into the record's plies
    Color side = WHITE;
    int loss = 0;  // centipawns, >= 0
    Judgement judgement = Judgement::NONE;
};

struct Analysis {
    std::vector<PositionEval> positions;  // one per position: plies.size() + 1 (fewer when stopped)
    std::vector<MoveReview> moves;  // one per ply between them
    std::string evaluation;  // the searcher's evaluation: "hand" or the net's name (nnue_network.hpp)
};

struct SideSummary {
    int moves = 0;
    double average_loss = 0;  // centipawns
    int inaccuracies = 0, mistakes = 0, blunders = 0;
    std::vector<int> worst;  // plies of the largest losses (at most 3, loss > 0), largest first
};

// progress(done, total) is called after each position. The searcher's table is kept between
// positions (cleared once at the start). `rules` decide when the game is over by rule.
// When `stopped` returns true (Ctrl-C; the caller also stops the searcher), the analysis ends
// there: it holds the positions searched in full before, and the moves between them.
Analysis analyze_record(const Record& record, Searcher& searcher, const SearchLimits& limits, const RuleSet& rules,
                        const std::function<void(int, int)>& progress = {}, const std::function<bool()>& stopped = {});
SideSummary summarize(const Analysis& analysis, Color side);

// "23." / "23..." for ply i of the record.
std::string move_number_text(const Record& record, int ply);
// "+0.35" (pawns, first player's view).
std::string score_text(int centipawns);

// The record with the analysis in front of each move's comment (the old comment follows after
// " -- ") and the judgement as its NAG; the Annotator tag names the analysis and its evaluation
// ("Shishi analysis (evaluation: hand)"). Moves inside the comments are in XBoard notation for
// PGN and in USI notation otherwise.
Record annotate(const Record& record, const Analysis& analysis, Format format);
// The per-side summary printed by `shishi analyze`.
std::string summary_text(const Record& record, const Analysis& analysis);

}  // namespace shishi::record
