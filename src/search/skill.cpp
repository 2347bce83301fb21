// Strength levels: the node caps and bonuses per level, the line collector, the choice and the
// search wrapper.
#include "shishi/search/skill.hpp"

#include <algorithm>
#include <array>

#include "shishi/core/movegen.hpp"

namespace shishi {
namespace {

// Node caps in units of NODE_CHECK_INTERVAL: doubling from level 0 to 1, then about x1.41 a
// level (twice the nodes every two levels), up to 1024 units (524288 nodes, about half a
// second at the bench's speed) at level 19.
constexpr std::array<uint64_t, SKILL_FULL> CAP_UNITS = {1,  2,  3,   4,   6,   8,   11,  16,  23,  32,
                                                        45, 64, 91, 128, 181, 256, 362, 512, 724, 1024};
// The bonus range grows by 15 cp a level below full strength: 15 cp at level 19, 300 cp (a
// minor piece, far less than a Lion's 1800) at level 0.
constexpr int NOISE_PER_LEVEL = 15;

bool full(int level) { return level >= SKILL_FULL; }

uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// A legal move of pos (allowed by the limits) that captures the opponent's last royal.
Move last_royal_capture(Position& pos, const SearchLimits& limits) {
    const Color them = ~pos.side_to_move();
    if (pos.royal_count(them) == 0) return Move::none();
    MoveList captures;
    generate_captures(pos, captures);
    for (Move m : captures) {
        if (std::any_of(limits.excluded.begin(), limits.excluded.end(), [&](Move x) { return x.same_as(m); }))
            continue;
        pos.make(m);
        const bool wins = pos.royal_count(them) == 0;
        pos.unmake();
        if (wins) return m;
    }
    return Move::none();
}

}  // namespace

uint64_t skill_node_cap(int level) {
    if (full(level)) return 0;
    return CAP_UNITS[size_t(std::clamp(level, SKILL_MIN, SKILL_FULL - 1))] * NODE_CHECK_INTERVAL;
}

int skill_noise_cp(int level) {
    if (full(level)) return 0;
    return NOISE_PER_LEVEL * (SKILL_FULL - std::max(level, SKILL_MIN));
}

SearchLimits skill_limits(const SearchLimits& limits, int level) {
    SearchLimits l = limits;
    if (full(level)) return l;
    const uint64_t cap = skill_node_cap(level);
    l.nodes = l.nodes ? std::min(l.nodes, cap) : cap;
    l.multipv = std::max(l.multipv, SKILL_LINES);
    return l;
}

size_t skill_pick(const std::vector<SkillLine>& lines, int level, uint64_t seed) {
    size_t top = 0;
    for (size_t i = 1; i < lines.size(); ++i)
        if (lines[i].score > lines[top].score) top = i;
    const int noise = skill_noise_cp(level);
    if (noise <= 0 || is_mate_score(lines[top].score)) return top;
    uint64_t state = seed;
    size_t chosen = top;
    int64_t chosen_value = -1'000'000;
    for (size_t i = 0; i < lines.size(); ++i) {
        const int64_t value = lines[i].score + int64_t(splitmix64(state) % uint64_t(noise));
        // Ties go to the better line.
        if (value > chosen_value || (value == chosen_value && lines[i].score > lines[chosen].score)) {
            chosen = i;
            chosen_value = value;
        }
    }
    return chosen;
}

void SkillLineCollector::add(const SearchInfo& info) {
    if (info.pv.empty()) return;
    if (info.depth != depth_) {
        // A new iteration: the one before it was reported in full.
        if (!current_.empty()) previous_ = std::move(current_);
        current_.clear();
        depth_ = info.depth;
    }
    SkillLine line;
    line.move = info.pv[0];
    line.reply = info.pv.size() > 1 ? info.pv[1] : Move::none();
    line.score = info.score;
    current_.push_back(line);
}

const std::vector<SkillLine>& SkillLineCollector::lines() const {
    // The last iteration, unless it was cut before all its lines were found.
    return current_.size() >= previous_.size() ? current_ : previous_;
}

uint64_t skill_move_seed(uint64_t game_seed, const Position& pos) {
    uint64_t state = game_seed ^ pos.key();
    return splitmix64(state);
}

SearchResult search_at_level(Searcher& searcher, Position& pos, const SearchLimits& limits, int level,
                             uint64_t game_seed, const std::function<void(const SearchInfo&)>& on_info) {
    if (full(level)) return searcher.search(pos, limits, on_info);
    SkillLineCollector collector;
    const int asked = limits.multipv;
    SearchResult result = searcher.search(pos, skill_limits(limits, level), [&](const SearchInfo& info) {
        collector.add(info);
        if (on_info && info.multipv <= asked) on_info(info);
    });
    if (const Move win = last_royal_capture(pos, limits); !win.is_none()) {
        result.best = win;
        result.ponder = Move::none();
        return result;
    }
    const std::vector<SkillLine>& lines = collector.lines();
    if (lines.empty()) return result;  // cut before one line: the search's own fallback
    const SkillLine& chosen = lines[skill_pick(lines, level, skill_move_seed(game_seed, pos))];
    result.best = chosen.move;
    result.ponder = chosen.reply;
    return result;
}

}  // namespace shishi
