// Knockout tournaments with cutechess-cli's rules (-tournament knockout, -seeds N): the bracket
// is the next power of two of the engine count; the first N engines are seeded in order, the
// rest drawn by --seed; a seed's place follows the usual bracket order (1 and 2 meet only in the
// final); byes go to the top seeds. An encounter plays the planned games and then more until one
// engine leads clearly (see Encounter::needs_more_games), but at most KNOCKOUT_EXTRA_PAIRS
// pairs of games more: then the leader advances, and on a tie the higher seed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace shishi::match {

// EngineProcess indices in bracket order, size the next power of two >= engine_count (at least 2);
// -1 is a bye. Places 2k and 2k+1 meet in the first round.
std::vector<int> knockout_bracket(int engine_count, int seeds, uint64_t random_seed);
// Each engine's seed (1 the highest): the first `seeds` engines in order, the rest as drawn.
std::vector<int> knockout_ranks(int engine_count, int seeds, uint64_t random_seed);

// Extra games of an undecided encounter: at most this many pairs beyond the planned games.
constexpr int KNOCKOUT_EXTRA_PAIRS = 10;

struct Encounter {
    int a = -1, b = -1;  // b == -1: a bye, a advances without a game
    int a_half = 0, b_half = 0;  // points in half points (a win 2, a draw 1)
    int played = 0;
    int a_rank = 0, b_rank = 0;  // seeds (1 the highest); 0: unknown, a counts as the higher
    bool bye() const { return b < 0; }
    // cutechess's rule: more games while the leader has at most half the planned games' points,
    // or its lead is below one game (odd planned count) or one and a half games (even count;
    // then extra games are played in pairs).
    // Never beyond planned + 2 * KNOCKOUT_EXTRA_PAIRS games.
    bool needs_more_games(int planned) const;
    // Ended by the cap on extra games rather than by a clear lead.
    bool capped(int planned) const;
    // Ahead on points; on a tie the higher seed.
    int leader() const {
        if (bye() || a_half > b_half) return a;
        if (b_half > a_half) return b;
        return b_rank > 0 && b_rank < a_rank ? b : a;
    }
    void add(bool a_won, bool draw);
};

// The encounters of the first round, from the bracket.
std::vector<Encounter> first_round(const std::vector<int>& bracket);
// The next round: the leaders of `round`, paired in bracket order (empty after the final).
std::vector<Encounter> next_round(const std::vector<Encounter>& round);

// The bracket as text: one line per round, "A 1.5-0.5 B (2 games)" per encounter ("A bye"), then
// the winner once the final is decided (`planned`: the games per encounter).
std::string knockout_report(const std::vector<std::vector<Encounter>>& rounds, const std::vector<std::string>& names,
                            int planned);

}  // namespace shishi::match
