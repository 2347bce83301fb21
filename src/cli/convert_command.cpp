// shishi convert <in> <out>: a game record from one format into another.
#include <ostream>

#include "shishi/cli/options.hpp"
#include "shishi/record/record.hpp"

namespace shishi::cli {

int convert_command(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err) {
    ArgReader args(argv);
    auto from_format = format_option(args, "--from");
    auto to_format = format_option(args, "--to");
    auto game = args.int_option("--game", 1, 1000000);
    auto style = kif_style_option(args);
    auto in = args.positional_string("input record");
    auto target = args.positional_string("output record");
    if (!args.finish(err) || !in || !target) {
        err << "usage: shishi convert <in.kif|.pgn|.usi|-> <out.kif|.pgn|.usi|-> [--from F] [--to F] [--game N]\n"
               "                      [--kif-style lishogi-server|lishogi-client]\n";
        return 2;
    }
    auto fmt = to_format ? to_format : record::format_for_path(*target);
    if (!fmt) {
        err << "error: " << *target << ": unknown record format (use .kif, .pgn or .usi, or --to)\n";
        return 2;
    }
    // Without --game, a file holding several games is refused (game 0: the only one).
    auto rec = record::read_record_file(*in, from_format, game.value_or(0));
    if (!rec) {
        err << "error: " << rec.error << "\n";
        return 1;
    }
    if (auto e = record::write_record_file(*rec, *target, *fmt, {style}); !e.empty()) {
        err << "error: " << e << "\n";
        return 1;
    }
    // "-" is standard output, which then holds the record alone.
    (*target == "-" ? err : out) << "wrote " << *target << " (" << record::format_name(*fmt) << ", "
                                 << (*rec).plies.size() << " plies, result " << (*rec).result << ")\n";
    return 0;
}

}  // namespace shishi::cli
