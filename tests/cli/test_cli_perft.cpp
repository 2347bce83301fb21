// The perft commands of the `shishi` executable (cli/perft_commands.cpp): --rules chooses the
// rule set the position is counted under; bad input is a usage error (exit code 2).
#include <catch2/catch.hpp>

#include <sstream>

#include "shishi/cli/commands.hpp"

using shishi::cli::run_command;

namespace {

// White Lances on 12c and 11j; the one on 12c reaches the last rank (lishogi may promote).
const char* LANCE_SFEN = "11k/2P9/L6l4/12/12/12/12/12/12/1L10/12/K11 b - 1";

struct Run {
    int code;
    std::string out, err;
};

Run run(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    int code = run_command(args, out, err);
    return {code, out.str(), err.str()};
}

}  // namespace

TEST_CASE("shishi perft and divide count under the rule set --rules names", "[cli][perft][lishogi]") {
    // reference-lishogi.tsv lance-last-rank: 21 336 under lishogi's rules.
    Run lishogi = run({"perft", "2", "--sfen", LANCE_SFEN, "--rules", "lishogi"});
    CHECK(lishogi.code == 0);
    CHECK(lishogi.out.find("nodes 336\n") != std::string::npos);
    Run book = run({"perft", "1", "--sfen", LANCE_SFEN});
    CHECK(book.code == 0);
    CHECK(book.out.find("nodes 21\n") == std::string::npos);  // no Lance promotion in the book
    Run xboard = run({"perft", "1", "--sfen", LANCE_SFEN, "--rules", "xboard"});
    CHECK(xboard.out.substr(xboard.out.rfind("nodes")) == book.out.substr(book.out.rfind("nodes")));
    Run divide = run({"divide", "1", "--sfen", LANCE_SFEN, "--rules", "lishogi"});
    CHECK(divide.code == 0);
    CHECK(divide.out.find("a10a12+ 1\n") != std::string::npos);
    CHECK(divide.out.find("moves 21\n") != std::string::npos);
}

TEST_CASE("shishi perftsuite --rules lishogi passes the lishogi reference", "[cli][perft][lishogi]") {
    Run r = run({"perftsuite", SHISHI_SHARED_DIR "/perft/reference-lishogi.tsv", "--max-depth", "2", "--rules", "lishogi"});
    CHECK(r.code == 0);
    CHECK(r.out.find("18 positions, 0 mismatches") != std::string::npos);
    Run book = run({"perftsuite", SHISHI_SHARED_DIR "/perft/reference-lishogi.tsv", "--max-depth", "2"});
    CHECK(book.code == 1);  // the book's rules count some lishogi positions differently
}

TEST_CASE("shishi perft: an unknown rule set is a usage error", "[cli][perft]") {
    for (const char* cmd : {"perft", "divide"}) {
        Run r = run({cmd, "1", "--rules", "chess"});
        CHECK(r.code == 2);
        CHECK(r.err.find("unknown --rules 'chess' (book, xboard or lishogi)") != std::string::npos);
    }
    Run s = run({"perftsuite", "x.tsv", "--rules", "chess"});
    CHECK(s.code == 2);
    CHECK(s.err.find("unknown --rules 'chess'") != std::string::npos);
}
