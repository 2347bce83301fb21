// XBoard PGN: a game saved by real XBoard 4.9 (SAN, Lion double moves and igui, comments,
// its adjudication comment), shishi-match's games written back byte for byte, and a message
// for every malformed record.
#include <catch2/catch.hpp>

#include <regex>

#include "record_test_support.hpp"
#include "shishi/record/pgn.hpp"
#include "shishi/record/san.hpp"

using namespace shishi;
using namespace shishi::record;
using shishi::test::must_read;
using shishi::test::record_fixture;

namespace {

std::string error_of(const std::string& pgn) {
    auto r = read_pgn(pgn);
    CHECK_FALSE(r);
    CHECK_FALSE(r.value.has_value());
    return r.error;
}

}  // namespace

TEST_CASE("PGN: a game saved by XBoard, in its SAN", "[record][pgn]") {
    const Record r = must_read(record_fixture("xboard-shishi-vs-shishi.pgn"), Format::PGN);
    REQUIRE(r.plies.size() == 104);
    CHECK(r.result == "0-1");
    CHECK(r.final_comment == "Xboard adjudication: Checkmate");
    CHECK(r.plies[0].comment == "+0.30/3");
    CHECK(r.plies[103].comment == "+1000.02/3");
    CHECK(*r.tag("Annotator") == "1. +0.30   1... +0.06");
    CHECK(move_to_xboard(r.plies[0].move) == "f4f5");  // "f5": a Pawn
    CHECK(move_to_xboard(r.plies[27].move) == "j6k7");  // "Hjk7": origin file given
    CHECK(move_to_xboard(r.plies[28].move) == "j3j11+");  // "Vxj11+": promotion
    CHECK(move_to_xboard(r.plies[46].move) == "k9g5");  // "+Bg5": a promoted piece
    CHECK(r.plies[90].move.is_double());  // "Nxd9xd8"
    CHECK(move_to_xboard(r.plies[90].move) == "e8d9,d9d8");
    CHECK(move_to_xboard(r.plies[91].move) == "j6i5,i5j4");  // "Nxi5-j4"
    CHECK(r.plies[93].move.is_igui());  // "Nxk3-j4" from j4
}

TEST_CASE("PGN: shishi-match's games are written back byte for byte", "[record][pgn]") {
    const std::string text = record_fixture("shishi-match-2games.pgn");
    REQUIRE(count_pgn_games(text) == 2);
    const size_t second = text.find("[Event", 1);
    const Record g1 = must_read(text, Format::PGN, 1);
    const Record g2 = must_read(text, Format::PGN, 2);
    // The fixture was saved before the writer wrote multi-leg moves in XBoard's long algebraic
    // form ("e6d5-d6" rather than the engine protocol's "e6d5,d5d6"); apart from that and the
    // line breaks it moves, the text is the same.
    auto canonical = [](std::string t) {
        t = std::regex_replace(t, std::regex("([a-l][0-9]+)([a-l][0-9]+),\\2([a-l][0-9]+)"), "$1$2-$3");
        return std::regex_replace(t, std::regex("[ \n]+"), " ");
    };
    CHECK(canonical(write_pgn(g1)) == canonical(text.substr(0, second)));
    CHECK(canonical(write_pgn(g2)) == canonical(text.substr(second)));
    CHECK(write_pgn(g1).find("e6d5-d6") != std::string::npos);
    CHECK(text.find("e6d5,d5d6") != std::string::npos);
    CHECK(g1.plies[4].comment == "opening");
    CHECK(g1.final_comment == "Black's last royal piece was captured");
    CHECK_FALSE(read_pgn(text, 3));
    CHECK(read_pgn(text, 3).error == "there is no game 3 (the file holds 2)");
}

TEST_CASE("PGN: NAGs, glyphs, variations, ; comments, a set-up position and the pass", "[record][pgn]") {
    const std::string pgn =
        "[Event \"t\"]\n[Variant \"chu\"]\n[SetUp \"1\"]\n"
        "[FEN \"k11/12/12/12/12/12/5p6/5N6/12/12/12/11K w - - 0 1\"]\n\n"
        "{before} 1. @@@@ $6 ; the Lion waits\n a12a11 ?? (1... a12b12 2. f5f6) 2. f5f6,f6f5! {igui} *\n";
    const Record r = must_read(pgn, Format::PGN);
    REQUIRE(r.plies.size() == 3);
    CHECK_FALSE(r.start_is_initial);
    CHECK(r.start_comment == "before");
    CHECK(r.plies[0].move.is_pass());
    CHECK(r.plies[0].nag == NAG_INACCURACY);
    CHECK(r.plies[1].nag == NAG_BLUNDER);
    CHECK(r.plies[2].move.is_igui());
    CHECK(r.plies[2].nag == NAG_GOOD);
    CHECK(r.final_comment == "igui");
    CHECK(r.result == "*");
    // written and read back: the same game, marks and comments
    const Record back = must_read(write_pgn(r), Format::PGN);
    shishi::test::require_same_game(r, back);
    CHECK(back.plies[1].nag == NAG_BLUNDER);
    CHECK(back.start_comment == "before");
}

TEST_CASE("PGN: every malformed record is refused with the line and the reason", "[record][pgn]") {
    CHECK(error_of("[Event t]\n\n1. f4f5 *\n") == "line 1: a tag value must be in quotes: [Event t]");
    CHECK(error_of("[Event \"t]\n\n1. f4f5 *\n") == "line 1: the tag value has no closing quote: [Event \"t]");
    CHECK(error_of("[Event \"t\"\n\n1. f4f5 *\n") == "line 1: the tag has no closing ']': [Event \"t\"");
    CHECK(error_of("[Variant \"shogi\"]\n\n1. f4f5 *\n") == "line 1: Variant \"shogi\" is not Chu Shogi");
    CHECK(error_of("[FEN \"12/12 w\"]\n\n*\n").rfind("line 1: bad FEN tag: ", 0) == 0);
    CHECK(error_of("[Result \"2-0\"]\n\n*\n") == "line 1: Result \"2-0\" is not 1-0, 0-1, 1/2-1/2 or *");
    CHECK(error_of("[Event \"t\"]\n\n1. f4f5 e9e8\n2. f4f3 *\n")
              .rfind("line 4: move 2 (White) 'f4f3' is not a legal move here: ", 0) == 0);
    CHECK(error_of("1. f4f5 {never closed\n") == "line 1: comment '{' is never closed");
    CHECK(error_of("1. f4f5 (e9e8\n") == "a variation '(' is never closed");
    CHECK(error_of("1. f4f5 ) *\n") == "line 1: ')' without '('");
    CHECK(error_of("[Result \"1-0\"]\n\n1. f4f5 0-1\n") == "line 3: the result 0-1 differs from the Result tag 1-0");
    CHECK(error_of("1. f4f5 * e9e8\n") == "line 1: 'e9e8' after the result *");
    CHECK(error_of("$2 1. f4f5 *\n") == "line 1: bad annotation '$2'");
    CHECK(error_of("?\? 1. f4f5 *\n") == "line 1: '?\?' before the first move");
    CHECK(error_of("") == "no game in the PGN text");
    CHECK(error_of("[PlyCount \"x\"]\n\n1. f4f5 *\n") == "line 1: PlyCount \"x\" is not a number");
}

TEST_CASE("PGN: a comment left open is refused, not read as a shorter game", "[record][pgn]") {
    // Issue 24: a '{' never closed swallowed the moves up to the next comment's '}' and the
    // game converted as 5 plies of a 101-ply game.
    const std::string games = record_fixture("shishi-match-2games.pgn");
    std::string open = games;
    const size_t brace = open.find('}', open.find("\n\n"));
    open.erase(brace, 1);
    auto r = read_pgn(open);
    CHECK_FALSE(r);
    CHECK(r.error == "line 51: '{' inside the comment opened on line 13 (is that comment not closed?)");
    // Without any later '{', the PlyCount tag shows the moves missing.
    CHECK(error_of("[PlyCount \"3\"]\n\n1. f4f5 {open e9e8 2. f5f6} *\n") ==
          "line 1: the PlyCount tag says 3 plies but the move text holds 1");
    CHECK(must_read("[PlyCount \"2\"]\n\n1. f4f5 e9e8 *\n", Format::PGN).plies.size() == 2);
}

TEST_CASE("PGN: braces inside a comment are written as parentheses and read back", "[record][pgn]") {
    // Issue 24: HaChu's "0-1 {resign}" became "{Black resigns {resign)}" in shishi-match's PGN.
    Record r = must_read("1. f4f5 *\n", Format::PGN);
    r.result = "0-1";
    r.final_comment = "Black resigns {resign}";
    r.plies[0].comment = "a {b} c";
    const std::string pgn = write_pgn(r);
    CHECK(pgn.find("{Black resigns (resign)} 0-1") != std::string::npos);
    const Record back = must_read(pgn, Format::PGN);
    CHECK(back.final_comment == "Black resigns (resign)");
    CHECK(back.plies[0].comment == "a (b) c");
}

TEST_CASE("PGN: a KIF header named as a tag the writer sets itself, or valued '?', is not written", "[record][pgn]") {
    // Found by fuzz_records: the KIF header "PlyCount：::" became a second [PlyCount "::"], which
    // the reader refuses; "Q：?" became [Q "?"], which the reader drops as unknown, so the second
    // writing differed from the first.
    const Record r = must_read(
        "PlyCount：::\nVariant：shogi\nFEN：x\nSetUp：1\nQ：?\nAnnotator：a\n"
        "手数----指手---------消費時間--\n",
        Format::KIF);
    const std::string text = write_record(r, Format::PGN);
    INFO(text);
    for (const char* gone : {"[PlyCount \"::\"]", "[Variant \"shogi\"]", "[FEN ", "[SetUp ", "[Q "})
        CHECK(text.find(gone) == std::string::npos);
    CHECK(text.find("[Variant \"chu\"]\n[Annotator \"a\"]\n[PlyCount \"0\"]\n") != std::string::npos);
    const Record back = must_read(text, Format::PGN);
    CHECK(*back.tag("Annotator") == "a");
    CHECK(write_record(back, Format::PGN) == text);
}

TEST_CASE("Records: a file of several games needs --game; game 0 is the only game", "[record][pgn]") {
    // Issue 24: converting a PGN of 4 games silently converted the first.
    const std::string two = record_fixture("shishi-match-2games.pgn");
    auto r = read_record(two, Format::PGN, 0);
    CHECK_FALSE(r);
    CHECK(r.error == "the file holds 2 games: choose one with --game N (1 to 2)");
    CHECK(read_record(two, Format::PGN, 2));
    const std::string one = two.substr(0, two.find("[Event", 10));
    CHECK(read_record(one, Format::PGN, 0));
    CHECK(read_record(record_fixture("lishogi-game.kif"), Format::KIF, 0));
    CHECK(read_record(record_fixture("lishogi-game.kif"), Format::KIF, 2).error ==
          "there is no game 2 (a KIF holds one game)");
}

TEST_CASE("SAN: XBoard's forms and the messages", "[record][pgn][san]") {
    const Position start = Position::start();
    CHECK(move_to_xboard(*parse_san_move(start, "f5")) == "f4f5");
    CHECK(move_to_xboard(*parse_san_move(start, "Nf5")) == "f3f5");  // a Lion leap (XBoard's N is the Lion)
    CHECK(parse_san_move(start, "Zf5").error == "no piece is written 'Z'");
    CHECK(parse_san_move(start, "Pf9").error == "no legal move matches");
    CHECK(parse_san_move(start, "Pf13").error == "rank 13 is off the board");
    // A long run of digits is no rank (it overflowed an int: found by fuzz_records).
    CHECK(parse_san_move(start, "f99999999999").error == "rank 99999999999 is off the board");
    CHECK(parse_san_move(start, "N").error == "no destination square");
}

TEST_CASE("PGN: variations are read and written; an unknown date stays unknown", "[record][pgn]") {
    // Variations were skipped, so a KIF's 変化 was lost through PGN.
    const Record kif = must_read(record_fixture("shogiops-lion-on-last-square.kif"), Format::KIF);
    const std::string pgn = write_pgn(kif);
    CHECK(pgn.find("(3. e7e8 d8d7) 3... d9d8") != std::string::npos);  // 変化：5手, after move 5 (3. in PGN)
    const Record back = must_read(pgn, Format::PGN);
    REQUIRE(back.plies[4].variations.size() == 1);
    CHECK(back.plies[4].variations[0].size() == 2);
    CHECK(back.plies[4].variations[0][0].move == kif.plies[4].variations[0][0].move);
    CHECK(back.plies[6].variations.at(0).at(0).comment == "simpler");
    // A Black move after a variation gets its number again.
    const Record r = must_read("1. f4f5 (1. e4e5 e9e8) 1... e9e8 (1... g9g8) 2. f5f6 *\n", Format::PGN);
    REQUIRE(r.plies.size() == 3);
    CHECK(r.plies[0].variations.at(0).size() == 2);
    CHECK(r.plies[1].variations.at(0).size() == 1);
    CHECK(write_pgn(r).find("1. f4f5 (1. e4e5 e9e8) 1... e9e8 (1... g9g8) 2. f5f6 *") != std::string::npos);
    CHECK(error_of("( 1. f4f5 ) *\n") == "line 1: a variation '(' before any move");
    CHECK(error_of("1. f4f5 ( ) *\n") == "line 1: an empty variation '()'");
    CHECK(error_of("1. f4f5 (1. e4e5 *) *\n") == "line 1: the result * inside a variation");
    CHECK(error_of("1. f4f5 (1. f4f9) *\n").rfind("line 1: move 1 (White) 'f4f9' is not a legal move here", 0) == 0);
    // Date "?" (what the writer puts for an unknown date) is no date.
    CHECK_FALSE(must_read("[Date \"?\"]\n\n1. f4f5 *\n", Format::PGN).tag("Date"));
}

TEST_CASE("PGN: two tags on a line are read; other text after a tag is refused", "[record][pgn]") {
    // Text after a tag's ']' was dropped unseen, a second tag with it (found by fuzz_records).
    const Record r = must_read("[Event \"x\"] [Site \"y\"]\n\n1. f4f5 *\n", Format::PGN);
    CHECK(*r.tag("Event") == "x");
    CHECK(*r.tag("Site") == "y");
    CHECK(error_of("[Site \"vm\"] junk\n\n1. f4f5 *\n") == "line 1: text after the tag's ']': [Site \"vm\"] junk");
}

TEST_CASE("PGN: a game without moves keeps its reason apart from its start comment", "[record][pgn]") {
    // An engine that fails before the first move gives "{reason} 0-1" and nothing else; the
    // reason read back as the start comment (found by fuzz_records).
    Record r;
    r.result = "0-1";
    r.final_comment = "White's engine stopped (crash or exit)";
    const Record back = must_read(write_pgn(r), Format::PGN);
    CHECK(back.final_comment == r.final_comment);
    CHECK(back.start_comment.empty());
    r.start_comment = "before";
    const Record both = must_read(write_pgn(r), Format::PGN);
    CHECK(both.start_comment == "before");
    CHECK(both.final_comment == r.final_comment);
    CHECK(must_read("{only} *\n", Format::PGN).start_comment == "only");
}

TEST_CASE("PGN: a comment is written trimmed, as it reads back", "[record][pgn]") {
    // A KIF comment ending in an empty line became "{) }", read back as ")" (found by fuzz_records).
    Record r;
    r.start_comment = ")\n";
    const std::string pgn = write_pgn(r);
    CHECK(pgn.find("{)}") != std::string::npos);
    CHECK(write_pgn(must_read(pgn, Format::PGN)) == pgn);
}
