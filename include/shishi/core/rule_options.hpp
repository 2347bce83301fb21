// The rule options as engine options, described once for every front end: USI (`option` lines
// and `setoption`), XBoard (`feature option=` and `option NAME=VALUE`) and shishi-match
// (`--rules`). Each front end only formats the list and passes "name, value" back.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "shishi/core/rule_set.hpp"

namespace shishi {

struct RuleOptionSpec {
    enum class Type { CHECK, COMBO };
    std::string name;                  // e.g. "Rules", "Okazaki rule"
    Type type = Type::CHECK;
    std::vector<std::string> choices;  // COMBO: the values, as displayed
    std::string value;                 // the value in the rule set described: "true"/"false" or a choice
};

// The options, their values taken from r. "Rules" comes first: choosing a preset resets the
// others, so front ends that send every option should send it first.
std::vector<RuleOptionSpec> rule_option_specs(const RuleSet& r);

// Is `name` one of the rule options (names and the older aliases, case-insensitive)?
bool is_rule_option(std::string_view name);

// Sets one option in r. Check values: true/false/1/0/on/off; combo values: a choice, any case.
// Names are matched without regard to case; "Okazaki", "BareKing" and "Repetition" (the older
// USI names) are accepted too. Returns "" when set, else a message naming the problem (r is
// then unchanged).
std::string apply_rule_option(RuleSet& r, std::string_view name, std::string_view value);

}  // namespace shishi
