#include "shishi/cli/commands.hpp"

#include <ostream>
#include <string>

#include "shishi/version.hpp"

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
int train_net_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int rules_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int gensfen_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int gensfen_merge_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int nnue_placeholder_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int mate_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

namespace {

struct Command {
    const char* name;
    int (*run)(const std::vector<std::string>&, std::ostream&, std::ostream&);
    const char* usage;
};

int help_command(const std::vector<std::string>&, std::ostream& out, std::ostream&);

const Command COMMANDS[] = {
    {"perft", perft_command,
     "perft <depth> [--fen F | --sfen S] [--rules R]   count leaves of the move tree (depth 1-12)"},
    {"divide", divide_command, "divide <depth> [--fen F | --sfen S] [--rules R]  perft per root move (depth 1-12)"},
    {"perftsuite", perftsuite_command,
     "perftsuite <file> [--max-depth N] [--rules R]     check a perft reference file"},
    {"bench", bench_command,
     "bench [depth] [threads] [hand|nnue]    fixed-depth search benchmark (nodes, nps);\n"
     "                                                depth 1-30 (default 7), threads 1-64 (default 1)"},
    {"benchpositions", benchpositions_command,
     "benchpositions                         bench positions as XBoard moves from the start"},
    {"tune-data", tune_data_command,
     "tune-data <pgn> <out> [--every N] [--skip-plies N]  quiet labelled positions for tune\n"
     "                                                (every game must read, as for convert)"},
    {"tune", tune_command, "tune <data> [iterations] [--out F] [--holdout P]  Texel tuning of the eval weights"},
    {"analyze", analyze_command,
     "analyze <record> [options]             annotate a game (KIF, PGN, USI list): evaluations, mistakes,\n"
     "                                                summary; --depth D | --nodes N | --time S, --threads T, --hash "
     "MB,\n"
     "                                                --out annotated.kif|.pgn|.usi, --svg graph.svg, --game N,\n"
     "                                                --from kif|pgn|usi, --rules R,\n"
     "                                                --kif-style lishogi-server|lishogi-client (KIF layout),\n"
     "                                                --eval hand|nnue (default nnue: the embedded net),\n"
     "                                                --eval-file NET"},
    {"convert", convert_command,
     "convert <in> <out> [--game N] [--from F] [--to F]  a game record from one format (kif, pgn, usi) to another;\n"
     "                                                --kif-style lishogi-server|lishogi-client (KIF layout)"},
    {"gensfen", gensfen_command,
     "gensfen --out F [--games N] [--nodes N | --depth D] [--seed S] [--shard I/N] [options]\n"
     "                                                self-play training data for the learned evaluation;\n"
     "                                                --random-plies N, --openings F, --max-plies N,\n"
     "                                                --adjudicate CP:PLIES, --min-ply N, --rules R, --hash MB,\n"
     "                                                --eval hand|nnue, --eval-file NET; resumes an interrupted --out"},
    {"gensfen-merge", gensfen_merge_command,
     "gensfen-merge --out F [--seed S] SHARD...  gensfen shards joined, games shuffled (never overwrites)"},
    {"train-net", train_net_command,
     "train-net DATA... --out NET [options]  train the learned evaluation on self-play games (docs/nnue.md):\n"
     "                                                --epochs N, --batch B, --lr X, --lambda L, --threads T, --seed "
     "S,\n"
     "                                                --val-every N, --init material|random, --factors on|off,\n"
     "                                                --lr-decay G, --weight-decay D, --resume CKPT,\n"
     "                                                --loss-csv F, --plot F.svg, --desc TEXT"},
    {"rules", rules_command,
     "rules                                  the rule fields: --rules keys, engine options, values, presets"},
    {"nnue-placeholder", nnue_placeholder_command,
     "nnue-placeholder FILE                  write the material-only placeholder net (data/nnue/shishi.nnue)"},
    {"mate", mate_command,
     "mate [--sfen S | --fen F | --file F | --suite F] [options]  mate solver (df-pn): --side sente|gote,\n"
     "                                                --rules R, --nodes N, --hash MB, --max-plies N"},
    {"help", help_command, "help                                   this list (also --help; `shishi COMMAND --help`)"},
};

int help_command(const std::vector<std::string>&, std::ostream& out, std::ostream&) {
    out << "usage: shishi [command]\n"
           "       shishi [--Name=value | --Name value ...]   the engine, with engine options set first\n"
           "Without a command, shishi reads a protocol from standard input: the first command\n"
           "'xboard' selects XBoard/CECP, 'usi' selects USI. Engine options are those both protocols\n"
           "list (`usi`, or `protover 2` in XBoard); in their names case, spaces, '_' and '-' do not\n"
           "matter: --Move_Overhead=300, --move-overhead 300.\n\ncommands:\n";
    for (const Command& c : COMMANDS)
        out << "  shishi " << c.usage << "\n";
    out << "  shishi " << std::string("--version").append(30, ' ')
        << "the version\n"
           "R is a rule set: book, xboard or lishogi. analyze, tune, gensfen and train-net stop at Ctrl-C and\n"
           "keep what they finished; perft, divide and perftsuite print each result as it is found.\n";
    return 0;
}

bool is_help(const std::string& a) { return a == "--help" || a == "-h" || a == "help"; }
bool is_version(const std::string& a) { return a == "--version" || a == "-V"; }

}  // namespace

bool is_command(const std::string& name) {
    for (const Command& c : COMMANDS)
        if (name == c.name) return true;
    return is_help(name) || is_version(name);
}

int run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty()) return help_command(args, out, err);
    if (is_version(args[0])) {
        out << ENGINE_NAME << " " << ENGINE_VERSION << "\n";
        return 0;
    }
    for (const Command& c : COMMANDS) {
        if (args[0] != c.name) continue;
        // `shishi COMMAND --help`: that command's usage, before it reads any other argument.
        for (size_t i = 1; i < args.size(); ++i)
            if (args[i] == "--help" || args[i] == "-h") {
                out << "usage: shishi " << c.usage << "\n";
                return 0;
            }
        return c.run(args, out, err);
    }
    if (is_help(args[0])) return help_command(args, out, err);
    err << "unknown command '" << args[0] << "'; try 'shishi help'\n";
    return 2;
}

}  // namespace shishi::cli
