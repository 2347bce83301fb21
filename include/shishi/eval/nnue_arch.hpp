// The learned evaluation's shape, shared by the engine (which reads a net) and the trainer
// (which writes one): the input features, the layer sizes, the quantisation and the file format.
// docs/nnue.md explains each choice.
//
// Inputs, per perspective: one feature per piece on the board, indexed by the piece's kind,
// whether it belongs to the perspective's side, and its square seen from that side (the second
// player's view is the board turned 180 degrees). No king buckets: a side can hold zero, one or
// two royals, and the Prince is made by promotion.
//
//   feature(persp, piece, sq) = ((theirs ? 39 : 0) + kind - 1) * 144 + view(persp, sq)
//   view(WHITE, sq) = rank * 12 + file;   view(BLACK, sq) = 143 - (rank * 12 + file)
//
// Network: 11,232 inputs -> L1 (256, shared by both perspectives, clipped ReLU) x 2 -> 1.
//   acc[p]  = l1_bias + sum of l1_weights[f] over the active features f of perspective p (int16)
//   out     = out_bias + sum_i crelu(acc[stm][i]) * out_weights[i]
//                      + sum_i crelu(acc[~stm][i]) * out_weights[L1 + i]            (int32)
//   crelu(x) = clamp(x, 0, QA);   centipawns = out * SCALE / (QA * QB)
//
// Quantisation (no overflow for any legal position): the trainer clips the first layer's
// weights and biases to [-1, 1] (|q| <= QA = 255), so an accumulator holds at most
// 93 * 255 = 23,715 in magnitude (92 pieces plus the bias); the output weights are clipped to
// [-127/64, 127/64] (|q| <= 127), so the output sum is at most 512 * 255 * 127 = 16.6 M plus
// the bias, inside int32.
//
// File (little-endian):
//   char     magic[8]      "SHISHINN"
//   uint32   version       1
//   uint32   features      11232
//   uint32   l1            256
//   uint32   qa, qb, scale 255, 64, 400
//   uint32   desc_len      then desc_len bytes of UTF-8 text (what the net was trained on)
//   uint64   hash          FNV-1a 64 of the payload below
//   payload: int16 l1_bias[L1]; int16 l1_weights[FEATURES][L1]; int16 out_weights[2 * L1];
//            int32 out_bias
#pragma once

#include <cstdint>

#include "shishi/core/board_types.hpp"

namespace shishi::nnue {

constexpr int SQUARES = BOARD_SIZE * BOARD_SIZE;  // 144
constexpr int PIECE_KINDS = int(KIND_NB) - 1;  // 39: NO_KIND has no feature
constexpr int FEATURES = 2 * PIECE_KINDS * SQUARES;  // 11,232
constexpr int L1 = 256;
constexpr int QA = 255;
constexpr int QB = 64;
constexpr int SCALE = 400;
constexpr int MAX_ACTIVE = 2 * 46;  // pieces on the board at most
constexpr uint32_t FILE_VERSION = 1;
constexpr char MAGIC[8] = {'S', 'H', 'I', 'S', 'H', 'I', 'N', 'N'};

// The square seen from perspective persp: 0..143, the second player's view turned 180 degrees.
constexpr int view(Color persp, Square s) {
    const int idx = rank_of(s) * BOARD_SIZE + file_of(s);
    return persp == WHITE ? idx : SQUARES - 1 - idx;
}

// The input feature of piece p (not EMPTY, not EDGE) on board square s, for perspective persp.
constexpr int feature(Color persp, Piece p, Square s) {
    const int theirs = color_of(p) == persp ? 0 : 1;
    return (theirs * PIECE_KINDS + int(kind_of(p)) - 1) * SQUARES + view(persp, s);
}

}  // namespace shishi::nnue
