// Engine options given on the command line (`shishi --Threads=1 --Move_Overhead 200`), as
// Lishogi-Bot passes its `engine_options`: read before the protocol starts and applied by it
// to the engine's option table.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace shishi {

struct StartupOption {
    std::string name;
    std::string value;
};
using StartupOptions = std::vector<StartupOption>;

struct StartupParse {
    StartupOptions options;
    std::string error;  // an argument that is not an engine option, named
};

// Reads "--Name=value" and "--Name value" arguments. A name must be one of the engine's
// options in either protocol (compared as option names are: case, spaces and underscores
// ignored, '-' read as '_'; "--Move_Overhead" and "--move-overhead" are "Move Overhead"), and
// its value one the option takes (a value above a resource limit such as Threads is clamped
// later, with a note); anything else is an error before the protocol starts.
StartupParse parse_startup_options(const std::vector<std::string>& args);

// Does the argument list look like engine options (its first argument starts with "--" and
// is not a command-line tool's flag such as --help)?
bool looks_like_startup_options(const std::vector<std::string>& args);

}  // namespace shishi
