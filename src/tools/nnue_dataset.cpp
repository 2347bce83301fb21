#include "shishi/tools/nnue_dataset.hpp"

#include <algorithm>
#include <fstream>
#include <ostream>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"

namespace shishi::nnue_train {
namespace {

// The rules field of a game record, in its order.
const RuleSet& record_rules(int rules) {
    switch (rules) {
        case 1: return xboard_rules();
        case 2: return lishogi_rules();
        default: return book_rules();
    }
}

uint64_t fnv_bytes(uint64_t h, const void* p, size_t n) {
    const auto* c = static_cast<const unsigned char*>(p);
    for (size_t i = 0; i < n; ++i) {
        h ^= c[i];
        h *= 1099511628211ull;
    }
    return h;
}

// An igui leaves its capturer in place, so igui by different pieces on the same victim give
// the same position, and the move generator lists only the first piece's (which one depends on
// the order of the piece lists, which a replay from the start position's text need not share
// with the game that was recorded). Such a twin is as good as the listed move.
bool is_listed_igui_twin(const Position& pos, Move m) {
    if (!m.is_igui()) return false;
    const Piece mover = pos.piece_on(m.from());
    if (mover == EMPTY || mover == EDGE || color_of(mover) != pos.side_to_move() || distance(m.from(), m.mid()) != 1)
        return false;
    MoveList list;
    generate_legal(pos, list);
    // Listed: an igui on the same victim, by this piece or another (two pieces taking the same
    // victim without moving give the same position; the generator lists one of them).
    return std::any_of(list.begin(), list.end(), [&](Move x) { return x.is_igui() && x.mid() == m.mid(); });
}

}  // namespace

void side_to_move_features(const Position& pos, std::vector<uint16_t>& out) {
    out.clear();
    const Color us = pos.side_to_move();
    for (Color c : {WHITE, BLACK})
        for (int i = 0; i < pos.piece_count(c); ++i) {
            const Square s = pos.piece_square(c, i);
            out.push_back(uint16_t(nnue::feature(us, pos.piece_on(s), s)));
        }
}

void PositionSet::add(const std::vector<uint16_t>& f, int score_cp, int result_012) {
    features.insert(features.end(), f.begin(), f.end());
    offset.push_back(features.size());
    score.push_back(int16_t(score_cp));
    result.push_back(uint8_t(result_012));
}

uint64_t PositionSet::fingerprint(uint64_t h) const {
    h = fnv_bytes(h, features.data(), features.size() * sizeof(uint16_t));
    h = fnv_bytes(h, offset.data(), offset.size() * sizeof(uint64_t));
    h = fnv_bytes(h, score.data(), score.size() * sizeof(int16_t));
    return fnv_bytes(h, result.data(), result.size());
}

bool add_game(const TrainingGame& g, PositionSet& set, std::string& error) {
    auto parsed = parse_sfen(g.sfen, record_rules(g.rules));
    if (!parsed) {
        error = "bad start position '" + g.sfen + "': " + parsed.error;
        return false;
    }
    Position pos = *parsed.value;
    std::vector<uint16_t> f;
    for (size_t i = 0; i < g.plies.size(); ++i) {
        const TrainingPly& p = g.plies[i];
        if (p.score < -SCORE_CLIP || p.score > SCORE_CLIP) {
            error = "ply " + std::to_string(i + 1) + ": score " + std::to_string(p.score) + " outside +-" +
                std::to_string(SCORE_CLIP);
            return false;
        }
        if (p.keep) {
            side_to_move_features(pos, f);
            const int white_result = g.result;  // 0 lost, 1 draw, 2 won, first player's view
            set.add(f, p.score, pos.side_to_move() == WHITE ? white_result : 2 - white_result);
        }
        if (!is_legal(pos, p.move) && !is_listed_igui_twin(pos, p.move)) {
            error = "ply " + std::to_string(i + 1) + ": illegal move " + move_to_usi(p.move);
            return false;
        }
        pos.make(p.move);
    }
    return true;
}

bool load_games(const std::vector<std::string>& files, const LoadOptions& opt, Dataset& data, std::string& error,
                std::ostream& warnings) {
    data = Dataset{};
    TrainingGame g;
    std::string why;
    for (const std::string& file : files) {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            error = file + ": cannot read";
            return false;
        }
        long index = 0;
        while (read_training_game(in, g, why)) {
            ++index;
            const bool held_out = opt.validation_every > 0 && (data.games + 1) % opt.validation_every == 0;
            if (!add_game(g, held_out ? data.validation : data.train, why)) {
                error = file + ": game " + std::to_string(index) + ": " + why;
                return false;
            }
            ++data.games;
            data.validation_games += held_out;
        }
        if (why.empty()) continue;
        // A record cut short by the end of the file (the reader ran past it) is what a
        // generator stopped by Ctrl-C leaves; anything else is damage.
        if (in.eof()) {
            warnings << file << ": " << why << "; skipped\n";
            ++data.truncated;
            continue;
        }
        error = file + ": " + why;
        return false;
    }
    if (data.train.size() == 0) {
        error = "no kept training positions in " + std::to_string(data.games) + " games";
        return false;
    }
    return true;
}

}  // namespace shishi::nnue_train
