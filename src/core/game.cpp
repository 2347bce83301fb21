// Game end by rule. Repetitions are found by comparing Zobrist keys of the positions in the
// game (the key includes side to move and counter-strike state); the per-move facts the
// repetition rules need (did it give check, did the moved piece attack something) are
// recorded when a move is played, since they cannot be recovered from keys.
#include "shishi/core/game.hpp"

#include <string>

#include "shishi/core/attacks.hpp"
#include "shishi/core/bare_king.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/repetition.hpp"
#include "shishi/core/royal_safety.hpp"

namespace shishi {
namespace {

const char* side_name(Color c) { return c == WHITE ? "White" : "Black"; }
Outcome win_for(Color c) { return c == WHITE ? Outcome::WHITE_WINS : Outcome::BLACK_WINS; }

const char* why_text(RepetitionVerdict::Why w) {
    switch (w) {
        case RepetitionVerdict::PERPETUAL_CHECK: return " gave perpetual check";
        case RepetitionVerdict::ATTACKED: return " repeated while attacking";
        case RepetitionVerdict::STARTED_PASSING: return " started passing in a repetition";
        case RepetitionVerdict::PERPETUAL_ATTACK: return " checked or attacked with every move of the repetition";
        default: break;
    }
    return " repeated the position a fourth time";
}

}  // namespace

const char* outcome_text(Outcome o) {
    switch (o) {
        case Outcome::WHITE_WINS: return "1-0";
        case Outcome::BLACK_WINS: return "0-1";
        case Outcome::DRAW: return "1/2-1/2";
        default: return "*";
    }
}

Game::Game(const RuleSet& rules) : rules_(&stable(rules)) { reset(Position::start()); }

void Game::reset(const Position& pos) {
    start_ = pos;
    start_.clear_history();
    start_.set_rules(*rules_);
    pos_ = start_;
    moves_.clear();
    facts_.clear();
}

void Game::set_rules(const RuleSet& r) {
    rules_ = &stable(r);
    // Replay, so the positions carry the rules and the move facts follow the repetition rule.
    const std::vector<Move> moves = moves_;
    const Position start = start_;
    reset(start);
    for (Move m : moves)
        play(m);
}

void Game::play(Move m) {
    pos_.make(m);
    moves_.push_back(m);
    facts_.push_back(ply_facts(pos_, rules_->repetition));
}

bool Game::undo() {
    if (moves_.empty()) return false;
    pos_.unmake();
    moves_.pop_back();
    facts_.pop_back();
    return true;
}

GameStatus Game::status() const {
    const Color stm = pos_.side_to_move();
    if (pos_.royal_count(stm) == 0)
        return {win_for(~stm), std::string(side_name(stm)) + "'s last royal piece was captured"};
    const BareKingVerdict bare = judge_bare_king(pos_);
    if (GameStatus s = bare_king_status(bare); s.over()) return s;
    // scalashogi judges "no move" before the repetition (Situation.status).
    if (rules_->bare_king == BareKingRule::LISHOGI && count_legal(pos_) == 0)
        return {win_for(~stm), std::string(side_name(stm)) + " has no legal move"};
    if (GameStatus s = repetition_status(); s.over()) return s;
    if (bare.result == BareKingVerdict::KING_VS_KING) return {Outcome::DRAW, "King against King"};
    if (rules_->host_mate_test)
        if (GameStatus s = mate_test_status(); s.over()) return s;
    // XBoard's N-move rule, judged after its mate test (Adjudicate in backend.c).
    if (reversible_limit_reached(pos_))
        return {Outcome::DRAW,
                std::to_string(pos_.halfmove_clock()) +
                    " plies without a capture, Pawn or Lance move or pass (XBoard's 50-move rule, "
                    "-ruleMoves " +
                    std::to_string(rules_->reversible_ply_limit / 2) + ")"};
    if (count_legal(pos_) == 0) return {win_for(~stm), std::string(side_name(stm)) + " has no legal move"};
    return {};
}

GameStatus Game::mate_test_status() const {
    const Color stm = pos_.side_to_move();
    if (pos_.royal_count(stm) != 1) return {};
    MoveList list;
    generate_legal(pos_, list);
    if (has_royal_safe_move(pos_, list)) return {};
    if (in_check(pos_, stm)) return {win_for(~stm), std::string(side_name(stm)) + " is checkmated"};
    return {Outcome::DRAW, std::string(side_name(stm)) + " is stalemated"};
}

GameStatus Game::repetition_status() const {
    const uint64_t key = pos_.key();
    const int n = plies();
    int occurrences = 1, first = n;
    for (int i = n - 1; i >= 0; --i)
        if (pos_.history(i).key == key) {
            ++occurrences;
            first = i;
        }
    if (occurrences < 4) return {};
    const RepetitionVerdict v = judge_repetition(rules_->repetition, facts_.data(), first, n);
    const Color last_mover = ~pos_.side_to_move();
    switch (v.loser) {
        case RepetitionVerdict::LAST_MOVER:
            return {win_for(~last_mover), side_name(last_mover) + std::string(why_text(v.why))};
        case RepetitionVerdict::OTHER_SIDE:
            return {win_for(last_mover), side_name(~last_mover) + std::string(why_text(v.why))};
        case RepetitionVerdict::NOBODY: break;
    }
    return {Outcome::DRAW,
            v.why == RepetitionVerdict::NO_ATTACKS ? "fourth repetition without attacks" : "fourth repetition"};
}

GameStatus Game::bare_king_status(const BareKingVerdict& v) const {
    const Color stm = pos_.side_to_move();
    switch (v.result) {
        case BareKingVerdict::MOVER_LOSES: return {win_for(~stm), std::string(side_name(stm)) + " has a bare king"};
        case BareKingVerdict::MOVER_WINS: return {win_for(stm), std::string(side_name(~stm)) + " has a bare king"};
        case BareKingVerdict::BOTH_BARED: return {Outcome::DRAW, "both sides bared"};
        default: break;
    }
    return {};
}

}  // namespace shishi
