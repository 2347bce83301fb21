#include "shishi/match/knockout_runner.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "shishi/match/stop_request.hpp"

namespace shishi::match {
namespace {

struct KnockoutState {
    std::mutex mutex;
    int games = 0;  // finished, for the PGN's Round tag
    bool aborted = false;
    std::vector<std::string> errors;
    std::set<int> warned;  // engines whose option complaints were shown
};

const char* result_text(Outcome o) {
    return o == Outcome::WHITE_WINS ? "1-0" : o == Outcome::BLACK_WINS ? "0-1" : "1/2-1/2";
}

// Plays pair `k` of the tournament's current round until the tournament says it is decided,
// with its own two engine processes.
void play_pair(const MatchOptions& o, const std::vector<EngineConfig>& configs, const std::vector<std::string>& names,
               const std::function<Opening(int)>& opening, std::ofstream& pgn, const PgnHeader& header,
               std::ostream& out, std::ostream& err, Tournament& tournament, size_t k, const Pairing& pair,
               KnockoutState& state) {
    std::unique_ptr<EngineProcess> a = make_engine(configs[size_t(pair.a)]), b = make_engine(configs[size_t(pair.b)]);
    int played = 0;
    while (tournament.needs_more_games(k) && !stop_requested()) {
        {
            std::lock_guard<std::mutex> lock(state.mutex);
            if (state.aborted) break;
        }
        // Colours and openings as in every pairing: games 2k and 2k+1 share opening k.
        const bool a_white = (!o.colours.swap || played % 2 == 0) != o.colours.reverse;
        bool started = true;
        for (auto* en : {&a, &b}) {
            if ((*en)->alive()) continue;
            (*en)->quit();
            std::string error;
            const int index = en == &a ? pair.a : pair.b;
            if (!(*en)->start(error)) {
                std::lock_guard<std::mutex> lock(state.mutex);
                if (!stop_requested())
                    state.errors.push_back("cannot start engine '" + configs[size_t(index)].command + "': " + error +
                                           "; tournament stopped");
                state.aborted = true;
                started = false;
                break;
            }
            std::lock_guard<std::mutex> lock(state.mutex);
            if (state.warned.insert(index).second)
                for (const std::string& w : (*en)->option_warnings())
                    err << "shishi-match: warning: engine " << names[size_t(index)] << ": " << w << std::endl;
        }
        if (!started) break;
        EngineProcess& white = a_white ? *a : *b;
        EngineProcess& black = a_white ? *b : *a;
        GameRecord rec = play_game(white, black, opening(played / 2), o.referee);
        if (rec.termination == Termination::INTERRUPTED) break;
        rec.white_name = names[size_t(a_white ? pair.a : pair.b)];
        rec.black_name = names[size_t(a_white ? pair.b : pair.a)];
        rec.white_tc = limits_of(white, o.referee);
        rec.black_tc = limits_of(black, o.referee);
        rec.date = today();
        {
            std::lock_guard<std::mutex> lock(state.mutex);
            rec.round = ++state.games;
            if (pgn.is_open()) {
                write_pgn(pgn, rec, header);
                pgn.flush();
            }
            out << "Game " << rec.round << ": " << rec.white_name << " - " << rec.black_name << " "
                << result_text(rec.outcome) << " {" << rec.reason << "}" << std::endl;
        }
        ++played;
        const bool draw = rec.outcome == Outcome::DRAW;
        tournament.add_result(k, (rec.outcome == Outcome::WHITE_WINS) == a_white, draw);
        const bool restart = is_forfeit(rec.termination);
        for (EngineProcess* en : {&white, &black})
            if (restart || en->restart_after_game()) en->quit();
    }
    a->quit();
    b->quit();
    if (stop_requested()) return;
    if (const std::string note = tournament.ending_note(k, names); !note.empty()) {
        std::lock_guard<std::mutex> lock(state.mutex);
        out << note << std::endl;
    }
}

}  // namespace

int run_knockout(const MatchOptions& o, const std::vector<EngineConfig>& configs, const std::vector<std::string>& names,
                 Tournament& tournament, const std::function<Opening(int)>& opening, std::ofstream& pgn,
                 const PgnHeader& header, std::ostream& out, std::ostream& err) {
    out << tournament.title(int(configs.size())) << ": " << configs.size() << " engines, " << o.games
        << " game(s) per encounter (more on a tie), " << o.seeds << " seeded, concurrency " << o.concurrency
        << std::endl;
    KnockoutState state;
    for (;;) {
        const std::vector<Pairing> pairs = tournament.next_pairs();
        if (pairs.empty()) break;
        std::atomic<size_t> next{0};
        auto work = [&] {
            for (size_t k; (k = next++) < pairs.size();)
                play_pair(o, configs, names, opening, pgn, header, out, err, tournament, k, pairs[k], state);
        };
        std::vector<std::thread> threads;
        const size_t n = std::min(size_t(std::max(o.concurrency, 1)), pairs.size());
        for (size_t t = 0; t < n; ++t)
            threads.emplace_back(work);
        for (std::thread& t : threads)
            t.join();
        if (stop_requested() || state.aborted) break;
    }
    for (const std::string& e : state.errors)
        err << "shishi-match: " << e << "\n";
    const bool interrupted = stop_requested();
    out << (interrupted         ? "Interrupted: the bracket so far\n"
                : state.aborted ? "Aborted: the bracket so far\n"
                                : "")
        << tournament.report(names);
    out.flush();
    if (interrupted) return 130;
    return state.aborted ? 1 : 0;
}

}  // namespace shishi::match
