// The XBoard command table and dispatch: one row per command says how it meets a search under
// way, what bad input it refuses before anything stops (a refused command changes nothing, and
// a search under way still moves), and what it does. The stdin loop (run_xboard) hands each line
// to XboardSession::handle, which reads the row.
#include <algorithm>
#include <istream>
#include <memory>
#include <string>
#include <utility>

#include "shishi/protocol/line_output.hpp"
#include "shishi/protocol/xboard_session.hpp"
#include "shishi/protocol/xboard.hpp"

namespace shishi {
namespace {

using Meets = XboardCommand::Meets;
using Line = XboardCommand::Line;

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

void nothing(XboardSession&, const Line&) {}

}  // namespace

const std::vector<XboardCommand>& XboardSession::commands() {
    using S = XboardSession;
    using L = const Line&;
    // Nothing to do for these: no draw offers accepted, no status line for ".".
    static const std::vector<XboardCommand> table = [] {
        std::vector<XboardCommand> t;
        for (std::string_view quiet :
             {"xboard", "accepted", "rejected", "computer", "name", "rating", "ics", "random", ".", "draw"})
            t.push_back({quiet, Meets::PASSES, nullptr, nothing});
        const std::vector<XboardCommand> rows = {
            {"quit", Meets::ENDS, nullptr, nothing},
            {"?", Meets::MOVES_NOW, nullptr, nothing},
            // pong must follow the move of a search already under way.
            {"ping", Meets::MOVES_FIRST, nullptr, [](S& s, L l) { s.out_.send("pong " + std::string(l.rest)); }},
            {"protover", Meets::PASSES, nullptr, [](S& s, L) { s.cmd_protover(); }},
            {"hard", Meets::PASSES, nullptr, [](S& s, L) { s.ponder_enabled_ = true; }},  // from the next own move on
            {"easy", Meets::STOPS_PONDERING, nullptr, [](S& s, L) { s.ponder_enabled_ = false; }},
            {"new", Meets::STOPS, nullptr, [](S& s, L) { s.cmd_new(); }},
            {"variant", Meets::PASSES, nullptr, [](S& s, L l) { s.cmd_variant(l.args); }},
            {"force", Meets::STOPS, nullptr, [](S& s, L) { s.force_ = true; }},
            {"result", Meets::STOPS, nullptr, [](S& s, L) { s.force_ = true; }},
            {"go", Meets::STOPS, nullptr, [](S& s, L) { s.cmd_go(); }},
            {"playother", Meets::STOPS, nullptr, [](S& s, L) { s.cmd_playother(); }},
            {"usermove", Meets::STOPS, [](S& s, L l) { return s.usermove_refused(l); },
             [](S& s, L l) { s.cmd_usermove(l.args[0]); }},
            {"setboard", Meets::STOPS, [](S& s, L l) { return s.setboard_refused(l.rest); },
             [](S& s, L l) { s.cmd_setboard(l.rest); }},
            {"undo", Meets::STOPS, [](S& s, L l) { return s.undo_refused(1, l.name); },
             [](S& s, L l) { s.cmd_undo(1, l.name); }},
            {"remove", Meets::STOPS, [](S& s, L l) { return s.undo_refused(2, l.name); },
             [](S& s, L l) { s.cmd_undo(2, l.name); }},
            {"analyze", Meets::STOPS, nullptr, [](S& s, L) { s.analyse_mode_ = true; }},
            {"exit", Meets::STOPS_ANALYSIS, nullptr, [](S& s, L) { s.analyse_mode_ = false; }},
            {"post", Meets::PASSES, nullptr, [](S& s, L) { s.post_ = true; }},
            {"nopost", Meets::PASSES, nullptr, [](S& s, L) { s.post_ = false; }},
            {"level", Meets::PASSES, nullptr, [](S& s, L l) { s.cmd_level(l.args); }},
            {"st", Meets::PASSES, nullptr, [](S& s, L l) { s.cmd_move_time(l.args); }},
            {"sd", Meets::PASSES, nullptr, [](S& s, L l) { s.cmd_depth(l.args); }},
            {"time", Meets::PASSES, nullptr, [](S& s, L l) { s.cmd_time(l.args, true); }},
            {"otim", Meets::PASSES, nullptr, [](S& s, L l) { s.cmd_time(l.args, false); }},
            {"memory", Meets::WAITS, [](S& s, L l) { return s.count_refused(l); },
             [](S& s, L l) { s.cmd_memory(l.args); }},
            {"cores", Meets::WAITS, [](S& s, L l) { return s.count_refused(l); },
             [](S& s, L l) { s.cmd_cores(l.args); }},
            {"option", Meets::WAITS, [](S& s, L l) { return s.option_refused(l.rest); },
             [](S& s, L l) { s.cmd_option(l.rest); }},
            {"hint", Meets::PASSES, nullptr, [](S& s, L) { s.cmd_hint(); }},
            {"lift", Meets::PASSES, nullptr, [](S& s, L l) { s.cmd_lift(l.args); }},
            {"put", Meets::PASSES, nullptr, [](S& s, L l) { s.cmd_put(l.args); }},
            {"hover", Meets::PASSES, nullptr, [](S& s, L l) { s.cmd_hover(l.args); }},
            {"exclude", Meets::STOPS_ANALYSIS, [](S& s, L l) { return s.exclude_refused(l); },
             [](S& s, L l) { s.cmd_exclude(l.args, true); }},
            {"include", Meets::STOPS_ANALYSIS, [](S& s, L l) { return s.exclude_refused(l); },
             [](S& s, L l) { s.cmd_exclude(l.args, false); }},
        };
        t.insert(t.end(), rows.begin(), rows.end());
        return t;
    }();
    return table;
}

bool XboardSession::handle(std::string_view line) {
    line = trim(line);
    if (line.empty()) return true;
    size_t sp = line.find_first_of(" \t");
    Line l;
    l.name = line.substr(0, sp);
    l.rest = sp == std::string_view::npos ? std::string_view() : trim(line.substr(sp));
    for (std::string_view r = l.rest; !r.empty();) {
        size_t e = r.find_first_of(" \t");
        l.args.push_back(r.substr(0, e));
        r = e == std::string_view::npos ? std::string_view() : trim(r.substr(e));
    }

    const std::vector<XboardCommand>& table = commands();
    auto row = std::find_if(table.begin(), table.end(), [&](const XboardCommand& c) { return c.name == l.name; });
    // A bare move is read as `usermove` with that move.
    if (row == table.end() && looks_like_move(l.name) && l.args.empty()) {
        l.args = {l.name};
        l.rest = l.name;
        l.name = "usermove";
        row = std::find_if(table.begin(), table.end(), [](const XboardCommand& c) { return c.name == "usermove"; });
    }
    Meets meets = row == table.end() ? Meets::PASSES : row->meets;
    switch (meets) {
        case Meets::ENDS: shutdown(); return false;
        case Meets::MOVES_NOW: move_now(); return true;
        case Meets::MOVES_FIRST: wait_for_move(); break;
        default: break;
    }
    // The move pondered on: the ponder search becomes the game search, nothing is stopped.
    if (l.name == "usermove" && l.args.size() == 1 && try_ponder_hit(l.args[0])) return true;

    // Bad input is refused before anything stops.
    if (row != table.end() && row->check) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (row->check(*this, l)) return true;
    }
    if (meets == Meets::STOPS_ANALYSIS) meets = analyse_mode_ ? Meets::STOPS : Meets::PASSES;
    if (meets == Meets::STOPS_PONDERING) meets = engine_.pondering() ? Meets::STOPS : Meets::PASSES;
    if (meets == Meets::WAITS) wait_for_move();
    const bool stopping = meets == Meets::STOPS || meets == Meets::WAITS;
    if (stopping) abort_search();

    std::lock_guard<std::mutex> lock(mutex_);
    if (row == table.end())
        error("unknown command", l.name);
    else
        row->run(*this, l);

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
