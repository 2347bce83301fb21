// PGN output of finished games: the seven standard tags, TimeControl, Variant "chu", SetUp/FEN
// when the game did not start from the initial setup, Termination (and TerminationDetails, the
// runner's own kind of ending); moves in XBoard notation.
#pragma once

#include <ostream>
#include <string>

#include "shishi/match/referee.hpp"

namespace shishi::match {

struct PgnHeader {
    std::string event = "shishi-match";
    std::string site = "?";
};

void write_pgn(std::ostream& out, const GameRecord& game, const PgnHeader& header);

}  // namespace shishi::match
