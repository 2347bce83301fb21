// The transposition table's clear() (every new game) takes constant time and touches none of
// the table's memory, at any size: issue 24 found `usinewgame` stalling 16 s with a 4 GB hash
// and a 3-ply analysis holding 12 GB resident. Entries stored before a clear still behave
// exactly as empty ones.
#include <catch2/catch.hpp>

#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "shishi/search/search.hpp"
#include "shishi/search/tt.hpp"
#include "resident_memory.hpp"
#include "usi_harness.hpp"
#include "xboard_test_io.hpp"

using namespace shishi;

namespace {

using test::resident_mb;

constexpr size_t BIG_MB = 512;
constexpr long TOUCHED_MB = 64;  // far below BIG_MB: whatever else the process does meanwhile

const Move M = Move::normal(make_square(1, 1), make_square(1, 2));

}  // namespace

TEST_CASE("clearing a large transposition table touches none of its memory", "[search][tt]") {
    TranspositionTable tt(BIG_MB);
    const long before = resident_mb();
    REQUIRE(before > 0);
    tt.clear();
    tt.clear();
    CHECK(resident_mb() - before < TOUCHED_MB);
}

TEST_CASE("a new game of a searcher with a large hash leaves the table untouched", "[search][tt]") {
    Searcher s(BIG_MB);
    const long before = resident_mb();
    s.new_game();
    CHECK(resident_mb() - before < TOUCHED_MB);
}

TEST_CASE("a short search with a large hash makes little of the table resident", "[search][tt]") {
    // Each probe of a fresh huge page would make all 2 MB of it resident: thousands of nodes
    // would then hold most of a 512 MB table. Tables this large keep small pages.
    Searcher s(BIG_MB);
    Position pos = Position::start();
    const long before = resident_mb();
    REQUIRE(before > 0);
    SearchLimits l;
    l.depth = 5;
    const SearchResult r = s.search(pos, l);
    REQUIRE(r.nodes > 2000);
    CHECK(resident_mb() - before < TOUCHED_MB);
}

TEST_CASE("entries stored before a clear are never found again, even after 64 clears", "[search][tt]") {
    TranspositionTable tt(1);
    const uint64_t key = 0x0123456789abcdefULL;
    tt.store(key, 0, M, 77, 9, BOUND_EXACT);
    TTHit hit;
    REQUIRE(tt.probe(key, 0, hit));
    tt.clear();
    CHECK_FALSE(tt.probe(key, 0, hit));
    CHECK(tt.hashfull() == 0);
    // The entry's six-bit epoch tag comes round again after 64 clears; the salted key does not.
    for (int i = 1; i < 64; ++i)
        tt.clear();
    CHECK_FALSE(tt.probe(key, 0, hit));
    for (int i = 0; i < 200; ++i) {
        tt.clear();
        CHECK_FALSE(tt.probe(key, 0, hit));
    }
    // Stores after the clears are found as usual.
    tt.store(key, 0, M, 55, 3, BOUND_LOWER);
    REQUIRE(tt.probe(key, 0, hit));
    CHECK(hit.score == 55);
    CHECK(hit.move == M);
}

TEST_CASE("a resize to the same size empties the table and keeps its buckets", "[search][tt]") {
    // Hosts send `memory` (or USI_Hash) before every game; a huge-page table is mapped when
    // made, so the same size again is a clear, at any size.
    TranspositionTable tt(2);
    const uint64_t key = 0x0123456789abcdefULL;
    tt.store(key, 0, M, 77, 9, BOUND_EXACT);
    TTHit hit;
    REQUIRE(tt.probe(key, 0, hit));
    const size_t buckets = tt.bucket_count();
    CHECK(tt.resize(2) == 2);
    CHECK(tt.bucket_count() == buckets);
    CHECK_FALSE(tt.probe(key, 0, hit));
    CHECK(tt.hashfull() == 0);
    tt.store(key, 0, M, 55, 3, BOUND_LOWER);
    REQUIRE(tt.probe(key, 0, hit));
    CHECK(hit.score == 55);
    // Another size is a new table, empty too.
    CHECK(tt.resize(1) == 1);
    CHECK(tt.bucket_count() == buckets / 2);
    CHECK_FALSE(tt.probe(key, 0, hit));
}

TEST_CASE("entries from before a clear give way like empty ones", "[search][tt]") {
    TranspositionTable tt(0);  // one bucket of two entries
    tt.store(1, 0, M, 1, 40, BOUND_EXACT);
    tt.store(2, 0, M, 2, 40, BOUND_EXACT);
    tt.clear();
    // Two shallow entries of the new game both find room: the deep old ones count as empty,
    // not as deep entries of the current search.
    tt.store(3, 0, M, 3, 1, BOUND_UPPER);
    tt.store(4, 0, M, 4, 1, BOUND_UPPER);
    TTHit hit;
    CHECK(tt.probe(3, 0, hit));
    CHECK(tt.probe(4, 0, hit));
    CHECK(tt.hashfull() == 1000);  // the sample is the one bucket, both entries of this search
}

TEST_CASE("the portable bucket index is in range and equal to the 128-bit one", "[search][tt]") {
    std::mt19937_64 rng(24);
    const size_t sizes[] = {1, 2, 3, 1000, 65536, 4194303, size_t(1) << 31, (size_t(1) << 32) - 1};
    for (size_t n : sizes)
        for (int i = 0; i < 2000; ++i) {
            const uint64_t key = i == 0 ? ~uint64_t(0) : i == 1 ? 0 : rng();
            const size_t portable = bucket_index_portable(key, n);
            const size_t full = bucket_index(key, n);
            REQUIRE(portable < n);
            REQUIRE(full < n);
            REQUIRE(full == portable);
        }
}

TEST_CASE("USI: usinewgame with a large hash answers readyok without touching the table", "[usi][tt]") {
    usi_test::Session s;
    const long start = resident_mb();
    s.send("setoption name USI_Hash value " + std::to_string(BIG_MB));
    s.send("isready");
    REQUIRE(s.expect("readyok") == "readyok");
    const long before = resident_mb();
    s.send("usinewgame");
    s.send("isready");
    REQUIRE(s.expect("readyok") == "readyok");
    CHECK(resident_mb() - before < TOUCHED_MB);
    CHECK(before - start < TOUCHED_MB);  // allocating it did not touch it either
    s.send("quit");
    CHECK(s.finish() == 0);
}

TEST_CASE("XBoard: new after memory with a large hash touches none of the table", "[xboard][tt]") {
    xboard_test::LiveSession s;
    s.send("xboard");
    s.send("protover 2");
    s.send("memory " + std::to_string(BIG_MB));
    s.send("ping 1");
    REQUIRE(s.wait_for("pong 1"));
    const long before = resident_mb();
    s.send("new");
    s.send("ping 2");
    REQUIRE(s.wait_for("pong 2"));
    CHECK(resident_mb() - before < TOUCHED_MB);
    s.send("quit");
    CHECK(s.finish() == 0);
}
