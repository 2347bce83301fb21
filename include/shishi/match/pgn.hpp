// PGN output of finished games: the seven standard tags, TimeControl, Variant "chu", SetUp/FEN
// when the game did not start from the initial setup, Termination; moves in XBoard notation.
// The game becomes a record::Record and the record module's writer writes it.
#pragma once

#include <ostream>
#include <string>

#include "shishi/match/referee.hpp"
#include "shishi/record/record.hpp"

namespace shishi::match {

struct PgnHeader {
    std::string event = "shishi-match";
    std::string site = "?";
};

record::Record to_record(const GameRecord& game, const PgnHeader& header);
void write_pgn(std::ostream& out, const GameRecord& game, const PgnHeader& header);

}  // namespace shishi::match
