// Self-play games for training the learned evaluation (`shishi gensfen`): varied starts (an
// opening line and random plies), each move searched at a fixed node or depth budget, every
// position's score kept with the game's result in the .sgames format (training_data.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "shishi/core/rule_set.hpp"
#include "shishi/tools/training_data.hpp"

namespace shishi {

class Searcher;

struct SelfplayOptions {
    uint64_t seed = 1;
    int games = 100;  // games of the whole run, over all shards
    int shard = 1, shards = 1;  // this process plays games g with g % shards == shard - 1
    uint64_t nodes = 5120;  // search budget per move (0: none)
    int depth = 0;  // depth limit per move (0: none)
    int random_plies = 8;  // random legal moves after the opening line
    std::vector<std::vector<std::string>> openings;  // XBoard move lists from the start
    int max_plies = 400;  // a game this long is a draw
    int adjudicate_cp = 3000;  // both sides' searches agree on a lead this large ...
    int adjudicate_plies = 4;  // ... for this many plies in a row: the leader wins
    int min_ply = 0;  // positions before this ply of the record are not kept
    RulePreset rules = RulePreset::BOOK;
    uint64_t evaluation = 0;  // the net's hash scoring the games; 0: the hand evaluation

    // A value that changes with every setting that changes the games (not their number, so a run
    // can be extended): part of each game's seed,
    // so that a resume with other settings is noticed.
    uint64_t identity() const;
    // The seed of game g of the run.
    uint64_t game_seed(int g) const;
    // The index (over all shards) of this shard's i-th game, or -1 past the end.
    int game_index(int i) const;
    // How many games this shard plays.
    int shard_games() const;
};

// Plays game g of the run with the searcher (its table is cleared first). Returns false when
// `stopped` said so before the game ended (the game is then incomplete and not to be kept).
bool play_training_game(Searcher& searcher, const SelfplayOptions& opt, int g, TrainingGame& out,
                        const std::function<bool()>& stopped);

}  // namespace shishi
