// The engine's option table, shared by both protocols: each option has a type (check, spin,
// combo), a default, limits or choices, its USI and XBoard names and an on-change action. The
// USI `option` lines and XBoard `feature option=` lines are written from it and `setoption` /
// `option` / command-line `--Name=value` are parsed against it, so the limits are the same
// everywhere.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shishi {

enum class OptionType { CHECK, SPIN, COMBO, STRING };

struct EngineOption {
    std::string usi_name;  // as listed after `usi`
    std::string xboard_name;  // as listed after `protover`; empty: not an XBoard option
    OptionType type = OptionType::SPIN;
    std::string default_value;
    int64_t min = 0, max = 0;  // spin
    std::vector<std::string> choices;  // combo
    // Combo: other values accepted (the older forms of a value, e.g. true/false of a former
    // check); stored as given, so on_change must turn them into a choice.
    std::vector<std::string> more_values;
    // Called after the value changed; may return a note for the user ("" = nothing to say),
    // and may correct the value (e.g. the hash size that could really be allocated).
    std::function<std::string(EngineOption&)> on_change;
    // Called before a new value is taken; a non-empty result is the error that refuses it
    // (nothing changes). E.g. a net file that cannot be read.
    std::function<std::string(const std::string&)> validate;
    // String: the value names a file (XBoard shows a file chooser).
    bool names_file = false;
    // A resource limit (hash, threads): a value above the maximum is clamped to it, with a note.
    // Otherwise it is an error like any value out of range.
    bool clamp_above_max = false;
    // A level (Skill Level): a number below the minimum is clamped to it too, with a note, so a
    // host asking for weaker than offered gets the weakest, not whatever level came before.
    bool clamp_below_min = false;
    // Other names the option answers to, e.g. the ones Fairy-Stockfish's USI dialect uses.
    std::vector<std::string> aliases;

    std::string value;  // current value, in USI form ("true"/"false" for a check)
    int64_t as_int() const;
    bool as_bool() const { return value == "true"; }

    // Builders; an empty name keeps the option out of that protocol.
    static EngineOption check(std::string usi, std::string xboard, bool def);
    static EngineOption spin(std::string usi, std::string xboard, int64_t def, int64_t min, int64_t max);
    static EngineOption combo(std::string usi, std::string xboard, std::string def, std::vector<std::string> choices);
    // A string (any text; USI's `<empty>` reads as the empty string).
    static EngineOption string(std::string usi, std::string xboard, std::string def, bool names_file = false);
    EngineOption& changed(std::function<std::string(EngineOption&)> f) {
        on_change = std::move(f);
        return *this;
    }
    EngineOption& validated(std::function<std::string(const std::string&)> f) {
        validate = std::move(f);
        return *this;
    }
    EngineOption& clamped() {
        clamp_above_max = true;
        return *this;
    }
    EngineOption& clamped_both_ways() {
        clamp_above_max = clamp_below_min = true;
        return *this;
    }
    EngineOption& aka(std::string alias) {
        aliases.push_back(std::move(alias));
        return *this;
    }
};

// The outcome of setting an option: an error (nothing changed), or success with an optional
// note (a clamped value, a fallback).
struct OptionSetResult {
    std::string error;
    std::string note;
    bool ok() const { return error.empty(); }
};

class OptionTable {
public:
    // Adds an option with value = default (on_change is not called).
    void add(EngineOption option);

    // Looks an option up by either name or one of its aliases, ignoring case, spaces and
    // underscores ("Move Overhead", "MoveOverhead", "move_overhead").
    EngineOption* find(std::string_view name);
    const EngineOption* find(std::string_view name) const;

    // Sets an option from text: a check takes true/false (also 1/0, on/off), a spin an integer
    // within its limits (out of them clamped, with a note, for clamp_above_max and
    // clamp_below_min options), a combo one of its choices (any case). Calls on_change when
    // the value changed. On an error nothing changes.
    OptionSetResult set(std::string_view name, std::string_view value);

    // Current value (option must exist).
    const std::string& value(std::string_view name) const;
    int64_t as_int(std::string_view name) const;
    bool as_bool(std::string_view name) const;

    // `option name ... type ... default ...` lines, defaults being the current values, each
    // name in its USI spelling (usi_spelling).
    std::vector<std::string> usi_lines() const;
    // From now on messages name options in their USI spelling (a USI session's table).
    void name_in_usi_spelling() { usi_spelling_ = true; }
    // An option's name as this table's messages write it.
    std::string shown_name(const EngineOption& o) const;
    // `feature option="..."` lines for the options that have an XBoard name.
    std::vector<std::string> xboard_features() const;

    const std::vector<EngineOption>& options() const { return options_; }

private:
    std::vector<EngineOption> options_;
    bool usi_spelling_ = false;
};

// "Move Overhead" -> "moveoverhead": the form names are compared in.
std::string fold_option_name(std::string_view name);

// An option's name as USI hosts expect it, Fairy-Stockfish's spelling: no spaces (shoginet
// reads a name up to its first space, so they become underscores), and the options USI
// itself defines carry its prefix ("MultiPV" -> "USI_MultiPV", "Skill Level" -> "Skill_Level").
// Every option of the table is advertised so under USI and found by it; XBoard keeps its names.
std::string usi_spelling(std::string_view name);

}  // namespace shishi
