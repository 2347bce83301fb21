#include "shishi/tools/selfplay_data.hpp"

#include <algorithm>

#include "shishi/core/attacks.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/game.hpp"
#include "shishi/core/splitmix.hpp"
#include "shishi/search/search.hpp"

namespace shishi {

namespace {

uint64_t fold(uint64_t h, uint64_t v) { return mix64(h ^ (v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2))); }

int result_code(Outcome o) {
    switch (o) {
        case Outcome::WHITE_WINS: return 2;
        case Outcome::BLACK_WINS: return 0;
        default: return 1;
    }
}

// The start of game g: an opening line, then random legal plies (passes left out: they only
// waste the variety), redrawn while the game would already be over.
Position start_position(const SelfplayOptions& opt, uint64_t& rng) {
    const RuleSet& rules = preset_rules(opt.rules);
    for (int attempt = 0;; ++attempt) {
        Game game(rules);
        Position start = Position::start();
        start.set_rules(rules);
        game.reset(start);
        if (!opt.openings.empty()) {
            const auto& line = opt.openings[splitmix64(rng) % opt.openings.size()];
            for (const std::string& text : line) {
                auto m = parse_xboard_move(game.position(), text);
                if (!m) break;  // the opening file was checked when it was read
                game.play(*m);
            }
        }
        bool over = false;
        for (int i = 0; i < opt.random_plies && !over; ++i) {
            MoveList list;
            generate_legal(game.position(), list);
            Move pick[MoveList::CAPACITY];
            int n = 0;
            for (Move m : list)
                if (!m.is_pass()) pick[n++] = m;
            if (n == 0) {
                over = true;
                break;
            }
            game.play(pick[splitmix64(rng) % uint64_t(n)]);
            over = game.status().over();
        }
        if (!over || attempt >= 100) {
            Position p = game.position();
            p.clear_history();
            return p;
        }
    }
}

// The move as the generator lists it. Two pieces taking the same victim without moving (igui)
// give the same position, and the generator lists one of them, while the search may return the
// other; the record holds the listed one, which is_legal and every reader of the record accept.
Move listed_form(const Position& pos, Move m) {
    if (!m.is_igui() || is_legal(pos, m)) return m;
    MoveList list;
    generate_legal(pos, list);
    for (Move x : list)
        if (x.is_igui() && x.mid() == m.mid()) return x;
    return m;
}

}  // namespace

uint64_t SelfplayOptions::identity() const {
    uint64_t h = fold(0x5348495348494744ull, seed);
    for (uint64_t v :
         {nodes, uint64_t(depth), uint64_t(random_plies), uint64_t(max_plies), uint64_t(adjudicate_cp),
          uint64_t(adjudicate_plies), uint64_t(min_ply), uint64_t(rules), uint64_t(openings.size()), evaluation})
        h = fold(h, v);
    for (const auto& line : openings)
        for (const std::string& m : line)
            for (char c : m)
                h = fold(h, uint64_t(uint8_t(c)));
    return h;
}

uint64_t SelfplayOptions::game_seed(int g) const { return fold(identity(), uint64_t(g)); }

int SelfplayOptions::game_index(int i) const {
    const long g = long(i) * shards + (shard - 1);
    return g < games ? int(g) : -1;
}

int SelfplayOptions::shard_games() const { return games / shards + (shard - 1 < games % shards ? 1 : 0); }

bool play_training_game(Searcher& searcher, const SelfplayOptions& opt, int g, TrainingGame& out,
                        const std::function<bool()>& stopped) {
    const RuleSet& rules = preset_rules(opt.rules);
    out = TrainingGame{};
    out.seed = opt.game_seed(g);
    out.rules = int(opt.rules);
    uint64_t rng = out.seed;
    const Position start = start_position(opt, rng);
    out.sfen = to_sfen(start);

    searcher.new_game();
    Game game(rules);
    game.reset(start);
    SearchLimits limits;
    limits.nodes = opt.nodes;
    limits.depth = opt.depth;
    int leader = 0, lead_plies = 0;  // +1: the first player leads, -1: the second
    Outcome outcome = Outcome::DRAW;
    for (;;) {
        const GameStatus status = game.status();
        if (status.over()) {
            outcome = status.outcome;
            break;
        }
        if (game.plies() >= opt.max_plies) break;
        if (stopped && stopped()) return false;
        Position pos = game.position();
        const Color us = pos.side_to_move();
        const SearchResult r = searcher.search(pos, limits);
        if (stopped && stopped()) return false;  // a stopped search's move is not its choice
        if (r.best.is_none()) break;  // no legal move: Game::status says how it ends
        const Move best = listed_form(pos, r.best);
        TrainingPly ply;
        ply.move = best;
        ply.score = int16_t(std::clamp(r.score, -SCORE_CLIP, SCORE_CLIP));
        ply.keep = game.plies() >= opt.min_ply && !is_mate_score(r.score) && !pos.is_capture(best) &&
            !in_check(pos, us) && !in_check(pos, ~us);
        out.plies.push_back(ply);
        if (out.plies.size() >= 65535) break;

        const int white_score = us == WHITE ? r.score : -r.score;
        const int side = white_score >= opt.adjudicate_cp ? 1 : white_score <= -opt.adjudicate_cp ? -1 : 0;
        lead_plies = side != 0 && side == leader ? lead_plies + 1 : (side != 0 ? 1 : 0);
        leader = side;
        if (opt.adjudicate_plies > 0 && lead_plies >= opt.adjudicate_plies) {
            outcome = leader > 0 ? Outcome::WHITE_WINS : Outcome::BLACK_WINS;
            game.play(best);
            break;
        }
        game.play(best);
    }
    out.result = result_code(outcome);
    return true;
}

}  // namespace shishi
