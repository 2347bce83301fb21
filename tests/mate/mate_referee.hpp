// The referee's view of a mating line for the mate tests: the game record (Game) judges every
// win, and nothing from the solver's own check test (mate/threat.hpp) is used, so a mistake
// there cannot confirm itself.
#pragma once

#include <string>
#include <vector>

#include "shishi/core/movegen.hpp"
#include "shishi/core/game.hpp"

namespace mate_test {

using namespace shishi;

inline bool wins_for(Outcome o, Color c) { return o == (c == WHITE ? Outcome::WHITE_WINS : Outcome::BLACK_WINS); }

// Can the side to move end the game in its favour with one move, by the referee? (A win always
// takes something: the last royal, both royals, or the piece that bares the other side.)
inline bool can_win_now(const Position& pos) {
    MoveList list;
    generate_captures(pos, list);
    Game game(pos.rules());
    for (Move m : list) {
        game.reset(pos);
        game.play(m);
        if (wins_for(game.status().outcome, pos.side_to_move())) return true;
    }
    return false;
}

// With the defender to move: would the attacker win at once if the defender passed its turn?
inline bool threatened(const Position& pos) {
    Position passed = pos;
    passed.set_counter_strike(NO_SQUARE);
    passed.set_side_to_move(~pos.side_to_move());
    return can_win_now(passed);
}

// Defender to move: has it no move after which the attacker cannot win at once?
inline bool defender_mated(const Position& pos, std::string& why) {
    const Color attacker = ~pos.side_to_move();
    Game game(pos.rules());
    game.reset(pos);
    if (game.status().over()) return wins_for(game.status().outcome, attacker);
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        game.reset(pos);
        game.play(m);
        const GameStatus s = game.status();
        if (s.over() ? !wins_for(s.outcome, attacker) : !can_win_now(game.position())) {
            why = "defence " + std::to_string(m.raw());
            return false;
        }
    }
    return true;
}

// Replays line from start (the side to move mates): every move legal, every attacker move a
// check (or a win), and at its end the defender mated. `why` says what failed.
inline bool confirms_mate(const Position& start, const std::vector<Move>& line, std::string& why) {
    const Color attacker = start.side_to_move();
    Game game(start.rules());
    game.reset(start);
    for (size_t i = 0; i < line.size(); ++i) {
        if (game.status().over()) {
            why = "game over before move " + std::to_string(i + 1);
            return false;
        }
        if (!is_legal(game.position(), line[i])) {
            why = "move " + std::to_string(i + 1) + " is illegal";
            return false;
        }
        game.play(line[i]);
        const bool by_attacker = game.position().side_to_move() != attacker;
        if (by_attacker && !game.status().over() && !threatened(game.position())) {
            why = "move " + std::to_string(i + 1) + " is no check";
            return false;
        }
    }
    if (game.position().side_to_move() == attacker) {
        why = "the line ends with the defender's move";
        return false;
    }
    return defender_mated(game.position(), why);
}

// Every first move of the side to move that mates at once (a check after which the defender
// is mated), by brute force with the referee.
inline std::vector<Move> mates_in_one(const Position& pos) {
    std::vector<Move> keys;
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        std::string why;
        if (confirms_mate(pos, {m}, why)) keys.push_back(m);
    }
    return keys;
}

}  // namespace mate_test
