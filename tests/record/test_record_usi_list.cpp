// The plain SFEN + USI move list format.
#include <catch2/catch.hpp>

#include "record_test_support.hpp"
#include "shishi/record/usi_list.hpp"

using namespace shishi;
using namespace shishi::record;
using shishi::test::must_read;

TEST_CASE("USI list: startpos, sfen, moves over several lines, result", "[record][usi_list]") {
    const Record r = must_read("# a comment\nstartpos\nmoves 7j7h 6c6e\n 7h8f 3d3e 8f9e9d\nresult 1-0\n", Format::USI);
    REQUIRE(r.plies.size() == 5);
    CHECK(r.plies[4].move.is_double());
    CHECK(r.result == "1-0");
    CHECK(write_usi_list(r) == "startpos\nmoves 7j7h 6c6e 7h8f 3d3e 8f9e9d\nresult 1-0\n");
    const Record one_line = must_read("position startpos moves 7j7h 6c6e", Format::USI);
    CHECK(one_line.plies.size() == 2);
    const Record set_up =
        must_read("sfen 5k6/12/6n5/3ppp6/9P2/5N6/4+R7/12/6+P5/12/5G6/5K6 w - 2\nmoves 8d8e\n", Format::USI);
    CHECK_FALSE(set_up.start_is_initial);
    CHECK(write_usi_list(set_up) == "sfen 5k6/12/6n5/3ppp6/9P2/5N6/4+R7/12/6+P5/12/5G6/5K6 w - 2\nmoves 8d8e\n");
}

TEST_CASE("USI list: malformed lists name the line", "[record][usi_list]") {
    auto err = [](const char* text) {
        auto r = read_usi_list(text);
        CHECK_FALSE(r.value.has_value());
        return r.error;
    };
    CHECK(err("") == "empty record: expected 'startpos' or 'sfen ...'");
    CHECK(err("start\n") == "line 1: expected 'startpos' or 'sfen ...', not 'start'");
    CHECK(err("sfen 12/12 b - 1\n").rfind("line 1: bad SFEN: ", 0) == 0);
    CHECK(err("startpos\nmoves 7j7h\n7j7i\n").rfind("line 3: move 2 '7j7i' is not legal here: ", 0) == 0);
    CHECK(err("startpos\nresult 3-0\n") == "line 2: 'result' needs 1-0, 0-1, 1/2-1/2 or *");
    CHECK(err("startpos\nresult 1-0 more\n") == "line 2: unexpected 'more'");
}
