// The XBoard command dispatch: each line a host hands over (the stdin loop, run_xboard) lets a
// running search be stopped by the commands that need it, and goes to its XboardSession method.
#include <istream>
#include <memory>
#include <string>
#include <utility>

#include "shishi/protocol/line_output.hpp"
#include "shishi/protocol/xboard_session.hpp"
#include "shishi/protocol/xboard.hpp"

namespace shishi {
namespace {

// How a command meets a search under way. Commands not listed leave it running (clock and
// display commands, queries, unknown commands).
enum class Meets {
    PASSES,
    STOPS,  // changes the game or the mode: the search ends without moving
    WAITS,  // changes a setting searches use: a game search moves first, pondering and
            // analysis stop (analysis restarts with the new setting)
};

Meets meets(std::string_view cmd) {
    static constexpr std::string_view STOPPING[] = {"new", "force", "go", "playother", "usermove", "setboard",
                                                    "undo", "remove", "result", "analyze"};
    static constexpr std::string_view WAITING[] = {"memory", "cores", "option"};
    for (std::string_view s : STOPPING)
        if (cmd == s) return Meets::STOPS;
    for (std::string_view s : WAITING)
        if (cmd == s) return Meets::WAITS;
    return Meets::PASSES;
}

// A bare move (protocol version 1 sends moves without "usermove"): "h4h5", "f5f6,f6f7", "@@@@".
bool looks_like_move(std::string_view w) {
    if (w == "@@@@") return true;
    return w.size() >= 4 && w[0] >= 'a' && w[0] <= 'l' && w[1] >= '0' && w[1] <= '9';
}

std::string_view trim(std::string_view s) {
    const char* space = " \t\r\n";
    size_t b = s.find_first_not_of(space);
    if (b == std::string_view::npos) return {};
    return s.substr(b, s.find_last_not_of(space) + 1 - b);
}

}  // namespace

bool XboardSession::handle(std::string_view line) {
    line = trim(line);
    if (line.empty()) return true;
    size_t sp = line.find_first_of(" \t");
    std::string_view cmd = line.substr(0, sp);
    std::string_view rest = sp == std::string_view::npos ? std::string_view() : trim(line.substr(sp));
    Args args;
    for (std::string_view r = rest; !r.empty();) {
        size_t e = r.find_first_of(" \t");
        args.push_back(r.substr(0, e));
        r = e == std::string_view::npos ? std::string_view() : trim(r.substr(e));
    }

    if (cmd == "quit") {
        shutdown();
        return false;
    }
    if (cmd == "?") {
        move_now();
        return true;
    }
    if (cmd == "ping") {
        wait_for_move();  // pong must follow the move of a search already under way
        std::lock_guard<std::mutex> lock(mutex_);
        out_.send("pong " + std::string(rest));
        return true;
    }
    // The move pondered on: the ponder search becomes the game search, nothing is stopped.
    if (cmd == "usermove" && args.size() == 1 && try_ponder_hit(args[0])) return true;
    const bool bare_move = looks_like_move(cmd) && args.empty();
    if (bare_move && try_ponder_hit(cmd)) return true;

    // Bad input is refused before anything stops: a refused command changes nothing, and a
    // search under way goes on and still moves (issue 24: `usermove zz` while thinking used to
    // stop the search for good).
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (refused(cmd, args, rest, bare_move)) return true;
    }
    Meets m = bare_move ? Meets::STOPS : meets(cmd);
    // Leaving analysis, or changing what it searches, matters only while analysing.
    if ((cmd == "exit" || cmd == "exclude" || cmd == "include") && analyse_mode_) m = Meets::STOPS;
    if (cmd == "easy" && engine_.pondering()) m = Meets::STOPS;
    if (m == Meets::WAITS) wait_for_move();
    const bool stopping = m != Meets::PASSES;
    if (stopping) abort_search();

    std::lock_guard<std::mutex> lock(mutex_);
    if (cmd == "xboard" || cmd == "accepted" || cmd == "rejected" || cmd == "computer" || cmd == "name" ||
        cmd == "rating" || cmd == "ics" || cmd == "random" || cmd == "." || cmd == "draw") {
        // Nothing to do: no draw offers accepted, no status line for ".".
    } else if (cmd == "hard") ponder_enabled_ = true;  // from the next own move on
    else if (cmd == "easy") ponder_enabled_ = false; else if (cmd == "protover") cmd_protover();
    else if (cmd == "new") cmd_new();
    else if (cmd == "variant") cmd_variant(args);
    else if (cmd == "force" || cmd == "result") force_ = true;
    else if (cmd == "go") cmd_go();
    else if (cmd == "playother") cmd_playother();
    else if (cmd == "usermove") {
        if (args.size() != 1) error("bad argument", line);
        else cmd_usermove(args[0]);
    } else if (cmd == "setboard") cmd_setboard(rest);
    else if (cmd == "undo") cmd_undo(1, "undo");
    else if (cmd == "remove") cmd_undo(2, "remove");
    else if (cmd == "analyze") analyse_mode_ = true;
    else if (cmd == "exit") analyse_mode_ = false;
    else if (cmd == "post") post_ = true;
    else if (cmd == "nopost") post_ = false;
    else if (cmd == "level") cmd_level(args);
    else if (cmd == "st") cmd_move_time(args);
    else if (cmd == "sd") cmd_depth(args);
    else if (cmd == "time") cmd_time(args, true);
    else if (cmd == "otim") cmd_time(args, false);
    else if (cmd == "memory") cmd_memory(args);
    else if (cmd == "cores") cmd_cores(args);
    else if (cmd == "option") cmd_option(rest);
    else if (cmd == "hint") cmd_hint();
    else if (cmd == "lift") cmd_lift(args);
    else if (cmd == "put") cmd_put(args);
    else if (cmd == "hover") cmd_hover(args);
    else if (cmd == "exclude") cmd_exclude(args, true);
    else if (cmd == "include") cmd_exclude(args, false);
    else if (bare_move) cmd_usermove(cmd);
    else error("unknown command", cmd);

    // Analysis follows every change of position or mode.
    if (stopping && analyse_mode_ && !engine_.active()) start_analysis();
    return true;
}

std::unique_ptr<LineSession> make_xboard_session(LineSink out, const StartupOptions& startup) {
    auto session = std::make_unique<XboardSession>(std::move(out));
    session->startup_options(startup);
    return session;
}

int run_xboard(std::istream& in, std::ostream& out, const StartupOptions& startup) {
    std::unique_ptr<LineSession> session = make_xboard_session(stream_sink(out), startup);
    run_line_loop(in, *session);
    return 0;
}

}  // namespace shishi
