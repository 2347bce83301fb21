// USI mode with the searcher: every kind of `go` ends in one legal bestmove, `stop`,
// `ponderhit` and `isready` are answered while it searches, and clocks are respected.
#include <catch2/catch.hpp>

#include <chrono>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/protocol/usi_text.hpp"
#include "usi_harness.hpp"

using namespace usi_test;
using namespace shishi;
using namespace std::chrono_literals;

namespace {

// The move of a "bestmove X [ponder Y]" line, checked legal in pos; also checks the ponder move.
void check_bestmove_legal(const std::string& line, const Position& pos) {
    INFO(line);
    REQUIRE(starts_with(line, "bestmove "));
    auto words = usi::split_words(line);
    REQUIRE(words.size() >= 2);
    Parsed<Move> m = parse_usi_move(pos, words[1]);
    REQUIRE(m);
    if (words.size() > 2) {
        REQUIRE(words.size() == 4);
        CHECK(words[2] == "ponder");
        Position after = pos;
        after.make(*m);
        CHECK(parse_usi_move(after, words[3]));
    }
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE("usi search: go depth gives info lines and a legal bestmove", "[usi]") {
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("isready");
    s.send("position startpos");
    s.send("go depth 2");
    check_bestmove_legal(s.expect("bestmove ", 60s), Position::start());
    s.finish();
    auto out = s.lines();
    CHECK(count_prefix(out, "bestmove ") == 1);
    std::string info = first_with(out, "info depth ");
    CHECK(info.find(" score ") != std::string::npos);
    CHECK(info.find(" nodes ") != std::string::npos);
    CHECK(info.find(" nps ") != std::string::npos);
    CHECK(info.find(" time ") != std::string::npos);
    CHECK(info.find(" hashfull ") != std::string::npos);
    CHECK(info.find(" pv ") != std::string::npos);
    CHECK(first_with(out, "info depth 3") == "");  // never deeper than asked
}

TEST_CASE("usi search: go nodes and go movetime end by themselves", "[usi]") {
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("position startpos moves 3i3h");
    s.send("go nodes 500");
    Position pos = Position::start();
    pos.make(*parse_usi_move(pos, "3i3h"));
    check_bestmove_legal(s.expect("bestmove ", 60s), pos);

    auto t0 = std::chrono::steady_clock::now();
    s.send("go movetime 200");
    std::string line = s.expect("bestmove ", 60s);
    double took = seconds_since(t0);
    check_bestmove_legal(line, pos);
    CHECK(took < 2.0);  // the time asked for, plus latency (generous for sanitizer builds)
    CHECK(s.finish() == 0);
}

TEST_CASE("usi search: a short clock gives a quick legal move, for either side", "[usi]") {
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("position startpos");
    auto t0 = std::chrono::steady_clock::now();
    s.send("go btime 1000 wtime 1000");
    check_bestmove_legal(s.expect("bestmove ", 30s), Position::start());
    CHECK(seconds_since(t0) < 1.5);

    // the second player to move uses wtime: a long btime must not make it slow
    Position pos = Position::start();
    pos.make(*parse_usi_move(pos, "3i3h"));
    s.send("position startpos moves 3i3h");
    t0 = std::chrono::steady_clock::now();
    s.send("go btime 600000 wtime 500 byoyomi 0");
    check_bestmove_legal(s.expect("bestmove ", 30s), pos);
    CHECK(seconds_since(t0) < 1.5);

    // byoyomi only
    t0 = std::chrono::steady_clock::now();
    s.send("go btime 0 wtime 0 byoyomi 300");
    check_bestmove_legal(s.expect("bestmove ", 30s), pos);
    CHECK(seconds_since(t0) < 3.0);
}

TEST_CASE("usi search: go infinite runs until stop, answering isready meanwhile", "[usi]") {
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("position startpos");
    s.send("go infinite");
    s.send("isready");
    CHECK(s.expect("readyok", 30s) == "readyok");
    std::this_thread::sleep_for(300ms);
    CHECK_FALSE(s.has_pending("bestmove"));
    // commands that need an idle engine are refused, not obeyed, during the search
    s.send("setoption name USI_Hash value 2");
    CHECK(s.expect("info string setoption ignored", 30s) != "");
    // a go while it runs (the host did not stop first) ends it: one bestmove per go
    auto t0 = std::chrono::steady_clock::now();
    s.send("go depth 1");
    CHECK(s.expect("info string go while a search is running", 30s) != "");
    check_bestmove_legal(s.expect("bestmove ", 30s), Position::start());
    check_bestmove_legal(s.expect("bestmove ", 30s), Position::start());
    CHECK(seconds_since(t0) < 5.0);
    // exactly one bestmove per go, and stop without a search does nothing
    s.send("stop");
    s.send("isready");
    CHECK(s.expect("readyok", 30s) == "readyok");
    CHECK(s.finish() == 0);
    CHECK(count_prefix(s.lines(), "bestmove") == 2);
}

TEST_CASE("usi search: go infinite with a depth limit still waits for stop", "[usi]") {
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("position startpos");
    s.send("go infinite depth 1");
    CHECK(s.expect("info depth 1", 30s) != "");
    std::this_thread::sleep_for(200ms);
    CHECK_FALSE(s.has_pending("bestmove"));
    s.send("stop");
    check_bestmove_legal(s.expect("bestmove ", 30s), Position::start());
}

TEST_CASE("usi search: go ponder waits for ponderhit, then plays on its clock", "[usi]") {
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("position startpos");
    s.send("go ponder btime 1000 wtime 1000");
    std::this_thread::sleep_for(1500ms);  // longer than the clock would allow: pondering ignores it
    CHECK_FALSE(s.has_pending("bestmove"));
    auto t0 = std::chrono::steady_clock::now();
    s.send("ponderhit");
    check_bestmove_legal(s.expect("bestmove ", 30s), Position::start());
    CHECK(seconds_since(t0) < 2.0);
}

TEST_CASE("usi search: go ponder then stop (ponder miss) answers at once", "[usi]") {
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("position startpos");
    s.send("go ponder depth 1");
    CHECK(s.expect("info depth 1", 30s) != "");
    std::this_thread::sleep_for(200ms);
    CHECK_FALSE(s.has_pending("bestmove"));  // finished depth 1, but must hold the answer
    s.send("stop");
    check_bestmove_legal(s.expect("bestmove ", 30s), Position::start());
    // the host then sends the real position and searches again
    s.send("position startpos moves 3i3h");
    s.send("go depth 1");
    Position pos = Position::start();
    pos.make(*parse_usi_move(pos, "3i3h"));
    check_bestmove_legal(s.expect("bestmove ", 30s), pos);
}

TEST_CASE("usi search: quit and gameover during a search end it cleanly", "[usi]") {
    {
        Session s;
        s.send("setoption name USI_Hash value 1");
        s.send("position startpos");
        s.send("go infinite");
        s.send("isready");
        CHECK(s.expect("readyok", 30s) == "readyok");
        s.send("quit");
        CHECK(s.finish() == 0);
    }
    {
        Session s;
        s.send("setoption name USI_Hash value 1");
        s.send("position startpos");
        s.send("go ponder");
        s.send("gameover win");
        s.send("usinewgame");
        s.send("isready");
        CHECK(s.expect("readyok", 30s) == "readyok");
        CHECK(count_prefix(s.lines(), "info string") == 0);
        CHECK(s.finish() == 0);
    }
    // end of input during a search acts as quit: stopped rather than thinking on for nobody
    for (const char* go : {"go infinite", "go ponder", "go depth 128", "go movetime 600000"}) {
        INFO(go);
        auto t0 = std::chrono::steady_clock::now();
        auto out = run_script(std::string("setoption name USI_Hash value 1\nposition startpos\n") + go + "\n");
        CHECK(count_prefix(out, "bestmove ") == 1);
        CHECK(seconds_since(t0) < 10.0);
    }
}

TEST_CASE("usi search: no legal move gives bestmove resign", "[usi]") {
    // the first player has no royal piece left: the game is lost, there is nothing to play
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("position sfen 6k5/12/12/12/12/12/12/12/12/12/12/5G6 b - 1");
    s.send("go depth 3");
    CHECK(s.expect("bestmove", 60s) == "bestmove resign");
}

namespace {

// Plays a game against itself at `skill`, each search cut by a different node limit, and counts
// the bestmoves that are not the first move of the last pv sent before them.
int bestmoves_off_the_last_pv(int skill, int plies, int& searches) {
    Session s;
    s.send("setoption name USI_Hash value 4");
    s.send("setoption name Threads value 1");
    s.send("setoption name Skill_Level value " + std::to_string(skill));
    std::string moves;
    int mismatches = 0;
    searches = 0;
    for (int ply = 0; ply < plies; ++ply) {
        s.send("position startpos" + (moves.empty() ? std::string() : " moves" + moves));
        s.send("go nodes " + std::to_string(3000 + 1711 * ply));
        const std::string best = s.expect("bestmove ");
        REQUIRE(!best.empty());
        // The last pv before this search's bestmove (the ply-th one).
        std::string last_pv;
        int answers = 0;
        for (const std::string& l : s.lines()) {
            if (starts_with(l, "bestmove ") && answers++ == ply) break;
            const size_t pv = l.find(" pv ");
            if (starts_with(l, "info ") && pv != std::string::npos)
                last_pv = std::string(usi::split_words(l.substr(pv + 4))[0]);
        }
        const std::string played(usi::split_words(best)[1]);
        if (played == "resign") break;
        ++searches;
        if (played != last_pv) {
            ++mismatches;
            UNSCOPED_INFO("skill " << skill << " ply " << ply << ": " << best << " after pv " << last_pv);
        }
        moves += " " + played;
    }
    return mismatches;
}

}  // namespace

TEST_CASE("usi search: every bestmove is the first move of the last pv sent", "[usi][lishogi]") {
    // shoginet keeps the last info line as the analysis of the ply: a search cut inside an
    // iteration that found a better move must say so before it plays it. Node limits cut the
    // searches at many different points of a self-played game.
    int searches = 0;
    CHECK(bestmoves_off_the_last_pv(20, 40, searches) == 0);
    CHECK(searches > 10);
}

TEST_CASE("usi search: at a weakened level too, every bestmove is the first move of the last pv sent", "[usi][skill]") {
    // A level plays another line's move, or a random one, than the search's best: it shows it
    // first (the line's score, or a depth-0 static score for a move outside the lines).
    for (int skill : {-20, 0, 10}) {
        int searches = 0;
        CHECK(bestmoves_off_the_last_pv(skill, 20, searches) == 0);
        CHECK(searches > 5);
    }
}

TEST_CASE("usi search: go movetime is spent until the move can be delivered, whatever Move Overhead",
          "[usi][lishogi]") {
    // lishogi's analyses are timed by movetime: the search runs until movetime less the
    // engine's reaction time (50 ms), never less, however loaded the machine (a lower bound).
    Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("setoption name Move Overhead value 300");
    s.send("isready");
    REQUIRE(!s.expect("readyok").empty());
    s.send("position startpos");
    auto t0 = std::chrono::steady_clock::now();
    s.send("go movetime 1000");
    const std::string line = s.expect("bestmove ", 60s);
    const double took = seconds_since(t0);
    check_bestmove_legal(line, Position::start());
    CHECK(took >= 0.95);
    CHECK(s.finish() == 0);
}
