// The record readers quote a file's text in their errors through one helper: at most 80
// characters, cut on a UTF-8 character boundary, so a huge line gives a short error and a
// message never holds half a character.
#include <catch2/catch.hpp>

#include <string>

#include "shishi/core/text.hpp"
#include "shishi/record/record.hpp"
#include "shishi/record/text_encoding.hpp"

using namespace shishi;
using namespace shishi::record;

namespace {

// A lishogi KIF header and its first move (the first player's Lion).
const std::string KIF = "先手：a\n後手：b\n手数----指手---------消費時間--\n   1手目   7八獅子 （←7十）\n";

// An error of the reader on `text`, which must be refused.
std::string error_of(const std::string& text, Format format) {
    auto r = read_record(text, format);
    REQUIRE_FALSE(r);
    return r.error;
}

}  // namespace

TEST_CASE("the KIF of these tests is read", "[record][text]") {
    auto r = read_record(KIF, Format::KIF);
    INFO(r.error);
    REQUIRE(r);
    CHECK(r.value->plies.size() == 1);
}

TEST_CASE("quote_excerpt keeps 80 characters, whole, and says how long the text was", "[record][text]") {
    CHECK(quote_excerpt("h4h5") == "h4h5");
    const std::string kanji = "獅";  // three bytes
    std::string long_text;
    for (int i = 0; i < 100; ++i)
        long_text += kanji;
    const std::string q = quote_excerpt(long_text);
    CHECK(q.substr(0, 80 * 3) == long_text.substr(0, 80 * 3));
    CHECK(q.substr(80 * 3) == "... (300 bytes)");
    CHECK(is_valid_utf8(q));
    // A lone byte of a character, and control characters, are written as \xNN.
    CHECK(quote_excerpt(kanji.substr(0, 1)) == "\\xe7");
    CHECK(quote_excerpt("a\nb\x7f") == "a\\x0ab\\x7f");
    CHECK(quote_excerpt(std::string(80, 'x')) == std::string(80, 'x'));
}

TEST_CASE("a record reader's error on a huge line is short", "[record][text]") {
    const std::string huge(5'000'000, 'z');
    for (const auto& [text, format] : std::vector<std::pair<std::string, Format>>{
             {"[Event \"x\"] " + huge + "\n\n1. h4h5 *\n", Format::PGN},
             {"[Event \"x\"]\n\n1. " + huge + " *\n", Format::PGN},
             {"[Event \"x\"]\n[Result \"" + huge + "\"]\n\n1. h4h5 *\n", Format::PGN},
             {"[Event \"x\"]\n\n1. h4h5 $" + huge + " *\n", Format::PGN},
             {"startpos moves " + huge, Format::USI},
             {huge, Format::USI},
             {KIF + "   2手目   " + huge + "\n", Format::KIF},
             {KIF + huge + "\n", Format::KIF},
         }) {
        const std::string e = error_of(text, format);
        INFO(e.substr(0, 300));
        CHECK(e.size() < 400);
        CHECK(e.find("... (") != std::string::npos);
        CHECK(is_valid_utf8(e));
    }
}

TEST_CASE("a KIF read as PGN or as a move list gives an error of whole characters", "[record][text]") {
    for (Format format : {Format::PGN, Format::USI}) {
        const std::string e = error_of(KIF, format);
        INFO(e);
        CHECK(is_valid_utf8(e));
        CHECK(e.size() < 400);
    }
    // A move written with a kanji where a letter belongs.
    const std::string e = error_of("[Event \"x\"]\n\n1. h4獅5 *\n", Format::PGN);
    INFO(e);
    CHECK(is_valid_utf8(e));
}
