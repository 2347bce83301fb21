// Plays a tournament without a fixed schedule (a knockout, tournament_kinds.hpp) round by round:
// the pairs the tournament hands out, up to -j of them at a time, each until the tournament says
// it is decided, each with its own two engine processes; every finished game goes to the PGN as it
// ends; the bracket with every encounter's score and the winner at the end. The bracket depends
// on the results, so --shard, --resume, merge, --sprt, --json, --plot and --epd are refused
// before the run (match_options).
#pragma once

#include <fstream>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "shishi/match/game_pgn.hpp"
#include "shishi/match/match_options.hpp"
#include "shishi/match/tournament_kinds.hpp"

namespace shishi::match {

// `opening(k)`: the opening of game pair k of an encounter. Exit codes as run_match's.
int run_knockout(const MatchOptions& o, const std::vector<EngineConfig>& configs, const std::vector<std::string>& names,
                 Tournament& tournament, const std::function<Opening(int)>& opening, std::ofstream& pgn,
                 const PgnHeader& header, std::ostream& out, std::ostream& err);

}  // namespace shishi::match
