// Strength levels: the node caps and bonuses per level, the line collector, the choice and the
// search wrapper.
#include "shishi/search/skill.hpp"

#include <algorithm>

#include "shishi/core/movegen.hpp"
#include "shishi/core/splitmix.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/search/timeman.hpp"

namespace shishi {
namespace {

// The bonus range grows by 25 cp a level from SKILL_CHOICE_TOP down to 0 (25 cp at 9, 250 at
// 0), then by 50 a level (700 at -9, 1250 at -20, still below a Lion's 1800): below level -3
// the node cap is at its floor, so the bonus is what is left to make a level weaker.
constexpr int NOISE_PER_LEVEL = 25;
constexpr int NOISE_PER_NEGATIVE_LEVEL = 50;
// Lines: 2 at SKILL_CHOICE_TOP, one more every this many levels down (6 at -20).
constexpr int LEVELS_PER_LINE = 6;
// The share (percent) of random moves from SKILL_RANDOM_TOP (0) down to SKILL_MIN: at a host's
// node limit those levels all search at the 512-node floor (-10 and below at 32,000 nodes),
// where more lines and a bigger bonus did not make a level weaker (-15 beat -10 50-30). The
// first random moves cost the most (5 % a level: -15 scored 2-38 against -10, -20 7-33 against
// -15), so the share starts slowly and grows faster.
constexpr int RANDOM_PERCENT[SKILL_RANDOM_TOP - SKILL_MIN + 1] = {0, 1, 2, 3, 5, 6, 8, 9, 11, 13, 16};

bool full(int level) { return level >= SKILL_FULL; }

bool allowed(Move m, const SearchLimits& limits) {
    return std::none_of(limits.excluded.begin(), limits.excluded.end(), [&](Move x) { return x.same_as(m); });
}

// A legal move of pos (allowed by the limits) that captures the opponent's last royal.
Move last_royal_capture(Position& pos, const SearchLimits& limits) {
    const Color them = ~pos.side_to_move();
    if (pos.royal_count(them) == 0) return Move::none();
    MoveList captures;
    generate_captures(pos, captures);
    for (Move m : captures) {
        if (!allowed(m, limits)) continue;
        pos.make(m);
        const bool wins = pos.royal_count(them) == 0;
        pos.unmake();
        if (wins) return m;
    }
    return Move::none();
}

// Can the side to move capture a royal or a Lion of the other side (a Lion's double move counts
// its first victim too)?
bool threatens_royal_or_lion(const Position& pos) {
    MoveList captures;
    generate_captures(pos, captures);
    for (Move m : captures)
        for (Square sq : {m.to(), m.mid()}) {
            if (sq == NO_SQUARE) continue;
            const Piece p = pos.piece_on(sq);
            if (p != EMPTY && (is_royal(kind_of(p)) || is_lion(kind_of(p)))) return true;
        }
    return false;
}

// A legal move of pos, allowed by the limits, drawn uniformly from those after which the
// opponent cannot take a royal or a Lion; none if there is no such move.
Move random_safe_move(Position& pos, const SearchLimits& limits, uint64_t& state) {
    MoveList legal, safe;
    generate_legal(pos, legal);
    for (Move m : legal) {
        if (!allowed(m, limits)) continue;
        pos.make(m);
        const bool ok = !threatens_royal_or_lion(pos);
        pos.unmake();
        if (ok) safe.push(m);
    }
    if (safe.empty()) return Move::none();
    return safe[int(splitmix64(state) % uint64_t(safe.size()))];
}

}  // namespace

uint64_t skill_scale(uint64_t x, int level) {
    if (full(level)) return x;
    const int steps = SKILL_FULL - std::max(level, SKILL_MIN);
    // 2^(-1/4), 2^(-2/4), 2^(-3/4) in 256ths (within 0.1 %), split so x * 215 cannot overflow.
    constexpr uint64_t QUARTER[4] = {256, 215, 181, 152};
    const uint64_t q = QUARTER[steps % 4];
    return (x / 256 * q + x % 256 * q / 256) >> (steps / 4);
}

uint64_t skill_budget(uint64_t x, int level) {
    if (full(level)) return x;
    const uint64_t per_line = skill_scale(x, level), lines = uint64_t(skill_lines(level));
    // Every line costs about a whole search, so each gets the level's fraction; never above x
    // (and no overflow: the fraction times 6 lines is under a third of x).
    return per_line > x / lines ? x : per_line * lines;
}

uint64_t skill_node_cap(int level) {
    if (full(level)) return 0;
    const uint64_t unit = NODE_CHECK_INTERVAL;
    return std::max(unit, (skill_budget(SKILL_TOP_NODES, level) + unit / 2) / unit * unit);
}

int skill_lines(int level) {
    if (level > SKILL_CHOICE_TOP) return 1;
    return 2 + (SKILL_CHOICE_TOP - std::max(level, SKILL_MIN)) / LEVELS_PER_LINE;
}

int skill_noise_cp(int level) {
    if (level > SKILL_CHOICE_TOP) return 0;
    const int l = std::max(level, SKILL_MIN);
    return NOISE_PER_LEVEL * (SKILL_CHOICE_TOP + 1 - std::max(l, 0)) + NOISE_PER_NEGATIVE_LEVEL * std::max(-l, 0);
}

int skill_random_percent(int level) {
    if (level >= SKILL_RANDOM_TOP) return 0;
    return RANDOM_PERCENT[SKILL_RANDOM_TOP - std::max(level, SKILL_MIN)];
}

SearchLimits skill_limits(const SearchLimits& limits, int level, int game_ply) {
    SearchLimits l = limits;
    if (full(level)) return l;
    uint64_t nodes = skill_node_cap(level);
    // The host's node limit, scaled but kept a multiple of the interval and never above its own.
    if (limits.nodes)
        nodes = std::min(
            {nodes, limits.nodes,
             std::max<uint64_t>(NODE_CHECK_INTERVAL,
                                skill_budget(limits.nodes, level) / NODE_CHECK_INTERVAL * NODE_CHECK_INTERVAL)});
    l.nodes = nodes;
    if (limits.movetime_ms > 0) {
        l.movetime_ms = std::max<int64_t>(1, int64_t(skill_budget(uint64_t(limits.movetime_ms), level)));
    } else if (!limits.infinite) {
        // The clock's share as the full engine would spend it, scaled, as a fixed time: the level
        // thinks a fraction of what the full engine would, at any clock.
        const TimeBudget b = allocate_time(limits, game_ply);
        if (b.limited) l.movetime_ms = std::max<int64_t>(1, int64_t(skill_budget(uint64_t(b.soft_ms), level)));
    }
    l.multipv = std::max(l.multipv, skill_lines(level));
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
    const SearchLimits own = skill_limits(limits, level, std::max(0, pos.move_number() - 1));
    SearchInfo last;  // the last line the host was shown
    SearchResult result = searcher.search(pos, own, [&](const SearchInfo& info) {
        collector.add(info);
        if (on_info && info.multipv <= asked) {
            on_info(info);
            if (info.multipv == 1) last = info;
        }
    });
    // The move played is the first of the last line shown: a move the level plays instead of
    // the search's own is shown with its line's score, or (a random move outside the lines)
    // with the static evaluation at depth 0, as a search cut before its first iteration is.
    auto answer = [&](Move best, Move reply) {
        result.best = best;
        result.ponder = reply;
        if (!on_info || best.is_none() || (!last.pv.empty() && last.pv[0] == best)) return result;
        SearchInfo info = last;
        info.multipv = 1;
        info.nodes = searcher.nodes_searched();
        info.pv = {best};
        if (!reply.is_none()) info.pv.push_back(reply);
        const std::vector<SkillLine>& lines = collector.lines();
        const auto line = std::find_if(lines.begin(), lines.end(), [&](const SkillLine& l) { return l.move == best; });
        if (line != lines.end()) {
            info.score = line->score;
        } else {
            Position root = pos;
            prepare_evaluation(root);
            info.depth = info.seldepth = 0;
            info.score = evaluate(root);
        }
        on_info(info);
        return result;
    };
    if (const Move win = last_royal_capture(pos, limits); !win.is_none()) return answer(win, Move::none());
    const std::vector<SkillLine>& lines = collector.lines();
    // The random share: not when the search found a mate (either way), drawn from its own stream.
    const bool mate = !lines.empty() &&
        std::any_of(lines.begin(), lines.end(), [](const SkillLine& l) { return is_mate_score(l.score); });
    if (const int percent = skill_random_percent(level); percent > 0 && !mate && !is_mate_score(result.score)) {
        uint64_t state = skill_move_seed(game_seed, pos) ^ 0x52414E444F4D21ull;  // "RANDOM!"
        if (splitmix64(state) % 100 < uint64_t(percent)) {
            if (const Move m = random_safe_move(pos, limits, state); !m.is_none()) return answer(m, Move::none());
        }
    }
    // Without a bonus the search's own move (it may come from a last iteration cut short);
    // cut before one line: the search's own fallback.
    if (skill_noise_cp(level) <= 0 || lines.empty()) return result;
    const SkillLine& chosen = lines[skill_pick(lines, level, skill_move_seed(game_seed, pos))];
    return answer(chosen.move, chosen.reply);
}

}  // namespace shishi
