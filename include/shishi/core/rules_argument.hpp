// The one grammar of `--rules` (shishi's perft, divide, perftsuite and analyze; shishi-match's
// referee): a preset, then fields of the rule-field table (rule_fields.hpp) set one by one:
//   PRESET[,KEY=VALUE...]   or   KEY=VALUE[,KEY=VALUE...]   e.g. lishogi, book,okazaki=true
// A check field (or Bare King, once a check) given alone means KEY=true.
#pragma once

#include <string>
#include <string_view>

#include "shishi/core/rule_set.hpp"

namespace shishi {

// Applies `text` to r: a leading preset replaces r, each field then sets its value. Returns ""
// when all of it applied, else a message naming the problem (r is then unchanged).
std::string apply_rules_argument(RuleSet& r, std::string_view text);

// The grammar and the names, for usage lines and messages.
std::string rules_argument_usage();

}  // namespace shishi
