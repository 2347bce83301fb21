// Perft: counting the leaves of the legal move tree, for verifying the move generator.
// Counting convention: docs/rules.md "Perft" (distinct successor positions).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "shishi/core/position.hpp"

namespace shishi {

// With a stop flag: checked at every node above the last ply; once it is set the count
// returned is partial (the caller checks the flag).
uint64_t perft(Position& pos, int depth, const std::atomic<bool>* stop = nullptr);
// One (move in XBoard notation, subtree count) per legal move, in generation order; each is
// also passed to on_row as soon as it is counted.
std::vector<std::pair<std::string, uint64_t>> divide(
    Position& pos, int depth, const std::function<void(const std::string&, uint64_t)>& on_row = {});

// One line of a perft suite file (the format of tests/data/perft/reference.tsv).
struct PerftCase {
    std::string name, sfen, xboard_fen;
    std::vector<uint64_t> counts;  // counts[0] is depth 1
    int line = 0;
};
// Parses a suite; malformed lines are reported in `errors` ("line N: why").
std::vector<PerftCase> parse_perft_suite(std::istream& in, std::vector<std::string>& errors);

// Runs every case to min(listed depth, max_depth) under `rules`; prints progress and each
// mismatch to out. Returns the number of mismatches (a position that fails to parse counts as one).
int run_perft_suite(const std::vector<PerftCase>& cases, int max_depth, std::ostream& out,
                    const RuleSet& rules = book_rules());

}  // namespace shishi
