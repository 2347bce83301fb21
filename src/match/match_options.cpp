#include "shishi/match/match_options.hpp"

#include <climits>
#include <iterator>
#include <map>

#include "shishi/core/text.hpp"
#include "shishi/match/cutechess_args.hpp"
#include "shishi/match/engine_spec.hpp"
#include "shishi/match/file_identity.hpp"
#include "shishi/match/limits.hpp"
#include "shishi/match/tournament_kinds.hpp"
#include "shishi/core/rule_options.hpp"
#include "shishi/core/rules_argument.hpp"

namespace shishi::match {
namespace {

std::optional<long long> parse_int(const std::string& s, long long lo, long long hi) {
    return parse_integer(s, lo, hi, Sign::MINUS);
}

}  // namespace

namespace {

// Reads the KEY=VALUE words of --draw and --resign.
bool parse_adjudication_words(const std::string& flag, const std::vector<std::string>& words, RefereeSettings& r,
                              std::string& error) {
    int move_number = 0, move_count = 0, score = -1;
    bool two_sided = false;
    for (const std::string& w : words) {
        size_t eq = w.find('=');
        std::string key = w.substr(0, eq), value = eq == std::string::npos ? "" : w.substr(eq + 1);
        if (key == "twosided" && flag == "--resign") {
            if (value != "true" && value != "false") {
                error = "bad --resign value '" + w + "' (twosided=true or twosided=false)";
                return false;
            }
            two_sided = value == "true";
            continue;
        }
        auto n = parse_int(value, 0, 1'000'000);
        if (!n) {
            error = "bad " + flag + " value '" + w + "' (want KEY=NUMBER)";
            return false;
        }
        if (key == "movenumber" && flag == "--draw")
            move_number = int(*n);
        else if (key == "movecount")
            move_count = int(*n);
        else if (key == "score")
            score = int(*n);
        else {
            error = "unknown " + flag + " key '" + key + "' (" +
                (flag == "--draw" ? "movenumber, movecount, score" : "movecount, score, twosided") + ")";
            return false;
        }
    }
    if (move_count <= 0 || score < 0) {
        error = flag + " needs movecount=M (at least 1) and score=S";
        return false;
    }
    if (flag == "--draw")
        r.draw = {move_number, move_count, score};
    else
        r.resign = {move_count, score, two_sided};
    return true;
}

#ifdef _WIN32
#define PLATFORM_ENGINES_HEADING "Engines (each command is a Windows command line, started as given):"
#else
#define PLATFORM_ENGINES_HEADING "Engines (a plain command is started itself, any other through /bin/sh -c):"
#endif

// Everything parse_match_args gathers before it checks the whole (the engines' limits are
// settled once all options are read).
struct ParseState {
    MatchOptions o;
    LimitSpec match_limits;
    std::optional<EngineSpec> first, second;
    std::vector<EngineSpec> others;
    std::optional<int64_t> move_timeout;
    std::optional<int> memory;
    std::optional<int64_t> handshake;
    EngineSpec& side(bool is_first) {
        std::optional<EngineSpec>& e = is_first ? first : second;
        if (!e) e.emplace();
        return *e;
    }
};

// What follows an option on the command line.
enum class Takes {
    NOTHING,  // a flag
    VALUE,  // one argument
    WORDS,  // KEY=VALUE words; one quoted argument may hold several ("elo0=0 elo1=5")
    ENGINE_WORDS,  // KEY=VALUE words kept whole (commands and option names hold spaces), `whitepov`, `ponder`
};

using Apply = bool (*)(ParseState& st, const std::string& flag, const std::vector<std::string>& values,
                       std::string& error);

// One option: its spellings ("-j|--concurrency"), what it takes, its line(s) of --help, and
// what it does. A row with no names is a heading of the usage text.
struct OptionDef {
    const char* names;
    const char* value;  // the placeholder in --help ("N", "CMD"), "" for none
    const char* help;  // '\n' starts a continuation line
    Takes takes;
    Apply apply;
};

// The rows that only store: an option's value into a text field, or a flag set.
template <std::string MatchOptions::*field>
bool store_text(ParseState& st, const std::string&, const std::vector<std::string>& v, std::string&) {
    st.o.*field = v[0];
    return true;
}
template <bool MatchOptions::*field>
bool set_flag(ParseState& st, const std::string&, const std::vector<std::string>&, std::string&) {
    st.o.*field = true;
    return true;
}

bool is_first_side(const std::string& flag) { return flag.find("first") != std::string::npos; }

// A whole number in [lo, hi] into `target`, else an error naming the range.
template <class T>
bool whole_number(const std::string& flag, const std::string& s, long long lo, long long hi, const char* note,
                  T& target, std::string& error) {
    auto n = parse_int(s, lo, hi);
    if (!n) {
        error = "bad " + flag + " '" + s + "' (" + std::to_string(lo) + ".." + std::to_string(hi) + note + ")";
        return false;
    }
    target = T(*n);
    return true;
}

template <class T>
bool seconds(const std::string& flag, const std::string& s, std::optional<T>& target, std::string& error) {
    auto ms = parse_seconds(s);
    if (!ms || *ms <= 0) {
        error = "bad " + flag + " '" + s + "' (seconds, more than 0)";
        return false;
    }
    target = *ms;
    return true;
}

const OptionDef
    OPTIONS[] =
        {
            {nullptr, nullptr, PLATFORM_ENGINES_HEADING, Takes::NOTHING, nullptr},
            {"--first|--second", "CMD", "engine command lines (the first two engines)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string&) {
                 st.side(f == "--first").config.command = v[0];
                 return true;
             }},
            {"--engine", "KEY=VALUE ...",
             "one more engine: cmd=CMD name=NAME proto=xboard|usi\ntc=TC st=S depth=D nodes=N dir=DIR stderr=FILE "
             "whitepov\n"
             "ponder restart=auto|on|off initstr=TEXT option.NAME=VALUE (repeatable)",
             Takes::ENGINE_WORDS,
             [](ParseState& st, const std::string&, const std::vector<std::string>& v, std::string& error) {
                 auto spec = parse_engine_words(v, error);
                 if (spec) st.others.push_back(std::move(*spec));
                 return bool(spec);
             }},
            {"--engines", "FILE", "engines from a JSON file (an array of such objects)", Takes::VALUE,
             [](ParseState& st, const std::string&, const std::vector<std::string>& v, std::string& error) {
                 auto list = load_engines_file(v[0], error);
                 if (list)
                     for (EngineSpec& e : *list)
                         st.others.push_back(std::move(e));
                 return bool(list);
             }},
            {"--tournament", "round-robin|gauntlet|knockout",
             "who meets whom (default round-robin; gauntlet:\nthe first engine against each of the others; knockout: a "
             "bracket, winners advance)",
             Takes::VALUE,
             [](ParseState& st, const std::string&, const std::vector<std::string>& v, std::string& error) {
                 auto t = parse_tournament(v[0]);
                 if (!t)
                     error = "unknown tournament '" + v[0] + "' (round-robin, gauntlet or knockout)";
                 else
                     st.o.tournament = *t;
                 return bool(t);
             }},
            {"--seeds", "N", "knockout: the first N engines are seeded (the rest drawn by --seed)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return whole_number(f, v[0], 0, 1000, " seeded engines", st.o.seeds, error);
             }},
            {"--first-protocol|--second-protocol", "xboard|usi", "the engine's protocol (default xboard)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return apply_engine_key(st.side(is_first_side(f)), "proto", v[0], error);
             }},
            {"--name-first|--name-second", "NAME", "names for the PGN and the summary", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string&) {
                 st.side(is_first_side(f)).config.name = v[0];
                 return true;
             }},
            {"--first-option|--second-option", "NAME=VALUE", "engine option (repeatable)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 const size_t eq = v[0].find('=');
                 if (eq == std::string::npos || eq == 0) {
                     error = f + " wants NAME=VALUE, got '" + v[0] + "'";
                     return false;
                 }
                 st.side(is_first_side(f)).config.options.emplace_back(v[0].substr(0, eq), v[0].substr(eq + 1));
                 return true;
             }},
            {"--first-dir|--second-dir", "DIR", "working directories", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string&) {
                 st.side(is_first_side(f)).config.dir = v[0];
                 return true;
             }},
            {"--first-stderr|--second-stderr", "FILE", "keep the engine's standard error (appended)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string&) {
                 st.side(is_first_side(f)).config.stderr_path = v[0];
                 return true;
             }},
            {"--memory", "MB", "hash size sent as `memory` / USI_Hash (default 64)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 auto mb = parse_int(v[0], 1, 1 << 20);
                 if (!mb)
                     error = "bad " + f + " '" + v[0] + "' (MB, 1.." + std::to_string(1 << 20) + ")";
                 else
                     st.memory = int(*mb);
                 return bool(mb);
             }},
            {"--handshake-timeout", "S", "wait for feature done=1 / usiok / pong (default 10)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return seconds(f, v[0], st.handshake, error);
             }},
            {nullptr, nullptr, "Games and time:", Takes::NOTHING, nullptr},
            {"--games", "N", "games per pairing (each opening twice, colours reversed)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return whole_number(f, v[0], 1, 100'000'000, "", st.o.games, error);
             }},
            {"--no-swap", "",
             "the pairing's first engine is White in both games of an\nopening (cutechess-cli's -noswap)",
             Takes::NOTHING,
             [](ParseState& st, const std::string&, const std::vector<std::string>&, std::string&) {
                 st.o.colours.swap = false;
                 return true;
             }},
            {"--reverse", "", "the pairing's second engine is White first (-reverse)", Takes::NOTHING,
             [](ParseState& st, const std::string&, const std::vector<std::string>&, std::string&) {
                 st.o.colours.reverse = true;
                 return true;
             }},
            {"--tc", "[MOVES/]BASE[+INC]", "clock: 10+0.1, 40/60, 60, 40/1:30+1 (BASE in seconds or M:SS)",
             Takes::VALUE, nullptr},
            {"--st", "S", "fixed time per move in seconds", Takes::VALUE, nullptr},
            {"--depth", "D", "fixed search depth (alone or with --tc)", Takes::VALUE, nullptr},
            {"--nodes", "N",
             "fixed nodes per move, USI engines only (alone or\nwith --tc): self-play tests that load cannot skew",
             Takes::VALUE, nullptr},
            {"--first-tc|--second-tc", "TC", "that engine's own clock (time odds)", Takes::VALUE, nullptr},
            {"--first-st|--second-st", "S", "that engine's own time per move", Takes::VALUE, nullptr},
            {"--first-depth|--second-depth", "D", "that engine's own depth", Takes::VALUE, nullptr},
            {"--first-nodes|--second-nodes", "N",
             "that engine's own nodes; each replaces the match's\n--tc/--st, --depth, --nodes for it", Takes::VALUE,
             nullptr},
            {"--move-timeout", "S", "hang limit per move without a clock (default 60)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return seconds(f, v[0], st.move_timeout, error);
             }},
            {"--margin-ms", "MS", "lateness tolerated before a time forfeit (default 200)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return whole_number(f, v[0], 0, 3'600'000, "", st.o.referee.margin_ms, error);
             }},
            {"-j|--concurrency", "N", "games played at the same time (default 1)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return whole_number(f, v[0], 1, 256, " games at once", st.o.concurrency, error);
             }},
            {"--wait", "MS", "pause between two games of a worker (default 0)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return whole_number(f, v[0], 0, 3'600'000, " ms between games", st.o.wait_ms, error);
             }},
            {"--openings", "FILE", "XBoard FEN, SFEN or moves from the start, one a line;\na .pgn file: its games",
             Takes::VALUE, store_text<&MatchOptions::openings_path>},
            {"--openings-format", "epd|pgn",
             "how --openings is read: one opening a line (epd), or\nPGN games (pgn); default by its name (.pgn: pgn)",
             Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 if (v[0] != "epd" && v[0] != "pgn") {
                     error = "bad " + f + " '" + v[0] + "' (epd or pgn)";
                     return false;
                 }
                 st.o.openings_format = v[0] == "pgn" ? OpeningsFormat::PGN : OpeningsFormat::LINES;
                 return true;
             }},
            {"--openings-order", "random|sequential", "book order (random: shuffled by --seed)", Takes::VALUE,
             [](ParseState& st, const std::string&, const std::vector<std::string>& v, std::string& error) {
                 if (v[0] != "random" && v[0] != "sequential") {
                     error = "bad --openings-order '" + v[0] + "' (random or sequential)";
                     return false;
                 }
                 st.o.openings_random = v[0] == "random";
                 return true;
             }},
            {"--openings-start", "N", "begin with the Nth opening of the book (default 1)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return whole_number(f, v[0], 1, 1'000'000'000, "", st.o.openings_start, error);
             }},
            {"--openings-plies", "N", "at most N plies of each book line (default all)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return whole_number(f, v[0], 0, 1'000'000'000, "", st.o.openings_plies, error);
             }},
            {"--random-plies", "N", "random quiet plies after the opening (same for a pair)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return whole_number(f, v[0], 0, 200, "", st.o.random_plies, error);
             }},
            {"--seed", "N", "seed for --random-plies and --openings-order random (default 1)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return whole_number(f, v[0], 0, LLONG_MAX, "", st.o.seed, error);
             }},
            {"--max-plies", "N", "draw after N plies (default 1000, 0 = no limit)", Takes::VALUE,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return whole_number(f, v[0], 0, 100'000, ", 0 = no limit", st.o.referee.max_plies, error);
             }},
            {"--adjudicate", "SCORE:MOVES",
             "win when both engines report |score| >= SCORE cp\nfor MOVES consecutive moves each", Takes::VALUE,
             [](ParseState& st, const std::string&, const std::vector<std::string>& v, std::string& error) {
                 const std::string& s = v[0];
                 const size_t colon = s.find(':');
                 auto score = parse_int(s.substr(0, colon), 1, 1'000'000);
                 auto moves = colon == std::string::npos ? std::nullopt : parse_int(s.substr(colon + 1), 1, 10'000);
                 if (!score || !moves) {
                     error = "bad --adjudicate '" + s +
                         "' (want SCORE:MOVES, SCORE 1..1000000 cp, MOVES 1..10000, e.g. 1000:5)";
                     return false;
                 }
                 st.o.referee.adjudication = {int(*score), int(*moves)};
                 return true;
             }},
            {"--rules", "PRESET[,KEY=VALUE...]",
             "the referee's rules, also sent to engines that offer\nthem: book (default), xboard or lishogi, then any "
             "rule\n"
             "field (docs/rules.md): okazaki, repetition=draw, ...",
             Takes::VALUE,
             [](ParseState& st, const std::string&, const std::vector<std::string>& v, std::string& error) {
                 if (std::string e = apply_rules_argument(st.o.referee.rules, v[0]); !e.empty()) {
                     error = "--rules: " + e;
                     return false;
                 }
                 return true;
             }},
            {"--draw", "movenumber=N movecount=M score=S",
             "draw when, from move N on, both engines' scores\nstayed within S cp of 0 for M moves each", Takes::WORDS,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return parse_adjudication_words(f, v, st.o.referee, error);
             }},
            {"--resign", "movecount=M score=S [twosided=true]",
             "an engine loses after M moves scored at -S cp or\nworse (two-sided: and its opponent's at +S or better)",
             Takes::WORDS,
             [](ParseState& st, const std::string& f, const std::vector<std::string>& v, std::string& error) {
                 return parse_adjudication_words(f, v, st.o.referee, error);
             }},
            {"--sprt", "elo0=A elo1=B alpha=X beta=Y [model=logistic|normalized]",
             "stop early with a pentanomial GSPRT verdict (two engines)", Takes::WORDS,
             [](ParseState& st, const std::string&, const std::vector<std::string>& v, std::string& error) {
                 std::string spec;
                 for (const std::string& w : v)
                     spec += " " + w;
                 st.o.sprt = parse_sprt(spec, error);
                 return bool(st.o.sprt);
             }},
            {nullptr, nullptr, "Output:", Takes::NOTHING, nullptr},
            {"--pgn", "FILE", "finished games (written as they finish; without it, none)", Takes::VALUE,
             store_text<&MatchOptions::pgn_path>},
            {"--pgn-min", "", "no evaluation comments in the PGN", Takes::NOTHING, set_flag<&MatchOptions::pgn_min>},
            {"--resume", "", "continue the run whose games are in the --pgn file", Takes::NOTHING,
             set_flag<&MatchOptions::resume>},
            {"--shard", "I/N",
             "play only slice I of N of the games (whole game pairs;\nthe same games anywhere); `shishi-match merge` "
             "joins them",
             Takes::VALUE,
             [](ParseState& st, const std::string&, const std::vector<std::string>& v, std::string& error) {
                 auto shard = parse_shard(v[0]);
                 if (!shard)
                     error = "bad --shard '" + v[0] + "' (want I/N with 1 <= I <= N, e.g. 2/4)";
                 else
                     st.o.shard = *shard;
                 return bool(shard);
             }},
            {"--json", "FILE", "engines, games and statistics, rewritten after each game", Takes::VALUE,
             store_text<&MatchOptions::json_path>},
            {"--plot", "FILE.svg", "Elo (and SPRT LLR) against games played", Takes::VALUE,
             store_text<&MatchOptions::plot_path>},
            {"--epd", "FILE", "each game's end position, an XBoard FEN a line", Takes::VALUE,
             store_text<&MatchOptions::epd_path>},
            {"--event", "NAME", "PGN Event tag (default shishi-match)", Takes::VALUE, store_text<&MatchOptions::event>},
            {"--site", "NAME", "PGN Site tag (default the host name)", Takes::VALUE, store_text<&MatchOptions::site>},
            {"--debug", "", "log all engine traffic (time in ms) to standard error", Takes::NOTHING,
             set_flag<&MatchOptions::debug>},
            {"-h|--help", "", "this text", Takes::NOTHING, set_flag<&MatchOptions::help>},
            {"-V|--version", "", "the version", Takes::NOTHING, set_flag<&MatchOptions::version>},
};

// The limit options (--tc, --first-depth, ...): one handler for the match's and each side's.
bool apply_limit(ParseState& st, const std::string& flag, const std::string& value, std::string& error) {
    const bool own = flag.rfind("--first-", 0) == 0 || flag.rfind("--second-", 0) == 0;
    const std::string key = flag.substr(own ? flag.find('-', 2) + 1 : 2);
    return set_limit(own ? st.side(is_first_side(flag)).limits : st.match_limits, key, value, flag, error);
}

std::vector<std::string> split_names(const char* names) {
    std::vector<std::string> out;
    std::string s = names;
    for (size_t from = 0;;) {
        const size_t bar = s.find('|', from);
        out.push_back(s.substr(from, bar - from));
        if (bar == std::string::npos) return out;
        from = bar + 1;
    }
}

const OptionDef* find_option(const std::string& arg) {
    for (const OptionDef& d : OPTIONS)
        if (d.names)
            for (const std::string& n : split_names(d.names))
                if (n == arg) return &d;
    return nullptr;
}

void print_option_line(std::ostream& out, const std::string& left, const std::string& help) {
    constexpr size_t HELP_COLUMN = 35;
    std::string line = "  " + left;
    size_t from = 0;
    for (;;) {
        const size_t nl = help.find('\n', from);
        const std::string part = help.substr(from, nl - from);
        if (line.size() + 1 > HELP_COLUMN) {
            out << line << "\n";
            line.clear();
        }
        line.resize(HELP_COLUMN, ' ');
        out << line << part << "\n";
        line.clear();
        if (nl == std::string::npos) break;
        from = nl + 1;
    }
}

}  // namespace

std::vector<std::string> match_option_names() {
    std::vector<std::string> out;
    for (const OptionDef& d : OPTIONS)
        if (d.names)
            for (const std::string& n : split_names(d.names))
                out.push_back(n);
    return out;
}

void print_match_usage(std::ostream& out) {
    out << "usage: shishi-match --first CMD --second CMD --games N --tc TC [--pgn FILE] [options]\n"
           "       shishi-match --engine cmd=CMD [name=N] ... --engine ... --games N --tc TC [--pgn FILE]\n"
           "       shishi-match merge -o OUT.json SHARD.json... | merge -o OUT.pgn SHARD.pgn...\n"
           "       shishi-match --generate-openings N [--plies MIN-MAX] [--seed S] [--judge CMD [--judge-protocol P]]\n"
           "                    [--judge-ms MS] [--margin CP] > OPENINGS   (plies 4-8, seed 1, 500 ms, 80 cp)\n";
    for (const OptionDef& d : OPTIONS) {
        if (!d.names) {
            out << "\n" << d.help << "\n";
            continue;
        }
        std::string left;
        for (const std::string& n : split_names(d.names))
            left += (left.empty() ? "" : ", ") + n;
        if (*d.value) left += std::string(" ") + d.value;
        print_option_line(out, left, d.help);
    }
    out << "\ncutechess-cli's spelling is read too (docs/match.md); its options:\n";
    for (const auto& [left, help] : cutechess_usage_rows())
        print_option_line(out, left, help);
}

namespace {

// May the option be given more than once? Engines and engine options add up; every other
// value given twice would silently replace the first.
bool repeatable(const OptionDef& d) {
    for (const char* name : {"--engine", "--engines", "--first-option|--second-option"})
        if (std::string(d.names) == name) return true;
    return d.takes == Takes::NOTHING;
}

// Text that goes into a one-line PGN tag: no line break or other control character.
bool one_line(const std::string& s) {
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7f) return false;
    return true;
}

// The files a run writes (and reads), checked by identity: `x` and `./x` or a link to it are one.
std::string file_conflict(const MatchOptions& o, const std::vector<EngineSpec>& specs) {
    std::vector<std::pair<std::string, std::string>> outputs = {
        {"--pgn", o.pgn_path}, {"--json", o.json_path}, {"--plot", o.plot_path}, {"--epd", o.epd_path}};
    for (size_t k = 0; k < specs.size(); ++k)
        outputs.emplace_back("stderr= of engine " + std::to_string(k + 1), specs[k].config.stderr_path);
    for (const auto& [option, path] : outputs)
        if (path == "-") return option + " -: standard output carries the match's progress and results; name a file";
    for (size_t a = 0; a < outputs.size(); ++a) {
        if (outputs[a].second.empty()) continue;
        if (!o.openings_path.empty() && same_file(outputs[a].second, o.openings_path))
            return outputs[a].first + " '" + outputs[a].second + "' is the --openings file '" + o.openings_path +
                "': an output must not overwrite an input";
        for (size_t b = a + 1; b < outputs.size(); ++b) {
            // Engines may share one stderr file: each appends its lines.
            if (outputs[b].second.empty() || (a >= 4 && b >= 4)) continue;
            if (outputs[a].second == outputs[b].second)
                return outputs[a].first + " and " + outputs[b].first + " name the same file '" + outputs[a].second +
                    "'";
            if (same_file(outputs[a].second, outputs[b].second))
                return outputs[a].first + " '" + outputs[a].second + "' and " + outputs[b].first + " '" +
                    outputs[b].second + "' name the same file";
        }
    }
    return "";
}

}  // namespace

std::optional<MatchOptions> parse_match_args(const std::vector<std::string>& args, std::ostream& err) {
    ParseState st;
    MatchOptions& o = st.o;
    auto fail = [&](const std::string& why) -> std::optional<MatchOptions> {
        err << "shishi-match: " << why << "\n";
        return std::nullopt;
    };
    std::map<std::string, std::string> given;  // option (and side) -> the value first given
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string a = args[i];
        const OptionDef* d = find_option(a);
        if (!d) return fail("unknown option '" + a + "'; try --help");
        if (!repeatable(*d)) {
            const std::string key = std::string(d->names) +
                (a.find("first") != std::string::npos        ? "#1"
                     : a.find("second") != std::string::npos ? "#2"
                                                             : "");
            const std::string value = i + 1 < args.size() ? args[i + 1] : "";
            if (auto [at, fresh] = given.emplace(key, value); !fresh)
                return fail(a + " is given twice ('" + at->second + "', then '" + value +
                            "'): give it once (cutechess-cli's spelling counts too: -pgnout is --pgn)");
        }
        std::vector<std::string> values;
        if (d->takes == Takes::VALUE) {
            if (i + 1 >= args.size()) return fail("option " + a + " needs a value; try --help");
            values.push_back(args[++i]);
        } else if (d->takes != Takes::NOTHING) {
            // The KEY=VALUE words following the option, up to the next one starting with '-'.
            const bool whole = d->takes == Takes::ENGINE_WORDS;
            auto is_word = [&](const std::string& w) {
                return (w.find('=') != std::string::npos && w[0] != '-') ||
                    (whole && (w == "whitepov" || w == "ponder"));
            };
            while (i + 1 < args.size() && is_word(args[i + 1])) {
                ++i;
                if (whole)
                    values.push_back(args[i]);
                else
                    for (std::string_view w : split_words(args[i]))
                        values.emplace_back(w);
            }
        }
        std::string error;
        if (!(d->apply ? d->apply(st, a, values, error) : apply_limit(st, a, values[0], error))) return fail(error);
        if (o.help || o.version) return o;
    }
    std::optional<EngineSpec>& first = st.first;
    std::optional<EngineSpec>& second = st.second;
    std::vector<EngineSpec>& others = st.others;
    LimitSpec& match_limits = st.match_limits;
    std::optional<int64_t>& move_timeout = st.move_timeout;
    std::optional<int>& memory = st.memory;
    std::optional<int64_t>& handshake = st.handshake;

    if ((first && first->config.command.empty()) || (second && second->config.command.empty()))
        return fail("per-engine options need their engine: --first CMD / --second CMD");
    const bool named_pair = first && second;  // engines 1 and 2 are "the first/second engine"
    std::vector<EngineSpec> specs;
    if (first) specs.push_back(std::move(*first));
    if (second) specs.push_back(std::move(*second));
    for (EngineSpec& e : others)
        specs.push_back(std::move(e));
    if (specs.size() < 2) return fail("two engines are needed: --first and --second, or --engine twice");
    if (o.games <= 0) return fail("--games N is needed");
    if (o.resume && o.pgn_path.empty()) return fail("--resume needs --pgn FILE: the run's games are read from it");
    if (o.openings_format != OpeningsFormat::BY_NAME && o.openings_path.empty())
        return fail("--openings-format needs --openings FILE");
    // Each output rewrites its file: two of them on one file would destroy each other's text.
    if (const std::string conflict = file_conflict(o, specs); !conflict.empty()) return fail(conflict);
    // Each goes into a PGN tag, which is one line.
    for (const auto& [what, text] :
         {std::pair<std::string, const std::string*>{"--event", &o.event}, {"--site", &o.site}})
        if (!one_line(*text))
            return fail(what + " holds a line break or another control character: a PGN tag is one line");
    for (size_t k = 0; k < specs.size(); ++k)
        if (!one_line(specs[k].config.name))
            return fail("the name of engine " + std::to_string(k + 1) +
                        " holds a line break or another control character: a PGN tag is one line");
    if (o.sprt && specs.size() != 2) return fail("--sprt needs exactly two engines");
    const bool fixed_schedule = make_tournament(o.tournament, int(specs.size()))->fixed_schedule();
    if (o.seeds > 0 && fixed_schedule) return fail("--seeds is for --tournament knockout");
    if (!fixed_schedule) {
        // The bracket depends on the results: no fixed list of games to slice, resume or merge.
        const std::pair<bool, const char*> fixed_schedule_only[] = {
            {!o.shard.whole(), "--shard"},    {o.resume, "--resume"},           {bool(o.sprt), "--sprt"},
            {!o.json_path.empty(), "--json"}, {!o.plot_path.empty(), "--plot"}, {!o.epd_path.empty(), "--epd"}};
        for (const auto& [given, name] : fixed_schedule_only)
            if (given)
                return fail(std::string(name) +
                            " cannot be used with --tournament knockout: the bracket follows the "
                            "results, so a knockout has no fixed list of games to slice, resume, merge or chart");
    }
    const int64_t timeout = move_timeout.value_or(TimeControl{}.no_clock_move_limit_ms);
    // Each engine is checked under the limits it will play; only one with limits of its own
    // gets them in its config, the others play under the match's (referee.tc).
    for (size_t k = 0; k < specs.size(); ++k) {
        EngineSpec& e = specs[k];
        const std::string who = k == 0 && named_pair ? "the first engine"
            : k == 1 && named_pair                   ? "the second engine"
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
