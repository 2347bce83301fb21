// shishi-match: plays engine-vs-engine Chu Shogi matches with the rules core as referee.
#include <iostream>
#include <string>
#include <vector>

#include "shishi/match/cutechess_args.hpp"
#include "shishi/match/stop_request.hpp"
#include "shishi/match/process.hpp"
#include "shishi/match/match_options.hpp"
#include "shishi/match/merge.hpp"
#include "shishi/match/opening_generator.hpp"
#include "shishi/match/runner.hpp"
#include "shishi/platform/platform.hpp"

int main(int argc, char** argv) {
    using namespace shishi::match;
    shishi::platform::use_utf8_console();
    std::vector<std::string> args = shishi::platform::arguments(argc, argv);
    args.erase(args.begin());
    if (args.empty()) {
        print_match_usage(std::cout);
        return 2;
    }
    if (args[0] == "merge") {
        ignore_sigpipe();
        return merge_command(std::vector<std::string>(args.begin() + 1, args.end()), std::cout, std::cerr);
    }
    if (args[0] == "--generate-openings") {
        ignore_sigpipe();
        return generate_openings_command(args, std::cout, std::cerr);
    }
    if (uses_cutechess_spelling(args)) {
        std::string error;
        auto translated = from_cutechess(args, error);
        if (!translated) {
            std::cerr << "shishi-match: " << error << "\n";
            return 2;
        }
        args = *translated;
    }
    auto options = parse_match_args(args, std::cerr);
    if (!options) return 2;
    if (options->help) {
        print_match_usage(std::cout);
        return 0;
    }
    if (options->version) {
        std::cout << "shishi-match " << SHISHI_VERSION << "\n";
        return 0;
    }
    options->terminal = shishi::platform::stdout_is_terminal();
    install_interrupt_handlers();
    if (options->debug) ChildProcess::set_traffic_log(&std::cerr);
    return run_match(*options, std::cout, std::cerr);
}
