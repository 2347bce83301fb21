// The option table: lookup by folded name, typed parsing with the same limits for every
// protocol, and the two protocols' declaration lines.
#include "shishi/protocol/engine_options.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include "shishi/core/text.hpp"
#include "shishi/core/text_compare.hpp"

namespace shishi {
namespace {

// A decimal integer with an optional sign; nullopt when malformed or beyond int64_t.
std::optional<int64_t> read_spin(std::string_view text) {
    return parse_integer(text, INT64_MIN, INT64_MAX, Sign::PLUS_MINUS);
}

}  // namespace

std::string fold_option_name(std::string_view name) {
    std::string s;
    for (char c : name)
        if (c != ' ' && c != '_' && c != '\t') s += char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string usi_spelling(std::string_view name) {
    // The options the USI protocol defines, which it names with its prefix.
    static constexpr std::string_view USI_DEFINED[] = {"Hash", "Ponder", "MultiPV"};
    std::string s(name);
    for (std::string_view d : USI_DEFINED)
        if (name == d) s = "USI_" + s;
    std::replace(s.begin(), s.end(), ' ', '_');
    return s;
}

EngineOption EngineOption::check(std::string usi, std::string xboard, bool def) {
    EngineOption o;
    o.usi_name = std::move(usi);
    o.xboard_name = std::move(xboard);
    o.type = OptionType::CHECK;
    o.default_value = def ? "true" : "false";
    return o;
}

EngineOption EngineOption::spin(std::string usi, std::string xboard, int64_t def, int64_t min, int64_t max) {
    EngineOption o;
    o.usi_name = std::move(usi);
    o.xboard_name = std::move(xboard);
    o.type = OptionType::SPIN;
    o.default_value = std::to_string(def);
    o.min = min;
    o.max = max;
    return o;
}

EngineOption EngineOption::combo(std::string usi, std::string xboard, std::string def,
                                 std::vector<std::string> choices) {
    EngineOption o;
    o.usi_name = std::move(usi);
    o.xboard_name = std::move(xboard);
    o.type = OptionType::COMBO;
    o.default_value = std::move(def);
    o.choices = std::move(choices);
    return o;
}

EngineOption EngineOption::string(std::string usi, std::string xboard, std::string def, bool names_file) {
    EngineOption o;
    o.usi_name = std::move(usi);
    o.xboard_name = std::move(xboard);
    o.type = OptionType::STRING;
    o.default_value = std::move(def);
    o.names_file = names_file;
    return o;
}

int64_t EngineOption::as_int() const { return read_spin(value).value_or(0); }

void OptionTable::add(EngineOption option) {
    option.value = option.default_value;
    options_.push_back(std::move(option));
}

EngineOption* OptionTable::find(std::string_view name) {
    return const_cast<EngineOption*>(std::as_const(*this).find(name));
}

const EngineOption* OptionTable::find(std::string_view name) const {
    const std::string key = fold_option_name(name);
    if (key.empty()) return nullptr;
    for (const EngineOption& o : options_)
        if (fold_option_name(o.usi_name) == key || fold_option_name(usi_spelling(o.usi_name)) == key ||
            (!o.xboard_name.empty() && fold_option_name(o.xboard_name) == key))
            return &o;
    for (const EngineOption& o : options_)
        for (const std::string& a : o.aliases)
            if (fold_option_name(a) == key) return &o;
    return nullptr;
}

OptionSetResult OptionTable::set(std::string_view name, std::string_view text) {
    OptionSetResult r;
    EngineOption* o = find(name);
    if (!o) {
        r.error = "unknown option '" + std::string(name) + "'";
        return r;
    }
    const std::string shown = shown_name(*o);
    auto got = [&] { return text.empty() ? std::string(", got nothing") : ", got '" + std::string(text) + "'"; };
    std::string value;
    switch (o->type) {
        case OptionType::CHECK: {
            std::optional<bool> b = parse_switch(text);
            if (!b) {
                r.error = shown + " needs true or false" + got();
                return r;
            }
            value = *b ? "true" : "false";
            break;
        }
        case OptionType::SPIN: {
            // A number beyond int64_t reads as the nearest int64_t, so it is clamped or refused
            // like any other number out of range.
            const std::optional<BoundedInteger> read = read_integer(text, INT64_MIN, INT64_MAX, Sign::PLUS_MINUS);
            std::optional<int64_t> n = read ? std::optional<int64_t>(read->value) : std::nullopt;
            if (!n || (*n < o->min && !o->clamp_below_min) || (*n > o->max && !o->clamp_above_max)) {
                r.error = shown + " needs an integer from " + std::to_string(o->min) + " to " + std::to_string(o->max) +
                    got();
                return r;
            }
            if (*n > o->max) {
                r.note = shown + " " + std::string(text) + " is above the maximum; using " + std::to_string(o->max);
                n = o->max;
            } else if (*n < o->min) {
                r.note = shown + " " + std::string(text) + " is below the minimum; using " + std::to_string(o->min);
                n = o->min;
            }
            value = std::to_string(*n);
            break;
        }
        case OptionType::COMBO: {
            for (const std::string& c : o->choices)
                if (same_text(c, text)) value = c;
            for (const std::string& c : o->more_values)
                if (value.empty() && same_text(c, text)) value = c;
            if (value.empty()) {
                std::string list;
                for (size_t i = 0; i < o->choices.size(); ++i)
                    list += (i == 0 ? "" : i + 1 == o->choices.size() ? " or " : ", ") + o->choices[i];
                r.error = shown + " needs " + list + got();
                return r;
            }
            break;
        }
        case OptionType::STRING: value = text == "<empty>" ? std::string() : std::string(text); break;
    }
    if (value == o->value) return r;
    if (o->validate) {
        r.error = o->validate(value);
        if (!r.ok()) return r;
    }
    o->value = value;
    if (o->on_change) {
        std::string note = o->on_change(*o);
        if (!note.empty()) r.note = r.note.empty() ? note : r.note + "; " + note;
    }
    return r;
}

const std::string& OptionTable::value(std::string_view name) const {
    const EngineOption* o = find(name);
    if (!o) throw std::logic_error("no option " + std::string(name));
    return o->value;
}

int64_t OptionTable::as_int(std::string_view name) const {
    const EngineOption* o = find(name);
    return o ? o->as_int() : 0;
}

bool OptionTable::as_bool(std::string_view name) const {
    const EngineOption* o = find(name);
    return o && o->as_bool();
}

std::string OptionTable::shown_name(const EngineOption& o) const {
    return usi_spelling_ ? usi_spelling(o.usi_name) : o.usi_name;
}

std::vector<std::string> OptionTable::usi_lines() const {
    std::vector<std::string> lines;
    for (const EngineOption& o : options_) {
        if (o.usi_name.empty()) continue;
        std::string l = "option name " + usi_spelling(o.usi_name) + " type ";
        switch (o.type) {
            case OptionType::CHECK: l += "check default " + o.value; break;
            case OptionType::SPIN:
                l += "spin default " + o.value + " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
                break;
            case OptionType::COMBO:
                l += "combo default " + o.value;
                for (const std::string& c : o.choices)
                    l += " var " + c;
                break;
            case OptionType::STRING:
                l += "string default " + (o.value.empty() ? std::string("<empty>") : o.value);
                break;
        }
        lines.push_back(l);
    }
    return lines;
}

std::vector<std::string> OptionTable::xboard_features() const {
    std::vector<std::string> lines;
    for (const EngineOption& o : options_) {
        if (o.xboard_name.empty()) continue;
        std::string l = "feature option=\"" + o.xboard_name + " ";
        switch (o.type) {
            case OptionType::CHECK: l += std::string("-check ") + (o.as_bool() ? "1" : "0"); break;
            case OptionType::SPIN:
                l += "-spin " + o.value + " " + std::to_string(o.min) + " " + std::to_string(o.max);
                break;
            case OptionType::COMBO:
                l += "-combo ";
                for (size_t i = 0; i < o.choices.size(); ++i)
                    l += (i ? " /// " : "") + std::string(o.choices[i] == o.value ? "*" : "") + o.choices[i];
                break;
            case OptionType::STRING: l += (o.names_file ? "-file " : "-string ") + o.value; break;
        }
        lines.push_back(l + "\"");
    }
    return lines;
}

}  // namespace shishi
