#include "shishi/match/cutechess_args.hpp"

#include <algorithm>

#include "shishi/core/text.hpp"

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
            // Appended to the command: cutechess passes it as one more argument.
            auto cmd = std::find_if(out.begin(), out.end(), [](const std::string& o) { return starts_with(o, "cmd="); });
            if (cmd == out.end()) {
                error = "arg=" + value + " needs cmd= before it";
                return false;
            }
            *cmd += " '" + value + "'";
            continue;
        }
        if (key == "conf") {
            error = "conf=" + value + ": shishi-match has no engines.json of cutechess; give the engine with "
                    "cmd= (or --engines FILE)";
            return false;
        }
        for (const char* refused : {"book", "bookdepth", "tscale", "trust", "ponder", "initstr", "restart", "timemargin"})
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
    for (const std::string& w : words) {
        const size_t eq = w.find('=');
        const std::string key = w.substr(0, eq), value = eq == std::string::npos ? "" : w.substr(eq + 1);
        if (key == "file") out.insert(out.end(), {"--openings", value});
        else if (key == "format") {
            if (value != "epd" && value != "pgn") {
                error = "-openings format=" + value + " (epd or pgn)";
                return false;
            }
            // The file's contents tell; .pgn files are read as PGN (docs/match.md).
        } else if (key == "order") out.insert(out.end(), {"--openings-order", value});
        else if (key == "start") out.insert(out.end(), {"--openings-start", value});
        else if (key == "plies") out.insert(out.end(), {"--openings-plies", value});
        else if (key == "policy") {
            if (value != "default" && value != "round") {
                error = "-openings policy=" + value + ": shishi-match shifts openings by round (policy=round; "
                        "in a match it is cutechess's default too)";
                return false;
            }
        } else {
            error = "unknown -openings key '" + key + "' (file, format, order, plies, start, policy)";
            return false;
        }
    }
    return true;
}

struct Refusal {
    const char* option;
    const char* why;
};
constexpr Refusal REFUSED[] = {
    {"-tb", "Syzygy tablebases are chess endgame tables; Chu has none"},
    {"-tbpieces", "Syzygy tablebases are chess endgame tables; Chu has none"},
    {"-tbignore50", "Syzygy tablebases are chess endgame tables; Chu has none"},
    {"-bookmode", "Polyglot books are chess books; give openings with -openings"},
    {"-engines", "shishi-match has no engines.json of cutechess"},
    {"-seeds", "knockout tournaments are not supported"},
    {"-epdout", "not supported yet (the PGN holds every end position)"},
    {"-noswap", "not supported: each opening is played with both colours"},
    {"-reverse", "not supported: each opening is played with both colours"},
    {"-wait", "not supported yet"},
    {"-outcomeinterval", "not supported"},
    {"-resultformat", "not supported"},
};

}  // namespace

bool uses_cutechess_spelling(const std::vector<std::string>& args) {
    static const char* const names[] = {
        "-engine", "-each",    "-games",  "-rounds",  "-pgnout",  "-openings", "-concurrency", "-variant",
        "-tournament", "-repeat", "-sprt", "-draw", "-resign", "-maxmoves", "-event", "-site", "-srand",
        "-debug", "-recover", "-ratinginterval", "-version", "-help", "-tb", "-tbpieces", "-tbignore50",
        "-bookmode", "-engines", "-seeds", "-epdout", "-noswap", "-reverse", "-wait", "-outcomeinterval",
        "-resultformat"};
    for (const std::string& a : args)
        for (const char* n : names)
            if (a == n) return true;
    return false;
}

std::optional<std::vector<std::string>> from_cutechess(const std::vector<std::string>& args, std::string& error) {
    Args out, each;
    std::vector<Args> engines;
    long long games = 0, rounds = 1;
    bool counted = false;
    auto number = [&](const std::string& option, const Args& v, long long lo, long long hi, long long& n) {
        const std::optional<int64_t> value = v.size() == 1 ? parse_integer(v[0], lo, hi, Sign::NONE) : std::nullopt;
        if (!value) {
            error = option + " wants a number from " + std::to_string(lo) + " to " + std::to_string(hi);
            return false;
        }
        n = *value;
        return true;
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string a = args[i];
        for (const Refusal& r : REFUSED)
            if (a == r.option) {
                error = a + ": " + r.why;
                return std::nullopt;
            }
        if (a == "-engine") {
            Args words;
            if (!engine_words(values_after(args, i), words, error)) return std::nullopt;
            engines.push_back(words);
        } else if (a == "-each") {
            if (!engine_words(values_after(args, i), each, error)) return std::nullopt;
        } else if (a == "-games" || a == "-rounds") {
            long long n = 0;
            if (!number(a, values_after(args, i), 1, 100'000'000, n)) return std::nullopt;
            (a == "-games" ? games : rounds) = n;
            counted = true;
        } else if (a == "-repeat") {
            Args v = values_after(args, i);
            if (!v.empty() && v != Args{"2"}) {
                error = "-repeat " + v[0] + ": shishi-match plays each opening twice, colours reversed (-repeat 2)";
                return std::nullopt;
            }
        } else if (a == "-concurrency") {
            Args v = values_after(args, i);
            out.push_back("-j");
            out.insert(out.end(), v.begin(), v.end());
        } else if (a == "-maxmoves") {
            long long n = 0;
            if (!number(a, values_after(args, i), 0, 50'000, n)) return std::nullopt;
            out.insert(out.end(), {"--max-plies", std::to_string(2 * n)});
        } else if (a == "-variant") {
            Args v = values_after(args, i);
            if (v != Args{"chu"}) {
                error = "-variant " + (v.empty() ? std::string() : v[0]) + ": shishi-match plays Chu Shogi (-variant chu)";
                return std::nullopt;
            }
        } else if (a == "-openings") {
            if (!openings_words(values_after(args, i), out, error)) return std::nullopt;
        } else if (a == "-pgnout") {
            Args v = values_after(args, i);
            if (v.empty() || v.size() > 3) {
                error = "-pgnout FILE [min] [fi]";
                return std::nullopt;
            }
            out.insert(out.end(), {"--pgn", v[0]});
            for (size_t k = 1; k < v.size(); ++k) {
                if (v[k] == "fi") continue;  // shishi-match writes finished games only anyway
                if (v[k] == "min") out.push_back("--pgn-min");
                else {
                    error = "-pgnout FILE [min] [fi]: unknown '" + v[k] + "'";
                    return std::nullopt;
                }
            }
        } else if (a == "-srand") {
            Args v = values_after(args, i);
            out.push_back("--seed");
            out.insert(out.end(), v.begin(), v.end());
        } else if (a == "-recover") {
            // Crashed engines are always restarted for the next game.
        } else if (a == "-ratinginterval") {
            long long n = 0;
            if (!number(a, values_after(args, i), 0, 100'000'000, n)) return std::nullopt;
            // The score and Elo are printed after every game.
        } else if (a == "-draw" || a == "-resign" || a == "-sprt") {
            Args v = values_after(args, i);
            out.push_back("-" + a);
            out.insert(out.end(), v.begin(), v.end());
        } else if (a == "-event" || a == "-site" || a == "-tournament" || a == "-debug" || a == "-version" ||
                   a == "-help") {
            out.push_back("-" + a);
        } else {
            out.push_back(a);  // shishi-match's own spelling, or a value of it
        }
    }
    if (counted) out.insert(out.end(), {"--games", std::to_string(games > 0 ? games * rounds : rounds)});
    for (Args& e : engines) {
        out.push_back("--engine");
        out.insert(out.end(), e.begin(), e.end());
        out.insert(out.end(), each.begin(), each.end());
    }
    return out;
}

}  // namespace shishi::match
