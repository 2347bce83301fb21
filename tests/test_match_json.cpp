// The small JSON reader (engines files) and the writer helpers (--json output).
#include <catch2/catch.hpp>

#include <cmath>

#include "shishi/match/json.hpp"

using namespace shishi::match;

TEST_CASE("JSON values parse with objects in file order", "[match][json]") {
    JsonParse r = parse_json(R"( {"name": "Shishi \"x\"", "n": -1.5e2, "ok": true, "none": null,
                                  "list": [1, "two", [], {}], "u": "\u00e9\ud83d\ude00\n"} )");
    REQUIRE(r.ok);
    const JsonValue& v = r.value;
    REQUIRE(v.is(JsonValue::OBJECT));
    REQUIRE(v.members().size() == 6);
    CHECK(v.members()[0].first == "name");
    CHECK(v.find("name")->text() == "Shishi \"x\"");
    CHECK(v.find("n")->number() == -150);
    CHECK(v.find("n")->text() == "-1.5e2");
    CHECK(v.find("ok")->boolean());
    CHECK(v.find("none")->is(JsonValue::NUL));
    REQUIRE(v.find("list")->items().size() == 4);
    CHECK(v.find("list")->items()[1].text() == "two");
    CHECK(v.find("list")->items()[3].is(JsonValue::OBJECT));
    CHECK(v.find("u")->text() == "\xc3\xa9\xf0\x9f\x98\x80\n");
    CHECK(v.find("missing") == nullptr);
}

TEST_CASE("malformed JSON is refused with the place of the error", "[match][json]") {
    const char* bad[] = {
        "",          "{",          "[1, 2",        "{\"a\" 1}",     "{\"a\": 1,}",   "[1,]",       "{a: 1}",
        "\"open",    "\"bad \\x\"", "\"\\u12\"",     "\"\\ud800\"",   "01",            "1.",         "-",
        "1e",        "tru",        "nul",          "[1] 2",         "{\"a\": 1} }",  "\"tab\there\"", "+1",
        "[\"a\" \"b\"]", "1e999",
    };
    for (const char* text : bad) {
        INFO(text);
        JsonParse r = parse_json(text);
        CHECK_FALSE(r.ok);
        CHECK(r.error.find("line ") == 0);
    }
    JsonParse second_line = parse_json("{\n  \"a\": ]\n}");
    CHECK_FALSE(second_line.ok);
    CHECK(second_line.error.find("line 2, column 8") == 0);
    // Deep nesting is refused instead of exhausting the stack.
    CHECK_FALSE(parse_json(std::string(100000, '[')).ok);
    CHECK(parse_json(std::string(60, '[') + std::string(60, ']')).ok);
}

TEST_CASE("JSON output quotes strings and writes finite numbers", "[match][json]") {
    CHECK(json_quote("a\"b\\c\nd\x01") == "\"a\\\"b\\\\c\\nd\\u0001\"");
    CHECK(json_number(12.5) == "12.5");
    CHECK(json_number(3.0) == "3");
    CHECK(json_number(-0.001) == "0");
    CHECK(json_number(1.23456, 3) == "1.235");
    CHECK(json_number(INFINITY) == "null");
    CHECK(json_number(NAN) == "null");
    // What the writer quotes, the reader reads back.
    JsonParse back = parse_json(json_quote("tab\t\"q\" \x02"));
    REQUIRE(back.ok);
    CHECK(back.value.text() == "tab\t\"q\" \x02");
}
