// USI's side of the engine's option table: the options only USI hosts use (USI_Ponder,
// USI_Variant) and `setoption name <id> [value <v>]`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "shishi/protocol/engine_options.hpp"

namespace shishi::usi {

// Adds USI_Ponder (the host may send `go ponder`) and USI_Variant (chushogi only).
void add_usi_options(OptionTable& table);

struct SetoptionResult {
    std::string error;  // "setoption: ..." when nothing was set
    std::string note;  // an adjustment the user should hear of (a clamped value, ...)
};

// Applies "name <id> [value <v>]" (the words after "setoption"). Names may contain spaces
// ("Move Overhead") and are matched without regard to case, spaces or underscores.
SetoptionResult apply_setoption(const std::vector<std::string_view>& args, OptionTable& table);

}  // namespace shishi::usi
