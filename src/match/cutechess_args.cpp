#include "shishi/match/cutechess_args.hpp"

#include <algorithm>

#include "shishi/core/text.hpp"
#include "shishi/platform/platform.hpp"

namespace shishi::match {
namespace {

using Args = std::vector<std::string>;

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// The values following option i: up to the next word starting with '-' (negative numbers
// excepted, as cutechess reads them).
Args values_after(const Args& args, size_t& i) {
    Args out;
    while (i + 1 < args.size()) {
        const std::string& w = args[i + 1];
        if (w.size() > 1 && w[0] == '-' && !(w[1] >= '0' && w[1] <= '9')) break;
        out.push_back(w);
        ++i;
    }
    return out;
}

// One engine's words (-engine, -each) in shishi-match's spelling.
bool engine_words(const Args& words, Args& out, std::string& error) {
    for (const std::string& w : words) {
        const size_t eq = w.find('=');
        const std::string key = w.substr(0, eq), value = eq == std::string::npos ? "" : w.substr(eq + 1);
        if (key == "proto" && value == "uci") {
            error = "proto=uci: Chu Shogi engines speak usi or xboard (proto=usi, proto=xboard)";
            return false;
        }
        if (key == "arg") {
            // Appended to the command, quoted for the system: cutechess passes it as one more
            // argument, byte for byte.
            auto cmd =
                std::find_if(out.begin(), out.end(), [](const std::string& o) { return starts_with(o, "cmd="); });
            if (cmd == out.end()) {
                error = "arg=" + value + " needs cmd= before it";
                return false;
            }
            cmd->append(" ").append(platform::quote_argument(value));
            continue;
        }
        if (key == "conf") {
            error = "conf=" + value +
                ": shishi-match has no engines.json of cutechess; give the engine with "
                "cmd= (or --engines FILE)";
            return false;
        }
        for (const char* refused : {"book", "bookdepth", "tscale", "trust", "timemargin"})
            if (key == refused) {
                error = std::string("engine option '") + refused + "' is not supported by shishi-match (docs/match.md)";
                return false;
            }
        out.push_back(w);
    }
    return true;
}

// -openings file=F format=epd|pgn order=sequential|random plies=N start=N policy=default|round
bool openings_words(const Args& words, Args& out, std::string& error) {
    bool file = false;
    for (const std::string& w : words) {
        const size_t eq = w.find('=');
        const std::string key = w.substr(0, eq), value = eq == std::string::npos ? "" : w.substr(eq + 1);
        if (key == "file") {
            out.insert(out.end(), {"--openings", value});
            file = true;
        } else if (key == "format") {
            if (value != "epd" && value != "pgn") {
                error = "-openings format=" + value + " (epd or pgn)";
                return false;
            }
            out.insert(out.end(), {"--openings-format", value});
        } else if (key == "order")
            out.insert(out.end(), {"--openings-order", value});
        else if (key == "start")
            out.insert(out.end(), {"--openings-start", value});
        else if (key == "plies")
            out.insert(out.end(), {"--openings-plies", value});
        else if (key == "policy") {
            if (value != "default" && value != "round") {
                error = "-openings policy=" + value +
                    ": shishi-match shifts openings by round (policy=round; "
                    "in a match it is cutechess's default too)";
                return false;
            }
        } else {
            error = "unknown -openings key '" + key + "' (file, format, order, plies, start, policy)";
            return false;
        }
    }
    if (!file) {
        error = "-openings needs file=FILE";
        return false;
    }
    return true;
}

// What from_cutechess builds while it reads the command line.
struct Translation {
    Args out, each;
    std::vector<Args> engines;
    long long games = 0, rounds = 1;
    bool counted = false;
};

// A number option's value into n: one word of digits in [lo, hi].
bool number(const std::string& option, const Args& v, long long lo, long long hi, long long& n, std::string& error) {
    const std::optional<int64_t> value = v.size() == 1 ? parse_integer(v[0], lo, hi, Sign::NONE) : std::nullopt;
    if (!value) {
        error = option + " wants a number from " + std::to_string(lo) + " to " + std::to_string(hi);
        return false;
    }
    n = *value;
    return true;
}

// Appends shishi-match's option and the values unchanged (its parser checks them).
bool pass_as(const char* option, Translation& t, const Args& v) {
    t.out.push_back(option);
    t.out.insert(t.out.end(), v.begin(), v.end());
    return true;
}

using Translate = bool (*)(Translation& t, const std::string& option, const Args& values, std::string& error);

// One option of cutechess-cli (its -help): the values it takes, what shishi-match does with it
// (a line of --help), and the translation; `refusal` instead of one for what Chu or
// shishi-match lacks. docs/match.md's table lists them all, and a test holds the two together.
struct CutechessOption {
    const char* name;
    const char* value;  // placeholder for --help, "" for none
    const char* help;
    Translate translate;  // nullptr: refused
    const char* refusal = nullptr;
};

const CutechessOption OPTIONS[] = {
    {"-engine", "KEY=VALUE...", "one engine: its words as --engine reads them",
     [](Translation& t, const std::string&, const Args& v, std::string& error) {
         Args words;
         if (!engine_words(v, words, error)) return false;
         t.engines.push_back(words);
         return true;
     }},
    {"-each", "KEY=VALUE...", "words added to every -engine",
     [](Translation& t, const std::string&, const Args& v, std::string& error) {
         return engine_words(v, t.each, error);
     }},
    {"-variant", "chu", "Chu Shogi only",
     [](Translation&, const std::string&, const Args& v, std::string& error) {
         if (v == Args{"chu"}) return true;
         error = "-variant " + (v.empty() ? std::string() : v[0]) + ": shishi-match plays Chu Shogi (-variant chu)";
         return false;
     }},
    {"-concurrency", "N", "-j N",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("-j", t, v); }},
    {"-draw", "movenumber= movecount= score=", "--draw",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--draw", t, v); }},
    {"-resign", "movecount= score= [twosided=]", "--resign",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--resign", t, v); }},
    {"-maxmoves", "N", "--max-plies 2N",
     [](Translation& t, const std::string& o, const Args& v, std::string& error) {
         long long n = 0;
         if (!number(o, v, 0, 50'000, n, error)) return false;
         t.out.insert(t.out.end(), {"--max-plies", std::to_string(2 * n)});
         return true;
     }},
    {"-tb", "PATHS", "", nullptr, "Syzygy tablebases are chess endgame tables; Chu has none"},
    {"-tbpieces", "N", "", nullptr, "Syzygy tablebases are chess endgame tables; Chu has none"},
    {"-tbignore50", "", "", nullptr, "Syzygy tablebases are chess endgame tables; Chu has none"},
    {"-tournament", "TYPE", "--tournament (round-robin, gauntlet, knockout)",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--tournament", t, v); }},
    {"-event", "NAME", "--event",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--event", t, v); }},
    {"-games", "N", "games per encounter (times -rounds: --games; default 1)",
     [](Translation& t, const std::string& o, const Args& v, std::string& error) {
         t.counted = true;
         return number(o, v, 1, 100'000'000, t.games, error);
     }},
    {"-rounds", "N", "rounds (alone: the number of games; default 1)",
     [](Translation& t, const std::string& o, const Args& v, std::string& error) {
         t.counted = true;
         return number(o, v, 1, 100'000'000, t.rounds, error);
     }},
    {"-sprt", "elo0= elo1= alpha= beta=", "--sprt",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--sprt", t, v); }},
    {"-ratinginterval", "N", "accepted (the score and Elo are printed after every game)",
     [](Translation&, const std::string& o, const Args& v, std::string& error) {
         long long n = 0;
         return number(o, v, 0, 100'000'000, n, error);
     }},
    {"-outcomeinterval", "N", "", nullptr, "not supported"},
    {"-debug", "", "--debug",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--debug", t, v); }},
    {"-openings", "file= format= order= plies= start= policy=", "--openings, --openings-order/-start/-plies",
     [](Translation& t, const std::string&, const Args& v, std::string& error) {
         return openings_words(v, t.out, error);
     }},
    {"-bookmode", "MODE", "", nullptr, "Polyglot books are chess books; give openings with -openings"},
    {"-pgnout", "FILE [min] [fi]", "--pgn FILE; min: --pgn-min",
     [](Translation& t, const std::string&, const Args& v, std::string& error) {
         if (v.empty() || v.size() > 3) {
             error = "-pgnout FILE [min] [fi]";
             return false;
         }
         t.out.insert(t.out.end(), {"--pgn", v[0]});
         for (size_t k = 1; k < v.size(); ++k) {
             if (v[k] == "fi") continue;  // shishi-match writes finished games only anyway
             if (v[k] != "min") {
                 error = "-pgnout FILE [min] [fi]: unknown '" + v[k] + "'";
                 return false;
             }
             t.out.push_back("--pgn-min");
         }
         return true;
     }},
    {"-epdout", "FILE", "--epd FILE",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--epd", t, v); }},
    {"-recover", "", "accepted (engines that crashed are always restarted)",
     [](Translation&, const std::string&, const Args&, std::string&) { return true; }},
    {"-repeat", "[2]", "accepted (each opening is played twice)",
     [](Translation&, const std::string&, const Args& v, std::string& error) {
         if (v.empty() || v == Args{"2"}) return true;
         error = "-repeat " + v[0] + ": shishi-match plays each opening twice, colours reversed (-repeat 2)";
         return false;
     }},
    {"-noswap", "", "--no-swap",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--no-swap", t, v); }},
    {"-reverse", "", "--reverse",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--reverse", t, v); }},
    {"-seeds", "N", "--seeds N (knockout)",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--seeds", t, v); }},
    {"-site", "NAME", "--site",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--site", t, v); }},
    {"-srand", "N", "--seed N",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--seed", t, v); }},
    {"-wait", "N", "--wait N (milliseconds)",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--wait", t, v); }},
    {"-resultformat", "FORMAT", "", nullptr, "not supported"},
    {"-version", "", "--version",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--version", t, v); }},
    {"-help", "", "--help",
     [](Translation& t, const std::string&, const Args& v, std::string&) { return pass_as("--help", t, v); }},
    {"-engines", "", "", nullptr, "shishi-match has no engines.json of cutechess"},
};

const CutechessOption* find_option(const std::string& arg) {
    for (const CutechessOption& c : OPTIONS)
        if (arg == c.name) return &c;
    return nullptr;
}

}  // namespace

std::vector<std::string> cutechess_option_names() {
    std::vector<std::string> out;
    for (const CutechessOption& c : OPTIONS)
        out.push_back(c.name);
    return out;
}

std::vector<std::pair<std::string, std::string>> cutechess_usage_rows() {
    std::vector<std::pair<std::string, std::string>> rows;
    for (const CutechessOption& c : OPTIONS)
        rows.emplace_back(std::string(c.name) + (*c.value ? " " : "") + c.value,
                          c.translate ? c.help : std::string("refused: ") + c.refusal);
    return rows;
}

bool uses_cutechess_spelling(const std::vector<std::string>& args) {
    return std::any_of(args.begin(), args.end(), [](const std::string& a) { return find_option(a) != nullptr; });
}

std::optional<std::vector<std::string>> from_cutechess(const std::vector<std::string>& args, std::string& error) {
    Translation t;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string a = args[i];
        const CutechessOption* c = find_option(a);
        if (!c) {
            t.out.push_back(a);  // shishi-match's own spelling, or a value of it
            continue;
        }
        if (!c->translate) {
            error = a + ": " + c->refusal;
            return std::nullopt;
        }
        const Args values = *c->value ? values_after(args, i) : Args{};
        // A value in brackets may be left out; any other is needed, or the next option would be
        // read as it.
        if (values.empty() && *c->value && *c->value != '[') {
            error = a + " needs a value (" + a + " " + c->value + ")";
            return std::nullopt;
        }
        if (!c->translate(t, a, values, error)) return std::nullopt;
    }
    // cutechess-cli plays one round of one game when neither -games nor -rounds is given.
    const bool own_games = std::find(t.out.begin(), t.out.end(), "--games") != t.out.end();
    if (t.counted && own_games) {
        error = "-games or -rounds and --games say how many games twice: give one";
        return std::nullopt;
    }
    if (t.counted || !own_games)
        t.out.insert(t.out.end(), {"--games", std::to_string(t.games > 0 ? t.games * t.rounds : t.rounds)});
    for (Args& e : t.engines) {
        t.out.push_back("--engine");
        t.out.insert(t.out.end(), e.begin(), e.end());
        t.out.insert(t.out.end(), t.each.begin(), t.each.end());
    }
    return t.out;
}

}  // namespace shishi::match
