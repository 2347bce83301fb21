// Fairy-Stockfish's USI dialect, as lishogi's tools (shoginet, Lishogi-Bot) speak it: Fairy's
// option names as aliases, a level out of range read as the nearest one, a refused value that
// says what stays in force, and a score before every bestmove, also where the game is over.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "shishi/protocol/usi_text.hpp"
#include "shishi/search/skill.hpp"
#include "usi_harness.hpp"

using namespace shishi;
using namespace std::chrono_literals;
using usi_test::count_prefix;
using usi_test::first_with;
using usi_test::starts_with;

namespace {

// The value the last `usi` lists for an option (its current value), "" when not listed.
std::string listed_value(const std::vector<std::string>& lines, const std::string& name) {
    const std::string prefix = "option name " + name + " type ";
    std::string rest;
    for (const std::string& l : lines)
        if (starts_with(l, prefix)) rest = l.substr(prefix.size());
    auto w = usi::split_words(rest);
    for (size_t i = 0; i + 1 < w.size(); ++i)
        if (w[i] == "default") return std::string(w[i + 1]);
    return "";
}

// Every bestmove follows an `info ... score ...` line sent after the go it answers.
bool every_bestmove_scored(const std::vector<std::string>& lines) {
    bool scored = false;
    int answers = 0;
    for (const std::string& l : lines) {
        if (starts_with(l, "info ") && l.find(" score ") != std::string::npos) scored = true;
        if (starts_with(l, "bestmove")) {
            if (!scored) return false;
            scored = false;
            ++answers;
        }
    }
    return answers > 0;
}

}  // namespace

TEST_CASE("fairy dialect: Skill_Level, USI_MultiPV and USI_AnalyseMode are Fairy-Stockfish's names", "[usi][lishogi]") {
    auto out = usi_test::run_script(
        "setoption name Skill_Level value 7\nsetoption name USI_MultiPV value 3\n"
        "setoption name USI_AnalyseMode value true\nusi\n"
        "setoption name UCI_AnalyseMode value false\nusi\n");
    CHECK(count_prefix(out, "info string") == 0);
    // run_usi answers a first `usi` by itself, with the defaults; the two sent list the values.
    CHECK(count_prefix(out, "option name Skill_Level type spin default 7 ") == 2);
    CHECK(count_prefix(out, "option name USI_MultiPV type spin default 3 ") == 2);
    CHECK(count_prefix(out, "option name USI_AnalyseMode type check default true") == 1);
    CHECK(count_prefix(out, "option name USI_AnalyseMode type check default false") == 2);
}

TEST_CASE("fairy dialect: lishogi's lowest level -9 is taken, or read as the weakest offered",
          "[usi][lishogi][skill]") {
    // shoginet sets Skill_Level 20 for an analysis, then -9 for a level-1 move: the level in
    // force must be level 1's, never the analysis's full strength (issue 23).
    auto out = usi_test::run_script("setoption name Skill_Level value 20\nsetoption name Skill_Level value -9\nusi\n");
    const int expected = std::max(-9, SKILL_MIN);
    CHECK(listed_value(out, "Skill_Level") == std::to_string(expected));
    if (SKILL_MIN > -9)
        CHECK(count_prefix(out,
                           "info string setoption: Skill_Level -9 is below the minimum; using " +
                               std::to_string(SKILL_MIN)) == 1);
    else
        CHECK(count_prefix(out, "info string") == 0);
    // Fairy-Stockfish's own range is -20..20: its lowest value is within reach too.
    out = usi_test::run_script("setoption name Skill_Level value 4\nsetoption name Skill_Level value -20\nusi\n");
    CHECK(listed_value(out, "Skill_Level") == std::to_string(SKILL_MIN));
}

TEST_CASE("fairy dialect: a refused setoption changes nothing and says what stays in force", "[usi][lishogi]") {
    auto out = usi_test::run_script(
        "setoption name Skill_Level value 5\nsetoption name Skill_Level value weak\n"
        "setoption name USI_MultiPV value 0\nsetoption name USI_AnalyseMode value maybe\nusi\n");
    CHECK(count_prefix(out, "info string setoption: Skill_Level needs an integer from ") == 1);
    CHECK(first_with(out, "info string setoption: Skill_Level").ends_with(", got 'weak'; Skill_Level stays 5"));
    CHECK(first_with(out, "info string setoption: USI_MultiPV").ends_with(", got '0'; USI_MultiPV stays 1"));
    CHECK(first_with(out, "info string setoption: USI_AnalyseMode") ==
          "info string setoption: USI_AnalyseMode needs true or false, got 'maybe'; USI_AnalyseMode stays false");
    CHECK(listed_value(out, "Skill_Level") == "5");
    CHECK(listed_value(out, "USI_MultiPV") == "1");
}

TEST_CASE("fairy dialect: a position whose game is over gets info depth 0 score mate 0, then resign",
          "[usi][lishogi]") {
    // Sente's last royal is gone (Gote just took it): no legal move, the game is over.
    auto out = usi_test::run_script(
        "setoption name USI_Hash value 1\n"
        "position sfen 6k5/12/12/12/12/12/12/12/12/12/12/6R5 b - 1\ngo depth 5\n"
        "go movetime 1500 depth 17 btime 500 wtime 500 byoyomi 0\n");
    std::vector<std::string> answers;
    for (const auto& l : out)
        if (starts_with(l, "info depth") || starts_with(l, "bestmove")) answers.push_back(l);
    CHECK(answers ==
          std::vector<std::string>{"info depth 0 score mate 0", "bestmove resign", "info depth 0 score mate 0",
                                   "bestmove resign"});
    CHECK(count_prefix(out, "info string game over by rule, gote wins") == 2);
}

TEST_CASE("fairy dialect: every bestmove follows a score, however early the search ends", "[usi][lishogi]") {
    // Limits this short may end a search inside its first iteration, which reports nothing:
    // the answer then carries a depth-0 score of its own.
    usi_test::Session s;
    s.send("setoption name USI_Hash value 1");
    s.send("position startpos");
    for (const char* go : {"go movetime 1", "go nodes 1", "go depth 1", "go movetime 1 btime 1 wtime 1 byoyomi 0"}) {
        s.send(go);
        REQUIRE(s.expect("bestmove ", 60s) != "");
    }
    s.send("go ponder");
    s.send("stop");
    REQUIRE(s.expect("bestmove ", 60s) != "");
    s.finish();
    CHECK(every_bestmove_scored(s.lines()));
    for (const std::string& l : s.lines())
        if (starts_with(l, "info depth 0")) CHECK(l.find(" pv ") != std::string::npos);  // a move to play
}

TEST_CASE("fairy dialect: USI_AnalyseMode scores draws 0 whatever Contempt says", "[usi][lishogi]") {
    // The Golds face each other, each guarded by its King: the best line takes and is retaken,
    // King against King, a draw by lishogi's rule, scored as Contempt shades it. (King against
    // King at the root is a game already over, answered without a search.)
    auto score_of = [](bool analyse) {
        usi_test::Session s;
        s.send("setoption name USI_Hash value 1");
        s.send("setoption name Contempt value 100");
        s.send(std::string("setoption name USI_AnalyseMode value ") + (analyse ? "true" : "false"));
        s.send("position sfen 12/12/12/12/6k5/6g5/6G5/6K5/12/12/12/12 b - 1");
        s.send("go depth 2");
        const std::string info = s.expect("info depth 2 ", 60s);
        REQUIRE(s.expect("bestmove", 60s) != "");
        auto w = usi::split_words(info);
        for (size_t i = 0; i + 2 < w.size(); ++i)
            if (w[i] == "score") return std::string(w[i + 1]) + " " + std::string(w[i + 2]);
        return std::string();
    };
    CHECK(score_of(false) == "cp -100");
    CHECK(score_of(true) == "cp 0");
}
