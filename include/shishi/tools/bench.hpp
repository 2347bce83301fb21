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

// The USI lines bench sends, in order: `usi`, the options (16 MB hash, `threads`, the book's
// rules), `isready`, then for each position `usinewgame`, `position startpos moves ...` and
// `go depth <depth>`, and `quit`.
// use_nnue: "true" or "false" sets Use_NNUE after the rules; empty leaves the engine's default.
std::vector<std::string> bench_commands(int depth, int threads, const std::string& use_nnue = "");

// Fixed-depth searches over the benchmark positions, run by feeding bench_commands to a USI
// session (the engine layer and its search thread, as a host gets them); prints per-position
// lines (the last `info` line's depth, nodes and score, the `bestmove` in XBoard's notation),
// the session's notes ("note: ..."), and "nodes N" / "nps N"; returns the total of the nodes
// the session reported (deterministic for a given build and depth when single-threaded; with
// more threads the helpers' timing changes the count). Threads is the engine option's: more
// than the machine's hardware threads reads as those, with a note.
// After the options it prints "eval <name>", the evaluation in use ("hand", or "nnue <hash>
// <description>"), as the session's USI `eval` names it.
uint64_t run_bench(int depth, std::ostream& out, int threads = 1, const std::string& use_nnue = "");

}  // namespace shishi
