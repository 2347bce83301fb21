// Multi-threaded search (Lazy SMP): helper threads, the shared transposition table under
// concurrent use, tactics and limits with 2 and 4 threads, stop(), thread-count changes between
// searches, and the single-threaded search staying exactly as it was.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <set>
#include <thread>
#include <vector>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/search/helper_threads.hpp"
#include "shishi/search/move_picker.hpp"
#include "shishi/search/search.hpp"
#include "shishi/search/tt.hpp"

using namespace shishi;

namespace {

Position from_fen(const char* fen) {
    auto p = parse_xboard_fen(fen);
    REQUIRE(p);
    return *p;
}

SearchResult search_depth(Position& pos, int depth, int threads) {
    Searcher s(8);
    s.set_threads(threads);
    SearchLimits l;
    l.depth = depth;
    return s.search(pos, l);
}

}  // namespace

TEST_CASE("helper threads run each job once per start and follow resizes", "[search][threads]") {
    std::atomic<int> runs[4] = {};
    HelperThreads pool([&](int i) { ++runs[i]; });
    CHECK(pool.size() == 0);
    pool.start();  // no helpers: nothing to wait for
    pool.wait();

    pool.resize(3);
    CHECK(pool.size() == 3);
    for (int round = 0; round < 5; ++round) {
        pool.start();
        pool.wait();
    }
    CHECK(runs[0] == 5);
    CHECK(runs[1] == 5);
    CHECK(runs[2] == 5);

    pool.resize(1);  // helpers 1 and 2 end
    pool.start();
    pool.wait();
    CHECK(runs[0] == 6);
    CHECK(runs[1] == 5);
    CHECK(runs[2] == 5);

    pool.resize(4);  // new helpers wait for the next start, they do not rerun the last job
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(runs[3] == 0);
    pool.start();
    pool.wait();
    CHECK(runs[0] == 7);
    CHECK(runs[1] == 6);
    CHECK(runs[3] == 1);
}

TEST_CASE("helper threads: wait() returns only after every job has finished", "[search][threads]") {
    std::atomic<int> finished{0};
    HelperThreads pool([&](int) {
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        ++finished;
    });
    pool.resize(3);
    pool.start();
    pool.wait();
    CHECK(finished == 3);
}

TEST_CASE("the table never returns a torn entry under concurrent stores", "[search][tt][threads]") {
    // Every entry written for key k carries move, score and depth derived from k; writers race
    // on a few buckets, and every hit must still be one consistent entry.
    TranspositionTable tt(0);  // a single bucket: every store competes for its two entries
    REQUIRE(tt.bucket_count() == 1);
    constexpr uint64_t KEYS = 64;
    auto key_of = [](uint64_t i) { return (i + 1) * 0x9e3779b97f4a7c15ULL; };
    auto move_of = [](uint64_t key) { return Move::normal(Square(key % 100 + 20), Square(key % 90 + 30)); };
    auto score_of = [](uint64_t key) { return int(key % 2000) - 1000; };
    auto depth_of = [](uint64_t key) { return int(key % 50) + 1; };
    std::atomic<bool> torn{false};
    std::atomic<bool> writing{true};
    std::atomic<int> hits{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t)
        threads.emplace_back([&, t] {
            for (uint64_t i = 0; i < 1000000; ++i) {
                const uint64_t key = key_of((i * 7 + uint64_t(t)) % KEYS);
                tt.store(key, 0, move_of(key), score_of(key), depth_of(key), BOUND_EXACT);
            }
        });
    for (int t = 0; t < 2; ++t)
        threads.emplace_back([&, t] {
            for (uint64_t i = 0; writing.load() || i < 1000; ++i) {
                TTHit hit;
                const uint64_t key = key_of((i * 13 + uint64_t(t) * 5) % KEYS);
                if (tt.probe(key, 0, hit)) {
                    ++hits;
                    if (hit.move != move_of(key) || hit.score != score_of(key) || hit.depth != depth_of(key) ||
                        hit.bound != BOUND_EXACT)
                        torn = true;
                }
            }
        });
    threads[0].join();
    threads[1].join();
    writing = false;
    threads[2].join();
    threads[3].join();
    CHECK_FALSE(torn.load());
    CHECK(hits > 0);
}

TEST_CASE("a hash move that is not legal here is never picked", "[search][threads]") {
    // A table entry can belong to another position with the same key (or, in principle, be
    // damaged); the picker only ranks moves of the legal list, so such a move cannot be played.
    Position pos = Position::start();
    MoveList list;
    generate_legal(pos, list);
    const std::set<uint32_t> legal = [&] {
        std::set<uint32_t> s;
        for (Move m : list)
            s.insert(m.raw());
        return s;
    }();
    const Move bogus = Move::normal(make_square(5, 5), make_square(5, 6));  // empty square
    REQUIRE_FALSE(is_legal(pos, bogus));
    int scores[MoveList::CAPACITY];
    const Move killers[2] = {Move::none(), Move::none()};
    HistoryTable history;
    history.clear();
    MovePicker picker(pos, list, scores, bogus, killers, history);
    std::set<uint32_t> picked;
    for (Move m = picker.next(); !m.is_none(); m = picker.next()) {
        CHECK(m != bogus);
        picked.insert(m.raw());
    }
    CHECK(picked == legal);
}

TEST_CASE("with 2 and 4 threads the search finds the same forced wins", "[search][threads]") {
    struct Case {
        const char* fen;
        int depth;
    };
    const Case cases[] = {
        {"11k/12/12/12/12/12/12/12/12/12/12/K10R w - - 0 1", 3},  // royal capture now
        {"k11/12/12/4N7/12/12/12/12/12/12/12/11K w - - 0 1", 4},  // Lion takes on move two
        {"11k/12/12/12/4g7/12/12/12/12/12/12/K3R7 w - - 0 1", 4},  // wins the loose Gold
    };
    for (const Case& c : cases) {
        Position pos = from_fen(c.fen);
        const SearchResult one = search_depth(pos, c.depth, 1);
        for (int threads : {2, 4}) {
            INFO(c.fen << " with " << threads << " threads");
            const std::string before = to_xboard_fen(pos);
            const SearchResult r = search_depth(pos, c.depth, threads);
            CHECK(to_xboard_fen(pos) == before);
            REQUIRE(is_legal(pos, r.best));
            CHECK(r.depth == c.depth);
            if (is_mate_score(one.score)) {
                CHECK(r.score == one.score);  // the same, shortest, forced win
            } else {
                CHECK(r.best == one.best);
                CHECK(r.score > 200);
            }
        }
    }
}

TEST_CASE("a threaded search returns a legal move under node and time limits", "[search][threads]") {
    Position pos = Position::start();
    for (int threads : {2, 4}) {
        Searcher s(8);
        s.set_threads(threads);
        SearchLimits n;
        n.nodes = 20000;
        SearchResult r = s.search(pos, n);
        CHECK(is_legal(pos, r.best));
        CHECK(r.nodes >= 20000);  // the limit counts every thread's nodes

        SearchLimits t;
        t.movetime_ms = 150;
        const auto t0 = std::chrono::steady_clock::now();
        r = s.search(pos, t);
        CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(150 + 150));
        CHECK(is_legal(pos, r.best));
        CHECK(pos.plies() == 0);
    }
}

TEST_CASE("helpers stop when the main search ends and their nodes are counted", "[search][threads]") {
    Position pos = Position::start();
    Searcher s(8);
    s.set_threads(3);
    SearchLimits l;
    l.depth = 6;
    std::vector<uint64_t> reported;
    SearchResult r = s.search(pos, l, [&](const SearchInfo& i) { reported.push_back(i.nodes); });
    REQUIRE(reported.size() == 6);
    for (size_t i = 1; i < reported.size(); ++i)
        CHECK(reported[i] >= reported[i - 1]);
    CHECK(reported.back() <= r.nodes);
    CHECK(s.nodes_searched() == r.nodes);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(s.nodes_searched() == r.nodes);  // no helper is still searching
}

TEST_CASE("stop() from another thread ends an infinite search promptly, with 1 or 4 threads", "[search][threads]") {
    // Every thread polls the flag at every node; without stop() they would search forever. The
    // bounds are those the two tests this one joins had; the one-thread bound is wide because a
    // loaded CI machine may not schedule the worker for a while.
    const struct {
        int threads;
        int bound_ms;
    } cases[] = {{1, 1000}, {4, 200}};
    for (const auto& c : cases) {
        INFO(c.threads << " threads");
        Position pos = Position::start();
        Searcher s(8);
        s.set_threads(c.threads);
        SearchLimits l;
        l.infinite = true;
        SearchResult r;
        std::thread caller([&] { r = s.search(pos, l); });
        // The search is under way once it has counted nodes: waited for, not a guessed time (a
        // loaded machine may not schedule it within 300 ms).
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (s.nodes_searched() == 0 && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        CHECK(s.nodes_searched() > 0);
        const auto t0 = std::chrono::steady_clock::now();
        s.stop();
        caller.join();
        CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(c.bound_ms));
        CHECK(is_legal(pos, r.best));
        CHECK(pos.plies() == 0);
    }
}

TEST_CASE("repeated searches work while the thread count changes between them", "[search][threads]") {
    Position pos = from_fen("11k/12/12/12/4g7/12/12/12/12/12/12/K3R7 w - - 0 1");
    Searcher s(8);
    SearchLimits l;
    l.depth = 4;
    for (int threads : {1, 3, 2, 4, 4, 1, 2}) {
        INFO(threads << " threads");
        s.set_threads(threads);
        SearchResult r = s.search(pos, l);
        CHECK(move_to_xboard(r.best) == "e1e8");
        CHECK(r.depth == 4);
        CHECK(s.nodes_searched() == r.nodes);
    }
}

TEST_CASE("back at one thread the search is the single-threaded one, node for node", "[search][threads]") {
    Position pos = Position::start();
    SearchLimits l;
    l.depth = 5;
    Searcher fresh(8);
    const SearchResult single = fresh.search(pos, l);

    Searcher s(8);
    s.set_threads(4);
    s.search(pos, l);
    s.set_threads(1);
    s.new_game();
    const SearchResult again = s.search(pos, l);
    CHECK(again.nodes == single.nodes);
    CHECK(again.best == single.best);
    CHECK(again.score == single.score);
}
