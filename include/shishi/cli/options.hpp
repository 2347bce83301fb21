// A small reader for command-line arguments of the `shishi` tools: positional values, named
// options, the shared --fen/--sfen position option, and a report of anything left unread.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "shishi/core/position.hpp"

namespace shishi::cli {

class ArgReader {
public:
    explicit ArgReader(const std::vector<std::string>& args);  // args[0] is the command name
    std::optional<int> positional_int(const char* what, int lo, int hi);
    std::optional<std::string> positional_string(const char* what);
    std::optional<int> int_option(const char* name, int lo, int hi);
    std::optional<std::string> string_option(const char* name);
    // --fen / --sfen, the start position when neither is given; nullopt on a bad position.
    std::optional<Position> position_option();
    // Reports unknown arguments and earlier errors; true when everything was fine.
    bool finish(std::ostream& err);

private:
    std::vector<std::string> rest_;
    std::vector<std::string> errors_;
};

}  // namespace shishi::cli
