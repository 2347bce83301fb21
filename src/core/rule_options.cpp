// The rule options: "Rules" for the presets, then one option per row of the rule-field table.
#include "shishi/core/rule_options.hpp"

#include "shishi/core/rule_fields.hpp"
#include "shishi/core/text_compare.hpp"

namespace shishi {
namespace {

constexpr std::string_view RULES = "Rules";

RuleOptionSpec spec_of(const RuleField& f, const RuleSet& r) {
    using T = RuleOptionSpec::Type;
    RuleOptionSpec s;
    s.name = f.option;
    s.older_name = f.older_option;
    s.value = rule_value_text(f, r);
    switch (f.kind) {
        case RuleField::Kind::CHECK: s.type = T::CHECK; break;
        case RuleField::Kind::CHOICE:
            s.type = T::COMBO;
            s.choices.assign(f.choices.begin(), f.choices.end());
            if (f.switched_on) s.more_values = {"true", "false", "on", "off", "1", "0"};
            break;
        case RuleField::Kind::NUMBER:
            s.type = T::SPIN;
            s.min = f.min;
            s.max = f.max;
            break;
    }
    return s;
}

}  // namespace

std::vector<RuleOptionSpec> rule_option_specs(const RuleSet& r) {
    std::vector<RuleOptionSpec> specs;
    RuleOptionSpec rules;
    rules.name = RULES;
    rules.type = RuleOptionSpec::Type::COMBO;
    rules.choices = preset_names();
    rules.value = preset_name(r.preset);
    specs.push_back(std::move(rules));
    for (const RuleField& f : rule_fields())
        specs.push_back(spec_of(f, r));
    return specs;
}

// Option names only: the --rules keys are not option names.
static const RuleField* field_of_option(std::string_view name) {
    const RuleField* f = find_rule_field(name);
    return f && (same_text(name, f->option) || (!f->older_option.empty() && same_text(name, f->older_option)))
        ? f
        : nullptr;
}

bool is_rule_option(std::string_view name) { return same_text(name, RULES) || field_of_option(name); }

std::string apply_rule_option(RuleSet& r, std::string_view name, std::string_view value) {
    const std::string got = ", got '" + std::string(value) + "'";
    if (same_text(name, RULES)) {
        const RuleSet* preset = find_rule_preset(value);
        if (!preset) {
            std::vector<std::string_view> names(preset_names().begin(), preset_names().end());
            return std::string(RULES) + " needs " + one_of(names) + got;
        }
        r = *preset;
        return "";
    }
    const RuleField* f = field_of_option(name);
    if (!f) return "unknown rule option '" + std::string(name) + "'";
    const std::optional<int> v = read_rule_value(*f, r, value);
    if (!v) return std::string(f->option) + " needs " + rule_values_wanted(*f) + got;
    f->set(r, *v);
    return "";
}

}  // namespace shishi
