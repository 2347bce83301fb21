// A small reader for command-line arguments of the `shishi` tools: positional values, named
// options, the shared --fen/--sfen position option, and a report of anything left unread.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "shishi/core/position.hpp"
#include "shishi/record/record.hpp"

namespace shishi::cli {

class ArgReader {
public:
    explicit ArgReader(const std::vector<std::string>& args);  // args[0] is the command name
    std::optional<int> positional_int(const char* what, int lo, int hi);
    // Is a positional value (not an option or its value) still unread?
    bool has_positional() const;
    std::optional<std::string> positional_string(const char* what);
    std::optional<int> int_option(const char* name, int lo, int hi);
    std::optional<std::string> string_option(const char* name);
    // --rules PRESET[,KEY=VALUE...] (rules_argument.hpp), applied to `base`; `base` itself
    // when not given; nullptr (and an error) when it does not read.
    const RuleSet* rules_option(const RuleSet& base = book_rules());
    // --fen / --sfen, the start position when neither is given, with `rules`; nullopt on a bad
    // position.
    std::optional<Position> position_option(const RuleSet& rules = book_rules());
    // An error found by the caller (a bad value it checked itself), reported by finish().
    void error(std::string message);
    // Reports unknown arguments and earlier errors; true when everything was fine.
    bool finish(std::ostream& err);

private:
    std::vector<std::string> rest_;
    std::vector<std::string> errors_;
};

// --from / --to: kif, pgn or usi (nullopt when absent; a bad name is an error of `args`).
std::optional<record::Format> format_option(ArgReader& args, const char* name);
// --kif-style lishogi-server|lishogi-client: the KIF layout written (the server's when absent;
// a bad name is an error of `args`).
record::KifStyle kif_style_option(ArgReader& args);

}  // namespace shishi::cli
