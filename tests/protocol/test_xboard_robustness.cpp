// XBoard protocol: random and malformed input never crashes or hangs the engine, and the
// session still answers afterwards.
#include <catch2/catch.hpp>

#include <random>

#include "xboard_test_io.hpp"

using namespace xboard_test;

namespace {

std::string random_line(std::mt19937& rng) {
    static const char* const COMMANDS[] = {"new",
                                           "variant chu",
                                           "variant",
                                           "force",
                                           "go",
                                           "playother",
                                           "usermove",
                                           "setboard",
                                           "undo",
                                           "remove",
                                           "result 1-0 {x}",
                                           "post",
                                           "nopost",
                                           "hard",
                                           "easy",
                                           "analyze",
                                           "exit",
                                           ".",
                                           "?",
                                           "hint",
                                           "memory",
                                           "cores",
                                           "option",
                                           "lift",
                                           "put",
                                           "hover",
                                           "level",
                                           "st",
                                           "sd",
                                           "time",
                                           "otim",
                                           "ping",
                                           "draw",
                                           "protover 2",
                                           "xboard",
                                           "edit",
                                           "white",
                                           "black",
                                           "computer",
                                           "name x",
                                           "rating 1 2",
                                           "bk",
                                           "nps 100"};
    static const char* const ARGS[] = {
        "a1",
        "f5",
        "l12",
        "m13",
        "a0",
        "f3f5",
        "h4h5",
        "h9h8",
        "f5f6,f6f7",
        "f5f6,",
        ",",
        "@@@@",
        "h4h5+",
        "h4h5=",
        "c8c9+",
        "1",
        "0",
        "-1",
        "99999999999999999999",
        "0:01",
        "0.05",
        "1:",
        ":",
        "x",
        "",
        "Okazaki rule=1",
        "Repetition rule=Draw",
        "Contempt=abc",
        "Resign=1",
        "Bare King=1",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
        "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1",
        "11k/12/12/12/12/12/5p6/5N6/12/12/12/K11 w - - 0 1",
        "13/12 w",
        "12/12/12/12/12/12/12/12/12/12/12/12 b",
        "k w"};
    std::uniform_int_distribution<int> kind(0, 9);
    int k = kind(rng);
    if (k == 0) {  // raw bytes, control characters included (no newline: that splits lines)
        std::string s;
        std::uniform_int_distribution<int> len(0, 40), byte(1, 255);
        for (int i = len(rng); i > 0; --i) {
            char c = char(byte(rng));
            if (c != '\n') s += c;
        }
        return s;
    }
    std::string line = COMMANDS[rng() % std::size(COMMANDS)];
    std::uniform_int_distribution<int> nargs(0, 3);
    for (int i = nargs(rng); i > 0; --i)
        line += std::string(" ") + ARGS[rng() % std::size(ARGS)];
    return line;
}

}  // namespace

TEST_CASE("xboard: random command sequences neither crash nor hang", "[xboard][robustness]") {
    std::mt19937 rng(20261130);
    for (int round = 0; round < 4; ++round) {
        // Short clocks so that any search the noise starts ends quickly.
        std::string input = "xboard\nprotover 2\nnew\nst 0.05\nsd 3\n";
        for (int i = 0; i < 400; ++i) {
            std::string l = random_line(rng);
            // Keep searches short whatever the noise set, and the session alive.
            if (l.rfind("level", 0) == 0 || l.rfind("time", 0) == 0 || l.rfind("st", 0) == 0) l = "st 0.05";
            input += l + "\n";
        }
        input += "force\nexit\nping 999\n";
        int rc = -1;
        auto out = transcript(input, &rc);
        CHECK(rc == 0);
        REQUIRE(!out.empty());
        CHECK(out.back() == "pong 999");
    }
}

TEST_CASE("XBoard loop unties its input from its output", "[xboard][robustness]") {
    // See the USI twin: a tied input flushes the output outside the writer's lock.
    std::istringstream in("xboard\nquit\n");
    std::ostringstream out;
    in.tie(&out);
    shishi::run_xboard(in, out);
    CHECK(in.tie() == nullptr);
}
