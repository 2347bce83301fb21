// XboardSession: the game, clock and option commands.
#include <algorithm>
#include <new>

#include "shishi/protocol/echo_text.hpp"
#include "shishi/protocol/option_list.hpp"
#include "shishi/protocol/xboard_session.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/rule_options.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/version.hpp"

namespace shishi {
namespace {

// The parsers' messages end with ": <the text>"; XBoard wants the reason alone in brackets.
std::string reason_of(const std::string& error, std::string_view text) {
    std::string suffix = ": " + std::string(text);
    if (error.size() > suffix.size() && error.compare(error.size() - suffix.size(), suffix.size(), suffix) == 0)
        return error.substr(0, error.size() - suffix.size());
    return error;
}

// The command as received, for error messages.
std::string joined(std::string_view name, const std::vector<std::string_view>& args) {
    std::string s(name);
    for (std::string_view a : args) {
        s += ' ';
        s += a;
    }
    return s;
}

}  // namespace

void add_xboard_options(OptionTable& table) { add_declared_options(table, OfferedBy::XBOARD, book_rules()); }

void XboardSession::cmd_protover() {
    out_.send(std::string("feature myname=\"") + ENGINE_NAME + " " + ENGINE_VERSION +
              "\" variants=\"chu\" setboard=1 usermove=1 ping=1 memory=1 smp=1");
    out_.send("feature colors=0 sigint=0 sigterm=0 analyze=1 highlight=1 playother=1 time=1 draw=1 nps=0 exclude=1");
    for (const std::string& f : engine_.options().xboard_features())
        out_.send(f);
    out_.send("feature done=1");
}

void XboardSession::cmd_new() {
    engine_.set_position(Position::start());
    force_ = false;
    engine_side_ = BLACK;
    clock_.depth = 0;
    engine_.new_game();
    bad_scores_in_row_ = 0;
    last_ponder_ = Move::none();
    lifted_ = first_leg_ = pending_lift_ = NO_SQUARE;
    excluded_.clear();
}

void XboardSession::cmd_variant(const Args& a) {
    if (a.size() != 1 || a[0] != "chu") error("unsupported variant", joined("variant", a));
}

void XboardSession::cmd_go() {
    force_ = false;
    engine_side_ = engine_.position().side_to_move();
    start_game_search();
}

void XboardSession::cmd_playother() {
    force_ = false;
    engine_side_ = ~engine_.position().side_to_move();
}

Parsed<Move> XboardSession::user_move(std::string_view text) const {
    std::string move_text(text);
    // XBoard marks a declined promotion with '='; no suffix means the same here.
    if (!move_text.empty() && move_text.back() == '=') move_text.pop_back();
    Parsed<Move> m = parse_xboard_move(engine_.position(), move_text);
    if (!m) m.error = reason_of(m.error, move_text);
    return m;
}

bool XboardSession::usermove_refused(const XboardCommand::Line& l) {
    if (l.args.size() != 1) {
        error("bad argument", joined("usermove", l.args));
        return true;
    }
    const std::string_view text = l.args[0];
    std::string why = user_move(text).error;
    // The engine thinks about its own move: a move now is out of turn, whether or not it would be
    // legal (a premove is the user's own piece), unless it is no move at all. XBoard sends
    // `force` or `?` first when it means to interrupt, and the search must still answer.
    const bool malformed = why.rfind("malformed", 0) == 0;
    if (!malformed && !force_ && !analyse_mode_ && engine_.position().side_to_move() == engine_side_ &&
        game_search_running())
        why = "not your turn: the engine is thinking about its move";
    if (why.empty()) return false;
    out_.send("Illegal move (" + echo_text(why) + "): " + echo_text(text));
    return true;
}

bool XboardSession::setboard_refused(std::string_view fen) {
    Parsed<Position> p = parse_xboard_fen(fen, engine_.rules());
    if (!p) out_.send("tellusererror Illegal position: " + echo_text(p.error));
    return !p;
}

bool XboardSession::undo_refused(int plies, std::string_view name) {
    if (engine_.game().plies() >= plies) return false;
    error("command not legal now", name);
    return true;
}

bool XboardSession::count_refused(const XboardCommand::Line& l) {
    // The clock's number rule: digits only (a huge one is clamped later), at least 1.
    const std::optional<int64_t> n = l.args.size() == 1 ? read_xboard_digits(l.args[0]) : std::nullopt;
    if (n && *n >= 1) return false;
    error("bad argument", joined(l.name, l.args));
    return true;
}

bool XboardSession::exclude_refused(const XboardCommand::Line& l) {
    const Args& a = l.args;
    if (a.size() == 1 && (a[0] == "all" || parse_xboard_move(engine_.position(), std::string(a[0])))) return false;
    error(a.size() == 1 ? "illegal move" : "bad argument", joined(l.name, a));
    return true;
}

bool XboardSession::option_refused(std::string_view setting) {
    size_t eq = setting.find('=');
    std::string_view name = setting.substr(0, eq);
    std::string_view value = eq == std::string_view::npos ? std::string_view() : setting.substr(eq + 1);
    const EngineOption* o = engine_.options().find(name);
    if (!o || o->xboard_name != name) {
        error("unknown option", "option " + std::string(setting));
        return true;
    }
    // XBoard sends a check as 1 or 0.
    if (o->type == OptionType::CHECK && value != "1" && value != "0") {
        error("bad option value", "option " + std::string(setting));
        return true;
    }
    return false;
}

void XboardSession::cmd_usermove(std::string_view text) {
    Parsed<Move> m = user_move(text);
    if (!m) {
        out_.send("Illegal move (" + echo_text(m.error) + "): " + echo_text(text));
        return;
    }
    engine_.play(*m);
    if (!force_ && !analyse_mode_ && report_if_over()) return;
    after_position_change();
}

void XboardSession::cmd_setboard(std::string_view fen) {
    Parsed<Position> p = parse_xboard_fen(fen, engine_.rules());
    if (!p) {
        out_.send("tellusererror Illegal position: " + echo_text(p.error));
        return;
    }
    engine_.set_position(*p);
    last_ponder_ = Move::none();
    lifted_ = first_leg_ = pending_lift_ = NO_SQUARE;
    excluded_.clear();
}

void XboardSession::cmd_undo(int plies, std::string_view name) {
    if (engine_.game().plies() < plies) {
        error("command not legal now", name);
        return;
    }
    for (int i = 0; i < plies; ++i)
        engine_.undo();
    lifted_ = first_leg_ = pending_lift_ = NO_SQUARE;
    excluded_.clear();
}

void XboardSession::cmd_option(std::string_view setting) {
    if (option_refused(setting)) return;
    size_t eq = setting.find('=');
    std::string_view name = setting.substr(0, eq);
    std::string_view value = eq == std::string_view::npos ? std::string_view() : setting.substr(eq + 1);
    OptionSetResult r = engine_.options().set(name, value);
    if (!r.ok()) {
        // A string's error (a net file that cannot be read) says why; the Error line cannot.
        if (const EngineOption* o = engine_.options().find(name); o && o->type == OptionType::STRING)
            engine_.tell(r.error);
        return error("bad option value", "option " + std::string(setting));
    }
    if (!r.note.empty()) engine_.tell(r.note);
    if (name == "Resign") bad_scores_in_row_ = 0;
}

void XboardSession::cmd_memory(const Args& a) {
    std::optional<int64_t> mb = a.size() == 1 ? read_xboard_digits(a[0]) : std::nullopt;
    if (!mb || *mb < 1) return error("bad argument", joined("memory", a));
    const int64_t most = engine_.options().find("USI_Hash")->max;
    if (*mb > most) {
        engine_.tell("memory " + echo_text(a[0]) + " MB is more than this machine offers; using " +
                     std::to_string(most) + " MB");
        mb = most;
    }
    OptionSetResult r = engine_.options().set("USI_Hash", std::to_string(*mb));
    if (!r.note.empty()) engine_.tell(r.note);  // the size that could really be allocated
}

void XboardSession::cmd_cores(const Args& a) {
    std::optional<int64_t> n = a.size() == 1 ? read_xboard_digits(a[0]) : std::nullopt;
    if (!n || *n < 1) return error("bad argument", joined("cores", a));
    const int64_t most = engine_.options().find("Threads")->max;
    if (*n > most) {
        engine_.tell("cores " + echo_text(a[0]) + " is more than the " + std::to_string(most) +
                     " hardware threads of this machine; using " + std::to_string(most));
        n = most;
    }
    engine_.options().set("Threads", std::to_string(*n));
}

void XboardSession::cmd_depth(const Args& a) {
    std::string e = a.size() == 1 ? clock_.set_depth(a[0]) : "one number expected";
    if (!e.empty()) return error("bad argument", joined("sd", a));
    if (!clock_.note.empty()) engine_.tell(clock_.note);
}

void XboardSession::cmd_move_time(const Args& a) {
    std::string e = a.size() == 1 ? clock_.set_move_time(a[0]) : "one number expected";
    if (!e.empty()) return error("bad argument", joined("st", a));
    if (!clock_.note.empty()) engine_.tell("st " + clock_.note);
}

void XboardSession::cmd_time(const Args& a, bool own) {
    std::string e = a.size() != 1 ? "one number expected"
        : own                     ? clock_.set_own_time(a[0])
                                  : clock_.set_opponent_time(a[0]);
    if (!e.empty()) return error("bad argument", joined(own ? "time" : "otim", a));
    if (!clock_.note.empty()) engine_.tell((own ? "time " : "otim ") + clock_.note);
}

void XboardSession::cmd_level(const Args& a) {
    std::string e = a.size() != 3 ? "three arguments expected" : clock_.set_level(a[0], a[1], a[2]);
    if (!e.empty()) return error("bad argument", joined("level", a));
    if (!clock_.note.empty()) engine_.tell("level " + clock_.note);
}

void XboardSession::cmd_exclude(const Args& a, bool exclude) {
    const std::string name = exclude ? "exclude" : "include";
    if (a.size() != 1) return error("bad argument", joined(name, a));
    const Position& pos = engine_.position();
    if (a[0] == "all") {
        excluded_.clear();
        if (exclude) {
            MoveList list;
            generate_legal(pos, list);
            excluded_.assign(list.begin(), list.end());
        }
        return;
    }
    Parsed<Move> m = parse_xboard_move(pos, std::string(a[0]));
    if (!m) return error("illegal move", joined(name, a));
    auto at = std::find_if(excluded_.begin(), excluded_.end(), [&](Move x) { return x.same_as(*m); });
    if (exclude && at == excluded_.end()) excluded_.push_back(*m);
    if (!exclude && at != excluded_.end()) excluded_.erase(at);
}

void XboardSession::cmd_hint() {
    const Position& pos = engine_.position();
    if (!last_ponder_.is_none() && last_ponder_key_ == pos.key() && is_legal(pos, last_ponder_))
        out_.send("Hint: " + move_to_xboard(last_ponder_));
}

}  // namespace shishi
