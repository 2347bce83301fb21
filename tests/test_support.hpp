// Helpers shared by the core tests: building positions from a short list of placed pieces,
// parsing moves that must be legal, the reference perft suite, random playouts and random
// crowded boards.
#pragma once

#include <catch2/catch.hpp>

#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/perft.hpp"
#include "shishi/core/position.hpp"
#include "shishi/core/game.hpp"

namespace shishi::test {

// XBoard FEN text for a board given as "Kl1 ka12 +Hd4 pf7" (letter with optional '+', then the
// XBoard square; upper case = first player), plus the trailing FEN fields.
inline std::string fen_of(std::string_view pieces, std::string_view tail = "w - - 0 1") {
    std::string cells[BOARD_SIZE][BOARD_SIZE];  // [rank][file]
    std::istringstream in{std::string(pieces)};
    for (std::string word; in >> word;) {
        size_t n = word[0] == '+' ? 2 : 1;
        auto sq = parse_xboard_square(std::string_view(word).substr(n));
        if (!sq) FAIL("bad square in test setup: " << word);
        cells[rank_of(*sq)][file_of(*sq)] = word.substr(0, n);
    }
    std::string out;
    for (int r = BOARD_SIZE - 1; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < BOARD_SIZE; ++f) {
            if (cells[r][f].empty()) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            out += cells[r][f];
        }
        if (empty) out += std::to_string(empty);
        if (r) out += '/';
    }
    return out + " " + std::string(tail);
}

inline Position xfen(std::string_view text) {
    auto p = parse_xboard_fen(text);
    INFO("FEN: " << text << "\nerror: " << p.error);
    REQUIRE(p);
    return *p.value;
}

inline Position sfen(std::string_view text) {
    auto p = parse_sfen(text);
    INFO("SFEN: " << text << "\nerror: " << p.error);
    REQUIRE(p);
    return *p.value;
}

// A position from placed pieces (see fen_of).
inline Position board(std::string_view pieces, std::string_view tail = "w - - 0 1") {
    return xfen(fen_of(pieces, tail));
}

inline Square sq(std::string_view xboard_square) {
    auto s = parse_xboard_square(xboard_square);
    REQUIRE(s);
    return *s;
}

// A move in XBoard notation that must be legal in pos.
inline Move mv(const Position& pos, std::string_view text) {
    auto m = parse_xboard_move(pos, text);
    INFO("move " << text << " in " << to_xboard_fen(pos) << "\nerror: " << m.error);
    REQUIRE(m);
    return *m.value;
}

// Plays the moves one by one in a Game, requiring that it is still going before each of them.
inline void play(Game& g, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        INFO("before " << text << ": " << g.status().reason);
        REQUIRE(!g.status().over());
        g.play(mv(g.position(), text));
    }
}

// Repeats a four-ply cycle `times` times, checking the game goes on until the last ply.
inline void cycle(Game& g, std::initializer_list<const char*> four, int times) {
    for (int i = 0; i < times; ++i)
        play(g, four);
}

inline bool legal(const Position& pos, std::string_view text) { return bool(parse_xboard_move(pos, text)); }

inline std::vector<Move> legal_moves(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    return {list.begin(), list.end()};
}

// The legal moves as XBoard text, sorted (passes appear once, as their out-and-back form).
inline std::multiset<std::string> legal_texts(const Position& pos) {
    std::multiset<std::string> out;
    for (Move m : legal_moves(pos))
        out.insert(move_to_xboard(m));
    return out;
}

// Legal moves of the piece on `from` (passes excluded), as XBoard text.
inline std::multiset<std::string> moves_from(const Position& pos, Square from) {
    std::multiset<std::string> out;
    for (Move m : legal_moves(pos))
        if (!m.is_pass() && m.from() == from) out.insert(move_to_xboard(m));
    return out;
}

inline bool has_pass(const Position& pos) {
    for (Move m : legal_moves(pos))
        if (m.is_pass()) return true;
    return false;
}

// A perft reference file of tests/data/perft: reference.tsv (book rules) or
// reference-lishogi.tsv (lishogi's rules).
inline std::vector<PerftCase> reference_cases(const std::string& file = "reference.tsv") {
    std::ifstream in(SHISHI_PERFT_DIR "/" + file);
    REQUIRE(in);
    std::vector<std::string> errors;
    auto cases = parse_perft_suite(in, errors);
    for (auto& e : errors)
        FAIL(file << ": " << e);
    REQUIRE(!cases.empty());
    return cases;
}

// Plays up to `plies` random legal moves (stops early when the side to move has none).
inline std::vector<Move> random_game(Position& pos, int plies, std::mt19937& rng) {
    std::vector<Move> played;
    for (int i = 0; i < plies; ++i) {
        MoveList list;
        generate_legal(pos, list);
        if (list.empty()) break;
        Move m = list[int(rng() % unsigned(list.size()))];
        pos.make(m);
        played.push_back(m);
    }
    return played;
}

// Roots for random games: the start and every position of the book-rules perft reference.
inline std::vector<Position> random_game_roots() {
    std::vector<Position> roots{Position::start()};
    for (const PerftCase& c : reference_cases())
        roots.push_back(sfen(c.sfen));
    return roots;
}

// A board with `min_pieces` to `min_pieces + spread - 1` tries at placing a piece of a kind
// drawn from `kinds` (either colour) on a random square; occupied squares are skipped. The
// first player is to move.
template <size_t N>
Position random_crowded_board(std::mt19937& rng, const Kind (&kinds)[N], int min_pieces, int spread) {
    Position pos;
    const int pieces = min_pieces + int(rng() % unsigned(spread));
    for (int i = 0; i < pieces; ++i) {
        const int file = int(rng() % BOARD_SIZE);
        const int rank = int(rng() % BOARD_SIZE);
        const Square s = make_square(file, rank);
        if (pos.piece_on(s) != EMPTY) continue;
        const Kind k = kinds[rng() % N];
        pos.put_piece(s, make_piece(Color(rng() % 2), k));
    }
    return pos;
}

}  // namespace shishi::test
