// `shishi bench`: the benchmark positions and the fixed-depth search over them.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "shishi/core/notation.hpp"

namespace shishi {

// The benchmark positions, each as XBoard moves from the start position separated by spaces
// ("" is the start position itself): moves, not FEN, so engines whose setboard does not work
// (HaChu) can be put in the same positions.
std::vector<std::string> bench_move_lists();

// The position after playing such a move list from the start; an error names the bad move.
Parsed<Position> bench_position(const std::string& moves);

// Fixed-depth searches over the benchmark positions; prints per-position lines and "nodes N" /
// "nps N"; returns total nodes (deterministic for a given build and depth when single-threaded;
// with more threads the helpers' timing changes the count).
uint64_t run_bench(int depth, std::ostream& out, int threads = 1);

}  // namespace shishi
