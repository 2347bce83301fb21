// `shishi mate` on the command line: results per position and a total, bad input refused before
// any work.
#include <cstdio>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "shishi/cli/commands.hpp"

namespace {

int run(const std::vector<std::string>& args, std::string& out, std::string& err) {
    std::ostringstream o, e;
    const int rc = shishi::cli::run_command(args, o, e);
    out = o.str();
    err = e.str();
    return rc;
}

const std::string PRINCE = "11k/9+e2/7N4/12/12/12/12/12/12/12/12/K11 b - 1";

}  // namespace

TEST_CASE("shishi mate: one position solved, with the line, nodes and a total", "[mate][cli]") {
    std::string out, err;
    CHECK(run({"mate", "--sfen", PRINCE, "--nodes", "10000"}, out, err) == 0);
    CHECK(out.find("position\tmate in 1\t5c3b\texact\tnodes ") != std::string::npos);
    CHECK(out.find("total: 1 of 1 positions, 1 mates found") != std::string::npos);
    // Gote to mate: it has nothing to check with.
    CHECK(run({"mate", "--sfen", PRINCE, "--side", "gote"}, out, err) == 0);
    CHECK(out.find("position\tnomate") != std::string::npos);
}

TEST_CASE("shishi mate --suite: expected answers counted; a miss exits 1", "[mate][cli]") {
    const std::string path = "shishi_mate_cli_suite.tsv";
    {
        std::ofstream f(path);
        f << "# two problems\n";
        f << "prince\tbook\tmate\t5c3b\t" << PRINCE << "\t5c3b\n";
        f << "gold\tbook\tnomate\t-\t11k/12/9G2/12/12/12/12/12/12/12/12/K11 b - 1\t-\n";
    }
    std::string out, err;
    CHECK(run({"mate", "--suite", path, "--nodes", "10000"}, out, err) == 0);
    CHECK(out.find("2 of 2 as expected") != std::string::npos);
    {
        std::ofstream f(path);
        f << "gold\tbook\tmate\t-\t11k/12/9G2/12/12/12/12/12/12/12/12/K11 b - 1\t-\n";
    }
    CHECK(run({"mate", "--suite", path, "--nodes", "10000"}, out, err) == 1);
    CHECK(out.find("FAILED") != std::string::npos);
    std::remove(path.c_str());
}

TEST_CASE("shishi mate: bad input is refused before any work", "[mate][cli]") {
    std::string out, err;
    CHECK(run({"mate", "--sfen", "not a position"}, out, err) == 2);
    CHECK(out.empty());
    CHECK(err.find("bad --sfen") != std::string::npos);
    CHECK(run({"mate"}, out, err) == 2);
    CHECK(err.find("give one of") != std::string::npos);
    CHECK(run({"mate", "--sfen", PRINCE, "--side", "north"}, out, err) == 2);
    CHECK(run({"mate", "--sfen", PRINCE, "--nodes", "0"}, out, err) == 2);
    CHECK(run({"mate", "--suite", "no/such/file.tsv"}, out, err) == 2);
    CHECK(err.find("cannot open") != std::string::npos);
    const std::string path = "shishi_mate_cli_bad.tsv";
    {
        std::ofstream f(path);
        f << "ok\tbook\tmate\t5c3b\t" << PRINCE << "\n";
        f << "bad\tbook\tmaybe\t-\t" << PRINCE << "\n";
    }
    CHECK(run({"mate", "--suite", path}, out, err) == 2);
    CHECK(out.empty());  // the good line was not searched either
    CHECK(err.find("line 2") != std::string::npos);
    std::remove(path.c_str());
}

TEST_CASE("shishi mate --file: each SFEN of the file, with its line number; --fen reads an XBoard FEN", "[mate][cli]") {
    const std::string path = "shishi_mate_cli_positions.sfen";
    {
        std::ofstream f(path);
        f << "# two positions\n" << PRINCE << "\n\n11k/12/9G2/12/12/12/12/12/12/12/12/K11 b - 1\n";
    }
    std::string out, err;
    CHECK(run({"mate", "--file", path, "--nodes", "10000"}, out, err) == 0);
    CHECK(out.find("line2\tmate in 1\t5c3b") != std::string::npos);
    CHECK(out.find("line4\tnomate") != std::string::npos);
    CHECK(out.find("total: 2 of 2 positions, 1 mates found") != std::string::npos);
    std::remove(path.c_str());
    CHECK(run({"mate", "--fen", "11k/9+e2/7N4/12/12/12/12/12/12/12/12/K11 w 0 1"}, out, err) == 0);
    CHECK(out.find("mate in 1\t5c3b") != std::string::npos);
}
