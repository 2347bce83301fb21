#include "shishi/match/referee.hpp"

#include <cstdlib>
#include <ctime>

#include "shishi/core/movegen.hpp"
#include "shishi/match/stop_request.hpp"
#include "shishi/platform/platform.hpp"

namespace shishi::match {
namespace {

const char* side_name(Color c) { return c == WHITE ? "White" : "Black"; }

Outcome win_for(Color c) { return c == WHITE ? Outcome::WHITE_WINS : Outcome::BLACK_WINS; }

// The decisive verdict of score adjudication, if the last `moves` moves of each side carried a
// score beyond the threshold that both sides agree on.
std::optional<Color> adjudicated_winner(const std::vector<std::optional<int>>& white_view, const Adjudication& adj) {
    if (adj.score_cp <= 0 || adj.moves <= 0) return std::nullopt;
    size_t need = size_t(2 * adj.moves);
    if (white_view.size() < need) return std::nullopt;
    bool white_wins = true, black_wins = true;
    for (size_t i = white_view.size() - need; i < white_view.size(); ++i) {
        if (!white_view[i]) return std::nullopt;
        if (*white_view[i] < adj.score_cp) white_wins = false;
        if (*white_view[i] > -adj.score_cp) black_wins = false;
    }
    if (white_wins) return WHITE;
    if (black_wins) return BLACK;
    return std::nullopt;
}

// Draw adjudication: the game is long enough and the last moves of both engines scored near 0.
bool adjudicated_draw(const std::vector<std::optional<int>>& white_view, int game_plies, const DrawAdjudication& d) {
    if (!d.enabled() || game_plies < 2 * d.move_number) return false;
    size_t need = size_t(2 * d.move_count);
    if (white_view.size() < need) return false;
    for (size_t i = white_view.size() - need; i < white_view.size(); ++i)
        if (!white_view[i] || std::abs(*white_view[i]) > d.score_cp) return false;
    return true;
}

// Do the last `count` scores of one engine (its own view) all satisfy `holds`?
template <class Holds>
bool last_scores(const std::vector<std::optional<int>>& v, int count, Holds holds) {
    const size_t need = size_t(count);
    if (v.size() < need) return false;
    for (size_t i = v.size() - need; i < v.size(); ++i)
        if (!v[i] || !holds(*v[i])) return false;
    return true;
}

// Resign adjudication: the side whose own last moves all scored hopeless for itself (and, when
// two-sided, whose opponent's last moves all scored it winning by as much).
std::optional<Color> adjudicated_loser(const std::vector<std::optional<int>> own_view[2], const ResignAdjudication& r) {
    if (!r.enabled()) return std::nullopt;
    for (Color c : {WHITE, BLACK}) {
        const bool hopeless = last_scores(own_view[c], r.move_count, [&](int s) { return s <= -r.score_cp; });
        const bool agreed = !r.two_sided ||
            last_scores(own_view[c == WHITE ? BLACK : WHITE], r.move_count, [&](int s) { return s >= r.score_cp; });
        if (hopeless && agreed) return c;
    }
    return std::nullopt;
}

}  // namespace

std::string today() {
    std::time_t t = std::time(nullptr);
    const std::tm tm = platform::local_time(t);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    return buf;
}

const char* termination_name(Termination t) {
    switch (t) {
        case Termination::RULE: return "rule";
        case Termination::CLAIM: return "confirmed claim";
        case Termination::RESIGNATION: return "resignation";
        case Termination::MAX_PLIES: return "max plies";
        case Termination::ADJUDICATION: return "score adjudication";
        case Termination::TIME_FORFEIT: return "time forfeit";
        case Termination::ILLEGAL_MOVE: return "illegal move";
        case Termination::REFUSAL: return "refused legal move";
        case Termination::FALSE_CLAIM: return "false claim";
        case Termination::CRASH: return "crash";
        case Termination::SETUP_FAILURE: return "setup failure";
        case Termination::INTERRUPTED: return "interrupted";
    }
    return "?";
}

std::optional<Termination> termination_from_name(const std::string& name) {
    for (int t = int(Termination::RULE); t <= int(Termination::INTERRUPTED); ++t)
        if (name == termination_name(Termination(t))) return Termination(t);
    return std::nullopt;
}

const char* termination_pgn_tag(Termination t) {
    switch (t) {
        case Termination::RULE:
        case Termination::CLAIM:
        case Termination::RESIGNATION: return "normal";
        case Termination::MAX_PLIES:
        case Termination::ADJUDICATION: return "adjudication";
        case Termination::TIME_FORFEIT: return "time forfeit";
        case Termination::ILLEGAL_MOVE:
        case Termination::REFUSAL:
        case Termination::FALSE_CLAIM: return "rules infraction";
        case Termination::CRASH:
        case Termination::SETUP_FAILURE: return "abandoned";
        case Termination::INTERRUPTED: return "unterminated";
    }
    return "unterminated";
}

bool is_forfeit(Termination t) {
    switch (t) {
        case Termination::TIME_FORFEIT:
        case Termination::ILLEGAL_MOVE:
        case Termination::REFUSAL:
        case Termination::FALSE_CLAIM:
        case Termination::CRASH:
        case Termination::SETUP_FAILURE: return true;
        default: return false;
    }
}

const TimeControl& limits_of(const EngineProcess& engine, const RefereeSettings& settings) {
    return engine.config().tc ? *engine.config().tc : settings.tc;
}

GameRecord play_game(EngineProcess& white, EngineProcess& black, const Opening& opening,
                     const RefereeSettings& settings) {
    GameRecord rec;
    rec.white_name = white.name();
    rec.black_name = black.name();
    rec.start = opening.start;
    rec.start_is_initial = opening.start_is_initial;
    rec.moves = opening.moves;
    rec.opening_plies = int(opening.moves.size());
    // Each side is refereed by its own control (time odds), and told its opponent's increment.
    const TimeControl tcs[2] = {limits_of(white, settings), limits_of(black, settings)};
    rec.white_tc = tcs[WHITE];
    rec.black_tc = tcs[BLACK];
    rec.date = today();

    auto forfeit = [&](Color loser, Termination t, const std::string& why) {
        rec.outcome = win_for(~loser);
        rec.termination = t;
        rec.offender = loser;
        rec.reason = why;
    };

    Game game(settings.rules);
    Position start = opening.start;
    start.set_rules(settings.rules);
    game.reset(start);
    for (Move m : opening.moves)
        game.play(m);

    EngineProcess* engines[2] = {&white, &black};
    for (Color c : {WHITE, BLACK}) {
        GameStart gs{opening.start, opening.start_is_initial, opening.moves, tcs[c], c};
        SetupResult r = engines[c]->new_game(gs);
        if (!r.ok() && stop_requested()) {
            // Ctrl-C while the engine was being set up: nobody's fault, the game is not played.
            rec.termination = Termination::INTERRUPTED;
            rec.outcome = Outcome::ONGOING;
            rec.reason = "match interrupted";
            return rec;
        }
        if (!r.ok()) {
            bool refused = r.status == SetupResult::REFUSED;
            forfeit(c, refused ? Termination::REFUSAL : Termination::SETUP_FAILURE,
                    std::string(side_name(c)) +
                        (refused ? " refused a legal opening move: " : " could not set up the game: ") + r.error);
            white.game_over(outcome_text(rec.outcome), rec.reason);
            black.game_over(outcome_text(rec.outcome), rec.reason);
            return rec;
        }
    }

    Clock clocks[2] = {Clock(tcs[WHITE]), Clock(tcs[BLACK])};
    std::vector<std::optional<int>> white_view_scores;
    std::vector<std::optional<int>> own_view_scores[2];  // each engine's scores of its own moves
    for (;;) {
        if (stop_requested()) {
            rec.termination = Termination::INTERRUPTED;
            rec.outcome = Outcome::ONGOING;
            rec.reason = "match interrupted";
            break;
        }
        GameStatus status = game.status();
        if (status.over()) {
            rec.outcome = status.outcome;
            rec.termination = Termination::RULE;
            rec.reason = status.reason;
            break;
        }
        if (settings.max_plies > 0 && game.plies() >= settings.max_plies) {
            rec.outcome = Outcome::DRAW;
            rec.termination = Termination::MAX_PLIES;
            rec.reason = "draw at the limit of " + std::to_string(settings.max_plies) + " plies";
            break;
        }
        if (auto winner = adjudicated_winner(white_view_scores, settings.adjudication)) {
            rec.outcome = win_for(*winner);
            rec.termination = Termination::ADJUDICATION;
            rec.reason = std::string(side_name(*winner)) + " wins by score adjudication";
            break;
        }
        if (adjudicated_draw(white_view_scores, game.plies(), settings.draw)) {
            rec.outcome = Outcome::DRAW;
            rec.termination = Termination::ADJUDICATION;
            rec.reason = "draw by adjudication: both scores within " + std::to_string(settings.draw.score_cp) +
                " cp for " + std::to_string(settings.draw.move_count) + " moves";
            break;
        }
        if (auto loser = adjudicated_loser(own_view_scores, settings.resign)) {
            rec.outcome = win_for(~*loser);
            rec.termination = Termination::ADJUDICATION;
            rec.reason = std::string(side_name(*loser)) +
                " resigns by adjudication: " + std::to_string(settings.resign.move_count) + " moves at -" +
                std::to_string(settings.resign.score_cp) + " cp or worse";
            break;
        }
        const Position& pos = game.position();
        Color us = pos.side_to_move();
        EngineProcess& engine = *engines[us];
        Clock& clock = clocks[us];
        ClockReadings readings{clock.remaining_ms(),  clocks[~us].remaining_ms(), tcs[us].increment_ms,
                               tcs[~us].increment_ms, clock.moves_to_go(),        us == WHITE};
        TimePoint deadline = SteadyClock::now() + std::chrono::milliseconds(clock.allowance_ms(settings.margin_ms));
        EngineReply reply = engine.think(pos, readings, deadline);
        const std::string who = side_name(us);
        if (reply.kind == EngineReply::INTERRUPTED) continue;  // handled at the loop top
        if (reply.kind == EngineReply::TIMEOUT) {
            forfeit(
                us, Termination::TIME_FORFEIT,
                who + (tcs[us].has_clock() || tcs[us].move_time_ms > 0 ? " lost on time" : " did not move in time"));
            break;
        }
        if (reply.kind == EngineReply::CRASHED) {
            forfeit(us, Termination::CRASH, who + "'s engine stopped (crash or exit)");
            break;
        }
        if (reply.kind == EngineReply::RESIGN) {
            forfeit(us, Termination::RESIGNATION, who + " resigns");
            rec.offender.reset();
            break;
        }
        if (reply.kind == EngineReply::REFUSED) {
            std::string last = game.plies() > 0 ? move_to_xboard(game.moves().back()) : "(none)";
            forfeit(us, Termination::REFUSAL, who + " refused the legal move " + last + ": " + reply.text);
            break;
        }
        if (reply.kind == EngineReply::CLAIM && reply.text == outcome_text(win_for(~us))) {
            // Claiming one's own loss is resigning (HaChu sends "0-1 {resign}" this way).
            forfeit(us, Termination::RESIGNATION,
                    who + " resigns" + (reply.comment.empty() ? "" : " (" + reply.comment + ")"));
            rec.offender.reset();
            break;
        }
        if (reply.kind == EngineReply::CLAIM) {
            GameStatus now = game.status();
            if (now.over() && reply.text == outcome_text(now.outcome)) {
                rec.outcome = now.outcome;
                rec.termination = Termination::CLAIM;
                rec.reason = now.reason;
            } else {
                forfeit(us, Termination::FALSE_CLAIM,
                        who + " claimed " + reply.text + (reply.comment.empty() ? "" : " (" + reply.comment + ")") +
                            " but the game goes on");
            }
            break;
        }
        // A move: on time, readable and legal.
        if (!clock.charge(reply.elapsed_ms, settings.margin_ms)) {
            forfeit(us, Termination::TIME_FORFEIT, who + " lost on time (" + std::to_string(reply.elapsed_ms) + " ms)");
            break;
        }
        Parsed<Move> m = engine.parse_move(pos, reply.text);
        if (!m) {
            forfeit(us, Termination::ILLEGAL_MOVE, who + " made an illegal move '" + reply.text + "': " + m.error);
            break;
        }
        // The text readers accept what any known rule set allows; the referee holds the game's.
        if (!is_legal(pos, *m)) {
            forfeit(us, Termination::ILLEGAL_MOVE,
                    who + " made a move illegal under the " + preset_name(settings.rules.preset) + " rules: '" +
                        reply.text + "'");
            break;
        }
        game.play(*m);
        rec.moves.push_back(*m);
        engine.own_move_accepted(*m);
        engines[~us]->opponent_moved(*m);
        engine.start_pondering(game.position(),
                               ClockReadings{clock.remaining_ms(), clocks[~us].remaining_ms(), tcs[us].increment_ms,
                                             tcs[~us].increment_ms, clock.moves_to_go(), us == WHITE});
        std::optional<int> own = reply.score;
        if (own && us == BLACK && engine.config().white_pov) own = -*own;
        rec.evals.push_back({own, own ? reply.depth : 0, reply.elapsed_ms});
        own_view_scores[us].push_back(own);
        std::optional<int> score = own;
        if (score && us == BLACK) score = -*score;
        white_view_scores.push_back(score);
    }
    if (rec.termination != Termination::INTERRUPTED) {
        white.game_over(outcome_text(rec.outcome), rec.reason);
        black.game_over(outcome_text(rec.outcome), rec.reason);
    }
    return rec;
}

}  // namespace shishi::match
