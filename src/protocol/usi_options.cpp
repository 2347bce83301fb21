// USI option declarations and `setoption`. USI option names carry no spaces; the rule options
// are named for the rule (RULES.md "Restrictions on capturing Lions" and "End of the game").
#include "shishi/protocol/usi_options.hpp"

#include <algorithm>
#include <cctype>

#include "shishi/protocol/usi_text.hpp"

namespace shishi::usi {
namespace {

constexpr int64_t MAX_HASH_MB = 65536;
constexpr int64_t MAX_THREADS = 256;
constexpr int64_t MAX_CONTEMPT = 1000;

bool same_name(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

const char* repetition_name(RepetitionRule r) {
    switch (r) {
        case RepetitionRule::JCSA: return "JCSA";
        case RepetitionRule::DRAW: return "Draw";
        case RepetitionRule::XBOARD: break;
    }
    return "XBoard";
}

std::optional<bool> parse_check(std::string_view v) {
    if (same_name(v, "true")) return true;
    if (same_name(v, "false")) return false;
    return std::nullopt;
}

}  // namespace

std::vector<std::string> option_lines(const Settings& s) {
    auto check = [](bool b) { return b ? "true" : "false"; };
    return {
        "option name USI_Hash type spin default " + std::to_string(s.hash_mb) + " min 1 max " +
            std::to_string(MAX_HASH_MB),
        "option name Threads type spin default " + std::to_string(s.threads) + " min 1 max " +
            std::to_string(MAX_THREADS),
        "option name Contempt type spin default " + std::to_string(s.contempt) + " min -" +
            std::to_string(MAX_CONTEMPT) + " max " + std::to_string(MAX_CONTEMPT),
        std::string("option name Okazaki type check default ") + check(s.rules.okazaki),
        std::string("option name BareKing type check default ") + check(s.rules.bare_king),
        std::string("option name Repetition type combo default ") + repetition_name(s.rules.repetition) +
            " var XBoard var JCSA var Draw",
    };
}

std::string apply_setoption(const std::vector<std::string_view>& args, Settings& s) {
    if (args.empty() || args[0] != "name") return "setoption: expected 'name <option> [value <value>]'";
    size_t value_at = args.size();
    for (size_t i = 1; i < args.size(); ++i)
        if (args[i] == "value") {
            value_at = i;
            break;
        }
    std::string name = join_words(args, 1, value_at);
    if (name.empty()) return "setoption: no option name";
    bool has_value = value_at < args.size();
    std::string value = join_words(args, value_at + 1, args.size());
    if (has_value && value.empty()) return "setoption: no value after 'value' for " + name;
    auto needs = [&](std::string_view what) {
        return "setoption: " + name + " needs " + std::string(what) + (has_value ? ", got '" + value + "'" : ", got nothing");
    };
    auto spin = [&](int64_t lo, int64_t hi) { return parse_integer(value, lo, hi); };
    auto range = [](int64_t lo, int64_t hi) {
        return "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
    };

    if (same_name(name, "USI_Hash") || same_name(name, "Hash")) {
        auto v = spin(1, MAX_HASH_MB);
        if (!v) return needs(range(1, MAX_HASH_MB));
        s.hash_mb = size_t(*v);
    } else if (same_name(name, "Threads")) {
        auto v = spin(1, MAX_THREADS);
        if (!v) return needs(range(1, MAX_THREADS));
        s.threads = int(*v);
    } else if (same_name(name, "Contempt")) {
        auto v = spin(-MAX_CONTEMPT, MAX_CONTEMPT);
        if (!v) return needs(range(-MAX_CONTEMPT, MAX_CONTEMPT));
        s.contempt = int(*v);
    } else if (same_name(name, "Okazaki") || same_name(name, "BareKing") || same_name(name, "USI_Ponder")) {
        auto v = parse_check(value);
        if (!v) return needs("true or false");
        if (same_name(name, "Okazaki")) s.rules.okazaki = *v;
        else if (same_name(name, "BareKing")) s.rules.bare_king = *v;
        else s.ponder = *v;
    } else if (same_name(name, "USI_Variant") || same_name(name, "UCI_Variant")) {
        // Multi-variant hosts name the game; this engine plays only Chu Shogi.
        if (!same_name(value, "chushogi") && !same_name(value, "chu"))
            return "setoption: this engine plays only chushogi, not '" + value + "'";
    } else if (same_name(name, "Repetition")) {
        if (same_name(value, "XBoard")) s.rules.repetition = RepetitionRule::XBOARD;
        else if (same_name(value, "JCSA")) s.rules.repetition = RepetitionRule::JCSA;
        else if (same_name(value, "Draw")) s.rules.repetition = RepetitionRule::DRAW;
        else return needs("XBoard, JCSA or Draw");
    } else {
        return "setoption: unknown option '" + name + "'";
    }
    return "";
}

}  // namespace shishi::usi
