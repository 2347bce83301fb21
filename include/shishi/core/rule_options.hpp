// The rule options as engine options, made from the table of rule fields (rule_fields.hpp) for
// every front end: USI (`option` lines and `setoption`), XBoard (`feature option=` and `option
// NAME=VALUE`) and shishi-match (which sends its referee's rules to engines offering them).
// Each front end only formats the list and passes "name, value" back.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "shishi/core/rule_set.hpp"

namespace shishi {

struct RuleOptionSpec {
    enum class Type { CHECK, COMBO, SPIN };
    std::string name;  // e.g. "Rules", "Okazaki rule"
    std::string older_name;  // the name it had before, still accepted ("" none)
    Type type = Type::CHECK;
    std::vector<std::string> choices;  // COMBO: the values, as displayed
    std::vector<std::string> more_values;  // COMBO: other values accepted (Bare King: true, false)
    int min = 0, max = 0;  // SPIN
    std::string value;  // the value in the rule set described: "true"/"false", a choice, a number
};

// The options, their values taken from r: "Rules" (the presets) first, then one per rule field.
// Choosing a preset resets the others, so front ends that send every option send it first.
std::vector<RuleOptionSpec> rule_option_specs(const RuleSet& r);

// Is `name` one of the rule options (names and the older names, case-insensitive)?
bool is_rule_option(std::string_view name);

// Sets one option in r. Check values: true/false/1/0/on/off; combo values: a choice, any case;
// spin values: an integer within the limits. Names are matched without regard to case; the older
// USI names ("Okazaki", "BareKing", "Repetition") are accepted too. Returns "" when set, else a
// message naming the problem (r is then unchanged).
std::string apply_rule_option(RuleSet& r, std::string_view name, std::string_view value);

}  // namespace shishi
