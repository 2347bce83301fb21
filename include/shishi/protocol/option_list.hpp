// Every engine option, declared once: its names in each protocol, type, default, limits and
// aliases. The Engine attaches the actions of its own; the sessions add theirs; the command
// line (startup_options) checks names and values against the same list.
#pragma once

#include <vector>

#include "shishi/core/rule_set.hpp"
#include "shishi/protocol/engine_options.hpp"

namespace shishi {

// Who offers an option: the engine under both protocols, or one session alone.
enum class OfferedBy { ENGINE, USI, XBOARD };

struct DeclaredOption {
    OfferedBy by;
    EngineOption option;  // no on_change: the owner attaches it
};

// The whole list, the rule options with the values of `rules` as defaults.
std::vector<DeclaredOption> declared_options(const RuleSet& rules);

// Adds the options `by` offers to table, in the list's order.
void add_declared_options(OptionTable& table, OfferedBy by, const RuleSet& rules);

}  // namespace shishi
