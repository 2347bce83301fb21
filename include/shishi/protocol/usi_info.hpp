// Text the engine sends in USI mode: `info` lines for a search iteration and the `bestmove`
// line. Every move written is checked legal first: a principal variation is cut at the first
// move that is not legal where it would be played, so nothing illegal ever reaches the host.
#pragma once

#include <string>

#include "shishi/core/position.hpp"
#include "shishi/core/game.hpp"
#include "shishi/protocol/engine.hpp"
#include "shishi/search/search_limits.hpp"

namespace shishi::usi {

// "cp <n>" or "mate <plies>" (negative when the side to move is being mated).
std::string format_score(int score);

// "info depth .. seldepth .. [multipv k ..] score .. nodes .. nps .. time .. hashfull .. pv ...";
// multipv is written when the search finds several lines.
std::string format_info(const SearchInfo& info, const Position& root, bool multipv = false);

// The line for a search that reported no iteration, so that every `bestmove` follows a score,
// as with Fairy-Stockfish: with no move to play (the game is over: a royal was captured, or
// no legal move) "info depth 0 score mate 0" (won or lost: Fairy-Stockfish's words) or "cp 0"
// when `status` is a draw; with a move (a search stopped before its first iteration ended)
// the static evaluation at depth 0 with that move as its pv.
std::string format_depth0_info(const Position& root, const GameStatus& status, Move best, bool multipv = false);

// The move to play and the reply to ponder on (engine.hpp: the searcher's choice when legal).
using shishi::BestMove;
using shishi::choose_best_move;

// "bestmove <move> [ponder <move>]", or "bestmove resign" when there is no move.
std::string format_bestmove(const BestMove& bm);

}  // namespace shishi::usi
