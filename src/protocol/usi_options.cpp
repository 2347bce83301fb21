// USI option declarations and `setoption`. The rule options come from the core's description
// (rule_options.hpp), shared with XBoard and shishi-match.
#include "shishi/protocol/usi_options.hpp"

#include <algorithm>
#include <cctype>

#include "shishi/core/rule_options.hpp"
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

std::optional<bool> parse_check(std::string_view v) {
    if (same_name(v, "true")) return true;
    if (same_name(v, "false")) return false;
    return std::nullopt;
}

}  // namespace

std::vector<std::string> option_lines(const Settings& s) {
    std::vector<std::string> lines{
        "option name USI_Hash type spin default " + std::to_string(s.hash_mb) + " min 1 max " +
            std::to_string(MAX_HASH_MB),
        "option name Threads type spin default " + std::to_string(s.threads) + " min 1 max " +
            std::to_string(MAX_THREADS),
        "option name Contempt type spin default " + std::to_string(s.contempt) + " min -" +
            std::to_string(MAX_CONTEMPT) + " max " + std::to_string(MAX_CONTEMPT),
    };
    for (const RuleOptionSpec& o : rule_option_specs(s.rules)) {
        std::string line = "option name " + o.name + " type " +
                           (o.type == RuleOptionSpec::Type::CHECK ? "check" : "combo") + " default " + o.value;
        for (const std::string& c : o.choices) line += " var " + c;
        lines.push_back(line);
    }
    return lines;
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
    } else if (same_name(name, "USI_Ponder")) {
        auto v = parse_check(value);
        if (!v) return needs("true or false");
        s.ponder = *v;
    } else if (same_name(name, "USI_Variant") || same_name(name, "UCI_Variant")) {
        // Multi-variant hosts name the game; this engine plays only Chu Shogi, by lishogi's
        // rules when lishogi's name for it is given.
        if (same_name(value, "chushogi")) s.rules = lishogi_rules();
        else if (!same_name(value, "chu")) return "setoption: this engine plays only chushogi, not '" + value + "'";
    } else if (is_rule_option(name)) {
        if (!has_value) return needs("a value");
        std::string e = apply_rule_option(s.rules, name, value);
        if (!e.empty()) return "setoption: " + e;
    } else {
        return "setoption: unknown option '" + name + "'";
    }
    return "";
}

}  // namespace shishi::usi
