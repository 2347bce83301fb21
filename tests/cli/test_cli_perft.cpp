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

// The count a perft run printed ("nodes N" onwards; the time before it varies).
std::string nodes(const Run& r) {
    const size_t at = r.out.rfind("nodes");
    return at == std::string::npos ? "(none)" : r.out.substr(at);
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
    Run r = run({"perftsuite", SHISHI_PERFT_DIR "/reference-lishogi.tsv", "--max-depth", "2", "--rules", "lishogi"});
    CHECK(r.code == 0);
    CHECK(r.out.find("18 positions, 0 mismatches") != std::string::npos);
    Run book = run({"perftsuite", SHISHI_PERFT_DIR "/reference-lishogi.tsv", "--max-depth", "2"});
    CHECK(book.code == 1);  // the book's rules count some lishogi positions differently
}

TEST_CASE("shishi perft: an unknown rule set is a usage error", "[cli][perft]") {
    for (const char* cmd : {"perft", "divide"}) {
        Run r = run({cmd, "1", "--rules", "chess"});
        CHECK(r.code == 2);
        CHECK(r.err.find("error: --rules: unknown rule 'chess' (presets: book, xboard, lishogi; fields: okazaki, ") !=
              std::string::npos);
        CHECK(r.out.empty());
        // A bad value of a known field, before any counting.
        Run v = run({cmd, "1", "--rules", "book,lance-promotes-on-last-rank=perhaps"});
        CHECK(v.code == 2);
        CHECK(v.err.find("error: --rules: lance-promotes-on-last-rank needs true or false, got 'perhaps'") !=
              std::string::npos);
        CHECK(v.out.empty());
    }
    Run s = run({"perftsuite", "x.tsv", "--rules", "chess"});
    CHECK(s.code == 2);
    CHECK(s.err.find("--rules: unknown rule 'chess'") != std::string::npos);
}

TEST_CASE("shishi perft: --rules sets any rule field on its own", "[cli][perft][lishogi]") {
    // The Lance promotion alone makes the book count as lishogi does here (21 moves), and
    // switched off alone makes lishogi count as the book.
    Run lishogi = run({"perft", "1", "--sfen", LANCE_SFEN, "--rules", "lishogi"});
    Run book = run({"perft", "1", "--sfen", LANCE_SFEN, "--rules", "book"});
    REQUIRE(nodes(lishogi) != nodes(book));
    Run book_lance = run({"perft", "1", "--sfen", LANCE_SFEN, "--rules", "book,lance-promotes-on-last-rank=true"});
    CHECK(book_lance.code == 0);
    CHECK(nodes(book_lance) == nodes(lishogi));
    Run lishogi_no_lance =
        run({"perft", "1", "--sfen", LANCE_SFEN, "--rules", "lishogi,lance-promotes-on-last-rank=0"});
    CHECK(lishogi_no_lance.code == 0);
    CHECK(nodes(lishogi_no_lance) == nodes(book));
    // Without a preset the fields vary the command's own default (the book for perft).
    Run bare = run({"perft", "1", "--sfen", LANCE_SFEN, "--rules", "lance-promotes-on-last-rank"});
    CHECK(nodes(bare) == nodes(lishogi));
}
