// The USI `position` command: "startpos [moves ...]" or "sfen <SFEN> [moves ...]", with every
// move checked legal in turn. Nothing is half-applied: the caller gets either the whole new
// position (its history holding the moves, for repetition detection) or an error naming the
// first bad word.
#pragma once

#include <string_view>
#include <vector>

#include "shishi/core/notation.hpp"
#include "shishi/core/rule_set.hpp"
#include "shishi/core/rules.hpp"

namespace shishi::usi {

// `args` are the words after "position". `rules` are the rules the position and its moves get;
// a move is accepted when legal under any rule set this engine knows (move_text.cpp).
Parsed<Position> parse_position_command(const std::vector<std::string_view>& args,
                                        const RuleSet& rules);

// The game record behind a position: its moves replayed from the root under `rules`, so the
// end of the game by rule (royal captured, no move, repetition, bare king) can be judged.
Game game_of(const Position& pos, const RuleSet& rules);

// "" while the game goes on, else e.g. "game over by rule, sente wins: Black repeated the
// position a fourth time (White = sente, Black = gote)".
std::string game_over_text(const GameStatus& status);

}  // namespace shishi::usi
