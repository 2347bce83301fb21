// The trainer's view of the self-play games (training_data.hpp): every kept position replayed
// with the engine's own Position and held compactly in memory as the side to move's active
// input features (uint16 each), its search score and the game's result. The other
// perspective's features follow from these (mirror_feature), so they are not stored.
// Positions are split into a training and a validation set by game, not by position: the
// positions of one game are alike, and a validation set that shares games with the training
// set would not show overfitting.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "shishi/eval/nnue_arch.hpp"
#include "shishi/tools/training_data.hpp"

namespace shishi::nnue_train {

// The feature of the same piece on the same square for the other perspective: the board turns
// 180 degrees and "ours" and "theirs" swap.
constexpr int mirror_feature(int f) {
    const int group = f / nnue::SQUARES, sq = f % nnue::SQUARES;
    const int theirs = group / nnue::PIECE_KINDS, kind = group % nnue::PIECE_KINDS;
    return ((1 - theirs) * nnue::PIECE_KINDS + kind) * nnue::SQUARES + (nnue::SQUARES - 1 - sq);
}

// The side to move's active features of pos (one per piece on the board).
void side_to_move_features(const Position& pos, std::vector<uint16_t>& out);

// A set of positions. Position i's features are features[offset[i] .. offset[i + 1]).
struct PositionSet {
    std::vector<uint16_t> features;
    std::vector<uint64_t> offset{0};
    std::vector<int16_t> score;  // side to move's view, centipawns
    std::vector<uint8_t> result;  // side to move's view: 0 loss, 1 draw, 2 win

    size_t size() const { return score.size(); }
    void add(const std::vector<uint16_t>& f, int score_cp, int result_012);
    // FNV-1a 64 over everything held: a checkpoint names the data it was made on.
    uint64_t fingerprint(uint64_t h = 14695981039346656037ull) const;
};

struct Dataset {
    PositionSet train, validation;
    long games = 0, validation_games = 0;
    long truncated = 0;  // records cut short at the end of a file (reported, skipped)
};

struct LoadOptions {
    int validation_every = 20;  // every Nth game (counted over all files) is held out
};

// Reads and replays every game of the files. A missing file, a damaged record, a start
// position that does not read, an illegal move or a score outside +-SCORE_CLIP is an error:
// false, with `error` naming the file, the record and what is wrong. A record cut short at
// the end of a file (a generator stopped by Ctrl-C) is skipped with a warning.
bool load_games(const std::vector<std::string>& files, const LoadOptions& opt, Dataset& data, std::string& error,
                std::ostream& warnings);

// Adds one game's kept positions to set (error and false when a move is illegal or the
// start does not read).
bool add_game(const TrainingGame& g, PositionSet& set, std::string& error);

}  // namespace shishi::nnue_train
