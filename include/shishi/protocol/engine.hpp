// The engine layer under both protocol adapters (USI and XBoard): it owns the game (one `Game`
// with its rule set), the Searcher, the one search thread, the one locked line writer and the
// one option table, so each behaviour the hosts rely on is written once:
// - the game is set, played, taken back and judged here, and a rule option or a host's rule
//   choice changes the rules of the game in progress (its moves replayed under them);
// - a search job is built in one place (job()), on the game's position with its status;
// - a search answers exactly once (on_answer), with a legal move whenever one exists;
// - a search in infinite or ponder mode holds its answer until stop() (or, pondering, until
//   ponderhit()), on a condition variable;
// - stop() and ponderhit() sent while the search thread is still starting are not lost
//   (the searcher's stop state is prepared on the calling thread, before the thread starts);
// - option limits (hash, threads, move overhead, ...) are the same in both protocols, and a
//   hash size that cannot be allocated falls back to the largest that can, with a note.
// The adapters translate text to these calls and the results back to text.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "shishi/core/position.hpp"
#include "shishi/core/rule_set.hpp"
#include "shishi/core/game.hpp"
#include "shishi/protocol/engine_options.hpp"
#include "shishi/protocol/line_output.hpp"
#include "shishi/protocol/startup_options.hpp"
#include "shishi/search/search.hpp"
#include "shishi/search/skill.hpp"

namespace shishi::mate {
class MateSolver;
}

namespace shishi {

// The legal move equal to m as generated in pos (a pass: the pass this position offers), or
// none: every move the engine writes goes through this.
Move as_generated(const Position& pos, Move m);

// The move to play and the reply to ponder on: the searcher's choice when legal, else the
// first legal move (a search stopped before it finished one iteration, or a damaged result);
// best is none only when there is no legal move; ponder is none unless legal after best.
// Moves are the generator's own encoding (a pass names a piece and square that can pass).
struct BestMove {
    Move best;
    Move ponder;
};
BestMove choose_best_move(const Position& root, const SearchResult& result);

// The largest hash size (MB) offered: half the machine's memory, at least 1.
size_t max_hash_mb();
// The most search threads offered: the machine's hardware threads, at least 1.
int max_threads();

class Engine {
public:
    // `tell` turns a note for the user into the protocol's line ("info string ...",
    // "telluser ..."); notes are fallbacks and adjustments the user should know about.
    // default_rules: the host's rule set (USI: lishogi's, XBoard: XBoard's), the rules of the
    // game until a rule option or set_rules changes them; the rule options are the core's
    // description of them (rule_options.hpp). The game starts at the initial setup.
    Engine(LineSink out, std::function<std::string(std::string_view)> tell, const RuleSet& default_rules = RuleSet());
    Engine(std::ostream& out, std::function<std::string(std::string_view)> tell,
           const RuleSet& default_rules = RuleSet())
        : Engine(stream_sink(out), std::move(tell), default_rules) {}
    ~Engine();  // stops a running search (its answer is dropped) and joins
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    LineOutput& out() { return out_; }
    void tell(std::string_view note);  // writes a note in the protocol's form
    OptionTable& options() { return options_; }
    const OptionTable& options() const { return options_; }
    // Command-line options, applied before the first command: a bad one is told, not fatal.
    void apply_startup_options(const StartupOptions& options);
    int64_t move_overhead_ms() const;

    // --- the game ----------------------------------------------------------------------------
    // The one record of the game in progress; the sessions translate their commands to these
    // calls. A job holds its own copy of the root, so the game may change while a search runs;
    // the session keeps it to one thread at a time (the XBoard session plays its engine's move
    // from the job's on_answer, under the session's lock).
    const Game& game() const { return game_; }
    const Position& position() const { return game_.position(); }
    const RuleSet& rules() const { return game_.rules(); }
    // A new game record from `start` (its history dropped, the game's rules given to it), then
    // `moves`, each legal where it is played (the protocol's parser has checked them).
    void set_position(const Position& start, const std::vector<Move>& moves = {});
    void play(Move m);  // legal in position()
    bool undo();  // takes back the last move; false when there is none
    GameStatus status() const { return game_.status(); }
    // The rules of the game from now on (its moves replayed under them, so its end is judged
    // by them), and the rule options' values with them.
    void set_rules(const RuleSet& r);
    // The seed of the Skill Level's choices: drawn anew at construction and by new_game(), so
    // games differ; set it to replay a game's choices. Only while idle.
    uint64_t skill_seed() const { return skill_seed_; }
    void set_skill_seed(uint64_t seed) { skill_seed_ = seed; }

    // Searches on the caller's thread from now on, for hosts without threads (the
    // single-threaded WebAssembly build): start() returns once the job has answered. `poll`
    // is the host's turn to read its input: called every NODE_CHECK_INTERVAL nodes of a
    // search, and over and over while an infinite or ponder answer is held, until it has
    // called stop() or ponderhit() (it may block briefly there). Threads is limited to 1.
    // Only while idle.
    void run_inline(std::function<void()> poll);
    bool inline_mode() const { return bool(inline_poll_); }

    // Creates the searcher with the current options if that has not happened yet (the hash is
    // allocated here, so a host's `isready` waits for it). Only while idle.
    void ensure_searcher();
    void new_game();  // only while idle

    // The evaluation the next search uses: the net (EvalFile's, else the embedded one) while
    // Use NNUE is on, null for the hand evaluation; and its name ("nnue <hash> <description>"
    // or "hand"), as bench reports it.
    std::shared_ptr<const nnue::Network> network() const;
    std::string evaluation_name() const;
    // That evaluation of the game's position, for its side to move (USI `eval`).
    int static_evaluation() const;

    struct Job {
        Position root;
        SearchLimits limits;  // the engine sets move_overhead_ms and multipv from the options
        int skill_level = SKILL_FULL;  // the engine sets it from the Skill Level option
        bool mate_probe = false;  // the engine sets it from the Mate Probe option (mate_probe.hpp)
        // The game's end by rule at root. Over: nothing is searched and the answer is no move
        // (USI: `bestmove resign`, as Fairy-Stockfish answers), still held during infinite/ponder.
        GameStatus status;
        std::function<void(const SearchInfo&)> on_info;  // search thread, per iteration
        // Search thread, exactly once per job unless the job is aborted.
        std::function<void(const SearchResult&, const BestMove&)> on_answer;
        // Search thread, after on_answer: may fill in the next job (XBoard: pondering on the
        // expected reply) and return true to run it at once on the same thread, with no gap
        // in which a stop or abort could be lost. Not called when the job was aborted.
        std::function<bool(Job& next)> follow_up;
        // Search thread, before the search, with the engine's stop flag (set by stop() and
        // abort()): returns true when it has answered the job itself (result filled; no search
        // runs), false to let the search run (the mate solver of `go mate` and XBoard's Tsume).
        std::function<bool(const std::atomic<bool>& stop, SearchResult& result)> before_search;
    };
    // The one way a session builds a job: on the game's position, or (pondering on the
    // expected reply) on the position after `after`, a legal move there; with the game's status
    // at that root. The session adds its callbacks.
    Job job(const SearchLimits& limits, Move after = Move::none()) const;
    // Starts a job; a previous job must have answered (it is joined first).
    void start(Job job);
    void stop();  // ends the search; a held answer is released
    void ponderhit();  // a ponder search goes on under its normal time limits
    void abort();  // stop, drop the answer, wait
    void wait();  // until the current job (if any) has answered and ended
    // Until the current job has answered: like wait(), but a follow-up ponder job that
    // started after the answer is left running.
    void wait_for_answer();
    bool searching() const;  // a job has started and not yet been answered
    bool active() const;  // started and not yet waited for
    bool holding() const;  // it is an infinite/ponder search still waiting for its word
    bool pondering() const;  // it is a ponder search that has not had its ponderhit

private:
    void serve();  // the search thread: runs each job handed over
    void run(Job job);
    void begin(Job& job);  // mutex_ held: limits from the options, state for the job
    std::string apply_hash();  // resize (with fallback); note when the size fell back
    void sync_rule_values();  // the rule options' values from the game's rules

    LineOutput out_;
    std::function<std::string(std::string_view)> tell_;
    OptionTable options_;
    Game game_;
    std::unique_ptr<Searcher> searcher_;
    std::unique_ptr<mate::MateSolver> probe_solver_;  // the Mate Probe's, made on the search thread
    // EvalFile's net; null: the embedded one. Guarded by mutex_ (begin() reads it on the
    // search thread for a follow-up job).
    std::shared_ptr<const nnue::Network> file_net_;
    std::shared_ptr<const nnue::Network> loaded_net_;  // EvalFile's validate() to its on_change
    uint64_t skill_seed_;

    std::function<void()> inline_poll_;  // run_inline(): no search thread
    // The search thread, started with the first job and kept for the next ones: starting a
    // thread can take tens of milliseconds on a loaded machine (docs/windows.md), a wake-up
    // about one, and every move would pay the start on the clock.
    std::thread thread_;
    mutable std::mutex mutex_;
    std::condition_variable job_ready_;  // next_job_ or quitting_ set
    std::optional<Job> next_job_;  // guarded by mutex_: handed to the search thread
    bool job_started_ = false;  // guarded by mutex_: started and not yet waited for
    bool job_done_ = true;  // guarded by mutex_: the started job's run() has returned
    bool quitting_ = false;  // guarded by mutex_: the search thread ends
    std::condition_variable released_;
    std::condition_variable state_changed_;  // running_ or pondering_ changed
    bool running_ = false;  // guarded by mutex_: started, not yet answered
    bool stop_requested_ = false;  // guarded by mutex_
    bool aborting_ = false;  // guarded by mutex_
    bool infinite_ = false;  // guarded by mutex_
    bool pondering_ = false;  // guarded by mutex_
    std::atomic<bool> task_stop_{false};  // the stop flag Job::before_search reads
};

}  // namespace shishi
