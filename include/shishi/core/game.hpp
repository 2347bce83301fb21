// Game-level rules: a game record on top of a Position, and the end of the game by its rule set
// (last royal captured, bare king, repetition, XBoard's mate test and N-move rule, King against
// King under lishogi's rules, no legal move). Search does not use this (it is too slow for the tree; it
// shares the repetition verdict, repetition.hpp, and the bare-king verdict, bare_king.hpp);
// protocols and the match referee do.
#pragma once

#include <string>
#include <vector>

#include "shishi/core/bare_king.hpp"
#include "shishi/core/position.hpp"
#include "shishi/core/rule_set.hpp"

namespace shishi {

enum class Outcome { ONGOING, WHITE_WINS, BLACK_WINS, DRAW };

// RuleSet::reversible_ply_limit: has the halfmove clock reached it? The one test for Game and
// the search.
inline bool reversible_limit_reached(const Position& pos) {
    const int limit = pos.rules().reversible_ply_limit;
    return limit > 0 && pos.halfmove_clock() >= limit;
}

struct GameStatus {
    Outcome outcome = Outcome::ONGOING;
    std::string reason;  // e.g. "King captured", "perpetual check", "fourth repetition"
    bool over() const { return outcome != Outcome::ONGOING; }
};

// XBoard-style result text: "1-0", "0-1", "1/2-1/2", "*".
const char* outcome_text(Outcome o);

class Game {
public:
    explicit Game(const RuleSet& rules = book_rules());

    // Starts a new game from pos (its history is dropped).
    void reset(const Position& pos);
    const Position& position() const { return pos_; }
    const RuleSet& rules() const { return *rules_; }
    // Also the rules of the positions held (start and current).
    void set_rules(const RuleSet& r);

    // Plays m, which must be legal (check with is_legal or the parsers first).
    void play(Move m);
    // Takes back the last move; false when there is none.
    bool undo();
    int plies() const { return int(moves_.size()); }
    const std::vector<Move>& moves() const { return moves_; }
    const Position& start_position() const { return start_; }

    // Has the game ended by rule in the current position?
    GameStatus status() const;

private:
    GameStatus repetition_status() const;
    GameStatus bare_king_status(const BareKingVerdict& v) const;  // the decisive verdicts
    GameStatus mate_test_status() const;

    const RuleSet* rules_;
    Position start_;
    Position pos_;
    std::vector<Move> moves_;
    std::vector<uint8_t> facts_;  // per move, for the repetition rules (repetition.hpp)
};

}  // namespace shishi
