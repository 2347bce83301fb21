// docs/protocols.md against the engine: the option lines and the protover answer shown in the
// docs' sample sessions, the docs' option table and the messages it quotes must match what the
// engine sends.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "shishi/protocol/startup_options.hpp"
#include "shishi/version.hpp"
#include "usi_harness.hpp"
#include "xboard_test_io.hpp"

namespace {

std::vector<std::string> doc_lines() {
    std::ifstream in(std::string(SHISHI_SOURCE_DIR) + "/docs/protocols.md");
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);)
        lines.push_back(l);
    return lines;
}

// The machine's own limits differ from the docs' machine: "max <n>" of these two is left out.
std::string without_machine_max(std::string line) {
    for (const char* name : {"option name USI_Hash ", "option name Threads "})
        if (line.find(name) != std::string::npos) line = std::regex_replace(line, std::regex(" max [0-9]+$"), " max N");
    return line;
}

}  // namespace

TEST_CASE("docs: the USI session shows the option lines the engine sends", "[docs][usi]") {
    std::vector<std::string> documented;
    for (const std::string& l : doc_lines())
        if (l.rfind("< option name ", 0) == 0) documented.push_back(without_machine_max(l.substr(2)));
    std::vector<std::string> sent;
    for (const std::string& l : usi_test::run_script("quit\n"))
        if (l.rfind("option name ", 0) == 0) sent.push_back(without_machine_max(l));
    REQUIRE(!sent.empty());
    CHECK(documented == sent);
}

TEST_CASE("docs: every USI option is in the options table", "[docs][usi]") {
    const std::vector<std::string> docs = doc_lines();
    for (const std::string& l : usi_test::run_script("quit\n")) {
        if (l.rfind("option name ", 0) != 0) continue;
        const std::string name = l.substr(12, l.find(" type ") - 12);
        INFO(name);
        bool found = false;
        for (const std::string& d : docs)
            found = found || d.rfind("| `" + name + "`", 0) == 0;
        CHECK(found);
    }
}

TEST_CASE("docs: the XBoard session shows the engine's myname", "[docs][xboard]") {
    const std::string myname = std::string("myname=\"") + shishi::ENGINE_NAME + " " + shishi::ENGINE_VERSION + "\"";
    const auto out = xboard_test::transcript("xboard\nprotover 2\n");
    bool sent = false;
    for (const std::string& l : out)
        sent = sent || l.find(myname) != std::string::npos;
    REQUIRE(sent);
    int mentions = 0;
    for (const std::string& l : doc_lines())
        if (l.find("myname=") != std::string::npos) {
            INFO(l);
            CHECK(l.find(myname) != std::string::npos);
            ++mentions;
        }
    CHECK(mentions >= 1);
}

TEST_CASE("docs: a bad engine option on the command line is reported as the docs say", "[docs][cli]") {
    // The docs quote the message of `shishi --Contempt=abc`, which ends shishi with status 2
    // before any protocol starts (main.cpp writes "shishi: " and the parser's error).
    const shishi::StartupParse parsed = shishi::parse_startup_options({"--Contempt=abc"});
    REQUIRE(!parsed.error.empty());
    const std::string message = "shishi: " + parsed.error;
    std::string docs;
    for (const std::string& l : doc_lines())
        docs += l + " ";  // the quote may wrap
    std::string quoted;
    const size_t at = docs.find("(`shishi --Contempt=abc`: `");
    REQUIRE(at != std::string::npos);
    const size_t from = at + std::string("(`shishi --Contempt=abc`: `").size();
    quoted = docs.substr(from, docs.find('`', from) - from);
    CHECK(quoted == message);
    CHECK(docs.find("info string command line") == std::string::npos);
}
