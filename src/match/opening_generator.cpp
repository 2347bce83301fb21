#include "shishi/match/opening_generator.hpp"

#include <set>

#include "shishi/core/attacks.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/text.hpp"
#include "shishi/match/match_options.hpp"

namespace shishi::match {
namespace {

bool is_royal_kind(Kind k) { return k == KING || k == PRINCE; }

// Development-like moves: no royal walks, no retreats, no promotion, nothing left hanging.
bool plausible(const Position& pos, Move m) {
    if (m.is_pass() || m.is_double() || m.is_promotion() || pos.is_capture(m)) return false;
    Piece p = pos.piece_on(m.from());
    if (is_royal_kind(kind_of(p))) return false;
    Color us = pos.side_to_move();
    int forward = us == WHITE ? rank_of(m.to()) - rank_of(m.from()) : rank_of(m.from()) - rank_of(m.to());
    if (forward < 0) return false;
    Position after = pos;
    after.make(m);
    return !is_attacked(after, m.to(), ~us);
}

std::string line_of(const Opening& op) {
    std::string s;
    for (Move m : op.moves) {
        if (!s.empty()) s += ' ';
        s += move_to_xboard(m);
    }
    return s;
}

}  // namespace

Opening random_plausible_opening(int plies, std::mt19937_64& rng) {
    Opening op;
    Position pos = op.start;
    for (int i = 0; i < plies; ++i) {
        MoveList legal, pool;
        generate_legal(pos, legal);
        for (Move m : legal)
            if (plausible(pos, m)) pool.push(m);
        if (pool.empty()) break;
        Move m = pool[std::uniform_int_distribution<int>(0, pool.size() - 1)(rng)];
        pos.make(m);
        op.moves.push_back(m);
    }
    return op;
}

bool generate_openings(const GeneratorOptions& o, std::ostream& out, std::ostream& err) {
    std::mt19937_64 rng(o.seed);
    std::unique_ptr<EngineProcess> judge;
    if (o.judge) {
        judge = make_engine(*o.judge);
        std::string error;
        if (!judge->start(error)) {
            err << "cannot start the judging engine: " << error << "\n";
            return false;
        }
    }
    out << "# Chu Shogi openings for shishi-match: moves from the start position in XBoard notation.\n"
        << "# Made by `shishi-match --generate-openings " << o.count << " --plies " << o.min_plies << "-" << o.max_plies
        << " --seed " << o.seed;
    if (o.judge)
        out << " --judge '" << o.judge->command << "' --judge-ms " << o.judge_ms << " --margin " << o.margin_cp;
    out << "`\n";
    std::set<uint64_t> seen;
    int kept = 0;
    for (int tries = 0; kept < o.count && tries < o.max_candidates; ++tries) {
        int plies = std::uniform_int_distribution<int>(o.min_plies, o.max_plies)(rng);
        Opening op = random_plausible_opening(plies, rng);
        if (int(op.moves.size()) != plies) continue;
        Position end = opening_position(op);
        if (!seen.insert(end.key()).second) continue;
        if (judge) {
            GameStart gs{op.start, true, op.moves, TimeControl{}, end.side_to_move()};
            gs.tc.move_time_ms = o.judge_ms;
            if (!judge->new_game(gs).ok()) {
                err << "judging engine failed to set up '" << line_of(op) << "'\n";
                return false;
            }
            ClockReadings clocks;
            auto deadline = SteadyClock::now() + std::chrono::milliseconds(o.judge_ms * 4 + 2000);
            EngineReply r = judge->think(end, clocks, deadline);
            judge->game_over("*", "opening check");
            if (r.kind != EngineReply::MOVE && r.kind != EngineReply::RESIGN) {
                err << "judging engine gave no move for '" << line_of(op) << "'\n";
                return false;
            }
            if (!r.score || std::abs(*r.score) > o.margin_cp) continue;
        }
        out << line_of(op) << "\n";
        ++kept;
    }
    if (judge) judge->quit();
    if (kept < o.count) {
        err << "only " << kept << " openings found in " << o.max_candidates << " candidates\n";
        return false;
    }
    return true;
}

int generate_openings_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    GeneratorOptions o;
    auto number = [](const std::string& s) -> std::optional<long long> {
        return parse_integer(s, 0, 999'999'999'999, Sign::NONE);
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (i + 1 >= args.size()) {
            err << "shishi-match: " << a << " needs a value\n";
            return 2;
        }
        const std::string v = args[++i];
        std::optional<long long> n = number(v);
        if (a == "--generate-openings" && n && *n > 0)
            o.count = int(*n);
        else if (a == "--plies") {
            size_t dash = v.find('-');
            auto lo = number(v.substr(0, dash));
            auto hi = dash == std::string::npos ? lo : number(v.substr(dash + 1));
            if (!lo || !hi || *lo < 1 || *hi < *lo || *hi > 40) {
                err << "shishi-match: bad --plies '" << v << "' (MIN-MAX)\n";
                return 2;
            }
            o.min_plies = int(*lo);
            o.max_plies = int(*hi);
        } else if (a == "--seed" && n)
            o.seed = uint64_t(*n);
        else if (a == "--judge") {
            EngineConfig c;
            c.command = v;
            o.judge = c;
        } else if (a == "--judge-protocol") {
            auto p = parse_protocol(v);
            if (!p || !o.judge) {
                err << "shishi-match: --judge-protocol needs a known protocol after --judge\n";
                return 2;
            }
            o.judge->protocol = *p;
        } else if (a == "--judge-ms" && n && *n > 0)
            o.judge_ms = *n;
        else if (a == "--margin" && n)
            o.margin_cp = int(*n);
        else {
            err << "shishi-match: bad generator option " << a << " " << v
                << " (--generate-openings N --plies MIN-MAX --seed S --judge CMD --judge-protocol P"
                   " --judge-ms MS --margin CP)\n";
            return 2;
        }
    }
    return generate_openings(o, out, err) ? 0 : 1;
}

}  // namespace shishi::match
