// shishi: a command-line tool when given a command, otherwise a protocol engine on stdin/stdout
// (arguments of the form --Name=value or --Name value are engine options, applied before the
// protocol starts, as Lishogi-Bot passes them). The first non-empty input line picks the
// protocol: `usi` selects USI, anything else XBoard (XBoard starts engines with `xboard`; an
// engine started bare is most likely driven by it).
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "shishi/cli/commands.hpp"
#include "shishi/platform/platform.hpp"
#include "shishi/protocol/startup_options.hpp"
#include "shishi/protocol/usi.hpp"
#include "shishi/protocol/xboard.hpp"

namespace {

std::string trimmed(const std::string& s) {
    const char* space = " \t\r\n";
    size_t b = s.find_first_not_of(space);
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(space) + 1 - b);
}

// Replays an already-read first line ahead of the rest of stdin.
class PrefixedInput : public std::streambuf {
public:
    PrefixedInput(std::string first, std::istream& rest) : first_(std::move(first)), rest_(rest) {
        setg(first_.data(), first_.data(), first_.data() + first_.size());
    }

protected:
    int_type underflow() override {
        int c = rest_.rdbuf()->sbumpc();
        if (c == traits_type::eof()) return traits_type::eof();
        ch_ = char(c);
        setg(&ch_, &ch_, &ch_ + 1);
        return traits_type::to_int_type(ch_);
    }

private:
    std::string first_;
    std::istream& rest_;
    char ch_ = 0;
};

}  // namespace

namespace {

// Ctrl-C ends the engine, even mid-search, with the shell's status for it (Windows' default
// handler would exit with status 0, as if nothing had gone wrong).
void exit_on_interrupt() { std::_Exit(130); }

}  // namespace

int main(int argc, char** argv) {
    shishi::platform::use_binary_standard_streams();
    shishi::platform::use_utf8_console();
    shishi::platform::on_interrupt(exit_on_interrupt);
    std::vector<std::string> args = shishi::platform::arguments(argc, argv);
    args.erase(args.begin());
    shishi::StartupOptions options;
    if (!args.empty() && shishi::cli::is_command(args[0])) return shishi::cli::run_command(args, std::cout, std::cerr);
    if (shishi::looks_like_startup_options(args)) {
        shishi::StartupParse parsed = shishi::parse_startup_options(args);
        if (!parsed.error.empty()) {
            std::cerr << "shishi: " << parsed.error << "\n";
            return 2;
        }
        options = std::move(parsed.options);
    } else if (!args.empty()) {
        return shishi::cli::run_command(args, std::cout, std::cerr);
    }

    std::ios::sync_with_stdio(false);
    std::string line, first;
    while (first.empty() && std::getline(std::cin, line))
        first = trimmed(line);
    if (first.empty()) return 0;  // no input at all
    if (first == "usi") return shishi::run_usi(std::cin, std::cout, options);
    if (first == "xboard") return shishi::run_xboard(std::cin, std::cout, options);
    // Not the `xboard` greeting: still XBoard, and the line is its first command.
    PrefixedInput replay(first + "\n", std::cin);
    std::istream in(&replay);
    return shishi::run_xboard(in, std::cout, options);
}
