// XboardSession: construction, the search in the background, and the end of the game.
#include "shishi/protocol/xboard_session.hpp"

#include "shishi/protocol/echo_text.hpp"
#include "shishi/protocol/xboard_thinking.hpp"
#include "shishi/protocol/xboard_tsume.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"

namespace shishi {
namespace {

// Resign (when the option allows) after this many own searches in a row at or below this score.
constexpr int RESIGN_SCORE = -2500;
constexpr int RESIGN_AFTER = 3;

}  // namespace

XboardSession::XboardSession(LineSink out)
    : engine_(
          std::move(out), [](std::string_view note) { return "telluser " + std::string(note); }, xboard_rules()) {
    add_xboard_options(engine_.options());
}

XboardSession::~XboardSession() { shutdown(); }

void XboardSession::shutdown() { abort_search(); }

void XboardSession::abort_search() { engine_.abort(); }

void XboardSession::move_now() {
    if (!game_search_running()) return;
    engine_.stop();
    engine_.wait_for_answer();  // not wait(): a ponder search may follow the move
}

void XboardSession::wait_for_move() {
    if (game_search_running()) engine_.wait_for_answer();
}

void XboardSession::error(std::string_view type, std::string_view command) {
    out_.send("Error (" + std::string(type) + "): " + echo_text(command));
}

int XboardSession::own_moves_made() const {
    const Game& game = engine_.game();
    Color mover = game.start_position().side_to_move();
    int n = 0;
    for (int i = 0; i < game.plies(); ++i, mover = ~mover)
        if (mover == engine_side_) ++n;
    return n;
}

bool XboardSession::report_if_over() { return report_if_over(engine_.status()); }

bool XboardSession::report_if_over(const GameStatus& s) {
    if (!s.over()) return false;
    out_.send(std::string(outcome_text(s.outcome)) + " {" + s.reason + "}");
    force_ = true;  // nothing more to play; XBoard sends the next game's commands
    return true;
}

void XboardSession::after_position_change() {
    lifted_ = first_leg_ = pending_lift_ = NO_SQUARE;
    excluded_.clear();
    if (analyse_mode_) return;  // the loop restarts the analysis
    if (force_ || engine_.position().side_to_move() != engine_side_) return;
    start_game_search();
}

void XboardSession::start_game_search() {
    SearchLimits limits = clock_.limits(own_moves_made());
    // XBoard 4.9.1 garbles an engine's turn pass when it forwards it to the other engine
    // ("f7f8," "f8f7" arrives as "f7f7,f8e7"), which the other side must refuse; so Shishi
    // passes only when nothing else is legal (docs/protocols.md).
    limits.allow_pass = false;
    Engine::Job job = engine_.job(limits);
    if (report_if_over(job.status)) return;
    analysing_search_ = false;
    add_tsume(job);
    engine_.start(game_job(std::move(job)));
}

void XboardSession::add_tsume(Engine::Job& job) {
    const std::string tsume = engine_.options().value("Tsume");
    if (!tsume_side(tsume)) return;
    if (!mate_solver_) mate_solver_ = std::make_shared<mate::MateSolver>();
    add_tsume_step(job, tsume, mate_solver_, [this](const std::string& line) {
        if (post_) out_.send(line);
    });
}

Engine::Job XboardSession::game_job(Engine::Job job) {
    job.on_info = [this](const SearchInfo& info) {
        if (post_) out_.send(xboard_thinking_line(info));
    };
    job.on_answer = [this](const SearchResult& r, const BestMove& bm) {
        std::lock_guard<std::mutex> lock(mutex_);
        finish_game_search(r, bm);
    };
    job.follow_up = [this](Engine::Job& next) {
        std::lock_guard<std::mutex> lock(mutex_);
        return ponder_job(next);
    };
    return job;
}

bool XboardSession::ponder_job(Engine::Job& next) {
    pondering_on_ = Move::none();
    if (!ponder_enabled_ || force_ || analyse_mode_ || engine_.status().over()) return false;
    const Position& now = engine_.position();
    if (now.side_to_move() == engine_side_ || last_ponder_.is_none() || last_ponder_key_ != now.key()) return false;
    const Move reply = as_generated(now, last_ponder_);
    if (reply.is_none()) return false;
    SearchLimits limits = clock_.limits(own_moves_made());
    limits.allow_pass = false;
    limits.ponder = true;
    Engine::Job job = engine_.job(limits, reply);
    if (job.status.over()) return false;  // the reply would end the game: nothing to think
    next = game_job(std::move(job));
    pondering_on_ = reply;
    return true;
}

bool XboardSession::try_ponder_hit(std::string_view text) {
    if (!engine_.pondering()) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    std::string move_text(text);
    if (!move_text.empty() && move_text.back() == '=') move_text.pop_back();
    Parsed<Move> m = parse_xboard_move(engine_.position(), move_text);
    if (!m || pondering_on_.is_none() || !m.value->same_as(pondering_on_)) return false;
    engine_.play(*m);
    lifted_ = first_leg_ = pending_lift_ = NO_SQUARE;
    excluded_.clear();
    pondering_on_ = Move::none();
    engine_.ponderhit();  // its answer is played by finish_game_search, on this position
    return true;
}

void XboardSession::start_analysis() {
    SearchLimits limits;
    limits.infinite = true;
    limits.excluded = excluded_;
    Engine::Job job = engine_.job(limits);
    if (job.status.over()) return;  // nothing to analyse
    job.on_info = [this](const SearchInfo& info) {
        if (post_) out_.send(xboard_thinking_line(info));
    };
    add_tsume(job);
    analysing_search_ = true;
    engine_.start(std::move(job));
}

void XboardSession::finish_game_search(const SearchResult& r, const BestMove& bm) {
    // Never leave the GUI waiting: the engine layer gives a legal move whenever one exists.
    const Move best = bm.best;
    if (best.is_none()) {
        report_if_over();
        return;
    }
    if (engine_.options().as_bool("Resign")) {
        bad_scores_in_row_ = r.score <= RESIGN_SCORE ? bad_scores_in_row_ + 1 : 0;
        if (bad_scores_in_row_ >= RESIGN_AFTER) {
            out_.send("resign");
            force_ = true;
            return;
        }
    }
    engine_.play(best);
    for (const std::string& leg : move_to_xboard_legs(best))
        out_.send("move " + leg);
    last_ponder_ = bm.ponder;
    last_ponder_key_ = engine_.position().key();
    lifted_ = first_leg_ = NO_SQUARE;
    if (pending_lift_ != NO_SQUARE) {
        // The piece the user lifted while we thought: its marks in the position now.
        lifted_ = pending_lift_;
        pending_lift_ = NO_SQUARE;
        shown_ = first_leg_marks(engine_.position(), lifted_);
        out_.send("highlight " + shown_.colour_fen());
    }
    report_if_over();
}

}  // namespace shishi
