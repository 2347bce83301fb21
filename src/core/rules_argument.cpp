// `--rules PRESET[,KEY=VALUE...]`, read against the presets and the rule-field table.
#include "shishi/core/rules_argument.hpp"

#include <vector>

#include "shishi/core/rule_fields.hpp"

namespace shishi {
namespace {

std::string names(const std::vector<std::string>& words) {
    std::string s;
    for (const std::string& w : words)
        s += (s.empty() ? "" : ", ") + w;
    return s;
}

std::string field_keys() {
    std::string s;
    for (const RuleField& f : rule_fields())
        s += (s.empty() ? "" : ", ") + std::string(f.key);
    return s;
}

// One KEY[=VALUE] item applied to r; "" or the problem.
std::string apply_item(RuleSet& r, std::string_view item) {
    const size_t eq = item.find('=');
    const std::string_view key = item.substr(0, eq);
    const RuleField* f = find_rule_field(key);
    // Only the keys: option names have spaces, and the presets come first.
    if (!f || f->key.size() != key.size() || key.empty()) {
        if (find_rule_preset(key)) return "the preset '" + std::string(key) + "' must come first";
        return "unknown rule '" + std::string(key) + "' (presets: " + names(preset_names()) +
            "; fields: " + field_keys() + ")";
    }
    if (eq == std::string_view::npos) {
        if (f->kind == RuleField::Kind::CHECK || f->switched_on) {
            f->set(r, f->kind == RuleField::Kind::CHECK ? 1 : f->switched_on(r));
            return "";
        }
        return std::string(f->key) + " needs a value: " + std::string(f->key) + "=" + rule_values_wanted(*f);
    }
    const std::string_view value = item.substr(eq + 1);
    const std::optional<int> v = read_rule_value(*f, r, value);
    if (!v) return std::string(f->key) + " needs " + rule_values_wanted(*f) + ", got '" + std::string(value) + "'";
    f->set(r, *v);
    return "";
}

}  // namespace

std::string apply_rules_argument(RuleSet& r, std::string_view text) {
    RuleSet result = r;
    size_t i = 0;
    for (bool first = true;; first = false) {
        size_t comma = text.find(',', i);
        if (comma == std::string_view::npos) comma = text.size();
        const std::string_view item = text.substr(i, comma - i);
        if (item.empty()) return "an empty item in '" + std::string(text) + "' (" + rules_argument_usage() + ")";
        if (const RuleSet* preset = first ? find_rule_preset(item) : nullptr) {
            result = *preset;
        } else if (std::string e = apply_item(result, item); !e.empty()) {
            return e;
        }
        if (comma == text.size()) break;
        i = comma + 1;
    }
    r = result;
    return "";
}

std::string rules_argument_usage() {
    return "PRESET[,KEY=VALUE...] with PRESET " + names(preset_names()) + ", KEY " + field_keys();
}

}  // namespace shishi
