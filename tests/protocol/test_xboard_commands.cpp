// XBoard protocol: handshake, ping, errors for bad input, position set-up, undo, options.
#include <catch2/catch.hpp>

#include "xboard_test_io.hpp"

using namespace xboard_test;

namespace {
// The first line starting with prefix, or "".
std::string first_with(const std::vector<std::string>& lines, const std::string& prefix) {
    for (const auto& l : lines)
        if (l.rfind(prefix, 0) == 0) return l;
    return "";
}

// White Lion on f5 next to a Black Pawn on f6; kings in the corners; White to move.
const std::string LION_FEN = "11k/12/12/12/12/12/5p6/5N6/12/12/12/K11 w - - 0 1";
const std::string START = "xboard\nnew\nvariant chu\nforce\n";
}  // namespace

TEST_CASE("xboard: protover 2 announces the features and ends with done=1", "[xboard]") {
    auto out = transcript("xboard\nprotover 2\n");
    std::string all;
    for (const auto& l : out) {
        REQUIRE(l.rfind("feature ", 0) == 0);
        all += l + "\n";
    }
    for (const char* f : {"myname=\"Shishi", "variants=\"chu\"", "setboard=1", "usermove=1", "ping=1", "memory=1",
                          "colors=0", "sigint=0", "sigterm=0", "analyze=1", "highlight=1"})
        CHECK(all.find(f) != std::string::npos);
    for (const char* o :
         {"option=\"Rules -combo book /// *xboard /// lishogi\"", "option=\"Okazaki rule -check 0\"",
          "option=\"Lance promotes on last rank -check 0\"", "option=\"Lion victim protects -check 0\"",
          "option=\"Repetition rule -combo *XBoard /// JCSA /// Draw /// lishogi\"",
          "option=\"Bare King -combo *Off /// Book /// lishogi\"", "option=\"Host mate test -check 1\"",
          "option=\"Reversible ply limit -spin 102 0 10000\"", "option=\"SFEN counter-strike at capture -check 0\"",
          "option=\"Resign -check 0\"", "option=\"Contempt -spin 0 -1000 1000\""})
        CHECK(all.find(o) != std::string::npos);
    CHECK(out.back() == "feature done=1");
}

TEST_CASE("xboard: ping is answered with pong and the same number", "[xboard]") {
    auto out = transcript(START + "ping 7\nping 8\n");
    REQUIRE(out.size() == 2);
    CHECK(out[0] == "pong 7");
    CHECK(out[1] == "pong 8");
}

TEST_CASE("xboard: unknown commands get the XBoard error line", "[xboard]") {
    auto out = transcript(START + "frobnicate 1 2\n.\nping 1\n");
    REQUIRE(out.size() == 2);
    CHECK(out[0] == "Error (unknown command): frobnicate");
    CHECK(out[1] == "pong 1");
}

TEST_CASE("xboard: an illegal or malformed move is refused and changes nothing", "[xboard]") {
    auto out = transcript(START +
                          "usermove a4a6\nusermove a9a8\nusermove zz9\nusermove a4a5,\nusermove\n"
                          "usermove a4a5\nping 1\n");
    REQUIRE(out.size() == 6);
    CHECK(out[0] == "Illegal move (illegal move): a4a6");
    CHECK(out[1] == "Illegal move (not your piece on the origin square): a9a8");  // still White's turn
    CHECK(out[2] == "Illegal move (malformed move): zz9");
    CHECK(out[3] == "Illegal move (malformed move): a4a5,");
    CHECK(out[4] == "Error (bad argument): usermove");
    CHECK(out[5] == "pong 1");  // a4a5 was accepted silently
}

TEST_CASE("xboard: a bare move without usermove is still a move", "[xboard]") {
    auto out = transcript(START + "a4a5\na9a8\na5a7\nping 1\n");
    REQUIRE(out.size() == 2);
    CHECK(out[0] == "Illegal move (illegal move): a5a7");
    CHECK(out[1] == "pong 1");
}

TEST_CASE("xboard: setboard sets up a position, a malformed one keeps the previous", "[xboard]") {
    auto out = transcript(START + "setboard " + LION_FEN +
                          "\nsetboard 12/12 w - - 0 1\nsetboard\nusermove f5f6,f6f5\nping 1\n");
    REQUIRE(out.size() == 3);
    CHECK(out[0].rfind("tellusererror Illegal position: ", 0) == 0);
    CHECK(out[1].rfind("tellusererror Illegal position: ", 0) == 0);
    CHECK(out[2] == "pong 1");  // the igui was legal: the Lion position survived
}

TEST_CASE("xboard: multi-leg moves, igui and the null move", "[xboard]") {
    SECTION("double capture through the first victim") {
        auto out = transcript(START + "setboard " + LION_FEN + "\nusermove f5f6,f6f7\nusermove l12l11\n" +
                              "usermove f7f6\nping 1\n");
        REQUIRE(out.size() == 1);
        CHECK(out[0] == "pong 1");
    }
    SECTION("legs that do not connect are refused") {
        auto out = transcript(START + "setboard " + LION_FEN + "\nusermove f5f6,e6e7\n");
        REQUIRE(out.size() == 1);
        CHECK(out[0].rfind("Illegal move (", 0) == 0);
        CHECK(out[0].find("): f5f6,e6e7") != std::string::npos);
    }
    SECTION("@@@@ passes when the Lion has an empty neighbour") {
        auto out = transcript(START + "setboard " + LION_FEN + "\nusermove @@@@\nusermove l12k12\nping 1\n");
        REQUIRE(out.size() == 1);
        CHECK(out[0] == "pong 1");
    }
    SECTION("@@@@ is illegal where no pass is possible") {
        auto out = transcript(START + "usermove @@@@\n");
        REQUIRE(out.size() == 1);
        CHECK(out[0] == "Illegal move (no pass is possible): @@@@");
    }
    SECTION("a declined promotion may carry XBoard's '=' suffix") {
        auto out = transcript(START +
                              "setboard 11k/12/12/12/P11/12/12/12/12/12/12/K11 w - - 0 1\n"
                              "usermove a8a9=\nusermove l12l11\nusermove a9a10+\nping 1\n");
        REQUIRE(out.size() == 2);
        CHECK(out[0].rfind("Illegal move", 0) == 0);  // inside the zone without capture: no promotion
        CHECK(out[1] == "pong 1");
    }
}

TEST_CASE("xboard: undo takes back one ply, remove two", "[xboard]") {
    auto out = transcript(START +
                          "undo\nusermove h4h5\nusermove h9h8\nremove\nusermove h4h5\nundo\n"
                          "usermove h4h5\nusermove h9h8\nremove\nremove\nping 1\n");
    REQUIRE(out.size() == 3);
    CHECK(out[0] == "Error (command not legal now): undo");
    CHECK(out[1] == "Error (command not legal now): remove");
    CHECK(out[2] == "pong 1");
}

TEST_CASE("xboard: new resets the position after setboard", "[xboard]") {
    auto out = transcript(START + "setboard " + LION_FEN + "\nnew\nforce\nusermove h4h5\nping 1\n");
    REQUIRE(out.size() == 1);
    CHECK(out[0] == "pong 1");
}

TEST_CASE("xboard: options, memory, cores and clock commands check their values", "[xboard]") {
    auto out = transcript(START +
                          "option Okazaki rule=1\noption Bare King=0\noption Repetition rule=JCSA\n"
                          "option Bare King=Book\noption Reversible ply limit=60\noption Host mate test=0\n"
                          "option Resign=1\noption Contempt=-20\n"
                          "option Okazaki rule=yes\noption Repetition rule=Chess\noption Contempt=5000\n"
                          "option Reversible ply limit=-2\noption Bare King=JCSA\n"
                          "option Nonsense=1\n"
                          "memory 16\ncores 1\nmemory lots\ncores 0\n"
                          "level 40 5 0\nlevel 0 0:30 2\nlevel 0 1:30 0.5\nst 2\nsd 6\ntime 3000\notim 2000\n"
                          "level 40 x 0\nlevel 40\nst -1\nsd deep\ntime soon\notim\nping 1\n");
    std::vector<std::string> expected = {
        "Error (bad option value): option Okazaki rule=yes",
        "Error (bad option value): option Repetition rule=Chess",
        "Error (bad option value): option Contempt=5000",
        "Error (bad option value): option Reversible ply limit=-2",
        "Error (bad option value): option Bare King=JCSA",
        "Error (unknown option): option Nonsense=1",
        "Error (bad argument): memory lots",
        "Error (bad argument): cores 0",
        "Error (bad argument): level 40 x 0",
        "Error (bad argument): level 40",
        "Error (bad argument): st -1",
        "Error (bad argument): sd deep",
        "Error (bad argument): time soon",
        "Error (bad argument): otim",
        "pong 1",
    };
    CHECK(out == expected);
}

TEST_CASE("xboard: the Rules option chooses the rule set; xboard's adjudicates a stalemate as XBoard does",
          "[xboard][rule-set]") {
    // Black's bare King on a12 has no square that is not covered by a White Gold.
    const std::string stalemate = "setboard k11/2G9/G11/12/12/12/12/12/12/12/12/11K b - - 0 1\nsd 1\ngo\nping 1\n";
    auto x = transcript(START + stalemate);
    CHECK(first_with(x, "1/2-1/2") == "1/2-1/2 {Black is stalemated}");
    CHECK(first_with(x, "move ").empty());
    // The book's rules have no stalemate: the King moves (into capture).
    auto book = transcript(START + "option Rules=book\n" + stalemate);
    CHECK(first_with(book, "1/2-1/2").empty());
    CHECK(!first_with(book, "move ").empty());
    // The mate test alone switched off (every rule field is an option of its own): as the book.
    auto no_mate_test = transcript(START + "option Host mate test=0\n" + stalemate);
    CHECK(first_with(no_mate_test, "1/2-1/2").empty());
    CHECK(!first_with(no_mate_test, "move ").empty());
    // lishogi's: a bare king, so White has won already.
    auto lishogi = transcript(START + "option Rules=lishogi\n" + stalemate);
    CHECK(first_with(lishogi, "1-0") == "1-0 {Black has a bare king}");
    auto bad = transcript(START + "option Rules=chess\n");
    CHECK(first_with(bad, "Error") == "Error (bad option value): option Rules=chess");
}

TEST_CASE("xboard: variants other than chu are refused", "[xboard]") {
    auto out = transcript("xboard\nprotover 2\nnew\nvariant chu\nvariant shogi\nping 1\n");
    REQUIRE(out.size() >= 2);
    CHECK(out[out.size() - 2] == "Error (unsupported variant): variant shogi");
    CHECK(out.back() == "pong 1");
}

TEST_CASE("xboard: quit and end of input end the session with exit code 0", "[xboard]") {
    int rc = -1;
    auto out = transcript(START + "quit\nping 1\n", &rc);
    CHECK(out.empty());  // nothing after quit is read
    CHECK(rc == 0);
    transcript(START, &rc);
    CHECK(rc == 0);
}
