#include "shishi/match/runner.hpp"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "shishi/match/interrupt.hpp"
#include "shishi/match/pgn.hpp"
#include "shishi/match/stats.hpp"

namespace shishi::match {
namespace {

std::string fixed(double v, int digits) {
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (std::abs(v) < 0.5 * std::pow(10.0, -digits)) v = 0;  // no "-0.0"

    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << v;
    return s.str();
}

std::string signed_fixed(double v, int digits) {
    std::string s = v >= 0 && !std::isinf(v) ? "+" : "";
    return s.append(fixed(v, digits));
}

struct TerminationCount {
    int total = 0;
    int by_engine[2] = {0, 0};  // offences of the first / second engine
};

// Everything the workers share, behind one mutex.
class MatchState {
public:
    MatchState(const MatchOptions& o, std::ostream& out, std::ofstream& pgn, const PgnHeader& header)
        : options_(o), out_(out), pgn_(pgn), header_(header) {}

    std::atomic<int> next_game{0};
    std::atomic<bool> stop_scheduling{false};
    std::atomic<bool> aborted{false};

    void record(GameRecord rec) {
        std::lock_guard<std::mutex> lock(mutex_);
        const bool first_white = rec.first_engine_white;
        if (names_[0].empty()) {
            names_[0] = first_white ? rec.white_name : rec.black_name;
            names_[1] = first_white ? rec.black_name : rec.white_name;
        }
        double s = rec.first_engine_score();
        if (s == 1.0) ++score_.wins;
        else if (s == 0.0) ++score_.losses;
        else ++score_.draws;
        std::string key = rec.termination == Termination::RULE ? rec.reason : termination_name(rec.termination);
        TerminationCount& tc = terminations_[key];
        ++tc.total;
        if (rec.offender) {
            bool first_offended = (*rec.offender == WHITE) == first_white;
            ++tc.by_engine[first_offended ? 0 : 1];
        }
        write_pgn(pgn_, rec, header_);
        pgn_.flush();
        out_ << "Finished game " << rec.round << " (" << rec.white_name << " vs " << rec.black_name
             << "): " << outcome_text(rec.outcome) << " {" << rec.reason << "}\n";
        out_ << score_line() << std::endl;
        if (options_.sprt) {
            SprtState st = sprt(score_, *options_.sprt);
            if (st.verdict != SprtState::CONTINUE) stop_scheduling = true;
        }
    }

    void report_error(const std::string& message) {
        std::lock_guard<std::mutex> lock(mutex_);
        errors_.push_back(message);
    }

    void summary(std::ostream& out, std::ostream& err, bool interrupted) {
        std::lock_guard<std::mutex> lock(mutex_);
        for (const std::string& e : errors_) err << "shishi-match: " << e << "\n";
        if (interrupted) out << "Interrupted: " << score_.games() << " finished game(s) kept\n";
        if (score_.games() == 0) {
            out << "No games finished.\n";
            return;
        }
        out << score_line() << "\n";
        EloEstimate e = estimate_elo(score_);
        out << "Elo difference: " << signed_fixed(e.elo, 1) << " +/- " << fixed(e.error95, 1) << " (95% interval "
            << signed_fixed(e.low, 1) << " .. " << signed_fixed(e.high, 1) << "), LOS: " << fixed(100 * e.los, 1)
            << " %, draw ratio: " << fixed(100.0 * score_.draws / score_.games(), 1) << " %\n";
        if (options_.sprt) {
            const SprtConfig& c = *options_.sprt;
            SprtState st = sprt(score_, c);
            out << "SPRT (elo0=" << c.elo0 << " elo1=" << c.elo1 << " alpha=" << c.alpha << " beta=" << c.beta
                << "): LLR " << fixed(st.llr, 2) << " [" << fixed(st.lower, 2) << ", " << fixed(st.upper, 2) << "] "
                << (st.verdict == SprtState::H1   ? "H1 accepted"
                    : st.verdict == SprtState::H0 ? "H0 accepted"
                                                  : "no verdict yet")
                << "\n";
        }
        out << "Terminations:\n";
        for (auto& [name, count] : terminations_) {
            out << "  " << name << ": " << count.total;
            if (count.by_engine[0] + count.by_engine[1] > 0)
                out << " (" << names_[0] << " " << count.by_engine[0] << ", " << names_[1] << " " << count.by_engine[1]
                    << ")";
            out << "\n";
        }
        auto it = terminations_.find(termination_name(Termination::REFUSAL));
        int r0 = it == terminations_.end() ? 0 : it->second.by_engine[0];
        int r1 = it == terminations_.end() ? 0 : it->second.by_engine[1];
        out << "Refused legal moves: " << names_[0] << " " << r0 << ", " << names_[1] << " " << r1 << "\n";
    }

private:
    std::string score_line() const {
        return "Score of " + names_[0] + " vs " + names_[1] + ": " + std::to_string(score_.wins) + " - " +
               std::to_string(score_.losses) + " - " + std::to_string(score_.draws) + "  [" + fixed(score_.ratio(), 3) +
               "] " + std::to_string(score_.games());
    }

    const MatchOptions& options_;
    std::ostream& out_;
    std::ofstream& pgn_;
    PgnHeader header_;
    std::mutex mutex_;
    Score score_;
    std::string names_[2];
    std::map<std::string, TerminationCount> terminations_;
    std::vector<std::string> errors_;
};

Opening opening_for_pair(const std::vector<Opening>& book, int pair, const MatchOptions& o) {
    Opening op = book[size_t(pair) % book.size()];
    if (o.random_plies > 0) {
        // Seeded by the pair, so both colour-reversed games get the same extra plies.
        std::mt19937_64 rng(o.seed * 0x9E3779B97F4A7C15ull + uint64_t(pair));
        add_random_plies(op, o.random_plies, rng);
    }
    return op;
}

std::string fallback_name(const EngineConfig& c) { return c.name.empty() ? c.command : c.name; }

// A game the engine `loser` (0 = first engine) lost before it began: it could not be started.
GameRecord start_failure(int round, bool first_white, int loser, const MatchOptions& o, const std::string& why,
                         const Opening& opening) {
    GameRecord rec;
    rec.round = round;
    rec.first_engine_white = first_white;
    std::string first = fallback_name(o.first), second = fallback_name(o.second);
    rec.white_name = first_white ? first : second;
    rec.black_name = first_white ? second : first;
    rec.start = opening.start;
    rec.start_is_initial = opening.start_is_initial;
    rec.moves = opening.moves;
    rec.opening_plies = int(opening.moves.size());
    const TimeControl& first_tc = o.first.tc ? *o.first.tc : o.referee.tc;
    const TimeControl& second_tc = o.second.tc ? *o.second.tc : o.referee.tc;
    rec.white_tc = first_white ? first_tc : second_tc;
    rec.black_tc = first_white ? second_tc : first_tc;
    Color loser_color = (loser == 0) == first_white ? WHITE : BLACK;
    rec.offender = loser_color;
    rec.outcome = loser_color == WHITE ? Outcome::BLACK_WINS : Outcome::WHITE_WINS;
    rec.termination = Termination::SETUP_FAILURE;
    rec.reason = std::string(loser_color == WHITE ? "White" : "Black") + " could not be started: " + why;
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    localtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    rec.date = buf;
    return rec;
}

void worker(const MatchOptions& o, const std::vector<Opening>& book, MatchState& state) {
    std::unique_ptr<Engine> engines[2] = {make_engine(o.first), make_engine(o.second)};
    const EngineConfig* configs[2] = {&o.first, &o.second};
    static std::atomic<int> worker_number{0};
    const int me = ++worker_number;
    engines[0]->set_log_label("w" + std::to_string(me) + ".first");
    engines[1]->set_log_label("w" + std::to_string(me) + ".second");
    for (;;) {
        if (stop_requested() || state.stop_scheduling) break;
        int index = state.next_game++;
        if (index >= o.games) break;
        const bool first_white = index % 2 == 0;
        const Opening opening = opening_for_pair(book, index / 2, o);
        bool started = true;
        for (int k = 0; k < 2 && started; ++k) {
            if (engines[k]->alive()) continue;
            engines[k]->quit();
            std::string error;
            if (!engines[k]->start(error)) {
                if (stop_requested()) return;
                started = false;
                std::string which = k == 0 ? "first" : "second";
                state.report_error("cannot start the " + which + " engine '" + configs[k]->command + "': " + error +
                                   "; match stopped");
                state.stop_scheduling = true;
                state.aborted = true;
                state.record(start_failure(index + 1, first_white, k, o, error, opening));
            }
        }
        if (!started) break;
        if (engines[0]->name() == engines[1]->name()) {
            engines[0]->set_name(engines[0]->name() + " (1)");
            engines[1]->set_name(engines[1]->name() + " (2)");
        }
        Engine& white = first_white ? *engines[0] : *engines[1];
        Engine& black = first_white ? *engines[1] : *engines[0];
        GameRecord rec = play_game(white, black, opening, o.referee);
        rec.round = index + 1;
        rec.first_engine_white = first_white;
        if (rec.termination == Termination::INTERRUPTED) break;
        // An engine that misbehaved may be in any state: restart both for the next game.
        bool restart = is_forfeit(rec.termination);
        state.record(std::move(rec));
        for (auto& e : engines)
            if (restart || e->wants_restart()) e->quit();
    }
    for (auto& e : engines) e->quit();
}

// "10+0.1", or each engine's own control when they differ (time odds).
std::string limits_text(const MatchOptions& o) {
    std::string first = (o.first.tc ? *o.first.tc : o.referee.tc).describe();
    std::string second = (o.second.tc ? *o.second.tc : o.referee.tc).describe();
    if (first == second) return first;
    return first + " against " + second;
}

std::string host_name() {
    char buf[256] = {};
    if (gethostname(buf, sizeof buf - 1) != 0 || buf[0] == 0) return "?";
    return buf;
}

}  // namespace

int run_match(const MatchOptions& o, std::ostream& out, std::ostream& err) {
    std::vector<Opening> book;
    if (!o.openings_path.empty()) {
        auto loaded = load_openings(o.openings_path);
        if (!loaded) {
            err << "shishi-match: " << loaded.error << "\n";
            return 1;
        }
        book = *loaded;
    } else {
        book.push_back(Opening{});
    }
    std::ofstream pgn(o.pgn_path, std::ios::trunc);
    if (!pgn) {
        err << "shishi-match: cannot write PGN file '" << o.pgn_path << "'\n";
        return 1;
    }
    ignore_sigpipe();
    PgnHeader header{o.event, host_name()};
    MatchState state(o, out, pgn, header);
    out << "Match: " << fallback_name(o.first) << " (" << protocol_name(o.first.protocol) << ") vs "
        << fallback_name(o.second) << " (" << protocol_name(o.second.protocol) << "), " << o.games << " games, "
        << limits_text(o) << ", " << book.size() << " opening(s), concurrency " << o.concurrency << std::endl;
    std::vector<std::thread> threads;
    int n = std::min(o.concurrency, o.games);
    for (int t = 0; t < n; ++t) threads.emplace_back(worker, std::cref(o), std::cref(book), std::ref(state));
    for (std::thread& t : threads) t.join();
    bool interrupted = stop_requested();
    state.summary(out, err, interrupted);
    out.flush();
    if (interrupted) return 130;
    return state.aborted ? 1 : 0;
}

}  // namespace shishi::match
