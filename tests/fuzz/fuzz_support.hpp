// Shared checks of the fuzz targets: what must hold for every position or move a parser
// accepts. A failed check aborts (libFuzzer then saves the input as a crash).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/position.hpp"

namespace shishi::fuzz {

// Like assert(), but also in builds with NDEBUG, and it says what failed.
#define SHISHI_FUZZ_CHECK(cond)                                                                 \
    do {                                                                                        \
        if (!(cond)) {                                                                          \
            std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
            std::abort();                                                                       \
        }                                                                                       \
    } while (0)

inline std::string_view as_text(const uint8_t* data, size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// The input split at '\n' (the last line may lack one).
inline std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        size_t end = text.find('\n');
        lines.push_back(text.substr(0, end));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
    return lines;
}

// A position any parser accepted: its tables agree with its board, and both writers give text
// that parses back to the same position (same key, same text again).
inline void check_position(const Position& pos) {
    SHISHI_FUZZ_CHECK(pos.is_consistent());
    const std::string fen = to_xboard_fen(pos);
    auto again = parse_xboard_fen(fen);
    SHISHI_FUZZ_CHECK(again);
    SHISHI_FUZZ_CHECK(again.value->key() == pos.key());
    SHISHI_FUZZ_CHECK(to_xboard_fen(*again) == fen);
    const std::string sfen = to_sfen(pos);
    auto from_sfen = parse_sfen(sfen);
    SHISHI_FUZZ_CHECK(from_sfen);
    SHISHI_FUZZ_CHECK(from_sfen.value->key() == pos.key());
    SHISHI_FUZZ_CHECK(to_sfen(*from_sfen) == sfen);
}

inline bool in_legal_list(const Position& pos, Move m) {
    MoveList list;
    generate_legal(pos, list);
    for (int i = 0; i < list.size(); ++i)
        if (list[i].same_as(m)) return true;
    return false;
}

// A parser accepts a move legal under the position's rules or under the wider rules it accepts
// from hosts and opponents (core/rule_set.hpp, `accepting`).
inline bool acceptable(const Position& pos, Move m) {
    if (in_legal_list(pos, m)) return true;
    Position wide = pos;
    wide.set_rules(accepting(pos.rules()));
    return in_legal_list(wide, m);
}

// A move a parser accepted in pos: it is legal, both notations write it back to the same move,
// and make/unmake keep the position consistent and restore it exactly.
inline void check_move(Position& pos, Move m) {
    SHISHI_FUZZ_CHECK(acceptable(pos, m));
    auto xb = parse_xboard_move(pos, move_to_xboard(m));
    SHISHI_FUZZ_CHECK(xb && xb.value->same_as(m));
    auto usi = parse_usi_move(pos, move_to_usi(m));
    SHISHI_FUZZ_CHECK(usi && usi.value->same_as(m));
    const uint64_t key = pos.key();
    const std::string fen = to_xboard_fen(pos);
    pos.make(m);
    SHISHI_FUZZ_CHECK(pos.is_consistent());
    pos.unmake();
    SHISHI_FUZZ_CHECK(pos.is_consistent());
    SHISHI_FUZZ_CHECK(pos.key() == key);
    SHISHI_FUZZ_CHECK(to_xboard_fen(pos) == fen);
}

}  // namespace shishi::fuzz

namespace shishi::fuzz {

// Every legal move of an accepted position goes through check_move, so odd positions (many
// Lions, pieces on the last rank, a counter-strike square) also test the move generator.
inline void check_all_moves(Position pos) {
    MoveList list;
    generate_legal(pos, list);
    for (int i = 0; i < list.size(); ++i)
        check_move(pos, list[i]);
}

}  // namespace shishi::fuzz
