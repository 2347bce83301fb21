// The engine options offered in USI mode: their `option` declaration lines and `setoption`.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "shishi/core/rule_set.hpp"

namespace shishi::usi {

struct Settings {
    size_t hash_mb = 64;
    int threads = 1;
    int contempt = 0;  // centipawns
    bool ponder = false;  // USI_Ponder: the host may send `go ponder`; nothing to do for us
    RuleSet rules = lishogi_rules();  // USI's host is lishogi: its rules by default
};

// The `option name ...` lines answered to `usi`, defaults taken from `s`.
std::vector<std::string> option_lines(const Settings& s);

// Applies "name <id> [value <v>]" (the words after "setoption"). Option names are matched
// without regard to case. USI_Ponder and USI_Variant, which hosts send unasked, are accepted
// too; USI_Variant chushogi (what lishogi's tools send) chooses the lishogi rules. Returns an error message, or "" when the option was set; on error
// `s` is unchanged.
std::string apply_setoption(const std::vector<std::string_view>& args, Settings& s);

}  // namespace shishi::usi
