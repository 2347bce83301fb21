// core/text.hpp: the one word splitter and the one bounded integer reader every parser uses.
#include <catch2/catch.hpp>

#include <cstdint>
#include <sstream>

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

TEST_CASE("text: parse_slice reads I/N with 1 <= I <= N (the --shard of gensfen and shishi-match)", "[text]") {
    const auto s = parse_slice("2/4");
    REQUIRE(s);
    CHECK(s->index == 2);
    CHECK(s->count == 4);
    CHECK(parse_slice("100000/100000"));
    for (const char* bad : {"", "/", "2", "2/", "/4", "0/4", "5/4", "-1/4", "+1/4", "1/4/2", "1 /4", "1/100001", "a/b"})
        CHECK_FALSE(parse_slice(bad));
}

TEST_CASE("text: read_tsv_rows skips blanks and comments, keeps line numbers and every field", "[text]") {
    std::istringstream in("# comment\r\na\tb\r\n\n\tx\t\nlast");
    const auto rows = read_tsv_rows(in);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].line_number == 2);
    CHECK(rows[0].fields == std::vector<std::string>{"a", "b"});
    CHECK(rows[1].line_number == 4);
    CHECK(rows[1].fields == std::vector<std::string>{"", "x", ""});
    CHECK(rows[2].line_number == 5);
    CHECK(rows[2].fields == std::vector<std::string>{"last"});
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
