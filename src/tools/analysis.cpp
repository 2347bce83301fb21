#include "shishi/tools/analysis.hpp"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "shishi/core/game.hpp"
#include "shishi/eval/nnue_network.hpp"
#include "shishi/record/pgn.hpp"

namespace shishi::record {
namespace {

int clamp_score(int s) { return std::clamp(s, -SCORE_CLAMP, SCORE_CLAMP); }

std::string line_text(const std::vector<Move>& line, Format format, size_t max_moves) {
    std::string out;
    for (size_t i = 0; i < line.size() && i < max_moves; ++i) {
        if (i) out += ' ';
        out += format == Format::PGN ? pgn_move_text(line[i]) : move_to_usi(line[i]);
    }
    return out;
}

std::string mover_name(const Record& r, Color side) {
    const std::string* n = r.tag(side == WHITE ? "White" : "Black");
    const std::string who = side == WHITE ? "First player (White, sente)" : "Second player (Black, gote)";
    return n && !n->empty() && *n != "?" ? who + ", " + *n : who;
}

}  // namespace

Judgement judge(int loss) {
    if (loss >= BLUNDER_LOSS) return Judgement::BLUNDER;
    if (loss >= MISTAKE_LOSS) return Judgement::MISTAKE;
    if (loss >= INACCURACY_LOSS) return Judgement::INACCURACY;
    return Judgement::NONE;
}

const char* judgement_name(Judgement j) {
    switch (j) {
        case Judgement::INACCURACY: return "inaccuracy";
        case Judgement::MISTAKE: return "mistake";
        case Judgement::BLUNDER: return "blunder";
        case Judgement::NONE: break;
    }
    return "";
}

int judgement_nag(Judgement j) {
    switch (j) {
        case Judgement::INACCURACY: return NAG_INACCURACY;
        case Judgement::MISTAKE: return NAG_MISTAKE;
        case Judgement::BLUNDER: return NAG_BLUNDER;
        case Judgement::NONE: break;
    }
    return NAG_NONE;
}

Analysis analyze_record(const Record& record, Searcher& searcher, const SearchLimits& limits, const RuleSet& rules,
                        const std::function<void(int, int)>& progress, const std::function<bool()>& stopped) {
    Analysis a;
    a.evaluation = nnue::evaluation_name(searcher.network().get());
    const int n = int(record.plies.size());
    searcher.new_game();
    Game game(rules);
    game.reset(record.start);
    for (int i = 0; i <= n && !(stopped && stopped()); ++i) {
        PositionEval e;
        const GameStatus status = game.status();
        if (i == n && status.over()) {
            e.terminal = true;
            e.score = status.outcome == Outcome::WHITE_WINS ? SCORE_CLAMP
                : status.outcome == Outcome::BLACK_WINS     ? -SCORE_CLAMP
                                                            : 0;
            e.raw_score = game.position().side_to_move() == WHITE ? e.score : -e.score;
        } else {
            Position pos = game.position();  // with its history, for repetitions
            std::vector<Move> pv;
            SearchResult res = searcher.search(pos, limits, [&](const SearchInfo& info) { pv = info.pv; });
            e.best = res.best;
            e.pv = pv.empty() && !res.best.is_none() ? std::vector<Move>{res.best} : pv;
            e.depth = res.depth;
            e.nodes = res.nodes;
            e.raw_score = res.score;
            const int clamped =
                is_mate_score(res.score) ? (res.score > 0 ? SCORE_CLAMP : -SCORE_CLAMP) : clamp_score(res.score);
            e.score = game.position().side_to_move() == WHITE ? clamped : -clamped;
            if (stopped && stopped()) break;  // this search was cut short
        }
        a.positions.push_back(e);
        if (progress) progress(i + 1, n + 1);
        if (i < n) game.play(record.plies[size_t(i)].move);
    }
    Color side = record.start.side_to_move();
    for (int i = 0; i + 1 < int(a.positions.size()); ++i) {
        MoveReview mr;
        mr.ply = i;
        mr.side = side;
        const int sign = side == WHITE ? 1 : -1;
        const int before = sign * a.positions[size_t(i)].score;
        const int after = sign * a.positions[size_t(i) + 1].score;
        const bool engine_choice = a.positions[size_t(i)].best.same_as(record.plies[size_t(i)].move);
        mr.loss = engine_choice ? 0 : std::max(0, before - after);
        mr.judgement = judge(mr.loss);
        a.moves.push_back(mr);
        side = ~side;
    }
    return a;
}

SideSummary summarize(const Analysis& a, Color side) {
    SideSummary s;
    long total = 0;
    std::vector<const MoveReview*> own;
    for (const MoveReview& m : a.moves) {
        if (m.side != side) continue;
        ++s.moves;
        total += m.loss;
        own.push_back(&m);
        s.inaccuracies += m.judgement == Judgement::INACCURACY;
        s.mistakes += m.judgement == Judgement::MISTAKE;
        s.blunders += m.judgement == Judgement::BLUNDER;
    }
    s.average_loss = s.moves ? double(total) / s.moves : 0;
    std::stable_sort(own.begin(), own.end(),
                     [](const MoveReview* x, const MoveReview* y) { return x->loss > y->loss; });
    for (size_t i = 0; i < own.size() && i < 3 && own[i]->loss > 0; ++i)
        s.worst.push_back(own[i]->ply);
    return s;
}

std::string move_number_text(const Record& r, int ply) {
    const int offset = r.start.side_to_move() == BLACK ? 1 : 0;
    const int number = (ply + offset) / 2 + 1;
    return std::to_string(number) + ((ply + offset) % 2 == 0 ? "." : "...");
}

std::string score_text(int cp) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f", cp / 100.0);
    return buf;
}

namespace {

// The Annotator tag of an analysed record: this, then " (evaluation: <its name>)".
constexpr std::string_view ANNOTATOR = "Shishi analysis";

bool annotated_by_shishi(const std::string& annotator) {
    return annotator == ANNOTATOR || annotator.rfind(std::string(ANNOTATOR) + " (", 0) == 0;
}

// A record Shishi annotated before carries that analysis in front of each comment (the comment
// it had follows after " -- "), and the judgement as the NAG: both are dropped, so that a new
// analysis replaces the old one instead of wrapping it.
void drop_previous_analysis(Ply& p) {
    const size_t cut = p.comment.find(" -- ");
    const std::string analysis = p.comment.substr(0, cut);
    for (Judgement j : {Judgement::INACCURACY, Judgement::MISTAKE, Judgement::BLUNDER})
        if (analysis.find(std::string("; ") + judgement_name(j) + " (") != std::string::npos &&
            p.nag == judgement_nag(j))
            p.nag = NAG_NONE;
    p.comment = cut == std::string::npos ? "" : p.comment.substr(cut + 4);
}

}  // namespace

Record annotate(const Record& record, const Analysis& a, Format format) {
    Record out = record;
    const std::string* annotator = record.tag("Annotator");
    if (annotator && annotated_by_shishi(*annotator))
        for (Ply& p : out.plies)
            drop_previous_analysis(p);
    for (size_t i = 0; i < out.plies.size() && i < a.moves.size(); ++i) {
        const PositionEval& after = a.positions[i + 1];
        const PositionEval& before = a.positions[i];
        const MoveReview& mr = a.moves[i];
        // XBoard reads "{score/depth ...}" after a move as the evaluation for its graph.
        std::string c = score_text(after.score) + "/" + std::to_string(after.depth);
        if (after.terminal)
            c += " game over";
        else if (is_mate_score(after.raw_score)) {
            const Color to_move = ~mr.side;
            const Color winner = after.raw_score > 0 ? to_move : ~to_move;
            c += std::string(" (") + (winner == WHITE ? "White" : "Black") + " captures the last royal in " +
                std::to_string(std::abs(mate_in_moves(after.raw_score))) + ")";
        }
        if (!after.pv.empty()) c += " line " + line_text(after.pv, format, 8);
        if (mr.judgement != Judgement::NONE) {
            c += "; " + std::string(judgement_name(mr.judgement)) + " (loses " + score_text(mr.loss).substr(1) + ")";
            if (!before.best.is_none())
                c += ", better " + line_text({before.best}, format, 1) + " " + score_text(before.score) + " line " +
                    line_text(before.pv, format, 8);
        }
        // The analysis first (XBoard's graph reads the first score), the record's own comment after.
        Ply& p = out.plies[i];
        p.comment = p.comment.empty() ? c : c + " -- " + p.comment;
        if (mr.judgement != Judgement::NONE) p.nag = judgement_nag(mr.judgement);
    }
    out.set_tag(
        "Annotator",
        a.evaluation.empty() ? std::string(ANNOTATOR) : std::string(ANNOTATOR) + " (evaluation: " + a.evaluation + ")");
    return out;
}

std::string summary_text(const Record& r, const Analysis& a) {
    std::string out;
    char buf[256];
    for (Color side : {WHITE, BLACK}) {
        const SideSummary s = summarize(a, side);
        std::snprintf(buf, sizeof buf, "%s: %d moves, average loss %.2f, %d %s, %d %s, %d %s\n",
                      mover_name(r, side).c_str(), s.moves, s.average_loss / 100.0, s.inaccuracies,
                      s.inaccuracies == 1 ? "inaccuracy" : "inaccuracies", s.mistakes,
                      s.mistakes == 1 ? "mistake" : "mistakes", s.blunders, s.blunders == 1 ? "blunder" : "blunders");
        out += buf;
        for (int ply : s.worst) {
            const PositionEval& before = a.positions[size_t(ply)];
            out += "  " + move_number_text(r, ply) + " " + pgn_move_text(r.plies[size_t(ply)].move) + " loses " +
                score_text(a.moves[size_t(ply)].loss).substr(1);
            if (a.moves[size_t(ply)].judgement != Judgement::NONE)
                out += std::string(" (") + judgement_name(a.moves[size_t(ply)].judgement) + ")";
            if (!before.best.is_none()) out += "; better " + pgn_move_text(before.best);
            out += "\n";
        }
    }
    return out;
}

}  // namespace shishi::record
