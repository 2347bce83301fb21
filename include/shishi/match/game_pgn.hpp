// PGN output of finished games: the seven standard tags, TimeControl, Variant "chu", SetUp/FEN
// when the game did not start from the initial setup, Termination (and TerminationDetails, the
// runner's own kind of ending); moves in XBoard notation, each engine move followed by its
// evaluation comment. The game becomes a record::Record and
// the record module's writer writes it.
#pragma once

#include <ostream>
#include <string>

#include "shishi/match/referee.hpp"
#include "shishi/record/record.hpp"

namespace shishi::match {

struct PgnHeader {
    std::string event = "shishi-match";
    std::string site = "?";
    bool eval_comments = true;  // false: cutechess's minimal PGN (-pgnout FILE min)
    // The run's game settings besides each side's limits (referee_settings_text), written with
    // them in every game's MatchSettings tag: --resume refuses games played under others.
    std::string settings = {};
};

// The settings a game is played under besides the engines' limits: the ply limit, the
// adjudications, the lateness margin, the hang limit and the rules.
std::string referee_settings_text(const RefereeSettings& r);
// The MatchSettings tag of a game: each side's limits, then referee_settings_text.
std::string match_settings_tag(const GameRecord& g, const PgnHeader& header);

// The comment after an engine's move, as cutechess-cli and XBoard write it: "+0.35/12 0.52s"
// (score in pawns from the mover's view / depth, then the time), "-M3/20 1.2s" for a mate,
// "0.52s" when the engine gave no score.
std::string eval_comment(const MoveEval& e);

record::Record to_record(const GameRecord& game, const PgnHeader& header);
void write_pgn(std::ostream& out, const GameRecord& game, const PgnHeader& header);

}  // namespace shishi::match
