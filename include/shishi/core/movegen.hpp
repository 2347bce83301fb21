// Legal move generation. Chu Shogi has no rule against leaving a royal in check, so legality
// is the piece's moves plus the Lion-capture restrictions (protected Lion with the bridge
// exception, adjacent Lions, counter-strike, optional Okazaki rule). Each distinct successor
// position is generated exactly once; all available turn passes are one move.
#pragma once

#include "shishi/core/position.hpp"

namespace shishi {

class MoveList {
public:
    static constexpr int CAPACITY = 2048;
    MoveList() {}  // storage stays uninitialised: zeroing 8 KB per node would double perft time
    void push(Move m) {
        if (size_ < CAPACITY) data()[size_++] = m;
    }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    void clear() { size_ = 0; }
    Move operator[](int i) const { return data()[i]; }
    Move& operator[](int i) { return data()[i]; }
    const Move* begin() const { return data(); }
    const Move* end() const { return data() + size_; }
    Move* begin() { return data(); }
    Move* end() { return data() + size_; }
    bool contains(Move m) const;

private:
    // Raw bytes: Move is an implicit-lifetime type, so Move objects live in this storage
    // as soon as they are written (C++20 implicit object creation).
    Move* data() { return reinterpret_cast<Move*>(storage_); }
    const Move* data() const { return reinterpret_cast<const Move*>(storage_); }
    alignas(Move) unsigned char storage_[CAPACITY * sizeof(Move)];
    int size_ = 0;
};

// All legal moves of the side to move (none when it has no royal piece left).
void generate_legal(const Position& pos, MoveList& list);
// Legal moves that capture at least one piece (double captures included), for quiescence.
void generate_captures(const Position& pos, MoveList& list);
// Legal non-capturing moves (including the pass); with generate_captures, every legal move once.
void generate_quiets(const Position& pos, MoveList& list);
// The promotions among generate_quiets' moves, in its order (a node that prunes the other
// quiet moves still tries them).
void generate_quiet_promotions(const Position& pos, MoveList& list);

// Is m one of generate_quiets' moves other than the pass? Only the moving piece's moves are
// generated (the move picker checks a hash move this way before the others are generated).
bool is_legal_quiet(const Position& pos, Move m);

// Has the side to move's piece on s a non-capturing move other than the pass?
bool has_quiet_move(const Position& pos, Square s);

// Is m one of the legal moves? (A pass matches any legal pass.)
bool is_legal(const Position& pos, Move m);
// Number of legal moves.
int count_legal(const Position& pos);

// Could a piece of colour c moving between these squares promote (capture = it takes a piece)
// under these rules? (Zone entry, capture in the zone, or a Pawn - and under lishogi's rules a
// Lance - reaching the last rank.)
bool may_promote(const RuleSet& rules, Color c, Kind k, Square from, Square to, bool capture);

}  // namespace shishi
