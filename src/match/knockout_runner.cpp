#include "shishi/match/knockout_runner.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

#include "shishi/match/knockout.hpp"
#include "shishi/match/stop_request.hpp"

namespace shishi::match {
namespace {

struct KnockoutState {
    std::mutex mutex;
    int games = 0;  // finished, for the PGN's Round tag
    bool aborted = false;
    std::vector<std::string> errors;
};

const char* result_text(Outcome o) {
    return o == Outcome::WHITE_WINS ? "1-0" : o == Outcome::BLACK_WINS ? "0-1" : "1/2-1/2";
}

// Plays encounter `e` until it is decided, with its own two engine processes.
void play_encounter(const MatchOptions& o, const std::vector<EngineConfig>& configs, const std::vector<std::string>& names,
                    const std::function<Opening(int)>& opening, std::ofstream& pgn, const PgnHeader& header,
                    std::ostream& out, Encounter& e, KnockoutState& state) {
    std::unique_ptr<Engine> a = make_engine(configs[size_t(e.a)]), b = make_engine(configs[size_t(e.b)]);
    while (e.needs_more_games(o.games) && !stop_requested()) {
        {
            std::lock_guard<std::mutex> lock(state.mutex);
            if (state.aborted) break;
        }
        // Colours and openings as in every pairing: games 2k and 2k+1 share opening k.
        const bool a_white = (!o.colours.swap || e.played % 2 == 0) != o.colours.reverse;
        bool started = true;
        for (auto* en : {&a, &b}) {
            if ((*en)->alive()) continue;
            (*en)->quit();
            std::string error;
            if (!(*en)->start(error)) {
                std::lock_guard<std::mutex> lock(state.mutex);
                if (!stop_requested())
                    state.errors.push_back("cannot start engine '" + configs[size_t(en == &a ? e.a : e.b)].command +
                                           "': " + error + "; tournament stopped");
                state.aborted = true;
                started = false;
                break;
            }
        }
        if (!started) break;
        Engine& white = a_white ? *a : *b;
        Engine& black = a_white ? *b : *a;
        GameRecord rec = play_game(white, black, opening(e.played / 2), o.referee);
        if (rec.termination == Termination::INTERRUPTED) break;
        rec.white_name = names[size_t(a_white ? e.a : e.b)];
        rec.black_name = names[size_t(a_white ? e.b : e.a)];
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
        const bool draw = rec.outcome == Outcome::DRAW;
        e.add((rec.outcome == Outcome::WHITE_WINS) == a_white, draw);
        const bool restart = is_forfeit(rec.termination);
        for (Engine* en : {&white, &black})
            if (restart || en->restart_after_game()) en->quit();
    }
    a->quit();
    b->quit();
}

}  // namespace

int run_knockout(const MatchOptions& o, const std::vector<EngineConfig>& configs, const std::vector<std::string>& names,
                 const std::function<Opening(int)>& opening, std::ofstream& pgn, const PgnHeader& header,
                 std::ostream& out, std::ostream& err) {
    std::vector<std::vector<Encounter>> rounds{first_round(knockout_bracket(int(configs.size()), o.seeds, o.seed))};
    out << "Knockout: " << configs.size() << " engines, " << o.games << " game(s) per encounter (more on a tie), "
        << o.seeds << " seeded, concurrency " << o.concurrency << std::endl;
    KnockoutState state;
    for (;;) {
        std::vector<Encounter>& round = rounds.back();
        std::vector<size_t> to_play;
        for (size_t i = 0; i < round.size(); ++i)
            if (!round[i].bye()) to_play.push_back(i);
        std::atomic<size_t> next{0};
        auto work = [&] {
            for (size_t k; (k = next++) < to_play.size();)
                play_encounter(o, configs, names, opening, pgn, header, out, round[to_play[k]], state);
        };
        std::vector<std::thread> threads;
        const size_t n = std::min(size_t(std::max(o.concurrency, 1)), to_play.size());
        for (size_t t = 0; t < n; ++t) threads.emplace_back(work);
        for (std::thread& t : threads) t.join();
        if (stop_requested() || state.aborted) break;
        std::vector<Encounter> next_one = next_round(round);
        if (next_one.empty()) break;
        rounds.push_back(std::move(next_one));
    }
    for (const std::string& e : state.errors) err << "shishi-match: " << e << "\n";
    const bool interrupted = stop_requested();
    out << (interrupted ? "Interrupted: the bracket so far\n" : state.aborted ? "Aborted: the bracket so far\n" : "")
        << knockout_report(rounds, names, o.games);
    out.flush();
    if (interrupted) return 130;
    return state.aborted ? 1 : 0;
}

}  // namespace shishi::match
