// Encodings of record files: UTF-8 with and without a byte-order mark, and Shift-JIS (the
// fixture was converted with iconv, independently of Shishi's table).
#include <catch2/catch.hpp>

#include "record_test_support.hpp"
#include "shishi/record/text_encoding.hpp"

using namespace shishi;
using namespace shishi::record;
using shishi::test::must_read;
using shishi::test::record_fixture;
using shishi::test::record_fixture_path;

TEST_CASE("Encodings are detected: BOM, UTF-8, else Shift-JIS", "[record][encoding]") {
    CHECK(detect_encoding("\xEF\xBB\xBF"
                          "abc") == Encoding::UTF8_BOM);
    CHECK(detect_encoding("獅子 abc") == Encoding::UTF8);
    CHECK(detect_encoding("\x8E\x82\x8E\x71") == Encoding::SHIFT_JIS);  // 獅子 in Shift-JIS
    CHECK_FALSE(is_valid_utf8("\xC0\xAF"));  // overlong
    CHECK_FALSE(is_valid_utf8("\xED\xA0\x80"));  // a surrogate
    CHECK_FALSE(is_valid_utf8("\xE7\x8D"));  // cut off
}

TEST_CASE("Shift-JIS: the words of a Chu KIF decode, broken bytes name the line", "[record][encoding]") {
    const std::string words =
        "先手：後手 手数----指手 1手目 一歩目 二歩目 仝 成 （居食い） (じっと) （←１２十二） 投了 ▲△ "
        "玉将醉象盲虎猛豹金将銀将銅将仲人歩兵香車反車横行竪行角行飛車龍馬龍王麒麟鳳凰奔王獅子"
        "太子飛鹿小角金飛車白駒鯨鯢奔猪飛牛角鷹飛鷲杏 ・ v｜十一";
    const std::string sjis = encode_shift_jis(words);
    CHECK(sjis.find('?') == std::string::npos);  // every character is in the table
    auto back = decode_shift_jis(sjis);
    REQUIRE(back);
    CHECK(*back == words);
    auto broken = decode_shift_jis("abc\n\x8E");
    CHECK_FALSE(broken);
    CHECK(broken.error == "line 2: Shift-JIS text ends inside a character");
    CHECK(decode_shift_jis("\x8E\x20").error.rfind("line 1: not Shift-JIS", 0) == 0);
    CHECK(*decode_shift_jis("\xEA\x9E") == "\xEF\xBF\xBD");  // outside the table: U+FFFD
}

TEST_CASE("A Shift-JIS KIF file reads like its UTF-8 original", "[record][encoding]") {
    auto utf8 = read_record_file(record_fixture_path("setup-gote-to-move.kif"));
    auto sjis = read_record_file(record_fixture_path("setup-gote-to-move.sjis.kif"));
    INFO(sjis.error);
    REQUIRE(utf8);
    REQUIRE(sjis);
    shishi::test::require_same_game(*utf8, *sjis);
    CHECK(*(*sjis).tag("White") == "Shishi");
    CHECK(record_fixture("setup-gote-to-move.sjis.kif") != record_fixture("setup-gote-to-move.kif"));
}

TEST_CASE("A UTF-8 KIF cut inside a character, or with a stray byte, is reported as UTF-8 at its line",
          "[record][encoding]") {
    // Issue 24: a truncated UTF-8 file was taken for Shift-JIS and refused at line 1.
    const std::string game = record_fixture("lishogi-game.kif");
    const std::string cut = game.substr(0, game.size() - 2);  // inside 了 of the last line's 投了
    CHECK(detect_encoding(cut) == Encoding::UTF8);
    auto t = to_utf8(cut);
    CHECK_FALSE(t);
    CHECK(t.error == "line 27: the UTF-8 text ends inside a character (is the file cut short?)");
    // A checked position: GCC 12 warns on insert at a find() that could be npos.
    const size_t third = game.find("   3手目");
    REQUIRE(third < game.size());
    const std::string stray = game.substr(0, third) + "\xFF" + game.substr(third);
    auto s = to_utf8(stray);
    CHECK_FALSE(s);
    CHECK(s.error.rfind("line 9: not UTF-8 (byte 0xFF at byte ", 0) == 0);
    // With a byte-order mark too, and the line counted in the file.
    auto b = to_utf8("\xEF\xBB\xBF" + cut);
    CHECK(b.error == "line 27: the UTF-8 text ends inside a character (is the file cut short?)");
    // Shift-JIS still is Shift-JIS (its first character is a two-byte pair).
    CHECK(detect_encoding(encode_shift_jis(game)) == Encoding::SHIFT_JIS);
    CHECK(to_utf8(encode_shift_jis(game)));
}

TEST_CASE("A UTF-16 file is named as such, not reported as broken Shift-JIS", "[record][encoding]") {
    auto r = to_utf8(std::string("\xFF\xFE\x48\x00", 4));
    CHECK_FALSE(r);
    CHECK(r.error ==
          "line 1: the file is UTF-16 (it starts with a UTF-16 byte-order mark): save it as UTF-8 or Shift-JIS");
}
