#include "shishi/match/knockout.hpp"

#include <cstdlib>
#include <random>
#include <sstream>

namespace shishi::match {
namespace {

// The bracket place of the engine ranked `rank` (1-based) in a bracket of `size` places: odd
// ranks stay in the upper half, even ranks go to the lower half, recursively, so the two best
// meet only in the final.
int seed_place(int rank, int size) {
    if (rank <= 1) return 0;
    if (rank % 2 == 0) return size / 2 + seed_place(rank / 2, size / 2);
    return seed_place(rank / 2 + 1, size / 2);
}

std::string half_points(int h) {
    std::string s = std::to_string(h / 2);
    return h % 2 ? s + ".5" : s;
}

}  // namespace

namespace {

// The engines from the highest seed to the lowest: the seeded in order, then the rest drawn.
std::vector<int> ranked_engines(int engine_count, int seeds, uint64_t random_seed) {
    const int seeded = std::min(std::max(seeds, 0), engine_count);
    std::vector<int> ranked;
    for (int i = 0; i < seeded; ++i)
        ranked.push_back(i);
    std::vector<int> rest;
    for (int i = seeded; i < engine_count; ++i)
        rest.push_back(i);
    std::mt19937_64 rng(random_seed ^ 0x6B0Cull);  // the same draw on every machine
    while (!rest.empty()) {
        const size_t k = size_t(rng() % rest.size());
        ranked.push_back(rest[k]);
        rest.erase(rest.begin() + long(k));
    }
    return ranked;
}

}  // namespace

std::vector<int> knockout_ranks(int engine_count, int seeds, uint64_t random_seed) {
    const std::vector<int> ranked = ranked_engines(engine_count, seeds, random_seed);
    std::vector<int> rank(size_t(engine_count), 0);
    for (size_t i = 0; i < ranked.size(); ++i)
        rank[size_t(ranked[i])] = int(i) + 1;
    return rank;
}

std::vector<int> knockout_bracket(int engine_count, int seeds, uint64_t random_seed) {
    int size = 2;
    while (size < engine_count)
        size *= 2;
    const std::vector<int> ranked = ranked_engines(engine_count, seeds, random_seed);
    std::vector<int> places(size_t(size), -1);
    int byes = 0;
    for (int i = 0; i < size; ++i) {
        const int place = seed_place(i + 1, size);
        if (i < engine_count) {
            places[size_t(place)] = ranked[size_t(i)];
        } else {
            // A bye faces the best seed still without one: the bye takes that seed's
            // opponent's place, and the opponent moves to the bye's place.
            const int opponent = seed_place(++byes, size) + 1;
            places[size_t(place)] = places[size_t(opponent)];
            places[size_t(opponent)] = -1;
        }
    }
    return places;
}

bool Encounter::capped(int planned) const { return !bye() && played >= planned + 2 * KNOCKOUT_EXTRA_PAIRS; }

bool Encounter::needs_more_games(int planned) const {
    if (bye() || capped(planned)) return false;
    if (std::max(a_half, b_half) <= planned) return true;
    const int min_lead = planned % 2 == 0 ? 3 : 1;
    const int lead = std::abs(a_half - b_half);
    if (lead >= min_lead) return false;
    if (min_lead == 1 || lead == 0) return true;
    return played % 2 != 0;  // an even encounter is extended by pairs of games
}

void Encounter::add(bool a_won, bool draw) {
    ++played;
    if (draw) {
        ++a_half;
        ++b_half;
    } else {
        (a_won ? a_half : b_half) += 2;
    }
}

std::vector<Encounter> first_round(const std::vector<int>& bracket) {
    std::vector<Encounter> round;
    for (size_t i = 0; i + 1 < bracket.size(); i += 2) {
        Encounter e;
        e.a = bracket[i] >= 0 ? bracket[i] : bracket[i + 1];
        e.b = bracket[i] >= 0 ? bracket[i + 1] : -1;
        round.push_back(e);
    }
    return round;
}

std::vector<Encounter> next_round(const std::vector<Encounter>& round) {
    std::vector<Encounter> next;
    if (round.size() < 2) return next;
    for (size_t i = 0; i + 1 < round.size(); i += 2) {
        Encounter e;
        e.a = round[i].leader();
        e.b = round[i + 1].leader();
        next.push_back(e);
    }
    return next;
}

std::string knockout_report(const std::vector<std::vector<Encounter>>& rounds, const std::vector<std::string>& names,
                            int planned) {
    std::ostringstream out;
    for (size_t r = 0; r < rounds.size(); ++r) {
        out << (rounds[r].size() == 1 ? std::string("Final") : "Round " + std::to_string(r + 1)) << ":";
        for (size_t i = 0; i < rounds[r].size(); ++i) {
            const Encounter& e = rounds[r][i];
            out << (i ? ";" : "") << " " << names[size_t(e.a)];
            if (e.bye()) {
                out << " bye";
                continue;
            }
            out << " " << half_points(e.a_half) << "-" << half_points(e.b_half) << " " << names[size_t(e.b)] << " ("
                << e.played << " game" << (e.played == 1 ? "" : "s") << ")";
        }
        out << "\n";
    }
    if (!rounds.empty() && rounds.back().size() == 1 && !rounds.back()[0].needs_more_games(planned))
        out << "Winner: " << names[size_t(rounds.back()[0].leader())] << "\n";
    return out.str();
}

}  // namespace shishi::match
