// Game-level rules: a game record on top of a Position, and the end of the game by rule
// (last royal captured, no legal move, repetition under the chosen rule, bare king).
// Search does not use this (it is too slow for the tree); protocols and the match referee do.
#pragma once

#include <string>
#include <vector>

#include "shishi/core/options.hpp"
#include "shishi/core/position.hpp"

namespace shishi {

enum class Outcome { ONGOING, WHITE_WINS, BLACK_WINS, DRAW };

struct GameStatus {
    Outcome outcome = Outcome::ONGOING;
    std::string reason;  // e.g. "King captured", "perpetual check", "fourth repetition"
    bool over() const { return outcome != Outcome::ONGOING; }
};

// XBoard-style result text: "1-0", "0-1", "1/2-1/2", "*".
const char* outcome_text(Outcome o);

class Game {
public:
    explicit Game(const RuleOptions& rules = {});

    // Starts a new game from pos (its history is dropped).
    void reset(const Position& pos);
    const Position& position() const { return pos_; }
    const RuleOptions& rules() const { return rules_; }
    void set_rules(const RuleOptions& r);

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
    struct PlyInfo {
        bool gave_check;     // the move left the opponent's only royal attacked
        bool attacked;       // the moved piece attacks an enemy piece from its destination
    };
    GameStatus repetition_status() const;
    GameStatus bare_king_status() const;

    RuleOptions rules_;
    Position start_;
    Position pos_;
    std::vector<Move> moves_;
    std::vector<PlyInfo> info_;
};

}  // namespace shishi
