// XBoard's Tsume option (as HaChu offers it: No / Sente mates / Gote mates): when the side to
// move is the side named, the mate solver runs before the search. A mate found is the answer
// (its line the PV, with a mate score); otherwise a thinking line says no mate was found and the
// normal search runs (docs/mate.md).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "shishi/mate/solver.hpp"
#include "shishi/protocol/engine.hpp"

namespace shishi {

// The side the Tsume option's value names as mating, or nullopt for "No".
std::optional<Color> tsume_side(const std::string& option_value);

// Time the solver gets before a game move: half a fixed move time, a thirtieth of the clock plus
// half the increment, or (no clock given) 5 s. 0 (until found or stopped) for an analysis.
int64_t tsume_time_ms(const SearchLimits& limits);

// Adds the solver step to job (nothing when Tsume is off or names the side not to move).
// `think` gets the mate's PV or the "no mate found" line as XBoard thinking output.
void add_tsume_step(Engine::Job& job, const std::string& option_value, std::shared_ptr<mate::MateSolver> solver,
                    std::function<void(const std::string&)> think);

}  // namespace shishi
