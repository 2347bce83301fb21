// USI output text: scores, info lines (principal variation cut at the first illegal move),
// bestmove with ponder, and the fallback when the searcher's move is unusable.
#include <catch2/catch.hpp>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/protocol/usi_info.hpp"

using namespace shishi;

namespace {

Move usi_move(const Position& pos, const char* text) {
    Parsed<Move> m = parse_usi_move(pos, text);
    REQUIRE(m);
    return *m;
}

}  // namespace

TEST_CASE("usi info: centipawn and mate scores", "[usi]") {
    CHECK(usi::format_score(0) == "cp 0");
    CHECK(usi::format_score(-135) == "cp -135");
    CHECK(usi::format_score(SCORE_MATE) == "mate 1");
    CHECK(usi::format_score(SCORE_MATE - 2) == "mate 3");
    CHECK(usi::format_score(-(SCORE_MATE - 1)) == "mate -2");
}

TEST_CASE("usi info: an info line carries every field and the pv in USI notation", "[usi]") {
    Position pos = Position::start();
    SearchInfo info;
    info.depth = 3;
    info.seldepth = 7;
    info.score = 42;
    info.nodes = 5000;
    info.time_ms = 250;
    info.hashfull = 12;
    Move a = usi_move(pos, "3i3h");
    Position after = pos;
    after.make(a);
    Move b = usi_move(after, "10d10e");
    info.pv = {a, b};
    CHECK(usi::format_info(info, pos) ==
          "info depth 3 seldepth 7 score cp 42 nodes 5000 nps 20000 time 250 hashfull 12 pv 3i3h 10d10e");
}

TEST_CASE("usi info: nps is 0 until a millisecond has passed, and no pv is no pv field", "[usi]") {
    SearchInfo info;
    info.depth = 1;
    info.nodes = 40;
    CHECK(usi::format_info(info, Position::start()) ==
          "info depth 1 seldepth 1 score cp 0 nodes 40 nps 0 time 0 hashfull 0");
}

TEST_CASE("usi info: the pv stops at the first move that is not legal", "[usi]") {
    Position pos = Position::start();
    SearchInfo info;
    info.depth = 2;
    Move a = usi_move(pos, "3i3h");
    // the same move again is not legal for the second player
    info.pv = {a, a, a};
    std::string line = usi::format_info(info, pos);
    CHECK(line.size() >= 8);
    CHECK(line.substr(line.size() - 8) == " pv 3i3h");
    info.pv = {Move::normal(make_square(0, 0), make_square(0, 5))};  // a lance cannot jump
    CHECK(usi::format_info(info, pos).find(" pv") == std::string::npos);
}

TEST_CASE("usi bestmove: the searcher's move and ponder, or a legal fallback, or resign", "[usi]") {
    Position pos = Position::start();
    SearchResult r;
    r.best = usi_move(pos, "3i3h");
    Position after = pos;
    after.make(r.best);
    r.ponder = usi_move(after, "10d10e");
    CHECK(usi::format_bestmove(usi::choose_best_move(pos, r)) == "bestmove 3i3h ponder 10d10e");

    r.ponder = r.best;  // not legal for the reply: dropped
    CHECK(usi::format_bestmove(usi::choose_best_move(pos, r)) == "bestmove 3i3h");

    r.best = Move::none();  // stopped before any move: still a legal move
    usi::BestMove bm = usi::choose_best_move(pos, r);
    CHECK(is_legal(pos, bm.best));
    CHECK(bm.ponder.is_none());

    Parsed<Position> bare = parse_sfen("6k5/12/12/12/12/12/12/12/12/12/12/12 b - 1");  // no royal
    REQUIRE(bare);
    CHECK(usi::format_bestmove(usi::choose_best_move(*bare, SearchResult{})) == "bestmove resign");
}

TEST_CASE("usi bestmove: a pass is written as the Lion's out-and-back that is really possible", "[usi]") {
    Parsed<Position> p = parse_sfen("6k5/12/12/12/12/6p5/5N6/12/12/12/12/5K6 b - 1");
    REQUIRE(p);
    Move pass = usi_move(*p, "7g7f7g");
    SearchResult r;
    r.best = Move::pass(make_square(5, 0), make_square(5, 1));  // the King cannot pass
    usi::BestMove bm = usi::choose_best_move(*p, r);
    CHECK(bm.best == pass);
    std::string text = usi::format_bestmove(bm);
    Parsed<Move> back = parse_usi_move(*p, text.substr(9));
    REQUIRE(back);
    CHECK(back.value->is_pass());
}
