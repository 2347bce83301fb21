#include "shishi/match/runner.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "shishi/cli/output_path.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/text.hpp"
#include "shishi/match/stop_request.hpp"
#include "shishi/match/game_pgn.hpp"
#include "shishi/match/knockout_runner.hpp"
#include "shishi/match/runner_pgn_reader.hpp"
#include "shishi/match/report.hpp"
#include "shishi/match/results_json.hpp"
#include "shishi/match/run_outputs.hpp"
#include "shishi/match/tally.hpp"
#include "shishi/match/tournament.hpp"
#include "shishi/match/tournament_kinds.hpp"
#include "shishi/record/pgn.hpp"
#include "shishi/platform/platform.hpp"

namespace shishi::match {
namespace {

const TimeControl& limits(const EngineConfig& c, const MatchOptions& o) { return c.tc ? *c.tc : o.referee.tc; }

// The parts of a MatchSettings tag ("; " between them).
std::vector<std::string_view> split_on(std::string_view text) {
    std::vector<std::string_view> parts;
    for (size_t from = 0;;) {
        const size_t at = text.find("; ", from);
        parts.push_back(text.substr(from, at == std::string_view::npos ? std::string_view::npos : at - from));
        if (at == std::string_view::npos) return parts;
        from = at + 2;
    }
}

PgnHeader run_header(const MatchOptions& o, const std::string& site) {
    return PgnHeader{o.event, o.site.empty() ? site : o.site, !o.pgn_min, referee_settings_text(o.referee)};
}

// What the workers share, behind one mutex: it hands each finished game to the tally, the
// writers and the console report, and decides nothing of its own but when to stop scheduling.
class MatchState {
public:
    MatchState(const MatchOptions& o, const std::vector<std::string>& names, const Schedule& schedule,
               std::ostream& out, std::ostream& err, std::ofstream& pgn, const PgnHeader& header)
        : err_(err),
          names_(names),
          context_{names_, schedule, o.sprt, o.shard.games(schedule)},
          tally_(int(names.size()), schedule, o.sprt),
          shard_(o.shard),
          report_(out, o.terminal, context_),
          outputs_(o, names_, schedule, pgn, header) {}

    std::atomic<int> next_game{0};
    std::atomic<bool> stop_scheduling{false};
    std::atomic<bool> aborted{false};

    const std::vector<std::string>& names() const { return names_; }
    bool done(int index) {
        std::lock_guard<std::mutex> lock(mutex_);
        return tally_.done(index);
    }

    // A game of an earlier session, read back from the PGN (--resume).
    void restore(const GameSummary& g) {
        std::lock_guard<std::mutex> lock(mutex_);
        tally_.add(g, true);
        if (tally_.sprt_decided() && shard_.whole()) stop_scheduling = true;  // a shard's games are the merge's
    }

    void record(GameRecord rec, const GameSlot& slot) {
        std::lock_guard<std::mutex> lock(mutex_);
        tally_.add(summarize(rec, slot));
        outputs_.write_game(rec);
        report_.game_finished(rec, slot.pairing, tally_);
        if (tally_.sprt_decided() && shard_.whole()) stop_scheduling = true;  // a shard's games are the merge's
        outputs_.refresh(tally_, "running", false);
    }

    // The complaints about engine e's options, on standard error at its first start.
    void warn_options(int e, const EngineProcess& engine) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!warned_.insert(e).second) return;
        for (const std::string& w : engine.option_warnings())
            err_ << "shishi-match: warning: engine " << names_[size_t(e)] << ": " << w << std::endl;
    }

    void report_error(const std::string& message) {
        std::lock_guard<std::mutex> lock(mutex_);
        errors_.push_back(message);
    }

    // The final report; `state` also goes to the JSON file.
    void summary(std::ostream& out, std::ostream& err, bool interrupted, const std::string& state) {
        std::lock_guard<std::mutex> lock(mutex_);
        report_.clear();
        outputs_.refresh(tally_, state, true);
        for (const std::string& e : errors_)
            err << "shishi-match: " << e << "\n";
        for (const std::string& e : outputs_.errors())
            err << "shishi-match: " << e << "\n";
        // Games lost to a setup failure were never played: their results are not the engines'
        // play, so the run says so and fails (exit status 1).
        const auto& failures = tally_.setup_failures();
        if (!failures.empty())
            err << "shishi-match: " << failures.size() << " game(s) lost to a setup failure, not played"
                << " (first: " << failures.front() << "); the results are not the engines' play\n";
        final_report(out, tally_, context_, interrupted);
    }

    bool sprt_decided() {
        std::lock_guard<std::mutex> lock(mutex_);
        return tally_.sprt_decided();
    }
    int setup_failures() {
        std::lock_guard<std::mutex> lock(mutex_);
        return int(tally_.setup_failures().size());
    }
    bool output_failed() {  // the PGN, EPD, JSON or plot file could not be written at some point
        std::lock_guard<std::mutex> lock(mutex_);
        return outputs_.failed();
    }

private:
    std::ostream& err_;
    std::set<int> warned_;
    const std::vector<std::string>& names_;
    ReportContext context_;
    Tally tally_;
    Shard shard_;
    ProgressReport report_;
    RunOutputs outputs_;
    std::mutex mutex_;
    std::vector<std::string> errors_;
};

Opening opening_for(const std::vector<Opening>& book, int opening, const MatchOptions& o) {
    Opening op = book[size_t(opening) % book.size()];
    if (o.random_plies > 0) {
        // Seeded by the opening, so both colour-reversed games (and every pairing) get the same plies.
        std::mt19937_64 rng(o.seed * 0x9E3779B97F4A7C15ull + uint64_t(opening));
        add_random_plies(op, o.random_plies, rng);
    }
    return op;
}

// The game of a slot before its first move: players, controls, opening. Also what --resume
// compares a game of the PGN with.
GameRecord game_shell(int round, const GameSlot& slot, const MatchOptions& o, const std::vector<std::string>& names,
                      const Opening& opening) {
    GameRecord rec;
    rec.round = round;
    rec.white_name = names[size_t(slot.white)];
    rec.black_name = names[size_t(slot.black)];
    rec.start = opening.start;
    rec.start_is_initial = opening.start_is_initial;
    rec.moves = opening.moves;
    rec.opening_plies = int(opening.moves.size());
    rec.white_tc = limits(o.engines[size_t(slot.white)], o);
    rec.black_tc = limits(o.engines[size_t(slot.black)], o);
    rec.date = today();
    return rec;
}

// A game that engine `loser` lost before it began: it could not be started.
GameRecord start_failure(int round, const GameSlot& slot, int loser, const MatchOptions& o,
                         const std::vector<std::string>& names, const std::string& why, const Opening& opening) {
    GameRecord rec = game_shell(round, slot, o, names, opening);
    Color loser_color = loser == slot.white ? WHITE : BLACK;
    rec.offender = loser_color;
    rec.outcome = loser_color == WHITE ? Outcome::BLACK_WINS : Outcome::WHITE_WINS;
    rec.termination = Termination::SETUP_FAILURE;
    rec.reason = std::string(loser_color == WHITE ? "White" : "Black") + " could not be started: " + why;
    return rec;
}

std::string engine_label(const MatchOptions& o, int e) {
    if (o.engines.size() == 2) return e == 0 ? "first" : "second";
    std::string label = "#";  // appended, not "#" + ...: GCC 12 misreads that as an overlapping copy
    return label.append(std::to_string(e + 1));
}

// --wait MS (cutechess's -wait): a pause before a worker's next game; false when a stop was
// requested meanwhile.
bool pause_between_games(int ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (!stop_requested()) {
        const auto left = until - std::chrono::steady_clock::now();
        if (left <= std::chrono::steady_clock::duration::zero()) return true;
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(left, std::chrono::milliseconds(50)));
    }
    return false;
}

void worker(const MatchOptions& o, const std::vector<EngineConfig>& configs, const Schedule& schedule,
            const std::vector<Opening>& book, MatchState& state) {
    static std::atomic<int> worker_number{0};
    const int me = ++worker_number;
    // This worker's engine processes, started when a game first needs them.
    std::vector<std::unique_ptr<EngineProcess>> engines(configs.size());
    auto engine = [&](int e) -> EngineProcess& {
        if (!engines[size_t(e)]) {
            engines[size_t(e)] = make_engine(configs[size_t(e)]);
            std::string label = "w";  // appended: GCC 12 misreads "w" + ... as an overlapping copy
            engines[size_t(e)]->set_log_label(label.append(std::to_string(me)).append(".").append(engine_label(o, e)));
        }
        return *engines[size_t(e)];
    };
    bool played = false;
    for (;;) {
        if (stop_requested() || state.stop_scheduling) break;
        int index = state.next_game++;
        if (index >= schedule.total()) break;
        if (state.done(index) || !o.shard.contains(index)) continue;  // finished before a resume, or another shard's
        if (played && o.wait_ms > 0 && !pause_between_games(o.wait_ms)) break;
        played = true;
        const GameSlot slot = schedule.slot(index);
        const Opening opening = opening_for(book, slot.opening, o);
        bool started = true;
        for (int e : {slot.white, slot.black}) {
            EngineProcess& en = engine(e);
            if (en.alive()) continue;
            en.quit();
            std::string error;
            if (!en.start(error)) {
                if (stop_requested()) return;
                started = false;
                state.report_error("cannot start the " + engine_label(o, e) + " engine '" + configs[size_t(e)].command +
                                   "': " + error + "; match stopped");
                state.stop_scheduling = true;
                state.aborted = true;
                state.record(start_failure(index + 1, slot, e, o, state.names(), error, opening), slot);
                break;
            }
            state.warn_options(e, en);
        }
        if (!started) break;
        EngineProcess& white = engine(slot.white);
        EngineProcess& black = engine(slot.black);
        GameRecord rec = play_game(white, black, opening, o.referee);
        rec.round = index + 1;
        if (rec.termination == Termination::INTERRUPTED) break;
        // An engine that misbehaved may be in any state: restart both for the next game.
        bool restart = is_forfeit(rec.termination);
        state.record(std::move(rec), slot);
        for (EngineProcess* e : {&white, &black})
            if (restart || e->restart_after_game()) e->quit();
    }
    for (auto& e : engines)
        if (e) e->quit();
}

// The book as the options order it: cut to --openings-plies, shuffled by --seed (the same
// order on every machine, so shards agree), then begun at --openings-start.
std::vector<Opening> arrange_book(std::vector<Opening> book, const MatchOptions& o) {
    if (o.openings_plies > 0)
        for (Opening& op : book)
            if (int(op.moves.size()) > o.openings_plies) op.moves.resize(size_t(o.openings_plies));
    if (o.openings_random) {
        std::mt19937_64 rng(o.seed ^ 0xB00Cull);
        for (size_t i = book.size(); i > 1; --i)
            std::swap(book[i - 1], book[size_t(rng() % i)]);
    }
    std::rotate(book.begin(), book.begin() + long(size_t(o.openings_start - 1) % book.size()), book.end());
    return book;
}

std::string host_name() {
    const std::string name = platform::host_name();
    return name.empty() ? "?" : name;
}

// The names games are recorded under: the configured one, else what the engine calls itself
// (asked once before the run), else its command; equal names get " (1)", " (2)", ...
std::vector<std::string> engine_names(std::vector<EngineConfig>& configs) {
    std::vector<std::string> names;
    for (EngineConfig& c : configs) {
        std::string name = c.name;
        if (name.empty()) {
            auto probe = make_engine(c);
            std::string error;
            if (probe->start(error)) name = probe->name();
            probe->quit();
        }
        names.push_back(name.empty() ? c.command : name);
    }
    for (size_t i = 0; i < names.size(); ++i) {
        bool shared = false;
        for (size_t j = 0; j < names.size(); ++j)
            shared |= j != i && names[j] == names[i];
        if (!shared) continue;
        const std::string base = names[i];
        for (size_t j = 0; j < names.size(); ++j)
            if (names[j] == base) names[j] = base + " (" + std::to_string(j + 1) + ")";
    }
    for (size_t i = 0; i < names.size(); ++i)
        configs[i].name = names[i];
    return names;
}

// "10+0.1", or each engine's own control when they differ (time odds).
std::string limits_text(const MatchOptions& o, const std::vector<std::string>& names) {
    bool same = true;
    for (const EngineConfig& c : o.engines)
        same &= limits(c, o).describe() == limits(o.engines[0], o).describe();
    if (same) return limits(o.engines[0], o).describe();
    std::string s;
    for (size_t i = 0; i < o.engines.size(); ++i)
        s += (i ? ", " : "") + names[i] + " at " + limits(o.engines[i], o).describe();
    return s;
}

// Does a game of the PGN fit its slot in this run: the same time controls, and the same opening
// (start position and book moves, random plies included)? "" when it does, else why not.
std::string resume_mismatch(const PgnGameSummary& g, const GameRecord& shell, const PgnHeader& header) {
    const record::Record expected = to_record(shell, header);
    auto tag = [&](const char* name) {
        const std::string* v = expected.tag(name);
        return v ? *v : std::string();
    };
    for (const char* name : {"TimeControl", "WhiteTimeControl", "BlackTimeControl"})
        if (g.tag(name) != tag(name))
            return std::string("was played with ") + name + " \"" + g.tag(name) + "\", this run has \"" + tag(name) +
                "\" (other --tc, --st or per-engine limits?)";
    // Every limit and adjudication setting: the first that differs is named.
    if (g.tag("MatchSettings") != tag("MatchSettings")) {
        if (g.tag("MatchSettings").empty())
            return "has no MatchSettings tag, so its limits and adjudication settings are unknown (a PGN of another "
                   "program or of an older shishi-match?)";
        const std::string then_text = g.tag("MatchSettings"), now_text = tag("MatchSettings");
        const std::vector<std::string_view> then = split_on(then_text), now = split_on(now_text);
        for (size_t k = 0; k < std::max(then.size(), now.size()); ++k) {
            const std::string a = k < then.size() ? std::string(then[k]) : "",
                              b = k < now.size() ? std::string(now[k]) : "";
            if (a != b)
                return "was played with \"" + a + "\", this run has \"" + b + "\" (other limits or adjudication?)";
        }
    }
    std::vector<std::string> book;
    for (int i = 0; i < shell.opening_plies; ++i)
        book.push_back(record::pgn_move_text(shell.moves[size_t(i)]));
    const std::vector<std::string> played(g.moves.begin(),
                                          g.moves.begin() + std::min<long>(g.opening_plies, long(g.moves.size())));
    // The writer adds the FEN tag for a start other than the initial setup.
    const std::string fen = shell.start_is_initial ? "" : to_xboard_fen(shell.start);
    if (g.tag("FEN") != fen || played != book)
        return "started from another opening than this run's (other --openings, --random-plies or --seed?)";
    return "";
}

// Reads the finished games of an earlier session from the PGN and checks that they belong to
// this run (players, time controls and opening of their round). A torn last game is cut off;
// games lost to a setup failure were never played: they are dropped from the file (`dropped`
// counts them) and played again. False with a message otherwise.
bool resume_from_pgn(const MatchOptions& o, const Schedule& schedule, const std::vector<std::string>& names,
                     const std::vector<Opening>& book, std::vector<GameSummary>& games, int& dropped,
                     std::string& error) {
    std::ifstream in(platform::file_path(o.pgn_path));
    if (!in) return true;  // nothing played yet: a fresh start
    std::stringstream text;
    text << in.rdbuf();
    in.close();
    const std::string all = text.str();
    PgnFile file = read_pgn_games(all);
    std::set<int> seen;
    std::string kept;  // the file without the dropped games
    for (size_t k = 0; k < file.games.size(); ++k) {
        const PgnGameSummary& g = file.games[k];
        if (!g.error.empty()) {
            error = "--resume: game " + std::to_string(k + 1) + " of '" + o.pgn_path + "' cannot be read: " + g.error;
            return false;
        }
        const std::string& round_text = g.tag("Round");
        int round = 0;
        for (char c : round_text)
            round = c >= '0' && c <= '9' && round < 100'000'000 ? round * 10 + (c - '0') : -1;
        if (round <= 0 || round > schedule.total() || !o.shard.contains(round - 1)) {
            error =
                "--resume: game with Round \"" + round_text + "\" in '" + o.pgn_path + "' is not a game of this run";
            return false;
        }
        const GameSlot slot = schedule.slot(round - 1);
        if (g.tag("White") != names[size_t(slot.white)] || g.tag("Black") != names[size_t(slot.black)]) {
            error = "--resume: game " + std::to_string(round) + " in '" + o.pgn_path + "' was played by " +
                g.tag("White") + " and " + g.tag("Black") + ", but this run has " + names[size_t(slot.white)] +
                " and " + names[size_t(slot.black)] + " there (other engines or options?)";
            return false;
        }
        const std::string mismatch = resume_mismatch(
            g, game_shell(round, slot, o, names, opening_for(book, slot.opening, o)), run_header(o, "?"));
        if (!mismatch.empty()) {
            error = "--resume: game " + std::to_string(round) + " in '" + o.pgn_path + "' " + mismatch;
            return false;
        }
        const Termination termination = termination_from_name(g.tag("TerminationDetails")).value_or(Termination::RULE);
        if (termination == Termination::SETUP_FAILURE && g.result != "*") {
            ++dropped;
            continue;
        }
        kept += all.substr(g.begin, g.end - g.begin);
        if (g.result == "*" || !seen.insert(round).second) continue;
        GameSummary s;
        s.round = round;
        s.white = slot.white;
        s.black = slot.black;
        s.result = g.result;
        s.termination = termination;
        s.reason = g.comment;
        s.plies = int(parse_integer(g.tag("PlyCount"), 0, INT32_MAX, Sign::NONE).value_or(0));
        if (is_forfeit(s.termination)) s.offender = s.result == "1-0" ? slot.black : slot.white;
        games.push_back(s);
    }
    if (dropped > 0) {
        if (!write_file_atomically(o.pgn_path, kept)) {
            error = "--resume: cannot rewrite '" + o.pgn_path + "' without its games lost to a setup failure";
            return false;
        }
    } else if (file.complete_bytes < all.size()) {
        std::error_code ec;
        std::filesystem::resize_file(platform::file_path(o.pgn_path), file.complete_bytes, ec);
        if (ec) {
            error = "--resume: cannot drop the torn last game of '" + o.pgn_path + "': " + ec.message();
            return false;
        }
    }
    return true;
}

}  // namespace

int run_match(const MatchOptions& o, std::ostream& out, std::ostream& err) {
    // Every output file before any engine starts: an unwritable one must not cost the games.
    std::vector<std::string> outputs = {o.pgn_path, o.json_path, o.plot_path, o.epd_path};
    for (const EngineConfig& e : o.engines)
        outputs.push_back(e.stderr_path);
    for (const std::string& path : outputs)
        if (!path.empty())
            if (std::string problem = cli::output_path_problem(path); !problem.empty()) {
                err << "shishi-match: " << problem << "\n";
                return 1;
            }
    std::vector<Opening> book;
    if (!o.openings_path.empty()) {
        auto loaded = load_openings(o.openings_path, o.openings_format);
        if (!loaded) {
            err << "shishi-match: " << loaded.error << "\n";
            return 1;
        }
        book = arrange_book(*loaded, o);
    } else {
        book.push_back(Opening{});
    }
    ignore_sigpipe();
    std::vector<EngineConfig> configs = o.engines;
    std::vector<std::string> names = engine_names(configs);
    if (stop_requested()) {
        out << "Interrupted before the first game: nothing played"
            << (o.pgn_path.empty() ? "" : ", " + o.pgn_path + " left as it was") << "\n";
        return 130;
    }
    // The tournament's kind, chosen once: a fixed schedule is played by the Schedule below.
    const std::unique_ptr<Tournament> tournament =
        make_tournament(o.tournament, int(configs.size()), o.games, o.seeds, o.seed);
    if (!tournament->fixed_schedule()) {
        std::ofstream pgn;  // left closed without --pgn: the games are not written
        if (!o.pgn_path.empty()) pgn.open(platform::file_path(o.pgn_path), std::ios::trunc);
        if (!o.pgn_path.empty() && !pgn) {
            err << "shishi-match: cannot write PGN file '" << o.pgn_path << "'\n";
            return 1;
        }
        const PgnHeader header = run_header(o, host_name());
        return run_knockout(
            o, configs, names, *tournament, [&](int k) { return opening_for(book, k, o); }, pgn, header, out, err);
    }
    const Schedule schedule(tournament->next_pairs(), o.games, o.colours);

    std::vector<GameSummary> earlier;
    int dropped = 0;
    if (o.resume) {
        std::string error;
        if (!resume_from_pgn(o, schedule, names, book, earlier, dropped, error)) {
            err << "shishi-match: " << error << "\n";
            return 1;
        }
    }
    std::ofstream pgn;  // left closed without --pgn: the games are not written
    if (!o.pgn_path.empty()) pgn.open(platform::file_path(o.pgn_path), o.resume ? std::ios::app : std::ios::trunc);
    if (!o.pgn_path.empty() && !pgn) {
        err << "shishi-match: cannot write PGN file '" << o.pgn_path << "'\n";
        return 1;
    }
    PgnHeader header = run_header(o, host_name());
    MatchState state(o, names, schedule, out, err, pgn, header);
    for (const GameSummary& g : earlier)
        state.restore(g);

    std::string who;
    for (size_t i = 0; i < configs.size(); ++i)
        who += (i == 0                                               ? ""
                    : i + 1 == configs.size() && configs.size() == 2 ? " vs "
                                                                     : ", ") +
            names[i] + " (" + protocol_name(configs[i].protocol) + ")";
    out << tournament->title(int(configs.size())) << ": " << who << ", " << schedule.total() << " games";
    const int planned = o.shard.games(schedule);
    if (!o.shard.whole()) out << " (shard " << o.shard.index << "/" << o.shard.count << ": " << planned << " of them)";
    if (schedule.pairings().size() > 1) out << " (" << o.games << " per pairing)";
    out << ", " << limits_text(o, names) << ", " << book.size() << " opening(s), concurrency " << o.concurrency
        << std::endl;
    if (o.resume)
        out << "Resuming: " << earlier.size() << " finished game(s) in " << o.pgn_path << ", "
            << planned - int(earlier.size()) << " to play"
            << (dropped > 0 ? " (" + std::to_string(dropped) + " lost to a setup failure dropped, to play again)" : "")
            << std::endl;

    std::vector<std::thread> threads;
    int n = std::min(o.concurrency, std::max(1, planned - int(earlier.size())));
    if (!state.stop_scheduling)
        for (int t = 0; t < n; ++t)
            threads.emplace_back(worker, std::cref(o), std::cref(configs), std::cref(schedule), std::cref(book),
                                 std::ref(state));
    for (std::thread& t : threads)
        t.join();
    bool interrupted = stop_requested();
    std::string final_state = interrupted ? "interrupted"
        : state.aborted                   ? "aborted"
        : state.sprt_decided()            ? "sprt"
                                          : "complete";
    state.summary(out, err, interrupted, final_state);
    out.flush();
    if (interrupted) return 130;
    return state.aborted || state.setup_failures() > 0 || state.output_failed() ? 1 : 0;
}

}  // namespace shishi::match
