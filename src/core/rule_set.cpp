// The presets, and the store that gives every rule set in use a lifetime as long as the
// program (a Position points at one). Rule sets are few (the presets and the variations a user
// chose), so the store is a short list searched under a lock, outside any hot path.
#include "shishi/core/rule_set.hpp"

#include <deque>
#include <mutex>

#include "shishi/core/text_compare.hpp"

namespace shishi {
namespace {

// XBoard's default -ruleMoves is 51 (args.h), counted as 2 x 51 plies (backend.c, Adjudicate).
constexpr int XBOARD_RULE_PLIES = 2 * 51;

// The presets: rows of values (a field not named keeps the book's value, RuleSet's default).
struct PresetRow {
    const char* name;
    RuleSet rules;
};
const PresetRow PRESETS[] = {
    {"book", RuleSet{}},
    {"xboard",
     RuleSet{.preset = RulePreset::XBOARD, .host_mate_test = true, .reversible_ply_limit = XBOARD_RULE_PLIES}},
    // shogiops src/variant/chushogi.ts and scalashogi src/main/scala/variant/Chushogi.scala.
    {"lishogi",
     RuleSet{.preset = RulePreset::LISHOGI,
             .lance_promotes_on_last_rank = true,
             .lion_victim_protects = true,
             .repetition = RepetitionRule::LISHOGI,
             .bare_king = BareKingRule::LISHOGI,
             .sfen_counter_strike_at_capture = true}},
};

const PresetRow& row(RulePreset p) {
    for (const PresetRow& r : PRESETS)
        if (r.rules.preset == p) return r;
    return PRESETS[0];
}

}  // namespace

// Looked up once: a Position starts with the book's rules, so this runs for every new Position.
const RuleSet& book_rules() {
    static const RuleSet& r = stable(row(RulePreset::BOOK).rules);
    return r;
}
const RuleSet& xboard_rules() {
    static const RuleSet& r = stable(row(RulePreset::XBOARD).rules);
    return r;
}
const RuleSet& lishogi_rules() {
    static const RuleSet& r = stable(row(RulePreset::LISHOGI).rules);
    return r;
}

const RuleSet& preset_rules(RulePreset p) {
    switch (p) {
        case RulePreset::XBOARD: return xboard_rules();
        case RulePreset::LISHOGI: return lishogi_rules();
        case RulePreset::BOOK: break;
    }
    return book_rules();
}

const char* preset_name(RulePreset p) { return row(p).name; }

const std::vector<std::string>& preset_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const PresetRow& r : PRESETS)
            v.emplace_back(r.name);
        return v;
    }();
    return names;
}

const RuleSet* find_rule_preset(std::string_view name) {
    for (const PresetRow& r : PRESETS)
        if (same_text(name, r.name)) return &preset_rules(r.rules.preset);
    return nullptr;
}

RuleSet accepting(const RuleSet& r) {
    RuleSet widest = r;
    widest.lance_promotes_on_last_rank = true;
    widest.lion_victim_protects = false;
    return widest;
}

const RuleSet& stable(const RuleSet& r) {
    static std::mutex mutex;
    static std::deque<RuleSet> store;  // a deque never moves its elements
    std::lock_guard<std::mutex> lock(mutex);
    for (const RuleSet& x : store)
        if (x == r) return x;
    return store.emplace_back(r);
}

}  // namespace shishi
