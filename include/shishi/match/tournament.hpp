// The shape of a run: which engines meet (round robin or gauntlet), in which order the games are
// played, and the results per pairing and per engine (cross table, ranking with Elo).
//
// Every pairing plays `games` games; games 2k and 2k+1 of a pairing share opening k with colours
// reversed (the first engine of the pairing is White in the even one; see Colours for
// -noswap and -reverse). Games are played round by
// round: both games of opening k for every pairing before opening k+1, so an interrupted run
// has played every pairing about equally. A two-engine match is the one-pairing schedule.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "shishi/match/pentanomial.hpp"
#include "shishi/match/stats.hpp"

namespace shishi::match {

// The --tournament choice; each kind is a class of tournament_kinds.hpp. KNOCKOUT has no fixed
// schedule (the bracket follows the results).
enum class TournamentKind { ROUND_ROBIN, GAUNTLET, KNOCKOUT };
std::optional<TournamentKind> parse_tournament(const std::string& text);

struct Pairing {
    int a = 0, b = 0;  // engine indices; scores of the pairing are from a's view
};
// The pairs of a fixed schedule: round robin, every engine against every other (0-1, 0-2, ...,
// 1-2, ...); gauntlet, engine 0 against each of the others (tournament_kinds.hpp's classes).
std::vector<Pairing> make_pairings(int engine_count, TournamentKind kind);

// Who gets White in a pairing's games (cutechess-cli's -noswap and -reverse): by default the
// pairing's first engine in the first game of each pair and the second engine in the other;
// `swap` false keeps the colours of the first game for both; `reverse` gives the first game's
// White to the pairing's second engine.
struct Colours {
    bool swap = true;
    bool reverse = false;
    bool operator==(const Colours&) const = default;
};

struct GameSlot {
    int pairing = 0;
    int game = 0;  // within the pairing, 0-based
    int white = 0, black = 0;
    int opening = 0;  // game / 2: the opening (and the game pair) within the pairing
    bool a_white = true;  // the pairing's first engine plays White
    bool a_is_white() const { return a_white; }
};

class Schedule {
public:
    Schedule(std::vector<Pairing> pairings, int games_per_pairing, Colours colours = {});
    const Colours& colours() const { return colours_; }
    int total() const { return int(pairings_.size()) * games_; }
    int games_per_pairing() const { return games_; }
    // The game with 0-based index `index` of the whole run (0 <= index < total()).
    GameSlot slot(int index) const;
    const std::vector<Pairing>& pairings() const { return pairings_; }

private:
    std::vector<Pairing> pairings_;
    int games_;
    Colours colours_;
};

// A slice of the schedule for runs spread over machines (--shard i/n): shard i of n plays the
// game pairs k (games 2k and 2k+1 of the run) with k % n == i - 1, so every shard gets whole
// pairs, about the same number of games of each pairing, and the same games, openings and
// colours wherever it runs. The whole run is shard 1/1.
struct Shard {
    int index = 1, count = 1;
    bool contains(int game_index) const { return (game_index / 2) % count == index - 1; }
    int games(const Schedule& s) const;  // how many of the schedule's games are in this slice
    bool whole() const { return count == 1; }
};
// "i/n" with 1 <= i <= n; nullopt otherwise.
std::optional<Shard> parse_shard(const std::string& text);

struct PairingResults {
    Score score;  // from the pairing's first engine's view
    Pentanomial penta;  // complete game pairs only
    std::map<int, double> half_pairs;  // opening -> a's points in the one game finished so far
};

class Standings {
public:
    Standings(int engine_count, const Schedule& schedule);
    // A finished game: white_score is 1, 0.5 or 0.
    void add(const GameSlot& slot, double white_score);
    const PairingResults& pairing(int index) const { return pairings_[size_t(index)]; }
    // EngineProcess e's score against all its opponents.
    Score engine_score(int e) const;
    // EngineProcess e's points (wins + draws/2) against engine f, and the games they played.
    double points(int e, int f, int& games) const;
    int games() const { return games_; }

    // "Rank Name Elo +/- Games Score Draws", best score first; Elo from each engine's score
    // against the field.
    std::string ranking(const std::vector<std::string>& names) const;
    // Points of the row engine against each column engine ("-" where they do not meet).
    std::string cross_table(const std::vector<std::string>& names) const;

private:
    bool meet(int e, int f) const;  // is there a pairing of e and f?

    const Schedule& schedule_;
    int engines_;
    std::vector<PairingResults> pairings_;
    int games_ = 0;
};

}  // namespace shishi::match
