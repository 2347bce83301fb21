// Strength levels (the Skill Level option, -20..20 as Fairy-Stockfish's): a weaker player made
// from the same search. Below SKILL_FULL a level L, s = SKILL_FULL - L steps down,
// - searches a fraction 2^(-s/4) of what the host's limits allow: of a node limit (`go nodes`),
//   of a fixed time (movetime), and of the clock's share (allocated as the full engine would,
//   then given as a fixed time), so each level has about 1.19 times the search of the one below
//   at any clock, and level 19 is the full engine with 84 % of its search, not a cliff below it
//   (Chu Shogi at a few thousand nodes loses about 200 Elo to 0.7 times the nodes, measured);
// - and never more than the same share of SKILL_TOP_NODES (skill_node_cap: 1,761,280 nodes
//   at 19, 196,608 at 0 (three lines), 12,288 at -20 (six)), so a weak level stays weak at a
//   long clock and plays the same whatever the machine's speed when the cap ends its search;
// - from level SKILL_CHOICE_TOP down, searches skill_lines(L) root lines (MultiPV) and plays the
//   line whose score plus a random bonus in [0, skill_noise_cp(L)) is highest: 25 cp more per
//   level down, 1250 cp at -20 (less than a Lion's 1800, so a line the search sees losing the
//   Lion or the King is not chosen while one that far better exists); above it the level plays
//   its search's move (extra lines would cost it about a ply). Every root line costs about a
//   whole search, so each line gets the level's fraction: the limits above are multiplied by
//   the number of lines (skill_budget), and the search per line keeps rising by 1.19 a level
//   across the switch from one line to two (when each level's total was its fraction, level 9
//   scored 5-35 against 10 at the same node limit);
// - below SKILL_RANDOM_TOP, plays skill_random_percent(L) of its moves at random, drawn from
//   the legal moves after which the opponent cannot take a royal or a Lion: 5 % at -11, 50 % at
//   -20 (at a host node limit these levels all search at the node floor, where more lines and
//   a bigger bonus did not order them: -15 beat -10 50-30 at 32,000 nodes);
// - always plays a winning mate line, and a capture of the opponent's last royal, as found.
// Every level answers within the host's clock: it only ever searches less. The randomness comes
// from a game seed and the position's key: the same seed replays the same choices (tests), a
// new seed per game makes games differ. SKILL_FULL is the plain search.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "shishi/core/position.hpp"
#include "shishi/search/search.hpp"

namespace shishi {

constexpr int SKILL_MIN = -20;
constexpr int SKILL_FULL = 20;  // the default: full strength, no change to the search
constexpr int SKILL_CHOICE_TOP = 9;  // the highest level that chooses among several lines
constexpr int SKILL_RANDOM_TOP = -10;  // below it a share of the moves is random (safe ones)
// The search the node caps are fractions of: about two seconds of the full engine on one core,
// what lishogi gives its strongest AI level (movetime 2000).
constexpr uint64_t SKILL_TOP_NODES = uint64_t(1) << 21;

// x scaled by the level's fraction 2^(-(SKILL_FULL - level)/4) (rounded down; the quarter
// steps in 256ths); x itself at full strength.
uint64_t skill_scale(uint64_t x, int level);
// The whole search a level gets of x (a node limit, a time): skill_scale(x, level) for each of
// its skill_lines(level) root lines, never more than x; x itself at full strength.
uint64_t skill_budget(uint64_t x, int level);
// The node cap of a search at `level` (< SKILL_FULL): skill_budget(SKILL_TOP_NODES), rounded
// to the nearest multiple of NODE_CHECK_INTERVAL (so a single-threaded search stops exactly there),
// at least one interval; 0 (no cap) at full strength.
uint64_t skill_node_cap(int level);
// Root lines searched at `level`: 1 above SKILL_CHOICE_TOP, 2 at it, one more every 6 levels down.
int skill_lines(int level);
// The largest random bonus (centipawns) a line gets at `level`; 0 above SKILL_CHOICE_TOP.
int skill_noise_cp(int level);

// The share (percent) of a level's moves played at random among the safe ones: 0 from
// SKILL_RANDOM_TOP up, 5 more a level below it, 50 at -20.
int skill_random_percent(int level);

// The limits of a search at `level`: a node limit of the smaller of the node cap and the
// skill_budget of the host node limit (never above the host's own), the budget of the movetime,
// or in place of a clock a fixed time of the budget of the share allocate_time() gives it
// (game_ply as there; not for an infinite search), and at least skill_lines(level) lines.
// Unchanged at full strength.
SearchLimits skill_limits(const SearchLimits& limits, int level, int game_ply = 0);

// One root line of the last iteration the search reported.
struct SkillLine {
    Move move;
    Move reply;  // expected answer, or none
    int score = 0;
};

// Which of `lines` (not empty; any order) to play at `level`, deterministic in `seed`: the
// highest score + bonus, the bonus drawn per line from [0, skill_noise_cp(level)); the best
// line when its score is a mate score or the level has no bonus.
size_t skill_pick(const std::vector<SkillLine>& lines, int level, uint64_t seed);

// The lines of the deepest iteration reported in full, from the searcher's on_info calls
// (collect every call, then take lines()).
class SkillLineCollector {
public:
    void add(const SearchInfo& info);
    const std::vector<SkillLine>& lines() const;

private:
    int depth_ = 0;
    std::vector<SkillLine> current_;  // lines reported at depth_
    std::vector<SkillLine> previous_;  // the last depth before it
};

// The seed of one move's choice: a game seed mixed with the position's key.
uint64_t skill_move_seed(uint64_t game_seed, const Position& pos);

// A search at `level`: at full strength searcher.search(pos, limits, on_info) exactly. Below
// it, the search under skill_limits, then (below SKILL_RANDOM_TOP, unless the search found a
// mate) a random safe move for the level's share, else (with a bonus) the choice among its lines, and a
// capture of the opponent's last royal if the root has one the limits allow, whatever the
// search found; result.best and result.ponder are the chosen line's, the score stays the
// search's best.
// on_info sees only the lines the caller asked for (limits.multipv).
SearchResult search_at_level(Searcher& searcher, Position& pos, const SearchLimits& limits, int level,
                             uint64_t game_seed, const std::function<void(const SearchInfo&)>& on_info = {});

}  // namespace shishi
