// The one table of rule fields: one row per RuleSet field (rule_set.hpp), with the name it has
// in `--rules`, the name of its engine option, the values it takes and what it decides. The
// engine options (rule_options.hpp), the `--rules` grammar of shishi and shishi-match
// (rules_argument.hpp) and the table in docs/rules.md are all made from it, so a field added
// here is settable everywhere at once.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "shishi/core/rule_set.hpp"

namespace shishi {

struct RuleField {
    enum class Kind { CHECK, CHOICE, NUMBER };
    std::string_view key;  // in --rules: the field's own name, '-' for '_'
    std::string_view option;  // the engine option (USI and XBoard)
    std::string_view older_option;  // a name the option had before, still accepted ("": none)
    Kind kind = Kind::CHECK;
    std::span<const std::string_view> choices;  // CHOICE: the values' names, by the enum's value
    int min = 0, max = 0;  // NUMBER
    std::string_view doc;  // what the field decides (one line, for the docs table)
    int (*get)(const RuleSet&) = nullptr;  // the value as a number (bool: 0/1, enum: its value)
    void (*set)(RuleSet&, int) = nullptr;
    // A CHOICE that was once a check (Bare King): true/on/1 choose this value in the rule set
    // given (nullptr: no such reading), false/off/0 the first choice.
    int (*switched_on)(const RuleSet&) = nullptr;
};

// Every field of RuleSet but `preset`, in declaration order.
std::span<const RuleField> rule_fields();

// The field whose key (--rules) or option name (current or older) is `name`, ignoring case.
const RuleField* find_rule_field(std::string_view name);

// The value of f in r as text: "true"/"false", a choice's name, a number.
std::string rule_value_text(const RuleField& f, const RuleSet& r);

// The value `text` means for f (check: true/false/1/0/on/off; choice: a name, any case; number:
// decimal within [min, max]), read against r for a switched CHOICE; nullopt when it means none.
std::optional<int> read_rule_value(const RuleField& f, const RuleSet& r, std::string_view text);

// The values f takes, for messages: "true or false", "XBoard, JCSA, Draw or lishogi",
// "an integer from 0 to 10000".
std::string rule_values_wanted(const RuleField& f);

// "a, b or c"
std::string one_of(std::span<const std::string_view> words);

// The docs table (docs/rules.md): one row per field, its values under each preset.
std::string rule_fields_markdown();

}  // namespace shishi
