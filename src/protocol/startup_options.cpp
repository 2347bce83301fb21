// Command-line engine options: "--Name=value" or "--Name value", checked against the names of
// both protocols' option tables (the values are checked when a protocol applies them).
#include "shishi/protocol/startup_options.hpp"

#include <optional>
#include <utility>

#include "shishi/protocol/option_list.hpp"

namespace shishi {
namespace {

// The option of that name in the declaration list (any protocol's), without an action:
// checking a value must not, say, allocate the hash. nullopt when no protocol has it.
std::optional<EngineOption> engine_option(const std::string& name) {
    OptionTable all;
    for (DeclaredOption& d : declared_options(book_rules()))
        all.add(std::move(d.option));
    const EngineOption* known = all.find(name);
    if (!known) return std::nullopt;
    return *known;
}

// "--move-overhead" names the option "Move Overhead" too: '-' is read as '_'.
std::string option_name(std::string text) {
    for (char& c : text)
        if (c == '-') c = '_';
    return text;
}

bool is_flag(const std::string& a) { return a.size() > 2 && a[0] == '-' && a[1] == '-'; }

}  // namespace

bool looks_like_startup_options(const std::vector<std::string>& args) {
    return !args.empty() && is_flag(args[0]) && args[0] != "--help" && args[0] != "--version";
}

StartupParse parse_startup_options(const std::vector<std::string>& args) {
    StartupParse r;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (!is_flag(a)) {
            r.error = "'" + a + "' is not an engine option (expected --Name=value or --Name value)";
            return r;
        }
        const size_t eq = a.find('=');
        StartupOption o;
        const std::string given = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        o.name = option_name(given);
        const std::optional<EngineOption> option = engine_option(o.name);
        if (!option) {
            r.error = "unknown engine option '--" + given +
                "' (the options are listed after `usi`, or by "
                "`protover 2` in XBoard)";
            return r;
        }
        if (eq != std::string::npos) {
            o.value = a.substr(eq + 1);
        } else if (i + 1 < args.size() && !is_flag(args[i + 1])) {
            o.value = args[++i];
        } else {
            r.error = "engine option '--" + o.name + "' needs a value (--" + o.name + "=value)";
            return r;
        }
        OptionTable alone;
        alone.add(*option);
        if (OptionSetResult set = alone.set(o.name, o.value); !set.ok()) {
            r.error = "engine option --" + o.name + ": " + set.error;
            return r;
        }
        r.options.push_back(std::move(o));
    }
    return r;
}

}  // namespace shishi
