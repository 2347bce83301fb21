// JSON through nlohmann-json: an engines file that is not well-formed JSON is refused with the
// place of the error; option values keep their text; the results file writes finite numbers.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <unistd.h>

#include "shishi/match/engine_spec.hpp"

using namespace shishi::match;

namespace {

std::string engines_file(const std::string& text) {
    const std::string path = "/tmp/shishi_match_json_" + std::to_string(::getpid()) + ".json";
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST_CASE("malformed engines files are refused with the place of the error", "[match][json]") {
    const char* bad[] = {
        "",
        "{",
        "[1, 2",
        "{\"a\" 1}",
        "{\"a\": 1,}",
        "[1,]",
        "{a: 1}",
        "\"open",
        "\"bad \\x\"",
        "\"\\u12\"",
        "\"\\ud800\"",
        "01",
        "1.",
        "-",
        "1e",
        "tru",
        "nul",
        "[1] 2",
        "{\"a\": 1} }",
        "\"tab\there\"",
        "+1",
        "[\"a\" \"b\"]",
        "1e999",
    };
    for (const char* text : bad) {
        INFO(text);
        const std::string path = engines_file(text);
        std::string error;
        CHECK_FALSE(load_engines_file(path, error));
        CHECK(error.find(path + ": ") == 0);
        std::remove(path.c_str());
    }
    const std::string path = engines_file("[{\n  \"cmd\": ]\n}]");
    std::string error;
    CHECK_FALSE(load_engines_file(path, error));
    CHECK(error.find(path + ": line 2, column 10") == 0);
    // Deep nesting is refused instead of exhausting the stack.
    std::ofstream(path) << std::string(100000, '[');
    CHECK_FALSE(load_engines_file(path, error));
    std::ofstream(path) << "[{\"cmd\": \"a\", \"x-deep\": " + std::string(100, '[') + std::string(100, ']') + "}]";
    CHECK_FALSE(load_engines_file(path, error));
    CHECK(error.find("nested deeper than 64") != std::string::npos);
    std::remove(path.c_str());
}

TEST_CASE("engines file option values keep their text: strings, numbers and booleans", "[match][json]") {
    const std::string path = engines_file(
        R"([{"cmd": "a \"quoted\"", "options": {"Hash": 16, "Ratio": 0.5, "Ponder": true, "Name": "x\u00e9"}}])");
    std::string error;
    auto specs = load_engines_file(path, error);
    std::remove(path.c_str());
    REQUIRE(specs);
    REQUIRE(specs->size() == 1);
    const EngineConfig& c = specs->front().config;
    CHECK(c.command == "a \"quoted\"");
    REQUIRE(c.options.size() == 4);
    CHECK(c.options[0] == std::pair<std::string, std::string>{"Hash", "16"});
    CHECK(c.options[1].second == "0.5");
    CHECK(c.options[2].second == "true");
    CHECK(c.options[3].second == "x\xc3\xa9");
}
