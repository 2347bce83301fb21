// Search: tactics (royal capture, forced capture in two, winning material), limits, stop() from
// another thread, positions without moves, and the transposition table's mate-score handling.
#include <catch2/catch.hpp>

#include <chrono>
#include <atomic>
#include <thread>
#include <vector>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/game.hpp"
#include "shishi/tools/bench.hpp"
#include "shishi/search/search.hpp"
#include "shishi/search/tt.hpp"

using namespace shishi;

namespace {

Position from_fen(const char* fen) {
    auto p = parse_xboard_fen(fen);
    REQUIRE(p);
    return *p;
}

SearchResult search_depth(Position& pos, int depth) {
    Searcher s(8);
    SearchLimits l;
    l.depth = depth;
    return s.search(pos, l);
}

}  // namespace

TEST_CASE("search captures the last enemy royal when it can", "[search]") {
    // White Rook on l1 sees the lone black King on l12.
    Position pos = from_fen("11k/12/12/12/12/12/12/12/12/12/12/K10R w - - 0 1");
    const std::string before = to_xboard_fen(pos);
    SearchResult r = search_depth(pos, 3);
    CHECK(r.best.from() == make_square(11, 0));
    CHECK(r.best.to() == make_square(11, 11));
    CHECK(r.score == SCORE_MATE);
    CHECK(is_mate_score(r.score));
    CHECK(mate_in_moves(r.score) == 1);
    CHECK(to_xboard_fen(pos) == before);  // position restored
}

TEST_CASE("search finds a royal capture on its second move", "[search]") {
    // The Lion steps within two squares of the cornered King, which cannot get out of reach.
    Position pos = from_fen("k11/12/12/4N7/12/12/12/12/12/12/12/11K w - - 0 1");
    SearchResult r = search_depth(pos, 4);
    CHECK(r.score == SCORE_MATE - 2);
    CHECK(mate_in_moves(r.score) == 2);
    // After the chosen move the King must be inside the Lion's reach whatever Black does.
    pos.make(r.best);
    MoveList replies;
    generate_legal(pos, replies);
    REQUIRE(!replies.empty());
    for (Move reply : replies) {
        pos.make(reply);
        Searcher s(1);
        SearchLimits l;
        l.depth = 1;
        CHECK(s.search(pos, l).score == SCORE_MATE);
        pos.unmake();
    }
}

TEST_CASE("the side about to lose its royal sees the mate against it", "[search]") {
    Position pos = from_fen("11k/12/12/12/12/12/12/12/12/12/12/K10R b - - 0 1");
    // Black to move; the Rook on l1 attacks the King. Stepping aside to k-file escapes.
    SearchResult r = search_depth(pos, 3);
    REQUIRE(!r.best.is_none());
    pos.make(r.best);
    MoveList l;
    generate_legal(pos, l);
    bool king_capturable = false;
    for (Move m : l) {
        pos.make(m);
        if (pos.royal_count(BLACK) == 0) king_capturable = true;
        pos.unmake();
    }
    CHECK_FALSE(king_capturable);
}

TEST_CASE("search prefers winning an undefended piece", "[search]") {
    Position pos = from_fen("11k/12/12/12/4g7/12/12/12/12/12/12/K3R7 w - - 0 1");
    SearchResult r = search_depth(pos, 4);
    CHECK(move_to_xboard(r.best) == "e1e8");
    CHECK(r.score > 200);
}

TEST_CASE("search returns none without a royal or without a legal move", "[search]") {
    SECTION("no royal") {
        Position pos = from_fen("12/12/12/12/12/12/12/12/12/12/12/K11 b - - 0 1");
        SearchResult r = search_depth(pos, 3);
        CHECK(r.best.is_none());
        CHECK(r.score < -SCORE_MATE_BOUND);
    }
    SECTION("walled in by its own dead and blocked pawns") {
        Position pos = from_fen("kp10/pp10/pp10/pp10/pp10/pp10/pp10/pp10/pp10/pp10/pp10/pp9K b - - 0 1");
        REQUIRE(count_legal(pos) == 0);
        SearchResult r = search_depth(pos, 3);
        CHECK(r.best.is_none());
        CHECK(r.score < -SCORE_MATE_BOUND);
    }
}

TEST_CASE("search respects depth and node limits", "[search]") {
    Position pos = Position::start();
    Searcher s(8);
    SearchLimits l;
    l.depth = 3;
    int deepest = 0;
    SearchResult r = s.search(pos, l, [&](const SearchInfo& info) { deepest = info.depth; });
    CHECK(r.depth == 3);
    CHECK(deepest == 3);
    CHECK(is_legal(pos, r.best));

    SearchLimits n;
    n.nodes = 3000;
    r = s.search(pos, n);
    CHECK(r.nodes >= 3000);
    CHECK(r.nodes < 3000 + 1024);
    CHECK(is_legal(pos, r.best));
}

TEST_CASE("movetime is honoured", "[search]") {
    Position pos = Position::start();
    Searcher s(8);
    SearchLimits l;
    l.movetime_ms = 150;
    const auto t0 = std::chrono::steady_clock::now();
    SearchResult r = s.search(pos, l);
    const auto took = std::chrono::steady_clock::now() - t0;
    // It uses its time (a search of the start position does not end by itself) and stops near
    // it: ignoring movetime would search on without end. How near is measured by matches (no
    // time forfeits), not here: a loaded CI machine can delay any thread by tens of ms.
    CHECK(took >= std::chrono::milliseconds(100));
    CHECK(took < std::chrono::milliseconds(150 + 850));
    CHECK(is_legal(pos, r.best));
}

TEST_CASE("a search with almost no clock left still returns a legal move fast", "[search]") {
    Position pos = Position::start();
    Searcher s(8);
    SearchLimits l;
    l.time_left_ms = 5;
    SearchResult r = s.search(pos, l);
    // A 1 ms budget stops it within a few hundred nodes whatever the machine's load (load only
    // lowers the count); a search ignoring the clock would never stop.
    CHECK(r.nodes < 20000);
    CHECK(is_legal(pos, r.best));
}

TEST_CASE("transposition table round trip keeps mate distances relative to the node", "[search][tt]") {
    TranspositionTable tt(1);
    const uint64_t key = 0x123456789abcdefULL;
    const Move m = Move::normal(make_square(1, 1), make_square(1, 2));
    // Stored at ply 5 as "root mates at ply 7"; probed at ply 3 it is two plies nearer.
    tt.store(key, 5, m, SCORE_MATE - 7, 6, BOUND_EXACT);
    TTHit hit;
    REQUIRE(tt.probe(key, 3, hit));
    CHECK(hit.move == m);
    CHECK(hit.score == SCORE_MATE - 5);
    CHECK(hit.depth == 6);
    CHECK(hit.bound == BOUND_EXACT);

    tt.store(key ^ 1, 4, m, -SCORE_MATE + 9, 2, BOUND_UPPER);
    REQUIRE(tt.probe(key ^ 1, 6, hit));
    CHECK(hit.score == -SCORE_MATE + 11);
    CHECK(hit.bound == BOUND_UPPER);

    tt.store(key ^ 2, 4, m, 123, 3, BOUND_LOWER);
    REQUIRE(tt.probe(key ^ 2, 9, hit));
    CHECK(hit.score == 123);  // ordinary scores are not shifted

    CHECK_FALSE(tt.probe(key ^ 3, 0, hit));
    CHECK(tt.hashfull() >= 0);
    tt.clear();
    CHECK_FALSE(tt.probe(key, 3, hit));
}

TEST_CASE("bench node count is deterministic", "[search][bench]") {
    std::ostringstream a, b;
    const uint64_t n1 = run_bench(3, a);
    const uint64_t n2 = run_bench(3, b);
    CHECK(n1 == n2);
    CHECK(n1 > 0);
    CHECK(a.str().find("nodes " + std::to_string(n1)) != std::string::npos);
    CHECK(a.str().find("nps ") != std::string::npos);
}

TEST_CASE("bench positions are the start and seven middlegames reached by legal moves", "[search][bench]") {
    const std::vector<std::string> lists = bench_move_lists();
    REQUIRE(lists.size() == 8);
    CHECK(lists[0].empty());
    for (size_t i = 0; i < lists.size(); ++i) {
        INFO("bench position " << i + 1);
        Parsed<Position> pos = bench_position(lists[i]);
        REQUIRE(pos);
        if (i > 0) CHECK(pos.value->plies() >= 30);  // a middlegame, not an opening
    }
    // A bad move list is refused with the move named, not played around.
    Parsed<Position> bad = bench_position("h2i2 z9z9");
    REQUIRE_FALSE(bad);
    CHECK(bad.error.find("z9z9") != std::string::npos);
}

namespace {

// White's King can only shuttle a1-a2 (walled in by its own blocked and dead Pawns); Black's
// King steps l12-k12 and back. After four plies the start position is there a second time and
// White's only move, a1a2, repeats the position White made on move one.
Position shuttle_after_cycle(RepetitionRule rule) {
    Position pos = from_fen("PP9k/PP10/PP10/PP10/PP10/PP10/PP10/PP10/PP10/PP10/1P10/KP10 w - - 0 1");
    RuleSet rules;
    rules.repetition = rule;
    pos.set_rules(rules);
    for (const char* text : {"a1a2", "l12k12", "a2a1", "k12l12"}) {
        auto m = parse_xboard_move(pos, text);
        REQUIRE(m);
        pos.make(*m);
    }
    REQUIRE(count_legal(pos) == 1);
    return pos;
}

}  // namespace

TEST_CASE("repeating a position loses for the repeater under the default rule", "[search][repetition]") {
    Position pos = shuttle_after_cycle(RepetitionRule::XBOARD);
    Searcher s(8);
    SearchLimits l;
    l.depth = 3;
    SearchResult r = s.search(pos, l);
    CHECK(move_to_xboard(r.best) == "a1a2");
    CHECK(r.score <= -10000);  // scored as a loss by rule, beyond any material
    CHECK_FALSE(is_mate_score(r.score));
    CHECK(pos.plies() == 4);
}

TEST_CASE("with the draw rule a repetition scores as a draw shaded by contempt", "[search][repetition]") {
    Position pos = shuttle_after_cycle(RepetitionRule::DRAW);
    Searcher s(8);
    SearchLimits l;
    l.depth = 3;
    CHECK(s.search(pos, l).score == 0);
    s.set_contempt(50);
    s.new_game();
    CHECK(s.search(pos, l).score == -50);
}

TEST_CASE("search avoids a losing repetition when it has another move", "[search][repetition]") {
    // Black's King shuttled l12-k12 and back; White's Rook went a1-b1 and back. Now b1 again
    // would repeat White's earlier position; it must choose something else.
    Position pos = from_fen("11k/12/12/12/12/12/12/12/12/12/12/R10K w - - 0 1");
    for (const char* text : {"a1b1", "l12k12", "b1a1", "k12l12"}) {
        auto m = parse_xboard_move(pos, text);
        REQUIRE(m);
        pos.make(*m);
    }
    Searcher s(8);
    SearchLimits l;
    l.depth = 4;
    SearchResult r = s.search(pos, l);
    CHECK(move_to_xboard(r.best) != "a1b1");
    CHECK(r.score > -10000);
}

TEST_CASE("engine plays a legal game against itself", "[search][slow]") {
    Game game;
    Searcher white(8), black(8);
    SearchLimits l;
    l.nodes = 1500;
    int plies = 0;
    while (!game.status().over() && plies < 120) {
        Position pos = game.position();
        Searcher& s = pos.side_to_move() == WHITE ? white : black;
        SearchResult r = s.search(pos, l);
        REQUIRE(!r.best.is_none());
        REQUIRE(is_legal(game.position(), r.best));
        game.play(r.best);
        ++plies;
    }
    CHECK(plies > 10);
}

TEST_CASE("pondering ignores the clock until ponderhit, then keeps to it", "[search]") {
    Position pos = Position::start();
    Searcher s(8);
    SearchLimits l;
    l.ponder = true;
    l.movetime_ms = 100;
    std::atomic<bool> done{false};
    SearchResult r;
    std::thread worker([&] {
        r = s.search(pos, l);
        done = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    CHECK_FALSE(done.load());  // 300 ms > movetime: only pondering keeps it going
    const auto t0 = std::chrono::steady_clock::now();
    s.ponderhit();
    worker.join();
    const auto took = std::chrono::steady_clock::now() - t0;
    // The movetime (100 ms) now counts from the ponderhit; the bound leaves room for a loaded
    // machine (a search that went on pondering would never end by itself).
    CHECK(took < std::chrono::milliseconds(100 + 900));
    CHECK(is_legal(pos, r.best));
}

TEST_CASE("iteration reports carry a legal principal variation and hashfull", "[search]") {
    Position pos = Position::start();
    Searcher s(1);
    s.set_hash_mb(2);  // replaced table, still works
    SearchLimits l;
    l.depth = 5;
    std::vector<SearchInfo> infos;
    SearchResult r = s.search(pos, l, [&](const SearchInfo& i) { infos.push_back(i); });
    REQUIRE(infos.size() == 5);
    for (size_t i = 0; i < infos.size(); ++i) {
        CHECK(infos[i].depth == int(i) + 1);
        CHECK(infos[i].hashfull >= 0);
        CHECK(infos[i].hashfull <= 1000);
        CHECK(infos[i].seldepth >= infos[i].depth);
        REQUIRE(!infos[i].pv.empty());
        int made = 0;
        for (Move m : infos[i].pv) {
            REQUIRE(is_legal(pos, m));
            pos.make(m);
            ++made;
        }
        while (made--)
            pos.unmake();
    }
    CHECK(infos.back().pv.front() == r.best);
    CHECK(infos.back().hashfull > 0);
    CHECK(s.nodes_searched() == r.nodes);
}

TEST_CASE("allow_pass = false keeps a turn pass out of the root while other moves exist", "[search]") {
    // Every Lion move hangs the Lion and every King move walks into the Rook on l11, so at
    // depth 1 the pass is the best move; with passes disallowed the search plays something else.
    Position pos = from_fen("N4PKP4/11r/11r/12/12/12/12/10k1/12/12/12/1rr9 w - - 0 1");
    Searcher s(8);
    SearchLimits l;
    l.depth = 1;
    CHECK(s.search(pos, l).best.is_pass());
    l.allow_pass = false;
    for (int depth = 1; depth <= 3; ++depth) {
        l.depth = depth;
        SearchResult r = s.search(pos, l);
        CHECK(!r.best.is_none());
        CHECK(!r.best.is_pass());
        CHECK(is_legal(pos, r.best));
    }
}

TEST_CASE("a resized transposition table starts empty and its new size is granted", "[search][tt]") {
    TranspositionTable tt(1);
    const Move m = Move::normal(make_square(1, 1), make_square(1, 2));
    for (uint64_t k = 1; k < 5000; ++k)
        tt.store(k * 0x9e3779b97f4a7c15ULL, 0, m, 10, 4, BOUND_EXACT);
    CHECK(tt.hashfull() > 0);
    // The new table comes from calloc without a clearing pass: every entry must read as empty.
    CHECK(tt.resize(64) == 64);
    CHECK(tt.hashfull() == 0);
    TTHit hit;
    for (uint64_t k = 1; k < 5000; ++k)
        CHECK_FALSE(tt.probe(k * 0x9e3779b97f4a7c15ULL, 0, hit));
}
