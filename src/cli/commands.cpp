#include "shishi/cli/commands.hpp"

#include <ostream>

namespace shishi::cli {

int perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int divide_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int perftsuite_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int benchpositions_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int tune_data_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int tune_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int analyze_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int convert_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

namespace {

struct Command {
    const char* name;
    int (*run)(const std::vector<std::string>&, std::ostream&, std::ostream&);
    const char* usage;
};

int help_command(const std::vector<std::string>&, std::ostream& out, std::ostream&);

const Command COMMANDS[] = {
    {"perft", perft_command, "perft <depth> [--fen F | --sfen S]   count leaves of the move tree"},
    {"divide", divide_command, "divide <depth> [--fen F | --sfen S]  perft per root move"},
    {"perftsuite", perftsuite_command, "perftsuite <file> [--max-depth N]   check a perft reference file"},
    {"bench", bench_command, "bench [depth] [threads]                fixed-depth search benchmark (nodes, nps)"},
    {"benchpositions", benchpositions_command,
     "benchpositions                         bench positions as XBoard moves from the start"},
    {"tune-data", tune_data_command, "tune-data <pgn> <out> [--every N] [--skip-plies N]  quiet labelled positions for tune"},
    {"tune", tune_command, "tune <data> [iterations] [--out F] [--holdout P]  Texel tuning of the eval weights"},
    {"analyze", analyze_command,
     "analyze <record> [options]             annotate a game (KIF, PGN, USI list): evaluations, mistakes,\n"
     "                                                summary; --depth D | --nodes N | --time S, --threads T, --hash MB,\n"
     "                                                --out annotated.kif|.pgn, --svg graph.svg, --game N"},
    {"convert", convert_command,
     "convert <in> <out> [--game N]          a game record from one format (.kif, .pgn, .usi) to another"},
    {"help", help_command, "help                                   this list"},
};

int help_command(const std::vector<std::string>&, std::ostream& out, std::ostream&) {
    out << "usage: shishi [command]\n"
           "Without a command, shishi reads a protocol from standard input: the first command\n"
           "'xboard' selects XBoard/CECP, 'usi' selects USI.\n\ncommands:\n";
    for (const Command& c : COMMANDS) out << "  shishi " << c.usage << "\n";
    return 0;
}

}  // namespace

bool is_command(const std::string& name) {
    for (const Command& c : COMMANDS)
        if (name == c.name) return true;
    return name == "--help" || name == "-h";
}

int run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty()) return help_command(args, out, err);
    for (const Command& c : COMMANDS)
        if (args[0] == c.name) return c.run(args, out, err);
    if (args[0] == "--help" || args[0] == "-h") return help_command(args, out, err);
    err << "unknown command '" << args[0] << "'; try 'shishi help'\n";
    return 2;
}

}  // namespace shishi::cli
