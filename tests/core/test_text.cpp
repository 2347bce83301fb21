// core/text.hpp: the one word splitter and the one bounded integer reader every parser uses.
#include <catch2/catch.hpp>

#include <cstdint>

#include "shishi/core/text.hpp"

using namespace shishi;

TEST_CASE("text: split_words splits on any whitespace and join_words joins a range", "[text]") {
    const auto w = split_words("  go\tbtime  100\r\n");
    REQUIRE(w.size() == 3);
    CHECK(w[0] == "go");
    CHECK(w[2] == "100");
    CHECK(split_words(" \t ").empty());
    CHECK(join_words(w, 1, 3) == "btime 100");
    CHECK(join_words(w, 2, 9) == "100");
}

TEST_CASE("text: parse_integer refuses what is malformed or out of range", "[text]") {
    CHECK(parse_integer("42", 0, 100) == 42);
    CHECK(parse_integer("-7", -10, 10) == -7);
    CHECK_FALSE(parse_integer("-7", 0, 10, Sign::NONE));
    CHECK_FALSE(parse_integer("+7", 0, 10));
    CHECK(parse_integer("+7", 0, 10, Sign::PLUS_MINUS) == 7);
    CHECK_FALSE(parse_integer("+-7", -10, 10, Sign::PLUS_MINUS));
    CHECK_FALSE(parse_integer("", 0, 10));
    CHECK_FALSE(parse_integer("-", -10, 10));
    CHECK_FALSE(parse_integer("7x", 0, 10));
    CHECK_FALSE(parse_integer(" 7", 0, 10));
    CHECK_FALSE(parse_integer("1e3", 0, 10000));
    CHECK_FALSE(parse_integer("11", 0, 10));
    CHECK(parse_integer("9223372036854775807", 0, INT64_MAX) == INT64_MAX);
    CHECK_FALSE(parse_integer("9223372036854775808", 0, INT64_MAX));
}

TEST_CASE("text: read_integer clamps a well-formed number to the range and says so", "[text]") {
    auto n = read_integer("5", 1, 10);
    REQUIRE(n);
    CHECK(n->value == 5);
    CHECK_FALSE(n->clamped);
    n = read_integer("500", 1, 10);
    REQUIRE(n);
    CHECK(n->value == 10);
    CHECK(n->clamped);
    n = read_integer("99999999999999999999999999", 0, 1000, Sign::NONE);  // beyond int64_t
    REQUIRE(n);
    CHECK(n->value == 1000);
    CHECK(n->clamped);
    n = read_integer("-99999999999999999999999999", -1000, 1000);
    REQUIRE(n);
    CHECK(n->value == -1000);
    CHECK_FALSE(read_integer("12a", 0, 1000));
}
