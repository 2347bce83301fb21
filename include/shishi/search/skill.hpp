// Strength levels (the Skill Level option): a weaker player made from the same search.
// Below SKILL_FULL a level
// - caps the nodes of every search (skill_node_cap: 512 at level 0, then about x1.41 a level),
//   on top of the clock, so a weak level never thinks longer than the full engine would;
// - searches at least SKILL_LINES root lines (MultiPV) and plays the line whose score plus a
//   random bonus in [0, skill_noise_cp(level)) is highest. A line more than that below the best
//   is never played, so a move the search sees losing a Lion (or the King) is not chosen while
//   a better one exists;
// - always plays a winning mate line, and a capture of the opponent's last royal, as found.
// The randomness comes from a game seed and the position's key: the same seed replays the same
// choices (tests), a new seed per game makes games differ. SKILL_FULL is the plain search.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "shishi/core/position.hpp"
#include "shishi/search/search.hpp"

namespace shishi {

constexpr int SKILL_MIN = 0;
constexpr int SKILL_FULL = 20;   // the default: full strength, no change to the search
constexpr int SKILL_LINES = 4;   // root lines searched below full strength

// The node cap of a search at `level` (< SKILL_FULL), a multiple of NODE_CHECK_INTERVAL so a
// single-threaded search stops exactly there; 0 (no cap) at full strength.
uint64_t skill_node_cap(int level);
// The largest random bonus (centipawns) a line gets at `level`; 0 at full strength.
int skill_noise_cp(int level);

// The limits of a search at `level`: the node cap (the smaller one if the limits have their
// own) and at least SKILL_LINES lines. Unchanged at full strength.
SearchLimits skill_limits(const SearchLimits& limits, int level);

// One root line of the last iteration the search reported.
struct SkillLine {
    Move move;
    Move reply;       // expected answer, or none
    int score = 0;
};

// Which of `lines` (not empty; any order) to play at `level`, deterministic in `seed`: the
// highest score + bonus, the bonus drawn per line from [0, skill_noise_cp(level)); the best
// line when its score is a mate score or at full strength.
size_t skill_pick(const std::vector<SkillLine>& lines, int level, uint64_t seed);

// The lines of the deepest iteration reported in full, from the searcher's on_info calls
// (collect every call, then take lines()).
class SkillLineCollector {
public:
    void add(const SearchInfo& info);
    const std::vector<SkillLine>& lines() const;

private:
    int depth_ = 0;
    std::vector<SkillLine> current_;   // lines reported at depth_
    std::vector<SkillLine> previous_;  // the last depth before it
};

// The seed of one move's choice: a game seed mixed with the position's key.
uint64_t skill_move_seed(uint64_t game_seed, const Position& pos);

// A search at `level`: at full strength searcher.search(pos, limits, on_info) exactly. Below
// it, the search under skill_limits, then the choice among its lines (a capture of the
// opponent's last royal, if the root has one the limits allow, whatever the search found);
// result.best and result.ponder are the chosen line's, the score stays the search's best.
// on_info sees only the lines the caller asked for (limits.multipv).
SearchResult search_at_level(Searcher& searcher, Position& pos, const SearchLimits& limits, int level,
                             uint64_t game_seed, const std::function<void(const SearchInfo&)>& on_info = {});

}  // namespace shishi
