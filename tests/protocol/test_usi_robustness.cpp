// USI mode under hostile input: random mixes of valid and broken commands, random bytes and
// very long lines must never crash or hang the loop, and every line it writes is a USI answer.
#include <catch2/catch.hpp>

#include <random>

#include "usi_harness.hpp"

using namespace usi_test;

namespace {

const char* const WORDS[] = {"usi",
                             "isready",
                             "usinewgame",
                             "position",
                             "startpos",
                             "sfen",
                             "moves",
                             "go",
                             "stop",
                             "ponderhit",
                             "gameover",
                             "win",
                             "setoption",
                             "name",
                             "value",
                             "USI_Hash",
                             "Okazaki",
                             "true",
                             "Repetition",
                             "JCSA",
                             "d",
                             "perft",
                             "1",
                             "0",
                             "-1",
                             "99999999999999999999",
                             "depth",
                             "nodes",
                             "50",
                             "btime",
                             "wtime",
                             "byoyomi",
                             "binc",
                             "movetime",
                             "20",
                             "infinite",
                             "ponder",
                             "mate",
                             "3i3h",
                             "10d10e",
                             "7g6f5e",
                             "7g7f+",
                             "12l",
                             "1a1a",
                             "+",
                             "/",
                             "-",
                             "b",
                             "w",
                             "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
                             "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL",
                             "6k5/12/12/12/12/6p5/5N6/12/12/12/12/5K6",
                             "12/12",
                             "\t",
                             "\xc3\xa9",
                             "\x01"};
constexpr size_t WORD_COUNT = sizeof(WORDS) / sizeof(WORDS[0]);

std::string random_line(std::mt19937& rng) {
    std::uniform_int_distribution<int> kind(0, 9);
    std::string line;
    int k = kind(rng);
    if (k == 0) {  // raw bytes
        std::uniform_int_distribution<int> byte(0, 255), len(0, 40);
        for (int n = len(rng); n > 0; --n) {
            char c = char(byte(rng));
            if (c != '\n') line += c;
        }
        return line;
    }
    if (k == 1) return "position startpos moves 3i3h 10d10e 3h3g";  // a long but valid prefix
    if (k == 2) return "go nodes 50";
    std::uniform_int_distribution<size_t> pick(0, WORD_COUNT - 1), len(1, 8);
    for (size_t n = len(rng); n > 0; --n) {
        if (!line.empty()) line += ' ';
        line += WORDS[pick(rng)];
    }
    return line;
}

bool is_usi_answer(const std::string& l) {
    for (const char* p : {"id ", "option name ", "usiok", "readyok", "info ", "bestmove ", "checkmate ", "nodes ",
                          "sfen ", "side to move: ", "  "})
        if (starts_with(l, p)) return true;
    // perft rows "<move>: <count>"
    return l.find(": ") != std::string::npos && !l.empty() && l[0] >= '1' && l[0] <= '9';
}

}  // namespace

TEST_CASE("usi robustness: random command mixes never crash or hang", "[usi]") {
    std::mt19937 rng(20261130);
    for (int round = 0; round < 20; ++round) {
        std::string input = "setoption name USI_Hash value 1\n";
        for (int i = 0; i < 60; ++i)
            input += random_line(rng) + "\n";
        INFO("round " << round);
        int rc = -1;
        auto out = run_script(input, &rc);
        CHECK(rc == 0);
        for (const auto& l : out) {
            INFO(l);
            CHECK(is_usi_answer(l));
        }
        // never more answers than searches started
        int gos = 0;
        for (size_t at = input.find("go"); at != std::string::npos; at = input.find("go", at + 1))
            ++gos;
        CHECK(count_prefix(out, "bestmove") <= gos);
    }
}

TEST_CASE("usi robustness: a very long line and a line without newline at the end", "[usi]") {
    std::string long_moves = "position startpos moves";
    for (int i = 0; i < 20000; ++i)
        long_moves += " 3i3h";
    auto out = run_script(long_moves + "\nd\nisready");
    CHECK(starts_with(first_with(out, "info string"), "info string position: move 2 '3i3h' rejected: "));
    CHECK(count_prefix(out, "readyok") == 1);
    CHECK(count_prefix(out, "sfen ") == 1);
}

TEST_CASE("USI loop unties its input from its output", "[usi][robustness]") {
    // A tied input stream flushes the output from the reading thread outside the writer's lock;
    // racing the search thread's bestmove, that flush sent the line twice to a match runner.
    std::istringstream in("isready\nquit\n");
    std::ostringstream out;
    in.tie(&out);
    shishi::run_usi(in, out);
    CHECK(in.tie() == nullptr);
}
