// Each kind of tournament is a class behind one interface, as cutechess's tournaments are: it
// answers which pairs play next and takes each game's result back. The runner chooses the class
// once from the options (make_tournament) and asks it, without branching on the kind.
//
// Round robin and gauntlet have a fixed list of pairs, known before any game: the runner plays
// them by the Schedule (tournament.hpp), which --shard, --resume, merge, --json, --plot and
// --epd need. A knockout hands out one round of encounters at a time, each played until it is
// decided (knockout.hpp), and the next round once the results say who advances.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "shishi/match/knockout.hpp"
#include "shishi/match/tournament.hpp"

namespace shishi::match {

class Tournament {
public:
    virtual ~Tournament() = default;

    // Is every pair known before the first game (the runner then plays them by a Schedule)?
    virtual bool fixed_schedule() const = 0;
    // The first word(s) of the run's first line: "Round robin", "Gauntlet", "Match" (two engines).
    virtual std::string title(int engine_count) const = 0;
    // The pairs to play next, in order: a fixed schedule's every pairing, or a knockout's next
    // round with a game to play. Empty once the tournament is over.
    virtual std::vector<Pairing> next_pairs() = 0;
    // Does pair `pair` of the last next_pairs() need another game? (A fixed schedule's games are
    // counted by the Schedule: never.)
    virtual bool needs_more_games(size_t) const { return false; }
    // A game of pair `pair` of the last next_pairs() finished: won by its first engine, drawn, or
    // lost. Pairs are independent: results of different pairs may come from different threads.
    virtual void add_result(size_t, bool /*first_won*/, bool /*draw*/) {}
    // A line about how pair `pair` ended when not by its results alone (a knockout's cap on
    // extra games); empty otherwise.
    virtual std::string ending_note(size_t, const std::vector<std::string>&) const { return ""; }
    // The tournament's own table at the end (a knockout's bracket); empty when the tally's
    // report says everything.
    virtual std::string report(const std::vector<std::string>&) const { return ""; }
};

// Every engine against every other: 0-1, 0-2, ..., 1-2, ...
class RoundRobinTournament : public Tournament {
public:
    explicit RoundRobinTournament(int engine_count) : engines_(engine_count) {}
    bool fixed_schedule() const override { return true; }
    std::string title(int engine_count) const override { return engine_count == 2 ? "Match" : "Round robin"; }
    std::vector<Pairing> next_pairs() override;

private:
    int engines_;
    bool given_ = false;
};

// The first engine against each of the others.
class GauntletTournament : public Tournament {
public:
    explicit GauntletTournament(int engine_count) : engines_(engine_count) {}
    bool fixed_schedule() const override { return true; }
    std::string title(int engine_count) const override { return engine_count == 2 ? "Match" : "Gauntlet"; }
    std::vector<Pairing> next_pairs() override;

private:
    int engines_;
    bool given_ = false;
};

// cutechess's knockout: the seeded bracket, an encounter played until it is decided (at most
// KNOCKOUT_EXTRA_PAIRS pairs of games beyond the planned ones), its leader advancing.
class KnockoutTournament : public Tournament {
public:
    KnockoutTournament(int engine_count, int games, int seeds, uint64_t random_seed);
    bool fixed_schedule() const override { return false; }
    std::string title(int) const override { return "Knockout"; }
    std::vector<Pairing> next_pairs() override;
    bool needs_more_games(size_t pair) const override;
    void add_result(size_t pair, bool first_won, bool draw) override;
    std::string ending_note(size_t pair, const std::vector<std::string>& names) const override;
    std::string report(const std::vector<std::string>& names) const override;
    // The encounter of pair `pair` of the last next_pairs().
    const Encounter& encounter(size_t pair) const { return rounds_.back()[playing_[pair]]; }

private:
    void set_ranks(std::vector<Encounter>& round) const;

    int games_;
    std::vector<int> rank_;  // each engine's seed
    std::vector<std::vector<Encounter>> rounds_;  // the rounds so far, the current one last
    std::vector<size_t> playing_;  // the current round's encounters with games
    bool started_ = false;
};

// The class of `kind`, for engine_count engines; `games`, `seeds` and `random_seed` (--games,
// --seeds, --seed) shape a knockout.
std::unique_ptr<Tournament> make_tournament(TournamentKind kind, int engine_count, int games = 1, int seeds = 0,
                                            uint64_t random_seed = 1);

}  // namespace shishi::match
