// shishi: a command-line tool when given arguments, otherwise a protocol engine on stdin/stdout.
#include <iostream>
#include <string>
#include <vector>

#include "shishi/cli/commands.hpp"

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty()) return shishi::cli::run_command(args, std::cout, std::cerr);
    std::cerr << "protocol mode not built yet\n";
    return 1;
}
