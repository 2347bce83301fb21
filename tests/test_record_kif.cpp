// lishogi KIF for Chu Shogi: reading the fixtures written from scalashogi's format description,
// writing them back exactly, tolerant input, and a message for every malformed record.
#include <catch2/catch.hpp>

#include "record_test_support.hpp"
#include "shishi/record/kif.hpp"
#include "shishi/record/kif_names.hpp"
#include "shishi/record/text_encoding.hpp"

using namespace shishi;
using namespace shishi::record;
using shishi::test::must_read;
using shishi::test::record_fixture;

namespace {

std::string error_of(const std::string& kif) {
    auto r = read_kif(kif);
    CHECK_FALSE(r);
    CHECK_FALSE(r.value.has_value());
    return r.error;
}

const char* const HEAD = "先手：a\n後手：b\n手数----指手---------消費時間--\n";

}  // namespace

TEST_CASE("KIF: a lishogi game with double moves, igui, a pass, a promotion and 仝", "[record][kif]") {
    const Record r = must_read(record_fixture("lishogi-game.kif"), Format::KIF);
    REQUIRE(r.plies.size() == 14);
    CHECK(r.start_is_initial);
    CHECK(r.result == "0-1");  // 15手目 投了: the first player, to move, resigned
    CHECK(r.final_comment == "resignation");
    CHECK(*r.tag("White") == "alice");
    CHECK(*r.tag("Black") == "bob");
    CHECK(*r.tag("Date") == "2026.11.30");
    CHECK(*r.tag("Time") == "21:15:07");
    CHECK(*r.tag("Event") == "Casual Chushogi game");
    CHECK(move_to_usi(r.plies[0].move) == "7j7h");            // 7八獅子 （←7十）: a Lion leap
    CHECK(r.plies[4].move.is_double());                       // 一歩目 9五 / 二歩目 9四
    CHECK(move_to_usi(r.plies[4].move) == "8f9e9d");
    CHECK(move_to_usi(r.plies[5].move) == "9c9d");            // 仝龍馬: on the last move's square
    CHECK(r.plies[5].nag == NAG_MISTAKE);                     // "* Mistake"
    CHECK(r.plies[5].comment == "the Lion is lost for a go-between and a pawn");
    CHECK(r.plies[2].comment == "the Lion heads for the go-between");
    CHECK(r.plies[9].move.is_igui());                         // （居食い）
    CHECK(r.plies[11].move.is_pass());                        // (じっと)
    CHECK(move_to_usi(r.plies[11].move) == "6g6f6g");
    CHECK(r.plies[12].move.is_promotion());                   // 龍馬成
}

TEST_CASE("KIF: the fixtures are written back exactly", "[record][kif]") {
    for (const char* name : {"lishogi-game.kif", "setup-gote-to-move.kif"}) {
        INFO(name);
        const std::string text = record_fixture(name);
        CHECK(write_kif(must_read(text, Format::KIF)) == text);
    }
}

TEST_CASE("KIF: a start diagram with the second player to move", "[record][kif]") {
    const Record r = must_read(record_fixture("setup-gote-to-move.kif"), Format::KIF);
    CHECK_FALSE(r.start_is_initial);
    CHECK(r.start.side_to_move() == BLACK);
    CHECK(to_xboard_fen(r.start).rfind("5k6/12/6n5/3ppp6/9P2/5N6/4+R7/12/6+P5/12/5G6/5K6 b", 0) == 0);
    REQUIRE(r.plies.size() == 5);
    CHECK(r.plies[1].move.is_double());
    CHECK(r.plies[3].move.is_promotion());  // 3四歩兵成
    CHECK(r.plies[4].move.is_pass());
    CHECK(move_to_usi(r.plies[4].move) == "7d7e7d");  // the square written, not another pass
    CHECK(r.result == "0-1");
}

TEST_CASE("KIF: tolerant reading (marks, clocks, 同, full-width digits, short names, CRLF, まで)", "[record][kif]") {
    const std::string loose =
        "\xEF\xBB\xBF# written by hand\r\n"
        "手合割：平手\r\n先手：alice\r\n後手：bob\r\n"
        "手数----指手---------消費時間--\r\n"
        "1 ▲7八獅 （←7十）   ( 0:03/00:00:03)\r\n"
        "2 △６五獅子 (←６三)\r\n"
        "3手目 ▲8六獅子（←7八）\r\n"
        "4手目 △3五歩 （←3四）\r\n"
        "5手目一歩目 ▲9五獅子 （←8六）\r\n"
        "5手目二歩目 ▲9四獅子 （←9五）\r\n"
        "6手目 △同　龍馬 （←9三）\r\n"
        "7手目 ▲6八歩兵まで （←6九）\r\n"
        "まで7手で中断\r\n";
    auto text = to_utf8(loose);
    REQUIRE(text);
    const Record r = must_read(*text, Format::KIF);
    const Record ref = must_read(record_fixture("lishogi-game.kif"), Format::KIF);
    REQUIRE(r.plies.size() == 7);
    for (size_t i = 0; i < 7; ++i) CHECK(r.plies[i].move == ref.plies[i].move);
    CHECK(r.result == "*");
    // Variations (変化) after the main line are not read.
    const std::string with_variation = record_fixture("lishogi-game.kif") + "\n変化：3手\n   3手目   8七獅子 （←7八）\n";
    CHECK(must_read(with_variation, Format::KIF).plies.size() == 14);
}

TEST_CASE("KIF: every malformed record is refused with the line and the reason", "[record][kif]") {
    const std::string h = HEAD;
    CHECK(error_of("先手：a\nthis is not KIF\n") == "line 2: not a header line, diagram row or move: this is not KIF");
    CHECK(error_of(h + "   1手目   7八 （←7九）\n").rfind("line 4: cannot read the move", 0) == 0);
    CHECK(error_of(h + "   1手目   7八歩兵\n").find("no origin square") != std::string::npos);
    CHECK(error_of(h + "   1手目   7七歩兵 （←7九）\n").rfind("line 4: move 1 is not legal here", 0) == 0);
    CHECK(error_of(h + "   1手目   7八獅子 （←7九）\n") == "line 4: the piece on 7九 is 歩兵, not 獅子");
    CHECK(error_of(h + "   1手目   7八歩兵 （←7九）\n   3手目   6五獅子 （←6三）\n") ==
          "line 5: move number 3, expected 2");
    CHECK(error_of(h + "   1手目   △7八歩兵 （←7九）\n") == "line 4: △ marks a move of the side not to move");
    CHECK(error_of(h + "   1手目   仝歩兵 （←7九）\n") == "line 4: 仝 (the same square) on the first move");
    CHECK(error_of(h + "   1手目   7八歩兵 （←7九\n") ==
          "line 4: cannot read the move '7八歩兵 （←7九': the origin square's bracket is not closed");
    CHECK(error_of(h + "   1手目   7八歩兵 （←7九） extra\n").find("unexpected text 'extra'") != std::string::npos);
    CHECK(error_of(h + "   1手目   7八歩兵 （←7九）\n   2手目   投了\n   3手目   6五獅子 （←6三）\n") ==
          "line 6: a move after the end of the game: 3手目   6五獅子 （←6三）");
    CHECK(error_of(h + "   1手目   7八獅子 （←7十）\n   2手目二歩目 6五獅子 （←6三）\n") == "line 5: 二歩目 without 一歩目");
    CHECK(error_of(h + "   1手目一歩目 7九獅子 （←7十）\n") == "line 4: 一歩目 without its 二歩目");
    CHECK(error_of(h + "   1手目一歩目 7九獅子 （←7十）\n   2手目   6五獅子 （←6三）\n") == "line 4: 一歩目 without its 二歩目");
    CHECK(error_of(h + "   1手目一歩目 7九獅子 （←7十）\n   1手目二歩目 7八獅子 （←6九）\n") ==
          "line 5: 二歩目 starts on 6九 but 一歩目 went to 7九");
    CHECK(error_of(h + "   1手目一歩目 7九獅子 （←7十）\n* note\n").find("a comment between 一歩目 and 二歩目") !=
          std::string::npos);
    CHECK(error_of(h + "   1手目一歩目 7九獅子 （←7十）\n   1手目二歩目 7十獅子（居食い） （←7九）\n")
              .rfind("line 4: move 1 is not legal here", 0) == 0);  // 7九 is the Lion's own Pawn
    const std::string game = record_fixture("lishogi-game.kif");
    auto without = [&](const std::string& mark) {
        std::string g = game;
        g.erase(g.find(mark), mark.size());
        return g;
    };
    CHECK(error_of(without("(じっと)")) == "line 24: a pass without (じっと)");
    CHECK(error_of(without("（居食い）")) == "line 21: igui without （居食い）");
    CHECK(error_of("手合割：香落ち\n" + h) ==
          "line 1: the handicap '香落ち' is not a Chu Shogi start (give a diagram)");
    CHECK(error_of("後手番\n" + h) == "line 4: 後手番 without a diagram");
    const std::string row = "|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|一\n";
    std::string eleven;
    for (int i = 0; i < 11; ++i) eleven += row;
    CHECK(error_of(eleven + h) == "line 1: the diagram has 11 rows, not 12");
    CHECK(error_of("|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|一\n" + eleven + h) ==
          "line 1: the diagram row has 11 squares, not 12");
    CHECK(error_of("|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・ v猫|一\n" + eleven + h) ==
          "line 1: unknown piece '猫' in the diagram");
}

TEST_CASE("KIF: squares and numbers", "[record][kif]") {
    const Square s = make_square(0, 0);  // XBoard a1 = lishogi 12l = KIF 12十二
    CHECK(write_kif(Record{}).find("手数----指手") != std::string::npos);
    size_t used = 0;
    auto p = parse_kif_square("12十二", used);
    REQUIRE(p);
    CHECK(*p == s);
    CHECK(used == std::string("12十二").size());
    CHECK(kif_square(make_square(5, 4)) == "7八");  // XBoard f5
    CHECK(kif_square(make_square(6, 1)) == "6十一");
    CHECK(kanji_number(12) == "十二");
    CHECK(kanji_number(364) == "三百六十四");
    CHECK(parse_kanji_number("三十一") == 31);
    CHECK(parse_kanji_number("１２") == 12);
    CHECK_FALSE(parse_kanji_number("x"));
}
