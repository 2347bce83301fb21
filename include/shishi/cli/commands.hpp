// Command-line tools of the `shishi` executable: perft, divide, perftsuite, bench, tune-data,
// tune, analyze, convert, help.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace shishi::cli {

// Is args[0] one of the command-line tools (as opposed to starting a protocol loop)?
bool is_command(const std::string& name);

// Runs a command-line tool; returns the process exit code. Errors go to err.
int run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace shishi::cli
