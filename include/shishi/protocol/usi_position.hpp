// The USI `position` command: "startpos [moves ...]" or "sfen <SFEN> [moves ...]", with every
// move checked legal in turn. Nothing is half-applied: the caller gets either the whole new
// game (its start and its moves, which the engine layer plays: Engine::set_position) or an
// error naming the first bad word.
#pragma once

#include <string_view>
#include <vector>

#include "shishi/core/notation.hpp"
#include "shishi/core/rule_set.hpp"
#include "shishi/core/game.hpp"
#include "shishi/core/board_types.hpp"

namespace shishi::usi {

// The position a `position` command sets: the game's start and the moves played from it.
struct UsiPosition {
    Position start;
    std::vector<Move> moves;
};

// `args` are the words after "position". `rules` are the rules of the game the position goes
// to: the start gets them and each move is checked under them (a move is accepted when legal
// under any rule set this engine knows, move_text.cpp).
Parsed<UsiPosition> parse_position_command(const std::vector<std::string_view>& args, const RuleSet& rules);

// "" while the game goes on, else e.g. "game over by rule, sente wins: gote repeated the
// position a fourth time" (sides named sente and gote only).
std::string game_over_text(const GameStatus& status);

}  // namespace shishi::usi
