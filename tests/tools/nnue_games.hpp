// Games for the trainer's tests, written in the self-play format (training_data.hpp) without
// the search: each move is the hand evaluation's best one ply deep, or (one move in four) a
// random one; each position is scored by the hand evaluation; the result is the material
// verdict at the end. Enough signal for a net to learn, quick to make.
#pragma once

#include <algorithm>
#include <random>
#include <sstream>
#include <string>

#include "shishi/core/attacks.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/tools/training_data.hpp"

namespace shishi::test {

inline TrainingGame synthetic_game(uint64_t seed, int plies) {
    std::mt19937_64 rng(seed);
    Position pos = Position::start();
    TrainingGame g;
    g.seed = seed;
    g.sfen = START_SFEN;
    for (int ply = 0; ply < plies; ++ply) {
        MoveList list;
        generate_legal(pos, list);
        if (list.empty()) break;
        Move chosen = list[int(rng() % uint64_t(list.size()))];
        if (rng() % 4 != 0) {
            int best = -1000000;
            for (Move m : list) {
                pos.make(m);
                const int v = -evaluate(pos);
                pos.unmake();
                if (v > best) best = v, chosen = m;
            }
        }
        TrainingPly p;
        p.move = chosen;
        p.score = int16_t(std::clamp(evaluate(pos), -SCORE_CLIP, SCORE_CLIP));
        p.keep = !in_check(pos, pos.side_to_move()) && !pos.is_capture(chosen);
        g.plies.push_back(p);
        pos.make(chosen);
    }
    const int white = evaluate_white(pos);
    g.result = white > 300 ? 2 : white < -300 ? 0 : 1;
    return g;
}

// `games` games of `plies` plies each, as the bytes of a game file.
inline std::string synthetic_games(int games, int plies, uint64_t seed = 1) {
    std::ostringstream out;
    for (int i = 0; i < games; ++i)
        write_training_game(out, synthetic_game(seed * 1000 + uint64_t(i), plies));
    return out.str();
}

}  // namespace shishi::test
