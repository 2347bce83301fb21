// The USI session: translates each command to the engine layer's calls (the game, the options,
// a search job for `go`) and their results back to text; answers the rest itself (also while a
// search runs). The command table says, a row per command, how it meets a search under way and
// what it does.
#include "shishi/protocol/usi.hpp"

#include "shishi/protocol/line_output.hpp"

#include <deque>
#include <istream>
#include <memory>
#include <string>

#include "shishi/core/notation.hpp"
#include "shishi/protocol/echo_text.hpp"
#include "shishi/protocol/usi_debug.hpp"
#include "shishi/protocol/usi_go.hpp"
#include "shishi/protocol/usi_mate.hpp"
#include "shishi/protocol/usi_options.hpp"
#include "shishi/protocol/usi_position.hpp"
#include "shishi/protocol/engine.hpp"
#include "shishi/protocol/usi_info.hpp"
#include "shishi/core/text.hpp"
#include "shishi/version.hpp"

namespace shishi {
namespace usi {
namespace {

constexpr int MAX_PERFT_DEPTH = 6;

class Session;

// One row of the command table (commands() below). A new command is one more row.
struct Command {
    // How the command meets a search (or perft) under way.
    enum class Meets {
        ANSWERED,  // answered at once, also in the middle of a search on the host's thread
        STOPS,  // stops the search and perft, which answer first; then carried out
        REFUSED,  // refused while a search runs: the host must stop it first
        WAITS,  // carried out beside a search on its own thread; after its answer on the host's
    };
    std::string_view name;
    Meets meets = Meets::WAITS;
    // Carries the command out with its words after the name; false ends the session.
    bool (*run)(Session&, const std::vector<std::string_view>&) = nullptr;
};

class Session : public LineSession {
public:
    explicit Session(LineSink out)
        : engine_(
              std::move(out), [](std::string_view note) { return "info string " + std::string(note); },
              lishogi_rules()) {
        add_usi_options(engine_.options());
    }

    bool handle_line(std::string_view line) override;
    void end_of_input() override { handle_line("quit"); }
    // Command-line options, applied before the handshake.
    void startup_options(const StartupOptions& options) { engine_.apply_startup_options(options); }
    // Searches on this thread from now on, reading `input` while they run (inline mode).
    void run_inline(InputPoll input);

private:
    static const std::vector<Command>& commands();
    static const Command* find_command(std::string_view name);
    // Handles one line; false once the loop should end (`quit`).
    bool handle(std::string_view line);
    // Inline mode: a line that arrived while a search runs on this thread.
    void arrived_during_search(std::string line);
    using Words = std::vector<std::string_view>;
    void usi();
    void go(const Words& args);
    void setoption(const Words& args);
    void perft(const Words& args);
    void isready();
    void position(const Words& args);
    void stop_all();  // stop, gameover, quit: the search and perft end, the search answers
    void write_lines(std::string_view text);
    // `stop`, `quit`, end of input and `go` end a perft run as they end a search.
    void stop_perft(std::string_view why);
    void info(std::string_view text) { engine_.tell(text); }
    // Commands that change the engine's state are refused while a search runs; otherwise they
    // wait until the last search has answered.
    bool refuse_while_busy(std::string_view command);

    Engine engine_;  // the game too: `position` sets it, `go` searches it
    PerftRun perft_;  // after engine_: stopped before the output it writes to goes away
    // Why the last `position` could not be set ("" when it was): until the next good one,
    // `go` answers `bestmove resign` rather than a move from an older position.
    std::string position_error_;
    // Inline mode: lines that arrived during a search and wait for its answer, in order.
    std::deque<std::string> deferred_;
    // Inline mode: reads the lines that arrived (searches and perft run on the host's thread).
    std::function<void()> inline_poll_;
    // `go mate`'s solver, made at the first one; used on the search thread only.
    std::shared_ptr<mate::MateSolver> mate_solver_;
};

void Session::run_inline(InputPoll input) {
    inline_poll_ = [this, input = std::move(input)] {
        for (std::string& line : input())
            arrived_during_search(std::move(line));
    };
    engine_.run_inline(inline_poll_);
}

// What the search thread's loop would do at once is done at once (stop, ponderhit, isready,
// gameover); a `go` or `quit` stops the search as it would there and then waits, with every
// other command, until the search has answered.
void Session::arrived_during_search(std::string line) {
    Words words = split_words(line);
    if (words.empty()) return;
    const Command* c = find_command(words[0]);
    const Command::Meets meets = c ? c->meets : Command::Meets::WAITS;
    if (meets == Command::Meets::ANSWERED) {
        handle(line);
        return;
    }
    if (meets == Command::Meets::STOPS) {
        engine_.stop();
        stop_perft(c->name == "go" ? "go while perft runs: perft is stopped" : "");
    }
    deferred_.push_back(std::move(line));
}

bool Session::handle_line(std::string_view line) {
    if (!handle(line)) return false;
    while (!deferred_.empty()) {
        const std::string next = std::move(deferred_.front());
        deferred_.pop_front();
        if (!handle(next)) return false;
    }
    return true;
}

bool Session::refuse_while_busy(std::string_view command) {
    if (!engine_.searching()) {
        engine_.wait();
        return false;
    }
    info(std::string(command) + " ignored: a search is running (send stop first)");
    return true;
}

void Session::usi() {
    engine_.out().send(std::string("id name ") + ENGINE_NAME + " " + ENGINE_VERSION);
    engine_.out().send("id author the Shishi developers");
    for (const std::string& l : engine_.options().usi_lines())
        engine_.out().send(l);
    engine_.out().send("usiok");
}

void Session::setoption(const Words& args) {
    SetoptionResult r = apply_setoption(args, engine_.options());
    if (!r.error.empty()) info(r.error);
    // USI_Variant chushogi (what lishogi's tools send) chooses the lishogi rules.
    if (r.error.empty() && args.size() >= 4 && fold_option_name(join_words(args, 1, 2)) == "usivariant" &&
        fold_option_name(args.back()) == "chushogi")
        engine_.set_rules(lishogi_rules());
    if (!r.note.empty()) info("setoption: " + r.note);
}

void Session::stop_perft(std::string_view why) {
    if (!perft_.running()) return;
    if (!why.empty()) info(std::string(why));
    perft_.stop();
}

void Session::go(const Words& args) {
    stop_perft("go while perft runs: perft is stopped");
    // One bestmove per go: a search still running (the host did not wait) answers first.
    if (engine_.searching()) {
        info("go while a search is running: that search is stopped and answers first");
        engine_.stop();
    }
    engine_.wait();
    // USI's tsume search, unless the host wants Fairy-Stockfish's `mate N` limit (usi_mate.hpp).
    if (!args.empty() && args[0] == "mate" && !engine_.options().as_bool("Go_Mate_In_Moves")) {
        const GoMate mate = parse_go_mate(args);
        for (const std::string& n : mate.notes)
            info(n);
        if (!position_error_.empty()) {
            info("no position to solve: " + position_error_);
            engine_.out().send("checkmate nomate");
            return;
        }
        if (!mate_solver_) mate_solver_ = std::make_shared<mate::MateSolver>();
        Engine::Job job = engine_.job(SearchLimits{});
        make_mate_job(job, mate, mate_solver_, engine_.out());
        engine_.start(std::move(job));
        return;
    }
    GoCommand go = parse_go_command(args, engine_.position().side_to_move());
    for (const std::string& n : go.notes)
        info(n);
    const bool multipv = engine_.options().as_int("MultiPV") > 1;
    if (!position_error_.empty()) {
        info("no position to search: " + position_error_);
        // A score before every bestmove, as hosts store the last one: nothing is judged here.
        engine_.out().send(std::string("info depth 0") + (multipv ? " multipv 1" : "") + " score cp 0");
        engine_.out().send("bestmove resign");
        return;
    }
    Engine::Job job = engine_.job(go.limits);
    // A host should not ask, but shoginet analyses every game's last position. A game over by
    // rule (a royal captured, a bare King, a repetition) is answered as Fairy-Stockfish answers
    // it: a depth-0 score (`mate 0`, or `cp 0` for a draw) and `bestmove resign`; saying why helps.
    if (job.status.over()) info(game_over_text(job.status));
    // Both callbacks run on the search thread, one after the other.
    auto scored = std::make_shared<bool>(false);
    job.on_info = [this, root = job.root, multipv, scored](const SearchInfo& i) {
        *scored = true;
        engine_.out().send(format_info(i, root, multipv));
    };
    // Every bestmove follows at least one score (hosts store the last one per position).
    job.on_answer = [this, root = job.root, status = job.status, multipv, scored](const SearchResult&,
                                                                                  const BestMove& bm) {
        if (!*scored) engine_.out().send(format_depth0_info(root, status, bm.best, multipv));
        engine_.out().send(format_bestmove(bm));
    };
    engine_.start(std::move(job));
}

void Session::perft(const Words& args) {
    auto depth = args.size() == 1 ? parse_integer(args[0], 1, MAX_PERFT_DEPTH) : std::nullopt;
    if (!depth) {
        info("perft: expected one depth from 1 to " + std::to_string(MAX_PERFT_DEPTH));
        return;
    }
    if (perft_.running()) {
        info("perft ignored: a perft is running (send stop first)");
        return;
    }
    // Without threads (the single-threaded browser build) perft runs here, reading input as it goes.
    if (inline_poll_)
        perft_.run_here(engine_.position(), int(*depth), engine_.out(), inline_poll_);
    else
        perft_.start(engine_.position(), int(*depth), engine_.out());
}

void Session::write_lines(std::string_view text) {
    while (!text.empty()) {
        size_t end = text.find('\n');
        engine_.out().send(text.substr(0, end));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
}

void Session::isready() {
    if (!engine_.searching()) {
        engine_.wait();
        engine_.ensure_searcher();  // the hash is allocated now, not at the first go
    }
    engine_.out().send("readyok");
}

void Session::position(const Words& args) {
    Parsed<UsiPosition> pos = parse_position_command(args, engine_.rules());
    if (!pos) {
        position_error_ = pos.error;
        info(pos.error + "; the next go answers bestmove resign");
        return;
    }
    engine_.set_position(pos.value->start, pos.value->moves);
    position_error_.clear();
}

void Session::stop_all() {
    stop_perft("");
    engine_.stop();
    engine_.wait();
}

const std::vector<Command>& Session::commands() {
    using M = Command::Meets;
    using W = const Words&;
    static const std::vector<Command> table = {
        {"usi", M::WAITS,
         [](Session& s, W) {
             s.usi();
             return true;
         }},
        {"isready", M::ANSWERED,
         [](Session& s, W) {
             s.isready();
             return true;
         }},
        {"setoption", M::REFUSED,
         [](Session& s, W a) {
             s.setoption(a);
             return true;
         }},
        {"usinewgame", M::REFUSED,
         [](Session& s, W) {
             s.engine_.new_game();
             return true;
         }},
        {"position", M::WAITS,
         [](Session& s, W a) {
             s.position(a);
             return true;
         }},
        {"go", M::STOPS,
         [](Session& s, W a) {
             s.go(a);
             return true;
         }},
        {"stop", M::ANSWERED,
         [](Session& s, W) {
             s.stop_all();
             return true;
         }},
        // The game has ended (win, lose or draw); nothing more will be played in it.
        {"gameover", M::ANSWERED,
         [](Session& s, W) {
             s.stop_all();
             return true;
         }},
        {"ponderhit", M::ANSWERED,
         [](Session& s, W) {
             s.engine_.ponderhit();
             return true;
         }},
        {"quit", M::STOPS,
         [](Session& s, W) {
             s.stop_all();
             return false;
         }},
        {"d", M::WAITS,
         [](Session& s, W) {
             s.write_lines(display(s.engine_.position()));
             return true;
         }},
        {"eval", M::WAITS,
         [](Session& s, W) {
             s.info("evaluation " + std::to_string(s.engine_.static_evaluation()) + " cp by " +
                    s.engine_.evaluation_name());
             return true;
         }},
        {"perft", M::REFUSED,
         [](Session& s, W a) {
             s.perft(a);
             return true;
         }},
    };
    return table;
}

const Command* Session::find_command(std::string_view name) {
    for (const Command& c : commands())
        if (c.name == name) return &c;
    return nullptr;
}

bool Session::handle(std::string_view line) {
    Words words = split_words(line);
    if (words.empty()) return true;
    const Command* c = find_command(words[0]);
    if (!c) {
        info("unknown command '" + echo_text(words[0]) + "'");
        return true;
    }
    if (c->meets == Command::Meets::REFUSED && refuse_while_busy(c->name)) return true;
    return c->run(*this, Words(words.begin() + 1, words.end()));
}

}  // namespace
}  // namespace usi

std::unique_ptr<LineSession> make_usi_session(LineSink out, const StartupOptions& startup, InputPoll inline_input) {
    auto session = std::make_unique<usi::Session>(std::move(out));
    if (inline_input) session->run_inline(std::move(inline_input));
    session->startup_options(startup);
    return session;
}

std::unique_ptr<LineSession> make_usi_session(std::ostream& out, const StartupOptions& startup,
                                              InputPoll inline_input) {
    return make_usi_session(stream_sink(out), startup, std::move(inline_input));
}

int run_usi(std::istream& in, std::ostream& out, const StartupOptions& startup) {
    std::unique_ptr<LineSession> session = make_usi_session(out, startup);
    if (!session->handle_line("usi")) return 0;
    // End of input: the host is gone, so finish as on `quit` rather than think on for nobody.
    run_line_loop(in, *session);
    return 0;
}

}  // namespace shishi
