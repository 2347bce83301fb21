// The presets, and the store that gives every rule set in use a lifetime as long as the
// program (a Position points at one). Rule sets are few (the presets and the variations a user
// chose), so the store is a short list searched under a lock, outside any hot path.
#include "shishi/core/rule_set.hpp"

#include <deque>
#include <mutex>

#include "shishi/core/text_compare.hpp"

namespace shishi {
namespace {

RuleSet make_book() { return RuleSet{}; }

// XBoard's default -ruleMoves is 51 (args.h), counted as 2 x 51 plies (backend.c, Adjudicate).
constexpr int XBOARD_RULE_PLIES = 2 * 51;

RuleSet make_xboard() {
    RuleSet r = make_book();
    r.preset = RulePreset::XBOARD;
    r.host_mate_test = true;
    r.reversible_ply_limit = XBOARD_RULE_PLIES;
    return r;
}

// shogiops src/variant/chushogi.ts and scalashogi src/main/scala/variant/Chushogi.scala.
RuleSet make_lishogi() {
    RuleSet r = make_book();
    r.preset = RulePreset::LISHOGI;
    r.lance_promotes_on_last_rank = true;
    r.lion_victim_protects = true;
    r.repetition = RepetitionRule::LISHOGI;
    r.bare_king = BareKingRule::LISHOGI;
    r.sfen_counter_strike_at_capture = true;
    return r;
}

}  // namespace

// Looked up once: a Position starts with the book's rules, so this runs for every new Position.
const RuleSet& book_rules() {
    static const RuleSet& r = stable(make_book());
    return r;
}
const RuleSet& xboard_rules() {
    static const RuleSet& r = stable(make_xboard());
    return r;
}
const RuleSet& lishogi_rules() {
    static const RuleSet& r = stable(make_lishogi());
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

const char* preset_name(RulePreset p) {
    switch (p) {
        case RulePreset::XBOARD: return "xboard";
        case RulePreset::LISHOGI: return "lishogi";
        case RulePreset::BOOK: break;
    }
    return "book";
}

const std::vector<std::string>& preset_names() {
    static const std::vector<std::string> names{"book", "xboard", "lishogi"};
    return names;
}

const RuleSet* find_rule_preset(std::string_view name) {
    for (RulePreset p : {RulePreset::BOOK, RulePreset::XBOARD, RulePreset::LISHOGI})
        if (same_text(name, preset_name(p))) return &preset_rules(p);
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
