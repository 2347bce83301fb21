// Command-line engine options: "--Name=value" or "--Name value", checked against the names of
// both protocols' option tables (the values are checked when a protocol applies them).
#include "shishi/protocol/startup_options.hpp"

#include <sstream>

#include "shishi/protocol/engine.hpp"
#include "shishi/protocol/usi_options.hpp"
#include "shishi/protocol/xboard_session.hpp"

namespace shishi {
namespace {

// Every option either protocol offers (building the tables allocates no search).
bool is_engine_option(const std::string& name) {
    std::ostringstream sink;
    Engine engine(sink, [](std::string_view n) { return std::string(n); });
    usi::add_usi_options(engine.options());
    add_xboard_options(engine.options());
    return engine.options().find(name) != nullptr;
}

bool is_flag(const std::string& a) { return a.size() > 2 && a[0] == '-' && a[1] == '-'; }

}  // namespace

bool looks_like_startup_options(const std::vector<std::string>& args) {
    return !args.empty() && is_flag(args[0]) && args[0] != "--help";
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
        o.name = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        if (!is_engine_option(o.name)) {
            r.error = "unknown engine option '--" + o.name + "' (the options are listed after `usi`, or by "
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
        r.options.push_back(std::move(o));
    }
    return r;
}

}  // namespace shishi
