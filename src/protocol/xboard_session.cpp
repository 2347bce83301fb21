// XboardSession: construction, the search in the background, and the end of the game.
#include "shishi/protocol/xboard_session.hpp"

#include "shishi/protocol/xboard_thinking.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"

namespace shishi {
namespace {

// Resign (when the option allows) after this many own searches in a row at or below this score.
constexpr int RESIGN_SCORE = -2500;
constexpr int RESIGN_AFTER = 3;

}  // namespace

XboardSession::XboardSession(std::ostream& out) : out_(out), game_(rules_) {
    Position start = Position::start();
    start.set_rules(rules_);
    game_.reset(start);
}

XboardSession::~XboardSession() { shutdown(); }

void XboardSession::shutdown() { abort_search(); }

void XboardSession::abort_search() {
    if (!worker_.active()) return;
    aborting_ = true;
    worker_.stop_and_join([this] { searcher_.stop(); });
    aborting_ = false;
}

void XboardSession::move_now() {
    if (!game_search_running()) return;
    worker_.stop_and_join([this] { searcher_.stop(); });
}

void XboardSession::wait_for_move() {
    if (game_search_running()) worker_.join();
}

void XboardSession::error(std::string_view type, std::string_view command) {
    out_.send("Error (" + std::string(type) + "): " + std::string(command));
}

int XboardSession::own_moves_made() const {
    Color mover = game_.start_position().side_to_move();
    int n = 0;
    for (int i = 0; i < game_.plies(); ++i, mover = ~mover)
        if (mover == engine_side_) ++n;
    return n;
}

bool XboardSession::report_if_over() {
    GameStatus s = game_.status();
    if (!s.over()) return false;
    out_.send(std::string(outcome_text(s.outcome)) + " {" + s.reason + "}");
    force_ = true;  // nothing more to play; XBoard sends the next game's commands
    return true;
}

void XboardSession::after_position_change() {
    lifted_ = first_leg_ = NO_SQUARE;
    if (analyse_mode_) return;  // the loop restarts the analysis
    if (force_ || game_.position().side_to_move() != engine_side_) return;
    start_game_search();
}

void XboardSession::start_game_search() {
    if (report_if_over()) return;
    Position root = game_.position();
    SearchLimits limits = clock_.limits(own_moves_made());
    // XBoard 4.9.1 garbles an engine's turn pass when it forwards it to the other engine
    // ("f7f8," "f8f7" arrives as "f7f7,f8e7"), which the other side must refuse; so Shishi
    // passes only when nothing else is legal (docs/protocols.md).
    limits.allow_pass = false;
    analysing_search_ = false;
    worker_.start([this, root, limits]() mutable {
        SearchResult r = searcher_.search(root, limits, [this](const SearchInfo& info) {
            if (post_) out_.send(xboard_thinking_line(info));
        });
        std::lock_guard<std::mutex> lock(mutex_);
        if (!aborting_) finish_game_search(r);
    });
}

void XboardSession::start_analysis() {
    if (game_.status().over()) return;  // nothing to analyse
    Position root = game_.position();
    SearchLimits limits;
    limits.infinite = true;
    analysing_search_ = true;
    worker_.start([this, root, limits]() mutable {
        searcher_.search(root, limits, [this](const SearchInfo& info) {
            if (post_) out_.send(xboard_thinking_line(info));
        });
    });
}

void XboardSession::finish_game_search(const SearchResult& r) {
    const Position& pos = game_.position();
    Move best = r.best;
    if (best.is_none() || !is_legal(pos, best)) {
        // Never leave the GUI waiting: any legal move beats a hang or a time loss.
        MoveList list;
        generate_legal(pos, list);
        if (list.empty()) {
            report_if_over();
            return;
        }
        if (!best.is_none()) out_.send("# search returned an illegal move " + move_to_xboard(best));
        best = list[0];
    }
    if (resign_enabled_) {
        bad_scores_in_row_ = r.score <= RESIGN_SCORE ? bad_scores_in_row_ + 1 : 0;
        if (bad_scores_in_row_ >= RESIGN_AFTER) {
            out_.send("resign");
            force_ = true;
            return;
        }
    }
    game_.play(best);
    for (const std::string& leg : move_to_xboard_legs(best)) out_.send("move " + leg);
    last_ponder_ = r.ponder;
    last_ponder_key_ = game_.position().key();
    lifted_ = first_leg_ = NO_SQUARE;
    report_if_over();
}

void XboardSession::set_rules(const RuleSet& r) {
    rules_ = r;
    game_.set_rules(r);
}

}  // namespace shishi
