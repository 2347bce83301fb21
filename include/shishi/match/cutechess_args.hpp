// cutechess-cli's command line: its single-dash options and key=value words, read into
// shishi-match's own options (the ones `parse_match_args` takes), so that a cutechess-cli script
// for chess runs for Chu with the binary, the engines and the variant changed. Options that
// mean nothing for Chu or that shishi-match does not have are refused with the reason; the
// table in docs/match.md lists every one.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace shishi::match {

// Does the command line use cutechess-cli's spelling (an option of its table, single dash)?
bool uses_cutechess_spelling(const std::vector<std::string>& args);

// The same command line in shishi-match's spelling; nullopt with the reason for an option that
// is refused or malformed. Arguments in shishi-match's own spelling pass through unchanged.
std::optional<std::vector<std::string>> from_cutechess(const std::vector<std::string>& args, std::string& error);

// Every option of cutechess-cli's table, and the table as lines of --help: (the option with its
// values, what shishi-match does with it or why it is refused).
std::vector<std::string> cutechess_option_names();
std::vector<std::pair<std::string, std::string>> cutechess_usage_rows();

}  // namespace shishi::match
