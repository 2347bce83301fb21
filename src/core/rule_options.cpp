// The rule options: one table of names, kinds and choices, read and written against RuleSet.
#include "shishi/core/rule_options.hpp"

#include <optional>

#include "shishi/core/text_compare.hpp"

namespace shishi {
namespace {

constexpr const char* RULES = "Rules";
constexpr const char* OKAZAKI = "Okazaki rule";
constexpr const char* BARE_KING = "Bare King";
constexpr const char* REPETITION = "Repetition rule";

const std::vector<std::string>& repetition_choices() {
    static const std::vector<std::string> c{"XBoard", "JCSA", "Draw", "lishogi"};
    return c;
}

const char* repetition_text(RepetitionRule r) {
    switch (r) {
        case RepetitionRule::JCSA: return "JCSA";
        case RepetitionRule::DRAW: return "Draw";
        case RepetitionRule::LISHOGI: return "lishogi";
        case RepetitionRule::XBOARD: break;
    }
    return "XBoard";
}

std::optional<bool> parse_check(std::string_view v) {
    if (same_text(v, "true") || v == "1" || same_text(v, "on")) return true;
    if (same_text(v, "false") || v == "0" || same_text(v, "off")) return false;
    return std::nullopt;
}

// The canonical name of an option given by name or alias, or nullptr.
const char* canonical(std::string_view name) {
    if (same_text(name, RULES)) return RULES;
    if (same_text(name, OKAZAKI) || same_text(name, "Okazaki")) return OKAZAKI;
    if (same_text(name, BARE_KING) || same_text(name, "BareKing")) return BARE_KING;
    if (same_text(name, REPETITION) || same_text(name, "Repetition")) return REPETITION;
    return nullptr;
}

std::string one_of(const std::vector<std::string>& choices) {
    std::string s;
    for (size_t i = 0; i < choices.size(); ++i) s += (i ? (i + 1 == choices.size() ? " or " : ", ") : "") + choices[i];
    return s;
}

}  // namespace

std::vector<RuleOptionSpec> rule_option_specs(const RuleSet& r) {
    using T = RuleOptionSpec::Type;
    auto check = [](bool b) { return std::string(b ? "true" : "false"); };
    return {
        {RULES, T::COMBO, preset_names(), preset_name(r.preset)},
        {OKAZAKI, T::CHECK, {}, check(r.okazaki)},
        {BARE_KING, T::CHECK, {}, check(r.bare_king != BareKingRule::OFF)},
        {REPETITION, T::COMBO, repetition_choices(), repetition_text(r.repetition)},
    };
}

bool is_rule_option(std::string_view name) { return canonical(name) != nullptr; }

std::string apply_rule_option(RuleSet& r, std::string_view name, std::string_view value) {
    const char* option = canonical(name);
    if (!option) return "unknown rule option '" + std::string(name) + "'";
    auto bad = [&](const std::string& wanted) {
        return std::string(option) + " needs " + wanted + ", got '" + std::string(value) + "'";
    };
    if (option == RULES) {
        const RuleSet* preset = find_rule_preset(value);
        if (!preset) return bad(one_of(preset_names()));
        r = *preset;
        return "";
    }
    if (option == REPETITION) {
        for (RepetitionRule x : {RepetitionRule::XBOARD, RepetitionRule::JCSA, RepetitionRule::DRAW, RepetitionRule::LISHOGI})
            if (same_text(value, repetition_text(x))) {
                r.repetition = x;
                return "";
            }
        return bad(one_of(repetition_choices()));
    }
    const std::optional<bool> on = parse_check(value);
    if (!on) return bad("true or false");
    if (option == OKAZAKI) {
        r.okazaki = *on;
    } else {
        // lishogi's own bare-king rule when the rule set is lishogi's, else the book's.
        r.bare_king = !*on ? BareKingRule::OFF
                      : r.preset == RulePreset::LISHOGI ? BareKingRule::LISHOGI
                                                        : BareKingRule::BOOK;
    }
    return "";
}

}  // namespace shishi
