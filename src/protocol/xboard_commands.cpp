// XboardSession: the game, clock and option commands.
#include <charconv>
#include <new>

#include "shishi/protocol/xboard_session.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/rule_options.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/version.hpp"

namespace shishi {
namespace {

constexpr int MAX_HASH_MB = 16384;
constexpr int FALLBACK_HASH_MB = 16;
constexpr int MAX_THREADS = 256;
constexpr int MAX_CONTEMPT = 1000;

bool parse_number(std::string_view text, long long& value) {
    if (text.empty()) return false;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && p == text.data() + text.size();
}

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

void XboardSession::cmd_protover() {
    out_.send(std::string("feature myname=\"") + ENGINE_NAME + " " + ENGINE_VERSION +
              "\" variants=\"chu\" setboard=1 usermove=1 ping=1 memory=1 smp=1");
    out_.send("feature colors=0 sigint=0 sigterm=0 analyze=1 highlight=1 playother=1 time=1 draw=1 nps=0");
    for (const RuleOptionSpec& o : rule_option_specs(rules_)) {
        std::string line = "feature option=\"" + o.name;
        if (o.type == RuleOptionSpec::Type::CHECK) {
            line += std::string(" -check ") + (o.value == "true" ? "1" : "0");
        } else {
            line += " -combo";
            for (size_t i = 0; i < o.choices.size(); ++i)
                line += (i ? " /// " : " ") + std::string(o.choices[i] == o.value ? "*" : "") + o.choices[i];
        }
        out_.send(line + "\"");
    }
    out_.send("feature option=\"Resign -check 0\"");
    out_.send("feature option=\"Contempt -spin 0 -1000 1000\"");
    out_.send("feature done=1");
}

void XboardSession::cmd_new() {
    Position start = Position::start();
    start.set_rules(rules_);
    game_.reset(start);
    force_ = false;
    engine_side_ = BLACK;
    clock_.depth = 0;
    searcher_.new_game();
    bad_scores_in_row_ = 0;
    last_ponder_ = Move::none();
    lifted_ = first_leg_ = NO_SQUARE;
}

void XboardSession::cmd_variant(const Args& a) {
    if (a.size() != 1 || a[0] != "chu") error("unsupported variant", joined("variant", a));
}

void XboardSession::cmd_go() {
    force_ = false;
    engine_side_ = game_.position().side_to_move();
    start_game_search();
}

void XboardSession::cmd_playother() {
    force_ = false;
    engine_side_ = ~game_.position().side_to_move();
}

void XboardSession::cmd_usermove(std::string_view text) {
    std::string move_text(text);
    // XBoard marks a declined promotion with '='; no suffix means the same here.
    if (!move_text.empty() && move_text.back() == '=') move_text.pop_back();
    Parsed<Move> m = parse_xboard_move(game_.position(), move_text);
    if (!m) {
        out_.send("Illegal move (" + reason_of(m.error, move_text) + "): " + std::string(text));
        return;
    }
    game_.play(*m);
    if (!force_ && !analyse_mode_ && report_if_over()) return;
    after_position_change();
}

void XboardSession::cmd_setboard(std::string_view fen) {
    Parsed<Position> p = parse_xboard_fen(fen, rules_);
    if (!p) {
        out_.send("tellusererror Illegal position: " + p.error);
        return;
    }
    Position pos = *p;
    pos.set_rules(rules_);
    game_.reset(pos);
    last_ponder_ = Move::none();
    lifted_ = first_leg_ = NO_SQUARE;
}

void XboardSession::cmd_undo(int plies, std::string_view name) {
    if (game_.plies() < plies) {
        error("command not legal now", name);
        return;
    }
    for (int i = 0; i < plies; ++i) game_.undo();
    lifted_ = first_leg_ = NO_SQUARE;
}

void XboardSession::cmd_option(std::string_view setting) {
    size_t eq = setting.find('=');
    std::string_view name = setting.substr(0, eq);
    std::string_view value = eq == std::string_view::npos ? std::string_view() : setting.substr(eq + 1);
    auto check_value = [&](bool& target) {
        if (value == "1" || value == "0") {
            target = value == "1";
            return true;
        }
        error("bad option value", "option " + std::string(setting));
        return false;
    };
    if (is_rule_option(name)) {
        RuleSet r = rules_;
        if (!apply_rule_option(r, name, value).empty()) return error("bad option value", "option " + std::string(setting));
        set_rules(r);
    } else if (name == "Resign") {
        check_value(resign_enabled_);
        bad_scores_in_row_ = 0;
    } else if (name == "Contempt") {
        long long cp = 0;
        if (!parse_number(value, cp) || cp < -MAX_CONTEMPT || cp > MAX_CONTEMPT)
            return error("bad option value", "option " + std::string(setting));
        contempt_ = int(cp);
        searcher_.set_contempt(contempt_);
    } else {
        error("unknown option", "option " + std::string(setting));
    }
}

void XboardSession::cmd_memory(const Args& a) {
    long long mb = 0;
    if (a.size() != 1 || !parse_number(a[0], mb) || mb < 1) return error("bad argument", joined("memory", a));
    try {
        searcher_.set_hash_mb(size_t(mb > MAX_HASH_MB ? MAX_HASH_MB : mb));
    } catch (const std::bad_alloc&) {
        searcher_.set_hash_mb(FALLBACK_HASH_MB);  // the old table is gone: never search without one
        error("out of memory", joined("memory", a));
    }
}

void XboardSession::cmd_cores(const Args& a) {
    long long n = 0;
    if (a.size() != 1 || !parse_number(a[0], n) || n < 1) return error("bad argument", joined("cores", a));
    searcher_.set_threads(int(n > MAX_THREADS ? MAX_THREADS : n));
}

void XboardSession::cmd_time(const Args& a, bool own) {
    std::string e = a.size() != 1 ? "one number expected"
                    : own         ? clock_.set_own_time(a[0])
                                  : clock_.set_opponent_time(a[0]);
    if (!e.empty()) error("bad argument", joined(own ? "time" : "otim", a));
}

void XboardSession::cmd_level(const Args& a) {
    std::string e = a.size() != 3 ? "three arguments expected" : clock_.set_level(a[0], a[1], a[2]);
    if (!e.empty()) error("bad argument", joined("level", a));
}

void XboardSession::cmd_hint() {
    const Position& pos = game_.position();
    if (!last_ponder_.is_none() && last_ponder_key_ == pos.key() && is_legal(pos, last_ponder_))
        out_.send("Hint: " + move_to_xboard(last_ponder_));
}

}  // namespace shishi
