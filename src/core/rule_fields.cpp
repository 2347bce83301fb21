// The table of rule fields, and reading and writing a field's value as text.
#include "shishi/core/rule_fields.hpp"

#include <type_traits>

#include "shishi/core/text.hpp"
#include "shishi/core/text_compare.hpp"

namespace shishi {
namespace {

// A field's value as a number and back, whatever its type (bool, enum, int).
template <auto Member>
int get_field(const RuleSet& r) {
    return int(r.*Member);
}
template <auto Member>
void set_field(RuleSet& r, int v) {
    using T = std::remove_reference_t<decltype(r.*Member)>;
    if constexpr (std::is_same_v<T, bool>)
        r.*Member = v != 0;
    else
        r.*Member = T(v);
}

// The names of the enums' values, in the order of their declaration.
constexpr std::string_view REPETITION_CHOICES[] = {"XBoard", "JCSA", "Draw", "lishogi"};
constexpr std::string_view BARE_KING_CHOICES[] = {"Off", "Book", "lishogi"};

// Bare King was a check: on meant lishogi's rule when playing lishogi's rules, else the book's.
int bare_king_switched_on(const RuleSet& r) {
    return int(r.preset == RulePreset::LISHOGI ? BareKingRule::LISHOGI : BareKingRule::BOOK);
}

// XBoard's -ruleMoves counts moves; the field counts plies. Wide enough for any host's rule.
constexpr int MAX_REVERSIBLE_PLIES = 10000;

using K = RuleField::Kind;

#define SHISHI_FIELD(member) &get_field<&RuleSet::member>, &set_field<&RuleSet::member>

const RuleField FIELDS[] = {
    {"okazaki",
     "Okazaki rule",
     "Okazaki",
     K::CHECK,
     {},
     0,
     1,
     "counter-strike does not forbid taking an unprotected Lion",
     SHISHI_FIELD(okazaki)},
    {"lance-promotes-on-last-rank",
     "Lance promotes on last rank",
     "",
     K::CHECK,
     {},
     0,
     1,
     "a Lance ending on the last rank may promote",
     SHISHI_FIELD(lance_promotes_on_last_rank)},
    {"lion-victim-protects",
     "Lion victim protects",
     "",
     K::CHECK,
     {},
     0,
     1,
     "a Pawn or Go-Between taken on a Lion's first step still protects the Lion taken on the second",
     SHISHI_FIELD(lion_victim_protects)},
    {"repetition", "Repetition rule", "Repetition", K::CHOICE, REPETITION_CHOICES, 0, 0,
     "who loses at the fourth repetition", SHISHI_FIELD(repetition)},
    {"bare-king", "Bare King", "BareKing", K::CHOICE, BARE_KING_CHOICES, 0, 0,
     "a side left with only royals loses (also true/false: lishogi's rule under lishogi, else the book's)",
     SHISHI_FIELD(bare_king), &bare_king_switched_on},
    {"host-mate-test",
     "Host mate test",
     "",
     K::CHECK,
     {},
     0,
     1,
     "XBoard's adjudication: a lone royal without a safe move is mated when attacked, else stalemated (draw)",
     SHISHI_FIELD(host_mate_test)},
    {"reversible-ply-limit",
     "Reversible ply limit",
     "",
     K::NUMBER,
     {},
     0,
     MAX_REVERSIBLE_PLIES,
     "XBoard's N-move rule: a draw after this many reversible plies in a row (0: none)",
     SHISHI_FIELD(reversible_ply_limit)},
    {"sfen-counter-strike-at-capture",
     "SFEN counter-strike at capture",
     "",
     K::CHECK,
     {},
     0,
     1,
     "SFEN's counter-strike field names the square where the Lion was taken (else the capturer's)",
     SHISHI_FIELD(sfen_counter_strike_at_capture)},
};

#undef SHISHI_FIELD

}  // namespace

std::span<const RuleField> rule_fields() { return FIELDS; }

const RuleField* find_rule_field(std::string_view name) {
    for (const RuleField& f : FIELDS)
        if (same_text(name, f.key) || same_text(name, f.option) ||
            (!f.older_option.empty() && same_text(name, f.older_option)))
            return &f;
    return nullptr;
}

std::string rule_value_text(const RuleField& f, const RuleSet& r) {
    const int v = f.get(r);
    switch (f.kind) {
        case K::CHECK: return v ? "true" : "false";
        case K::CHOICE: return std::string(f.choices[size_t(v)]);
        case K::NUMBER: break;
    }
    return std::to_string(v);
}

std::optional<int> read_rule_value(const RuleField& f, const RuleSet& r, std::string_view text) {
    switch (f.kind) {
        case K::CHECK:
            if (const std::optional<bool> on = parse_switch(text)) return int(*on);
            return std::nullopt;
        case K::CHOICE:
            for (size_t i = 0; i < f.choices.size(); ++i)
                if (same_text(text, f.choices[i])) return int(i);
            if (f.switched_on)
                if (const std::optional<bool> on = parse_switch(text)) return *on ? f.switched_on(r) : 0;
            return std::nullopt;
        case K::NUMBER: break;
    }
    const std::optional<int64_t> n = parse_integer(text, f.min, f.max, Sign::NONE);
    if (!n) return std::nullopt;
    return int(*n);
}

std::string one_of(std::span<const std::string_view> words) {
    std::string s;
    for (size_t i = 0; i < words.size(); ++i) {
        if (i) s += i + 1 == words.size() ? " or " : ", ";
        s += words[i];
    }
    return s;
}

std::string rule_values_wanted(const RuleField& f) {
    switch (f.kind) {
        case K::CHECK: return "true or false";
        case K::CHOICE: return one_of(f.choices);
        case K::NUMBER: break;
    }
    return "an integer from " + std::to_string(f.min) + " to " + std::to_string(f.max);
}

std::string rule_fields_markdown() {
    std::string s = "| `--rules` key | engine option | values | what it decides";
    for (const std::string& p : preset_names())
        s += " | " + p;
    s += " |\n|---|---|---|---";
    for (size_t i = 0; i < preset_names().size(); ++i)
        s += "|---";
    s += "|\n";
    for (const RuleField& f : FIELDS) {
        std::string values;
        switch (f.kind) {
            case K::CHECK: values = "`true`, `false`"; break;
            case K::CHOICE:
                for (std::string_view c : f.choices)
                    values += (values.empty() ? "`" : ", `") + std::string(c) + "`";
                break;
            case K::NUMBER: values = std::to_string(f.min) + " to " + std::to_string(f.max); break;
        }
        s +=
            "| `" + std::string(f.key) + "` | `" + std::string(f.option) + "` | " + values + " | " + std::string(f.doc);
        for (const std::string& p : preset_names())
            s += " | `" + rule_value_text(f, *find_rule_preset(p)) + "`";
        s += " |\n";
    }
    return s;
}

}  // namespace shishi
