// Game end by rule. Repetitions are found by comparing Zobrist keys of the positions in the
// game (the key includes side to move and counter-strike state); the per-move facts the
// repetition rules need (did it give check, did the moved piece attack something) are
// recorded when a move is played, since they cannot be recovered from keys.
#include "shishi/core/rules.hpp"

#include "shishi/core/attacks.hpp"
#include "shishi/core/movegen.hpp"

namespace shishi {
namespace {

const char* side_name(Color c) { return c == WHITE ? "White" : "Black"; }
Outcome win_for(Color c) { return c == WHITE ? Outcome::WHITE_WINS : Outcome::BLACK_WINS; }

// Does the piece on `sq` attack any enemy piece? Only that piece of its side is kept on a
// scratch board, so other pieces of its side neither attack nor block.
bool piece_attacks_something(const Position& pos, Square sq) {
    const Piece mover = pos.piece_on(sq);
    const Color us = color_of(mover);
    Piece b[FRAME_SQUARES];
    for (int s = 0; s < FRAME_SQUARES; ++s) {
        Piece p = pos.piece_on(Square(s));
        b[s] = (p != EDGE && p != EMPTY && color_of(p) == us && s != sq) ? EMPTY : p;
    }
    for (int i = 0; i < pos.piece_count(~us); ++i)
        if (is_attacked(b, pos.piece_square(~us, i), us)) return true;
    return false;
}

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

}  // namespace

const char* outcome_text(Outcome o) {
    switch (o) {
        case Outcome::WHITE_WINS: return "1-0";
        case Outcome::BLACK_WINS: return "0-1";
        case Outcome::DRAW: return "1/2-1/2";
        default: return "*";
    }
}

Game::Game(const RuleOptions& rules) : rules_(rules) { reset(Position::start()); }

void Game::reset(const Position& pos) {
    start_ = pos;
    start_.clear_history();
    start_.set_rules(rules_);
    pos_ = start_;
    moves_.clear();
    info_.clear();
}

void Game::set_rules(const RuleOptions& r) {
    rules_ = r;
    start_.set_rules(r);
    pos_.set_rules(r);
}

void Game::play(Move m) {
    pos_.make(m);
    moves_.push_back(m);
    const bool attacked = !m.is_pass() && piece_attacks_something(pos_, m.to());
    info_.push_back(PlyInfo{in_check(pos_, pos_.side_to_move()), attacked});
}

bool Game::undo() {
    if (moves_.empty()) return false;
    pos_.unmake();
    moves_.pop_back();
    info_.pop_back();
    return true;
}

GameStatus Game::status() const {
    const Color stm = pos_.side_to_move();
    if (pos_.royal_count(stm) == 0)
        return {win_for(~stm), std::string(side_name(stm)) + "'s last royal piece was captured"};
    if (rules_.bare_king)
        if (GameStatus s = bare_king_status(); s.over()) return s;
    if (GameStatus s = repetition_status(); s.over()) return s;
    if (count_legal(pos_) == 0) return {win_for(~stm), std::string(side_name(stm)) + " has no legal move"};
    return {};
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
    if (rules_.repetition == RepetitionRule::DRAW) return {Outcome::DRAW, "fourth repetition"};

    // Moves first..n-1 form the cycles; move i was made by the side to move at ply i.
    const Color last_mover = ~pos_.side_to_move();
    auto mover_of = [&](int i) { return ((n - 1 - i) % 2 == 0) ? last_mover : ~last_mover; };
    bool all_checks[2] = {true, true}, attacked[2] = {false, false};
    int first_pass = -1;
    for (int i = first; i < n; ++i) {
        Color c = mover_of(i);
        all_checks[c] = all_checks[c] && info_[i].gave_check;
        attacked[c] = attacked[c] || info_[i].attacked;
        if (first_pass < 0 && moves_[i].is_pass()) first_pass = i;
    }
    const Color other = ~last_mover;
    if (all_checks[last_mover]) return {win_for(other), std::string(side_name(last_mover)) + " gave perpetual check"};
    if (all_checks[other]) return {win_for(last_mover), std::string(side_name(other)) + " gave perpetual check"};
    if (rules_.repetition == RepetitionRule::JCSA) {
        if (attacked[WHITE] != attacked[BLACK]) {
            Color attacker = attacked[WHITE] ? WHITE : BLACK;
            return {win_for(~attacker), std::string(side_name(attacker)) + " repeated while attacking"};
        }
        if (first_pass >= 0) {
            Color passer = mover_of(first_pass);
            return {win_for(~passer), std::string(side_name(passer)) + " started passing in a repetition"};
        }
        if (!attacked[WHITE]) return {Outcome::DRAW, "fourth repetition without attacks"};
    }
    return {win_for(other), std::string(side_name(last_mover)) + " repeated the position a fourth time"};
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
