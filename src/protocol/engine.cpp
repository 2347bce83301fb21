// The engine layer: option table wiring, the searcher's lifetime, the search thread and the
// one place where an answer is chosen, held and delivered.
#include "shishi/protocol/engine.hpp"

#include <algorithm>
#include <random>
#include <string_view>
#include <utility>

#include "shishi/core/movegen.hpp"
#include "shishi/core/rule_options.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/eval/nnue_accumulator.hpp"
#include "shishi/platform/platform.hpp"
#include "shishi/protocol/mate_probe.hpp"
#include "shishi/protocol/option_list.hpp"
#include "shishi/search/skill.hpp"
#include "shishi/search/tt.hpp"

namespace shishi {
namespace {

// The engine's own reaction time, kept back on top of Move Overhead: the search notices its
// time limit only at a node check, then unwinds, joins its helpers and writes the move, and
// a loaded machine schedules all of that late. Measured (docs/protocols.md): without it a
// byoyomi move overshot byoyomi - overhead by up to 12 ms under a load of 17 on two cores,
// and with 25 ms kept back one move in 100 still overshot by 7 ms under a load of 25.
constexpr int64_t REACTION_MS = 50;

uint64_t fresh_seed() {
    std::random_device device;
    return (uint64_t(device()) << 32) ^ device();
}

}  // namespace

Move as_generated(const Position& pos, Move m) {
    if (m.is_none()) return Move::none();
    MoveList legal;
    generate_legal(pos, legal);
    for (Move x : legal)
        if (x.same_as(m)) return x;
    return Move::none();
}

BestMove choose_best_move(const Position& root, const SearchResult& result) {
    BestMove bm;
    bm.best = as_generated(root, result.best);
    if (bm.best.is_none()) {
        MoveList legal;
        generate_legal(root, legal);
        if (!legal.empty()) bm.best = legal[0];
        return bm;
    }
    Position after = root;
    after.make(bm.best);
    bm.ponder = as_generated(after, result.ponder);
    return bm;
}

size_t max_hash_mb() {
    const uint64_t bytes = platform::physical_memory_bytes();
    if (bytes == 0) return 1024;
    const size_t mb = size_t(bytes >> 20);
    return std::clamp<size_t>(mb / 2, 1, MAX_TT_MB);
}

int max_threads() { return std::max(1, int(std::thread::hardware_concurrency())); }

Engine::Engine(LineSink out, std::function<std::string(std::string_view)> tell, const RuleSet& default_rules)
    : out_(std::move(out)),
      tell_(std::move(tell)),
      game_(default_rules),
      skill_seed_(fresh_seed()) {
    // The options are declared in option_list.cpp; here they get the engine's actions.
    add_declared_options(options_, OfferedBy::ENGINE, game_.rules());
    options_.find("USI_Hash")->changed([this](EngineOption&) { return searcher_ ? apply_hash() : std::string(); });
    options_.find("Threads")->changed([this](EngineOption& o) {
        if (searcher_) searcher_->set_threads(int(o.as_int()));
        return std::string();
    });
    options_.find("EvalFile")
        ->validated([this](const std::string& file) {
            loaded_net_.reset();
            if (nnue::names_embedded(file)) return std::string();
            nnue::NetworkLoad r = nnue::load_network_file(file);
            if (!r.ok()) return r.error + " (the net in use stays)";
            loaded_net_ = std::move(r.net);
            return std::string();
        })
        .changed([this](EngineOption&) {
            std::lock_guard<std::mutex> lock(mutex_);
            file_net_ = std::move(loaded_net_);
            return std::string();
        });
    options_.find("Use_NNUE")->changed([this](EngineOption& o) {
        if (o.as_bool() && !network()) {
            o.value = "false";
            return std::string("this build has no embedded net and EvalFile names none: the hand evaluation stays");
        }
        return std::string();
    });
    options_.find("Contempt")->changed([this](EngineOption& o) {
        if (searcher_) searcher_->set_contempt(int(o.as_int()));
        return std::string();
    });
    for (const RuleOptionSpec& spec : rule_option_specs(game_.rules()))
        options_.find(spec.name)->changed([this](EngineOption& changed) {
            RuleSet rules = game_.rules();
            std::string e = apply_rule_option(rules, changed.usi_name, changed.value);
            set_rules(rules);  // the game in progress follows; a preset resets the other options
            return e;
        });
}

Engine::~Engine() {
    abort();
    {
        std::lock_guard<std::mutex> lock(mutex_);
        quitting_ = true;
    }
    job_ready_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void Engine::tell(std::string_view note) { out_.send(tell_(note)); }

void Engine::apply_startup_options(const StartupOptions& options) {
    for (const StartupOption& o : options) {
        const OptionSetResult r = options_.set(o.name, o.value);
        if (!r.ok())
            tell("command line --" + o.name + ": " + r.error);
        else if (!r.note.empty())
            tell("command line --" + o.name + ": " + r.note);
    }
}

void Engine::set_position(const Position& start, const std::vector<Move>& moves) {
    game_.reset(start);
    for (Move m : moves)
        game_.play(m);
}

void Engine::play(Move m) { game_.play(m); }

bool Engine::undo() { return game_.undo(); }

void Engine::set_rules(const RuleSet& r) {
    if (!(r == game_.rules())) game_.set_rules(r);  // (it replays the game: only on a change)
    sync_rule_values();
}

void Engine::sync_rule_values() {
    for (const RuleOptionSpec& spec : rule_option_specs(game_.rules()))
        if (EngineOption* o = options_.find(spec.name)) o->value = spec.value;
}

Engine::Job Engine::job(const SearchLimits& limits, Move after) const {
    Job job;
    job.limits = limits;
    if (after.is_none()) {
        job.root = game_.position();
        job.status = game_.status();
        return job;
    }
    Game next = game_;  // a copy: building a job changes nothing
    next.play(after);
    job.root = next.position();
    job.status = next.status();
    return job;
}

int64_t Engine::move_overhead_ms() const { return options_.as_int("Move Overhead"); }

std::string Engine::apply_hash() {
    EngineOption* o = options_.find("USI_Hash");
    const size_t want = size_t(o->as_int());
    const size_t got = searcher_->set_hash_mb(want);
    if (got == want) return "";
    o->value = std::to_string(got);
    return "hash of " + std::to_string(want) + " MB could not be allocated; using " + std::to_string(got) + " MB";
}

void Engine::run_inline(std::function<void()> poll) {
    inline_poll_ = std::move(poll);
    EngineOption* threads = options_.find("Threads");
    threads->max = 1;
    threads->value = std::to_string(threads->max);  // (not = "1": GCC 12 warns falsely, -Wrestrict)
    if (searcher_) {
        searcher_->set_threads(1);
        searcher_->set_poll(inline_poll_);
    }
}

void Engine::ensure_searcher() {
    if (searcher_) return;
    searcher_ = std::make_unique<Searcher>(1);
    searcher_->set_poll(inline_poll_);
    const std::string note = apply_hash();
    if (!note.empty()) tell(note);
    searcher_->set_threads(int(options_.as_int("Threads")));
    searcher_->set_contempt(int(options_.as_int("Contempt")));
}

void Engine::new_game() {
    ensure_searcher();
    searcher_->new_game();
    skill_seed_ = fresh_seed();
}

void Engine::start(Job job) {
    wait();
    ensure_searcher();
    std::unique_lock<std::mutex> lock(mutex_);
    running_ = true;
    stop_requested_ = aborting_ = false;
    begin(job);
    if (!inline_poll_) {
        next_job_ = std::move(job);
        job_started_ = true;
        job_done_ = false;
        if (!thread_.joinable()) thread_ = std::thread(&Engine::serve, this);
        job_ready_.notify_one();
        return;
    }
    lock.unlock();  // the poll's stop() and ponderhit() take the lock
    run(std::move(job));
}

void Engine::serve() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        job_ready_.wait(lock, [&] { return next_job_.has_value() || quitting_; });
        if (!next_job_) return;
        Job job = std::move(*next_job_);
        next_job_.reset();
        lock.unlock();
        run(std::move(job));  // the job and what it holds are gone when it returns
        lock.lock();
        job_done_ = true;
        state_changed_.notify_all();
    }
}

std::shared_ptr<const nnue::Network> Engine::network() const {
    if (!options_.as_bool("Use_NNUE")) return nullptr;
    return file_net_ ? file_net_ : nnue::embedded_network();
}

std::string Engine::evaluation_name() const {
    std::lock_guard<std::mutex> lock(mutex_);
    const std::shared_ptr<const nnue::Network> net = network();
    return net ? net->name() : "hand";
}

int Engine::static_evaluation() const {
    std::shared_ptr<const nnue::Network> net;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        net = network();
    }
    if (net) return nnue::evaluate(position(), *net);
    prepare_tables();
    return evaluate(position());
}

void Engine::begin(Job& job) {
    searcher_->set_network(network());
    job.limits.move_overhead_ms = move_overhead_ms();
    job.limits.reaction_ms = REACTION_MS;
    job.limits.multipv = int(options_.as_int("MultiPV"));
    job.skill_level = int(options_.as_int("Skill Level"));
    // The probe answers with one line: not for MultiPV, nor for the weakened levels.
    job.mate_probe = options_.as_bool("Mate_Probe") && job.limits.multipv == 1 && job.skill_level == SKILL_FULL &&
        job.limits.excluded.empty();
    searcher_->set_contempt(options_.as_bool("USI_AnalyseMode") ? 0 : int(options_.as_int("Contempt")));
    infinite_ = job.limits.infinite;
    pondering_ = job.limits.ponder;
    task_stop_ = false;
    state_changed_.notify_all();
    // Before the search runs: stop() and ponderhit() from now on reach this search.
    searcher_->prepare(job.limits.ponder);
}

void Engine::run(Job job) {
    for (;;) {
        Position pos = job.root;
        const bool over = job.status.over();
        SearchResult result;
        bool answered = !over && job.before_search && job.before_search(task_stop_, result);
        if (!over && !answered && job.mate_probe) {
            if (!probe_solver_) probe_solver_ = std::make_unique<mate::MateSolver>(MATE_PROBE_TABLE_MB);
            answered = run_mate_probe(*probe_solver_, job.root, task_stop_, job.on_info, result);
        }
        if (!over && !answered)
            result = search_at_level(*searcher_, pos, job.limits, job.skill_level, skill_seed_, job.on_info);
        const BestMove answer = over ? BestMove{} : choose_best_move(job.root, result);
        bool drop = false;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            // USI: no bestmove during `go infinite`, nor during `go ponder` before ponderhit.
            auto released = [&] { return stop_requested_ || (!infinite_ && !pondering_); };
            if (!inline_poll_) released_.wait(lock, released);
            while (inline_poll_ && !released()) {
                lock.unlock();
                inline_poll_();  // the host's stop or ponderhit arrives here
                lock.lock();
            }
            drop = aborting_;
            // Idle before the answer goes out: a host may send its next command the moment it
            // reads the answer; anything that needs the thread idle waits for it first
            // (wait()). A job with a follow-up stays busy until it is known whether one runs.
            if (drop || !job.follow_up) running_ = false;
            state_changed_.notify_all();
            stop_requested_ = false;  // this job's stop is spent; a later one is the follow-up's
        }
        if (drop) return;
        if (job.on_answer) job.on_answer(result, answer);
        if (!job.follow_up) return;
        Job next;
        const bool more = job.follow_up(next);
        std::lock_guard<std::mutex> lock(mutex_);
        // A stop or abort that came after the answer belongs to the follow-up: it never starts.
        if (!more || stop_requested_ || aborting_) {
            running_ = false;
            state_changed_.notify_all();
            return;
        }
        begin(next);
        job = std::move(next);
    }
}

void Engine::stop() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!running_) return;
        stop_requested_ = true;
    }
    task_stop_ = true;
    searcher_->stop();
    released_.notify_all();
}

void Engine::ponderhit() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!running_ || !pondering_) return;
        pondering_ = false;
    }
    searcher_->ponderhit();
    released_.notify_all();
}

void Engine::abort() {
    bool was_running = false;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (running_) was_running = aborting_ = stop_requested_ = true;
    }
    if (was_running) {
        task_stop_ = true;
        searcher_->stop();
        released_.notify_all();
    }
    wait();
}

void Engine::wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!job_started_) return;
    state_changed_.wait(lock, [&] { return job_done_; });
    job_started_ = false;
}

bool Engine::active() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return job_started_;
}

void Engine::wait_for_answer() {
    {
        std::unique_lock<std::mutex> lock(mutex_);
        // A job with a follow-up stays running through its answer; the follow-up, once
        // started, is pondering. Without one, running_ ends before the answer: join then.
        state_changed_.wait(lock, [&] { return !running_ || pondering_; });
        if (running_) return;
    }
    wait();
}

bool Engine::searching() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return running_;
}

bool Engine::holding() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return running_ && (infinite_ || pondering_) && !stop_requested_;
}

bool Engine::pondering() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return running_ && pondering_;
}

}  // namespace shishi
