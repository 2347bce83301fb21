// The short mate probe (engine option Mate Probe, USI Mate_Probe, default off; docs/mate.md):
// before the game search, the mate solver looks for a forced mate by the side to move within a
// small node budget. A mate it proves is the answer: its first move is played, its line is the
// PV with a mate score. Otherwise the normal search runs as without the option.
#pragma once

#include <atomic>
#include <functional>

#include "shishi/mate/solver.hpp"
#include "shishi/search/search_limits.hpp"

namespace shishi {

// Nodes the probe may spend: a few milliseconds, so it costs little at any time control.
constexpr uint64_t MATE_PROBE_NODES = 3000;
constexpr std::size_t MATE_PROBE_TABLE_MB = 2;

// Runs the probe on root; true (with result filled and the PV sent to on_info) when it proved a
// mate. `stop` ends it early.
bool run_mate_probe(mate::MateSolver& solver, const Position& root, const std::atomic<bool>& stop,
                    const std::function<void(const SearchInfo&)>& on_info, SearchResult& result);

}  // namespace shishi
