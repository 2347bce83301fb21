// MultiPV and root exclusions: several best lines per iteration, each with its own first move,
// line 1 deciding the move; excluded root moves never searched; both protocols' forms.
#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <set>
#include <thread>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/protocol/usi_text.hpp"
#include "shishi/search/search.hpp"
#include "usi_harness.hpp"
#include "xboard_test_io.hpp"

using namespace shishi;
using namespace std::chrono_literals;

TEST_CASE("multipv: k lines per iteration with distinct first moves; line 1 is the move", "[search][multipv]") {
    Position pos = Position::start();
    Searcher s(4);
    SearchLimits l;
    l.depth = 4;
    l.multipv = 3;
    std::map<int, std::vector<SearchInfo>> by_depth;
    SearchResult r = s.search(pos, l, [&](const SearchInfo& i) { by_depth[i.depth].push_back(i); });
    REQUIRE(by_depth.size() == 4);
    for (const auto& [depth, infos] : by_depth) {
        INFO("depth " << depth);
        REQUIRE(infos.size() == 3);
        std::set<uint32_t> firsts;
        for (size_t k = 0; k < infos.size(); ++k) {
            CHECK(infos[k].multipv == int(k) + 1);
            REQUIRE(!infos[k].pv.empty());
            CHECK(is_legal(pos, infos[k].pv[0]));
            firsts.insert(infos[k].pv[0].raw());
        }
        CHECK(firsts.size() == 3);
    }
    CHECK(r.best == by_depth[4][0].pv[0]);
    CHECK(r.depth == 4);
}

TEST_CASE("multipv: more lines than moves gives one line per move", "[search][multipv]") {
    // Kings alone in opposite corners: the first player's King has three moves (and no pass).
    Parsed<Position> p = parse_xboard_fen("11k/12/12/12/12/12/12/12/12/12/12/K11 w - - 0 1");
    REQUIRE(p);
    Position pos = *p;
    MoveList legal;
    generate_legal(pos, legal);
    Searcher s(1);
    SearchLimits l;
    l.depth = 2;
    l.multipv = 50;
    int lines_at_2 = 0;
    s.search(pos, l, [&](const SearchInfo& i) { lines_at_2 += i.depth == 2; });
    CHECK(lines_at_2 == legal.size());
}

TEST_CASE("root exclusions: excluded moves are never chosen nor reported", "[search][multipv]") {
    Position pos = Position::start();
    Searcher s(4);
    SearchLimits l;
    l.depth = 3;
    const Move first = s.search(pos, l).best;
    l.excluded = {first};
    bool reported_excluded = false;
    SearchResult r = s.search(pos, l, [&](const SearchInfo& i) {
        if (!i.pv.empty() && i.pv[0] == first) reported_excluded = true;
    });
    CHECK(r.best != first);
    CHECK(is_legal(pos, r.best));
    CHECK_FALSE(reported_excluded);
}

TEST_CASE("usi: MultiPV option gives multipv k in the info lines", "[usi][multipv]") {
    usi_test::Session session;
    for (const char* line : {"setoption name USI_Hash value 1", "setoption name MultiPV value 2", "usi",
                             "position startpos", "go depth 2"})
        session.send(line);
    REQUIRE(session.expect("bestmove ", 30s) != "");
    session.finish();
    auto out = session.lines();
    CHECK(usi_test::count_prefix(out, "info depth 2 seldepth 2 multipv 1 score ") == 1);
    CHECK(usi_test::count_prefix(out, "info depth 2 seldepth 2 multipv 2 score ") == 1);
    CHECK(usi_test::count_prefix(out, "bestmove ") == 1);
    CHECK(usi_test::count_prefix(out, "option name USI_MultiPV type spin default 2 min 1 max 50") == 1);
    out = usi_test::run_script("setoption name MultiPV value 51\nsetoption name MultiPV value 0\n");
    CHECK(usi_test::count_prefix(out, "info string setoption: USI_MultiPV needs an integer from 1 to 50") == 2);
}

TEST_CASE("xboard: MultiPV option and analysis exclude/include", "[xboard][multipv]") {
    xboard_test::LiveSession s;
    s.send("xboard");
    s.send("protover 2");
    REQUIRE(s.wait_for("feature done=1"));
    s.send("memory 1");
    s.send("new");
    s.send("force");
    s.send("post");
    s.send("analyze");
    s.send("exclude all");
    s.send("include g4g5");
    s.send("exclude h4h5");  // already excluded: no change
    s.send("exclude z9z9");
    REQUIRE(s.wait_for("Error (illegal move): exclude z9z9"));
    // Thinking lines after the error (the search with only g4g5 left): waited for, not a guessed
    // time, since a loaded machine may not print one within half a second.
    auto thinking_after_error = [&] {
        int n = 0;
        bool after = false;
        for (const auto& l : s.lines()) {
            if (l.rfind("Error (illegal move): exclude z9z9", 0) == 0)
                after = true;
            else if (after && !l.empty() && l[0] >= '0' && l[0] <= '9')
                ++n;
        }
        return n;
    };
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (thinking_after_error() == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(10ms);
    s.send("exit");
    s.send("ping 1");
    REQUIRE(s.wait_for("pong 1"));
    // every thinking line after `include g4g5` (only one move left) starts with g4g5
    auto lines = s.lines();
    bool after = false;
    int thinking = 0;
    for (const auto& l : lines) {
        if (l.rfind("Error (illegal move): exclude z9z9", 0) == 0) after = true;
        if (!after || l.empty() || l[0] < '0' || l[0] > '9') continue;
        ++thinking;
        auto words = usi::split_words(l);
        REQUIRE(words.size() >= 5);
        CHECK(words[4] == "g4g5");
    }
    CHECK(thinking > 0);
    CHECK(xboard_test::contains(lines, "feature option=\"MultiPV -spin 1 1 50\""));
}
