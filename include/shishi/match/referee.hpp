// The referee: plays one game between two started engines, checking every move against the
// rules core (shishi::Game), keeping both clocks, and deciding how and why the game ended.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "shishi/core/rule_set.hpp"
#include "shishi/core/game.hpp"
#include "shishi/match/engine_process.hpp"
#include "shishi/match/openings.hpp"
#include "shishi/match/time_control.hpp"

namespace shishi::match {

enum class Termination {
    RULE,  // Game::status(): royal captured, no moves, repetition, bare king
    CLAIM,  // an engine's result claim that the referee confirmed
    RESIGNATION,
    MAX_PLIES,  // draw at the ply limit
    ADJUDICATION,  // both engines agreed on a decisive score long enough
    TIME_FORFEIT,  // over its time plus margin, or no move at all (hang)
    ILLEGAL_MOVE,  // a move the rules core rejects (or cannot read)
    REFUSAL,  // called a legal move of its opponent illegal
    FALSE_CLAIM,  // claimed a result the position does not give
    CRASH,  // its process ended during the game
    SETUP_FAILURE,  // could not be started or could not set up the game
    INTERRUPTED,  // the match was stopped (Ctrl-C) before the game ended
};
const char* termination_name(Termination t);  // "time forfeit", "illegal move", ...
const char* termination_pgn_tag(Termination t);  // PGN Termination tag values
std::optional<Termination> termination_from_name(const std::string& name);  // termination_name's inverse
// Did the engine that lost do something wrong (so it should be restarted)?
bool is_forfeit(Termination t);

struct Adjudication {
    int score_cp = 0;  // threshold; 0 = off
    int moves = 0;  // consecutive moves of each engine beyond the threshold
};

// --draw movenumber=N movecount=M score=S: a draw once the game has N full moves (opening
// included) and the last M moves of each engine all carried a score within S cp of zero.
struct DrawAdjudication {
    int move_number = 0, move_count = 0, score_cp = 0;
    bool enabled() const { return move_count > 0; }
};

// --resign movecount=M score=S: an engine whose last M moves all carried a score of S cp or
// more against itself loses. With twosided=true (cutechess-cli's two-sided resign) only when its
// opponent's last M moves also all carried S cp or more in the opponent's favour: both agree.
struct ResignAdjudication {
    int move_count = 0, score_cp = 0;
    bool two_sided = false;
    bool enabled() const { return move_count > 0; }
};

struct RefereeSettings {
    TimeControl tc;  // for an engine without limits of its own (EngineConfig::tc)
    int64_t margin_ms = 200;
    int max_plies = 1000;  // whole game, opening included; 0 = no limit
    Adjudication adjudication;
    DrawAdjudication draw;
    ResignAdjudication resign;
    RuleSet rules;  // the book by default (--rules)
};

// What an engine said about one of its moves: its last score (its own view, whitepov already
// turned round), the depth of that score, and the time it took.
struct MoveEval {
    std::optional<int> score;
    int depth = 0;
    int64_t ms = 0;
};

struct GameRecord {
    int round = 0;  // 1-based game number
    std::string white_name, black_name;
    Position start;
    bool start_is_initial = true;
    std::vector<Move> moves;  // every move, opening included
    int opening_plies = 0;
    std::vector<MoveEval> evals;  // one per move after the opening
    Outcome outcome = Outcome::ONGOING;
    Termination termination = Termination::INTERRUPTED;
    std::string reason;  // human-readable, e.g. "Black's king captured"
    std::optional<Color> offender;  // who forfeited (for TIME_FORFEIT ... SETUP_FAILURE)
    TimeControl white_tc, black_tc;  // each side's own limits
    std::string date;  // "YYYY.MM.DD"
};

// The limits an engine plays under: its own, else the match's.
const TimeControl& limits_of(const EngineProcess& engine, const RefereeSettings& settings);

// Today's local date as PGN writes it ("YYYY.MM.DD").
std::string today();

// Plays one game. Both engines must be started. `stop_requested()` aborts it (INTERRUPTED).
GameRecord play_game(EngineProcess& white, EngineProcess& black, const Opening& opening,
                     const RefereeSettings& settings);

}  // namespace shishi::match
