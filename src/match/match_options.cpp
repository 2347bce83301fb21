#include "shishi/match/match_options.hpp"

#include <climits>

#include "shishi/core/rule_options.hpp"

namespace shishi::match {
namespace {

std::optional<long long> parse_int(const std::string& s, long long lo, long long hi) {
    if (s.empty() || s.size() > 18) return std::nullopt;
    for (size_t i = 0; i < s.size(); ++i)
        if (!(s[i] >= '0' && s[i] <= '9') && !(i == 0 && s[i] == '-' && s.size() > 1)) return std::nullopt;
    long long v = std::stoll(s);
    if (v < lo || v > hi) return std::nullopt;
    return v;
}

// "PRESET[,VARIATION...]": a preset name (book, xboard, lishogi) and/or variations: okazaki,
// bare-king, repetition=xboard|jcsa|draw|lishogi.
bool parse_rules(const std::string& text, RuleSet& rules, std::string& error) {
    size_t i = 0;
    bool first = true;
    while (i <= text.size()) {
        size_t comma = text.find(',', i);
        if (comma == std::string::npos) comma = text.size();
        std::string item = text.substr(i, comma - i);
        std::string e;
        if (first && find_rule_preset(item)) e = apply_rule_option(rules, "Rules", item);
        else if (item == "okazaki") e = apply_rule_option(rules, "Okazaki rule", "true");
        else if (item == "bare-king") e = apply_rule_option(rules, "Bare King", "true");
        else if (item.rfind("repetition=", 0) == 0) e = apply_rule_option(rules, "Repetition rule", item.substr(11));
        else e = "unknown rule option '" + item + "'";
        if (!e.empty()) {
            error = e + " (--rules book|xboard|lishogi[,okazaki][,bare-king][,repetition=xboard|jcsa|draw|lishogi])";
            return false;
        }
        first = false;
        i = comma + 1;
    }
    return true;
}

}  // namespace

void print_match_usage(std::ostream& out) {
    out << "usage: shishi-match --first CMD --second CMD --games N --tc TC --pgn FILE [options]\n"
           "\n"
           "Engines (each command runs through /bin/sh):\n"
           "  --first CMD, --second CMD        engine command lines\n"
           "  --first-protocol xboard|usi      (default xboard; same for --second-protocol)\n"
           "  --name-first NAME, --name-second NAME   names for the PGN and the summary\n"
           "  --first-option NAME=VALUE        engine option (repeatable; --second-option too)\n"
           "  --first-dir DIR, --second-dir DIR       working directories\n"
           "  --first-stderr FILE, --second-stderr FILE  keep the engine's standard error\n"
           "  --memory MB                      hash size sent as `memory` / USI_Hash (default 64)\n"
           "  --handshake-timeout S            wait for feature done=1 / usiok / pong (default 10)\n"
           "Games and time:\n"
           "  --games N                        number of games (each opening twice, colours reversed)\n"
           "  --tc [MOVES/]BASE[+INC]          clock in seconds: 10+0.1, 40/60, 60\n"
           "  --st S                           fixed time per move in seconds\n"
           "  --depth D                        fixed search depth (alone or with --tc)\n"
           "  --nodes N                        fixed nodes per move, USI engines only (alone or\n"
           "                                   with --tc): self-play tests that load cannot skew\n"
           "  --move-timeout S                 hang limit per move without a clock (default 60)\n"
           "  --margin-ms MS                   lateness tolerated before a time forfeit (default 200)\n"
           "  -j N, --concurrency N            games played at the same time (default 1)\n"
           "  --openings FILE                  XBoard FEN, SFEN or moves from the start, one a line\n"
           "  --random-plies N                 random quiet plies after the opening (same for a pair)\n"
           "  --seed N                         seed for --random-plies (default 1)\n"
           "  --max-plies N                    draw after N plies (default 1000, 0 = no limit)\n"
           "  --adjudicate SCORE:MOVES         win when both engines report |score| >= SCORE cp\n"
           "                                   for MOVES consecutive moves each\n"
           "  --rules [PRESET][,VARIATION...]  the referee's rules, also sent to engines that offer\n"
           "                                   them: book (default), xboard or lishogi, then okazaki,\n"
           "                                   bare-king, repetition=xboard|jcsa|draw|lishogi\n"
           "  --sprt elo0=A elo1=B alpha=X beta=Y   stop early with an SPRT verdict\n"
           "Output:\n"
           "  --pgn FILE                       finished games (written as they finish)\n"
           "  --event NAME                     PGN Event tag (default shishi-match)\n"
           "  --debug                          log all engine traffic (time in ms) to standard error\n";
}

std::optional<MatchOptions> parse_match_args(const std::vector<std::string>& args, std::ostream& err) {
    MatchOptions o;
    bool have_tc = false, have_st = false, have_depth = false, have_nodes = false;
    std::optional<int64_t> move_timeout;
    size_t i = 0;
    auto fail = [&](const std::string& why) -> std::optional<MatchOptions> {
        err << "shishi-match: " << why << "\n";
        return std::nullopt;
    };
    auto value = [&](const std::string& flag) -> std::optional<std::string> {
        if (i + 1 >= args.size()) return std::nullopt;
        (void)flag;
        return args[++i];
    };
    for (; i < args.size(); ++i) {
        const std::string a = args[i];
        if (a == "-h" || a == "--help") {
            o.help = true;
            return o;
        }
        if (a == "--debug") {
            o.debug = true;
            continue;
        }
        if (a == "--sprt") {
            // Takes every following name=value word (or one quoted string of them).
            std::string spec;
            while (i + 1 < args.size() && args[i + 1].find('=') != std::string::npos) spec += " " + args[++i];
            std::string error;
            auto c = parse_sprt(spec, error);
            if (!c) return fail(error);
            o.sprt = c;
            continue;
        }
        auto v = value(a);
        if (!v) return fail("option " + a + " needs a value (or is unknown); try --help");
        const std::string& s = *v;
        if (a == "--first") o.first.command = s;
        else if (a == "--second") o.second.command = s;
        else if (a == "--first-protocol" || a == "--second-protocol") {
            auto p = parse_protocol(s);
            if (!p) return fail("unknown protocol '" + s + "' (xboard or usi)");
            (a == "--first-protocol" ? o.first : o.second).protocol = *p;
        } else if (a == "--name-first") o.first.name = s;
        else if (a == "--name-second") o.second.name = s;
        else if (a == "--first-dir") o.first.dir = s;
        else if (a == "--second-dir") o.second.dir = s;
        else if (a == "--first-stderr") o.first.stderr_path = s;
        else if (a == "--second-stderr") o.second.stderr_path = s;
        else if (a == "--first-option" || a == "--second-option") {
            size_t eq = s.find('=');
            if (eq == std::string::npos || eq == 0) return fail(a + " wants NAME=VALUE, got '" + s + "'");
            (a == "--first-option" ? o.first : o.second).options.emplace_back(s.substr(0, eq), s.substr(eq + 1));
        } else if (a == "--memory") {
            auto n = parse_int(s, 1, 1 << 20);
            if (!n) return fail("bad --memory '" + s + "'");
            o.first.memory_mb = o.second.memory_mb = int(*n);
        } else if (a == "--handshake-timeout") {
            auto ms = parse_seconds(s);
            if (!ms || *ms <= 0) return fail("bad --handshake-timeout '" + s + "'");
            o.first.handshake_timeout_ms = o.second.handshake_timeout_ms = *ms;
        } else if (a == "--games") {
            auto n = parse_int(s, 1, 100'000'000);
            if (!n) return fail("bad --games '" + s + "' (a positive number)");
            o.games = int(*n);
        } else if (a == "--tc") {
            std::string error;
            auto tc = parse_tc(s, error);
            if (!tc) return fail(error);
            const TimeControl limits = o.referee.tc;
            o.referee.tc = *tc;
            o.referee.tc.depth = limits.depth;
            o.referee.tc.nodes = limits.nodes;
            have_tc = true;
        } else if (a == "--st") {
            auto ms = parse_seconds(s);
            if (!ms || *ms <= 0) return fail("bad --st '" + s + "' (seconds per move)");
            o.referee.tc.move_time_ms = *ms;
            have_st = true;
        } else if (a == "--depth") {
            auto n = parse_int(s, 1, 200);
            if (!n) return fail("bad --depth '" + s + "'");
            o.referee.tc.depth = int(*n);
            have_depth = true;
        } else if (a == "--nodes") {
            auto n = parse_int(s, 1, LLONG_MAX);
            if (!n) return fail("bad --nodes '" + s + "'");
            o.referee.tc.nodes = *n;
            have_nodes = true;
        } else if (a == "--move-timeout") {
            auto ms = parse_seconds(s);
            if (!ms || *ms <= 0) return fail("bad --move-timeout '" + s + "'");
            move_timeout = *ms;
        } else if (a == "--margin-ms") {
            auto n = parse_int(s, 0, 3'600'000);
            if (!n) return fail("bad --margin-ms '" + s + "'");
            o.referee.margin_ms = *n;
        } else if (a == "-j" || a == "--concurrency") {
            auto n = parse_int(s, 1, 256);
            if (!n) return fail("bad -j '" + s + "'");
            o.concurrency = int(*n);
        } else if (a == "--openings") o.openings_path = s;
        else if (a == "--random-plies") {
            auto n = parse_int(s, 0, 200);
            if (!n) return fail("bad --random-plies '" + s + "'");
            o.random_plies = int(*n);
        } else if (a == "--seed") {
            auto n = parse_int(s, 0, LLONG_MAX);
            if (!n) return fail("bad --seed '" + s + "'");
            o.seed = uint64_t(*n);
        } else if (a == "--max-plies") {
            auto n = parse_int(s, 0, 100'000);
            if (!n) return fail("bad --max-plies '" + s + "'");
            o.referee.max_plies = int(*n);
        } else if (a == "--adjudicate") {
            size_t colon = s.find(':');
            auto score = parse_int(s.substr(0, colon), 1, 1'000'000);
            auto moves = colon == std::string::npos ? std::nullopt : parse_int(s.substr(colon + 1), 1, 10'000);
            if (!score || !moves) return fail("bad --adjudicate '" + s + "' (want SCORE:MOVES, e.g. 1000:5)");
            o.referee.adjudication = {int(*score), int(*moves)};
        } else if (a == "--rules") {
            std::string error;
            if (!parse_rules(s, o.referee.rules, error)) return fail(error);
        } else if (a == "--pgn") o.pgn_path = s;
        else if (a == "--event") o.event = s;
        else return fail("unknown option '" + a + "'; try --help");
    }
    if (o.first.command.empty() || o.second.command.empty()) return fail("both --first and --second are needed");
    // Engines that offer the rule options get the referee's choice.
    o.first.rule_options = o.second.rule_options = rule_option_specs(o.referee.rules);
    if (o.games <= 0) return fail("--games N is needed");
    if (o.pgn_path.empty()) return fail("--pgn FILE is needed");
    if (have_tc && have_st) return fail("--tc and --st exclude each other");
    if (!have_tc && !have_st && !have_depth && !have_nodes)
        return fail("a time control is needed: --tc, --st, --depth or --nodes");
    if (have_nodes && (o.first.protocol == Protocol::XBOARD || o.second.protocol == Protocol::XBOARD))
        return fail("--nodes needs USI engines (XBoard has no command for a node limit)");
    if (move_timeout) o.referee.tc.no_clock_move_limit_ms = *move_timeout;
    if (have_st && o.referee.tc.move_time_ms % 1000 != 0 &&
        (o.first.protocol == Protocol::XBOARD || o.second.protocol == Protocol::XBOARD))
        return fail("--st takes whole seconds with an XBoard engine (its `st` command has no fractions)");
    return o;
}

}  // namespace shishi::match
