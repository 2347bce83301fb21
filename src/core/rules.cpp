// Game end by rule. Repetitions are found by comparing Zobrist keys of the positions in the
// game (the key includes side to move and counter-strike state); the per-move facts the
// repetition rules need (did it give check, did the moved piece attack something) are
// recorded when a move is played, since they cannot be recovered from keys.
#include "shishi/core/rules.hpp"

#include "shishi/core/attacks.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/repetition.hpp"
#include "shishi/core/royal_safety.hpp"

namespace shishi {
namespace {

const char* side_name(Color c) { return c == WHITE ? "White" : "Black"; }
Outcome win_for(Color c) { return c == WHITE ? Outcome::WHITE_WINS : Outcome::BLACK_WINS; }

bool is_dead(Piece p, Square s) {
    Kind k = kind_of(p);
    if (k != PAWN && k != LANCE) return false;
    return color_of(p) == WHITE ? rank_of(s) == BOARD_SIZE - 1 : rank_of(s) == 0;
}

// Bare King: c has nothing but royals (dead Pawns and Lances do not count).
bool is_bare(const Position& pos, Color c) {
    for (int i = 0; i < pos.piece_count(c); ++i) {
        Square s = pos.piece_square(c, i);
        Piece p = pos.piece_on(s);
        if (!is_royal(kind_of(p)) && !is_dead(p, s)) return false;
    }
    return true;
}

// Can c's material bare a king? Royals, dead pieces, unpromoted Pawns and Go-Betweens cannot.
bool can_bare(const Position& pos, Color c) {
    for (int i = 0; i < pos.piece_count(c); ++i) {
        Square s = pos.piece_square(c, i);
        Piece p = pos.piece_on(s);
        Kind k = kind_of(p);
        if (!is_royal(k) && !is_dead(p, s) && k != PAWN && k != GO_BETWEEN) return true;
    }
    return false;
}

// lishogi's count of c's pieces for its bare-king rule (scalashogi Chushogi.bareKing): all but
// dead Pawns and Lances; for the other side also without any Pawn or Go-Between.
int lishogi_count(const Position& pos, Color c, bool as_opponent) {
    int n = 0;
    for (int i = 0; i < pos.piece_count(c); ++i) {
        const Square s = pos.piece_square(c, i);
        const Piece p = pos.piece_on(s);
        const Kind k = kind_of(p);
        if (is_dead(p, s) || (as_opponent && (k == PAWN || k == GO_BETWEEN))) continue;
        ++n;
    }
    return n;
}

// scalashogi's bareKing(sit, c): c has one piece, its one royal; the other side has more than a
// royal; the side that just moved is not in check; and c cannot bare back by taking the other
// side's single remaining piece next to its royal.
bool lishogi_bared(const Position& pos, Color c) {
    if (lishogi_count(pos, c, false) != 1 || pos.royal_count(c) != 1) return false;
    const int theirs = lishogi_count(pos, ~c, true);
    if (theirs <= 1 || pos.royal_count(~c) < 1) return false;
    if (in_check(pos, ~pos.side_to_move())) return false;
    if (theirs > 2) return true;
    const Square royal = pos.royal_square(c);
    for (int i = 0; i < pos.piece_count(~c); ++i) {
        const Square s = pos.piece_square(~c, i);
        const Piece p = pos.piece_on(s);
        const Kind k = kind_of(p);
        if (is_dead(p, s) || k == PAWN || k == GO_BETWEEN) continue;
        if (distance(royal, s) == 1) return false;
    }
    return true;
}

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
    for (Move m : moves) play(m);
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
    if (rules_->bare_king == BareKingRule::BOOK)
        if (GameStatus s = bare_king_status(); s.over()) return s;
    if (rules_->bare_king == BareKingRule::LISHOGI) {
        if (GameStatus s = lishogi_bare_king_status(); s.over()) return s;
        // scalashogi judges "no move" before the repetition (Situation.status).
        if (count_legal(pos_) == 0) return {win_for(~stm), std::string(side_name(stm)) + " has no legal move"};
    }
    if (GameStatus s = repetition_status(); s.over()) return s;
    if (rules_->bare_king == BareKingRule::LISHOGI &&
        lishogi_count(pos_, WHITE, false) + lishogi_count(pos_, BLACK, false) == 2 && pos_.royal_count(WHITE) == 1 &&
        pos_.royal_count(BLACK) == 1 && !in_check(pos_, WHITE) && !in_check(pos_, BLACK))
        return {Outcome::DRAW, "King against King"};
    if (rules_->host_mate_test)
        if (GameStatus s = mate_test_status(); s.over()) return s;
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
        case RepetitionVerdict::LAST_MOVER: return {win_for(~last_mover), side_name(last_mover) + std::string(why_text(v.why))};
        case RepetitionVerdict::OTHER_SIDE: return {win_for(last_mover), side_name(~last_mover) + std::string(why_text(v.why))};
        case RepetitionVerdict::NOBODY: break;
    }
    return {Outcome::DRAW, v.why == RepetitionVerdict::NO_ATTACKS ? "fourth repetition without attacks" : "fourth repetition"};
}

GameStatus Game::lishogi_bare_king_status() const {
    const Color stm = pos_.side_to_move();
    if (lishogi_bared(pos_, stm)) return {win_for(~stm), std::string(side_name(stm)) + " has a bare king"};
    if (lishogi_bared(pos_, ~stm)) return {win_for(stm), std::string(side_name(~stm)) + " has a bare king"};
    return {};
}

GameStatus Game::bare_king_status() const {
    const Color stm = pos_.side_to_move(), last = ~stm;
    // The side that just moved was bare: it had this one move to bare back or take the royal.
    if (plies() > 0 && is_bare(pos_, last)) {
        if (is_bare(pos_, stm)) return {Outcome::DRAW, "both sides bared"};
        if (can_bare(pos_, stm)) return {win_for(stm), std::string(side_name(last)) + " has a bare king"};
    }
    if (is_bare(pos_, stm) && can_bare(pos_, last)) {
        // The bare side survives only if some move takes the last royal or bares the opponent.
        MoveList list;
        generate_legal(pos_, list);
        Position p = pos_;
        for (Move m : list) {
            p.make(m);
            bool saves = p.royal_count(last) == 0 || is_bare(p, last);
            p.unmake();
            if (saves) return {};
        }
        return {win_for(last), std::string(side_name(stm)) + " has a bare king"};
    }
    return {};
}

}  // namespace shishi
