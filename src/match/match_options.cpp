#include "shishi/match/match_options.hpp"

#include <climits>

#include <sstream>

#include "shishi/core/text.hpp"
#include "shishi/match/engine_spec.hpp"
#include "shishi/match/limits.hpp"
#include "shishi/core/rule_options.hpp"
#include "shishi/core/rules_argument.hpp"

namespace shishi::match {
namespace {

std::optional<long long> parse_int(const std::string& s, long long lo, long long hi) {
    return parse_integer(s, lo, hi, Sign::MINUS);
}

}  // namespace

void print_match_usage(std::ostream& out) {
    out << "usage: shishi-match --first CMD --second CMD --games N --tc TC --pgn FILE [options]\n"
           "       shishi-match --engine cmd=CMD [name=N] ... --engine ... --games N --tc TC --pgn FILE\n"
           "\n"
           "Engines (each command runs through /bin/sh):\n"
           "  --first CMD, --second CMD        engine command lines (the first two engines)\n"
           "  --engine KEY=VALUE ...           one more engine: cmd=CMD name=NAME proto=xboard|usi\n"
           "                                   tc=TC st=S depth=D nodes=N dir=DIR stderr=FILE\n"
           "                                   option.NAME=VALUE (repeatable)\n"
           "  --engines FILE                   engines from a JSON file (an array of such objects)\n"
           "  --tournament round-robin|gauntlet   who meets whom (default round-robin; gauntlet:\n"
           "                                   the first engine against each of the others)\n"
           "  --first-protocol xboard|usi      (default xboard; same for --second-protocol)\n"
           "  --name-first NAME, --name-second NAME   names for the PGN and the summary\n"
           "  --first-option NAME=VALUE        engine option (repeatable; --second-option too)\n"
           "  --first-dir DIR, --second-dir DIR       working directories\n"
           "  --first-stderr FILE, --second-stderr FILE  keep the engine's standard error\n"
           "  --memory MB                      hash size sent as `memory` / USI_Hash (default 64)\n"
           "  --handshake-timeout S            wait for feature done=1 / usiok / pong (default 10)\n"
           "Games and time:\n"
           "  --games N                        games per pairing (each opening twice, colours reversed)\n"
           "  --tc [MOVES/]BASE[+INC]          clock in seconds: 10+0.1, 40/60, 60\n"
           "  --st S                           fixed time per move in seconds\n"
           "  --depth D                        fixed search depth (alone or with --tc)\n"
           "  --nodes N                        fixed nodes per move, USI engines only (alone or\n"
           "                                   with --tc): self-play tests that load cannot skew\n"
           "  --first-tc TC, --second-tc TC    that engine's own clock (time odds); likewise\n"
           "  --first-st S, --first-depth D, --first-nodes N (and --second-...): each replaces\n"
           "                                   the match's --tc/--st, --depth, --nodes for it\n"
           "  --move-timeout S                 hang limit per move without a clock (default 60)\n"
           "  --margin-ms MS                   lateness tolerated before a time forfeit (default 200)\n"
           "  -j N, --concurrency N            games played at the same time (default 1)\n"
           "  --openings FILE                  XBoard FEN, SFEN or moves from the start, one a line\n"
           "  --openings-order random|sequential   book order (random: shuffled by --seed)\n"
           "  --openings-start N               begin with the Nth opening of the book (default 1)\n"
           "  --openings-plies N               at most N plies of each book line (default all)\n"
           "  --random-plies N                 random quiet plies after the opening (same for a pair)\n"
           "  --seed N                         seed for --random-plies (default 1)\n"
           "  --max-plies N                    draw after N plies (default 1000, 0 = no limit)\n"
           "  --adjudicate SCORE:MOVES         win when both engines report |score| >= SCORE cp\n"
           "                                   for MOVES consecutive moves each\n"
           "  --rules PRESET[,KEY=VALUE...]    the referee's rules, also sent to engines that offer\n"
           "                                   them: book (default), xboard or lishogi, then any rule\n"
           "                                   field (docs/rules.md): okazaki, repetition=draw, ...\n"
           "  --draw movenumber=N movecount=M score=S   draw when, from move N on, both engines'\n"
           "                                   scores stayed within S cp of 0 for M moves each\n"
           "  --resign movecount=M score=S     an engine loses after M moves scored at -S cp or worse\n"
           "  --sprt elo0=A elo1=B alpha=X beta=Y [model=logistic|normalized]\n"
           "                                   stop early with a pentanomial GSPRT verdict (two engines)\n"
           "Output:\n"
           "  --pgn FILE                       finished games (written as they finish)\n"
           "  --resume                         continue the run whose games are in the --pgn file\n"
           "  --shard I/N                      play only slice I of N of the games (whole game pairs;\n"
           "                                   the same games anywhere); `shishi-match merge` joins them\n"
           "  --json FILE                      engines, games and statistics, rewritten after each game\n"
           "  --plot FILE.svg                  Elo (and SPRT LLR) against games played\n"
           "  --event NAME                     PGN Event tag (default shishi-match)\n"
           "  --site NAME                      PGN Site tag (default the host name)\n"
           "  --pgn-min                        no evaluation comments in the PGN\n"
           "cutechess-cli's spelling (-engine cmd=... -each tc=... -games -rounds -openings file=...\n"
           "-pgnout ...) is read too; docs/match.md lists every cutechess-cli option.\n"
           "  --debug                          log all engine traffic (time in ms) to standard error\n";
}

namespace {

// Reads the KEY=VALUE words of --draw and --resign.
bool parse_adjudication_words(const std::string& flag, const std::vector<std::string>& words, RefereeSettings& r,
                              std::string& error) {
    int move_number = 0, move_count = 0, score = -1;
    for (const std::string& w : words) {
        size_t eq = w.find('=');
        std::string key = w.substr(0, eq), value = eq == std::string::npos ? "" : w.substr(eq + 1);
        auto n = parse_int(value, 0, 1'000'000);
        if (!n) {
            error = "bad " + flag + " value '" + w + "' (want KEY=NUMBER)";
            return false;
        }
        if (key == "movenumber" && flag == "--draw") move_number = int(*n);
        else if (key == "movecount") move_count = int(*n);
        else if (key == "score") score = int(*n);
        else {
            error = "unknown " + flag + " key '" + key + "' (" +
                    (flag == "--draw" ? "movenumber, movecount, score" : "movecount, score") + ")";
            return false;
        }
    }
    if (move_count <= 0 || score < 0) {
        error = flag + " needs movecount=M (at least 1) and score=S";
        return false;
    }
    if (flag == "--draw") r.draw = {move_number, move_count, score};
    else r.resign = {move_count, score};
    return true;
}

}  // namespace

std::optional<MatchOptions> parse_match_args(const std::vector<std::string>& args, std::ostream& err) {
    MatchOptions o;
    LimitSpec match_limits;
    std::optional<EngineSpec> first, second;
    std::vector<EngineSpec> others;
    std::optional<int64_t> move_timeout;
    std::optional<int> memory;
    std::optional<int64_t> handshake;
    size_t i = 0;
    auto fail = [&](const std::string& why) -> std::optional<MatchOptions> {
        err << "shishi-match: " << why << "\n";
        return std::nullopt;
    };
    // The KEY=VALUE arguments following a flag (up to the next one starting with '-'). With
    // `split`, one quoted argument may hold several of them ("elo0=0 elo1=5"); engine values
    // (commands, option names) keep their spaces.
    auto words = [&](bool split = true) {
        std::vector<std::string> out;
        auto is_word = [&](const std::string& w) {
            return (w.find('=') != std::string::npos && w[0] != '-') || (!split && w == "whitepov");
        };
        while (i + 1 < args.size() && is_word(args[i + 1])) {
            ++i;
            if (split)
                for (std::string_view w : split_words(args[i])) out.emplace_back(w);
            else out.push_back(args[i]);
        }
        return out;
    };
    auto side = [&](bool is_first) -> EngineSpec& {
        std::optional<EngineSpec>& e = is_first ? first : second;
        if (!e) e.emplace();
        return *e;
    };
    for (; i < args.size(); ++i) {
        const std::string a = args[i];
        if (a == "-h" || a == "--help") {
            o.help = true;
            return o;
        }
        if (a == "-V" || a == "--version") {
            o.version = true;
            return o;
        }
        if (a == "--debug") {
            o.debug = true;
            continue;
        }
        if (a == "--resume") {
            o.resume = true;
            continue;
        }
        if (a == "--pgn-min") {
            o.pgn_min = true;
            continue;
        }
        if (a == "--sprt") {
            std::string spec;
            for (const std::string& w : words()) spec += " " + w;
            std::string error;
            auto c = parse_sprt(spec, error);
            if (!c) return fail(error);
            o.sprt = c;
            continue;
        }
        if (a == "--engine") {
            std::string error;
            auto spec = parse_engine_words(words(false), error);
            if (!spec) return fail(error);
            others.push_back(std::move(*spec));
            continue;
        }
        if (a == "--draw" || a == "--resign") {
            std::string error;
            if (!parse_adjudication_words(a, words(), o.referee, error)) return fail(error);
            continue;
        }
        if (i + 1 >= args.size()) return fail("option " + a + " needs a value (or is unknown); try --help");
        const std::string s = args[++i];
        std::string error;
        if (a == "--first" || a == "--second") side(a == "--first").config.command = s;
        else if (a == "--first-protocol" || a == "--second-protocol") {
            if (!apply_engine_key(side(a[2] == 'f'), "proto", s, error)) return fail(error);
        } else if (a == "--name-first" || a == "--name-second") side(a == "--name-first").config.name = s;
        else if (a == "--first-dir" || a == "--second-dir") side(a[2] == 'f').config.dir = s;
        else if (a == "--first-stderr" || a == "--second-stderr") side(a[2] == 'f').config.stderr_path = s;
        else if (a == "--first-option" || a == "--second-option") {
            size_t eq = s.find('=');
            if (eq == std::string::npos || eq == 0) return fail(a + " wants NAME=VALUE, got '" + s + "'");
            side(a[2] == 'f').config.options.emplace_back(s.substr(0, eq), s.substr(eq + 1));
        } else if (a == "--first-tc" || a == "--second-tc" || a == "--first-st" || a == "--second-st" ||
                   a == "--first-depth" || a == "--second-depth" || a == "--first-nodes" || a == "--second-nodes") {
            // That engine's own limits.
            const bool is_first = a[2] == 'f';
            if (!set_limit(side(is_first).limits, a.substr(is_first ? 8 : 9), s, a, error)) return fail(error);
        } else if (a == "--engines") {
            auto list = load_engines_file(s, error);
            if (!list) return fail(error);
            for (EngineSpec& e : *list) others.push_back(std::move(e));
        } else if (a == "--tournament") {
            auto t = parse_tournament(s);
            if (!t) return fail("unknown tournament '" + s + "' (round-robin or gauntlet)");
            o.tournament = *t;
        } else if (a == "--memory") {
            auto n = parse_int(s, 1, 1 << 20);
            if (!n) return fail("bad --memory '" + s + "' (MB, 1.." + std::to_string(1 << 20) + ")");
            memory = int(*n);
        } else if (a == "--handshake-timeout") {
            auto ms = parse_seconds(s);
            if (!ms || *ms <= 0) return fail("bad --handshake-timeout '" + s + "' (seconds, more than 0)");
            handshake = *ms;
        } else if (a == "--games") {
            auto n = parse_int(s, 1, 100'000'000);
            if (!n) return fail("bad --games '" + s + "' (1..100000000)");
            o.games = int(*n);
        } else if (a == "--tc" || a == "--st" || a == "--depth" || a == "--nodes") {
            if (!set_limit(match_limits, a.substr(2), s, a, error)) return fail(error);
        } else if (a == "--move-timeout") {
            auto ms = parse_seconds(s);
            if (!ms || *ms <= 0) return fail("bad --move-timeout '" + s + "' (seconds, more than 0)");
            move_timeout = *ms;
        } else if (a == "--margin-ms") {
            auto n = parse_int(s, 0, 3'600'000);
            if (!n) return fail("bad --margin-ms '" + s + "' (0..3600000)");
            o.referee.margin_ms = *n;
        } else if (a == "-j" || a == "--concurrency") {
            auto n = parse_int(s, 1, 256);
            if (!n) return fail("bad " + a + " '" + s + "' (1..256 games at once)");
            o.concurrency = int(*n);
        } else if (a == "--openings") o.openings_path = s;
        else if (a == "--openings-order") {
            if (s != "random" && s != "sequential") return fail("bad --openings-order '" + s + "' (random or sequential)");
            o.openings_random = s == "random";
        } else if (a == "--openings-start" || a == "--openings-plies") {
            auto n = parse_int(s, a == "--openings-start" ? 1 : 0, 1'000'000'000);
            if (!n) return fail("bad " + a + " '" + s + "' (a whole number" + (a == "--openings-start" ? ", from 1)" : ")"));
            (a == "--openings-start" ? o.openings_start : o.openings_plies) = int(*n);
        } else if (a == "--site") o.site = s;
        else if (a == "--random-plies") {
            auto n = parse_int(s, 0, 200);
            if (!n) return fail("bad --random-plies '" + s + "' (0..200)");
            o.random_plies = int(*n);
        } else if (a == "--seed") {
            auto n = parse_int(s, 0, LLONG_MAX);
            if (!n) return fail("bad --seed '" + s + "' (0.." + std::to_string(LLONG_MAX) + ")");
            o.seed = uint64_t(*n);
        } else if (a == "--max-plies") {
            auto n = parse_int(s, 0, 100'000);
            if (!n) return fail("bad --max-plies '" + s + "' (0..100000, 0 = no limit)");
            o.referee.max_plies = int(*n);
        } else if (a == "--adjudicate") {
            size_t colon = s.find(':');
            auto score = parse_int(s.substr(0, colon), 1, 1'000'000);
            auto moves = colon == std::string::npos ? std::nullopt : parse_int(s.substr(colon + 1), 1, 10'000);
            if (!score || !moves)
                return fail("bad --adjudicate '" + s + "' (want SCORE:MOVES, SCORE 1..1000000 cp, MOVES 1..10000, e.g. 1000:5)");
            o.referee.adjudication = {int(*score), int(*moves)};
        } else if (a == "--rules") {
            if (std::string e = apply_rules_argument(o.referee.rules, s); !e.empty()) return fail("--rules: " + e);
        } else if (a == "--shard") {
            auto shard = parse_shard(s);
            if (!shard) return fail("bad --shard '" + s + "' (want I/N with 1 <= I <= N, e.g. 2/4)");
            o.shard = *shard;
        } else if (a == "--pgn") o.pgn_path = s;
        else if (a == "--json") o.json_path = s;
        else if (a == "--plot") o.plot_path = s;
        else if (a == "--event") o.event = s;
        else return fail("unknown option '" + a + "'; try --help");
    }
    if ((first && first->config.command.empty()) || (second && second->config.command.empty()))
        return fail("per-engine options need their engine: --first CMD / --second CMD");
    const bool named_pair = first && second;  // engines 1 and 2 are "the first/second engine"
    std::vector<EngineSpec> specs;
    if (first) specs.push_back(std::move(*first));
    if (second) specs.push_back(std::move(*second));
    for (EngineSpec& e : others) specs.push_back(std::move(e));
    if (specs.size() < 2) return fail("two engines are needed: --first and --second, or --engine twice");
    if (o.games <= 0) return fail("--games N is needed");
    if (o.pgn_path.empty()) return fail("--pgn FILE is needed");
    // Each output rewrites its file: two of them on one file would destroy each other's text.
    const std::pair<const char*, const std::string*> outputs[] = {
        {"--pgn", &o.pgn_path}, {"--json", &o.json_path}, {"--plot", &o.plot_path}};
    for (size_t a = 0; a < 3; ++a)
        for (size_t b = a + 1; b < 3; ++b)
            if (!outputs[b].second->empty() && *outputs[a].second == *outputs[b].second)
                return fail(std::string(outputs[a].first) + " and " + outputs[b].first + " name the same file '" +
                            *outputs[a].second + "'");
    if (o.sprt && specs.size() != 2) return fail("--sprt needs exactly two engines");
    const int64_t timeout = move_timeout.value_or(TimeControl{}.no_clock_move_limit_ms);
    // Each engine is checked under the limits it will play; only one with limits of its own
    // gets them in its config, the others play under the match's (referee.tc).
    for (size_t k = 0; k < specs.size(); ++k) {
        EngineSpec& e = specs[k];
        const std::string who = k == 0 && named_pair ? "the first engine"
                                : k == 1 && named_pair ? "the second engine"
                                : "engine " + std::to_string(k + 1) + " (" +
                                      (e.config.name.empty() ? e.config.command : e.config.name) + ")";
        TimeControl tc;
        std::string error;
        if (!resolve_limits(match_limits, e.limits, e.config.protocol, timeout, who, tc, error)) return fail(error);
        if (!e.limits.empty()) e.config.tc = tc;
        if (memory) e.config.memory_mb = *memory;
        if (handshake) e.config.handshake_timeout_ms = *handshake;
        // Engines that offer the rule options get the referee's choice.
        e.config.rule_options = rule_option_specs(o.referee.rules);
        o.engines.push_back(std::move(e.config));
    }
    // The match's own control: what an engine without limits of its own plays under.
    o.referee.tc = TimeControl{};
    if (match_limits.clock) o.referee.tc = *match_limits.clock;
    o.referee.tc.move_time_ms = match_limits.move_time_ms.value_or(0);
    o.referee.tc.depth = match_limits.depth.value_or(0);
    o.referee.tc.nodes = match_limits.nodes.value_or(0);
    o.referee.tc.no_clock_move_limit_ms = timeout;
    return o;
}

}  // namespace shishi::match
