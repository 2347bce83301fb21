// Training data for the learned evaluation: self-play games stored compactly, read back as
// positions with their search scores and the game's result. docs/nnue.md describes the format.
//
// File format ("Shishi games", extension .sgames), little-endian, a sequence of records with no
// file header, so shards concatenate and a file cut short by Ctrl-C loses only its last,
// incomplete record (which the reader reports and skips; a writer resuming truncates it):
//
//   game record:
//     uint32  magic       0x53474D31 ("SGM1")
//     uint32  byte_count  of the rest of the record (so a reader can skip or check it)
//     uint64  seed        the game's own seed (resume and sharding are by game index)
//     uint8   result      0 = first player (sente, WHITE) lost, 1 = draw, 2 = first player won
//     uint8   rules       0 = book, 1 = xboard, 2 = lishogi (the rule set the game was played by)
//     uint16  sfen_len    then sfen_len bytes: the start position in SFEN
//     uint16  ply_count   then ply_count entries of 8 bytes:
//        uint32 move      Move::raw() of the move played
//        int16  score     the search's score of the position before the move, side to move's
//                         view, centipawns, clipped to +-SCORE_CLIP
//        uint8  flags     bit 0: keep (the position passed the filters: not in check, best move
//                         not a capture, score not a mate); the trainer uses only kept positions
//        uint8  reserved  0
//     uint32  checksum    FNV-1a 32 of the bytes from seed to the last ply entry
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "shishi/core/position.hpp"

namespace shishi {

constexpr uint32_t TRAINING_GAME_MAGIC = 0x53474D31;
constexpr int SCORE_CLIP = 4000;

struct TrainingPly {
    Move move;
    int16_t score = 0;  // side to move's view, before the move
    bool keep = false;
};

struct TrainingGame {
    uint64_t seed = 0;
    int result = 1;  // 0 first player lost, 1 draw, 2 first player won
    int rules = 0;  // 0 book, 1 xboard, 2 lishogi
    std::string sfen;  // start position
    std::vector<TrainingPly> plies;
};

// One kept position of a game, as the trainer sees it.
struct TrainingSample {
    const Position* pos;  // valid during the callback only
    int score;  // side to move's view, centipawns
    double result;  // side to move's view: 1 win, 0.5 draw, 0 loss
};

// Appends one game record to out.
void write_training_game(std::ostream& out, const TrainingGame& g);

// Reads the next record; false at the end of the data. A damaged or truncated record sets
// error (with the byte offset) and returns false.
bool read_training_game(std::istream& in, TrainingGame& g, std::string& error);

}  // namespace shishi
