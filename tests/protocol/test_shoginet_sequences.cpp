// lishogi's distributed client shoginet (github WandererXII/shoginet) drives its variant engine
// in Fairy-Stockfish's USI dialect; these are its exact command sequences with Shishi in that
// engine's place:
// - start (src/engine.ts): `usi`, then `setoption name Threads value 1`, `setoption name
//   USI_Hash value 64` (config/default.json), `isready`;
// - a move work (src/work/move.ts): `setoption name USI_Variant value chushogi`, `setoption name
//   Skill_Level value <skill>`, `setoption name USI_MultiPV value 1`, `usinewgame`, `isready`,
//   and on `readyok` `position sfen <sfen> moves <moves>` (a trailing space when there are
//   none) and `go movetime <ms> depth <d> btime <cs*10> wtime <cs*10> byoyomi <s*1000>` with
//   `binc`/`winc` when the game has an increment; the levels are server-config.json's;
// - an analysis work (src/work/analysis.ts): USI_Variant, `USI_AnalyseMode true`,
//   `Skill_Level 20`, `USI_MultiPV 1`, `usinewgame`, then from the last ply down to ply 0 the
//   same isready/position pair and `go movetime 1000 depth 20 nodes 1250000`; each ply keeps
//   the deepest `info` line as shoginet's processInfo picks it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "shishi/core/notation.hpp"
#include "shishi/core/game.hpp"
#include "shishi/protocol/usi_text.hpp"
#include "shishi/search/skill.hpp"
#include "usi_harness.hpp"

using namespace shishi;
using namespace std::chrono_literals;
using Words = std::vector<std::string>;

namespace {

// server-config.json, move.fairy: the level's Skill_Level, movetime (ms) and depth.
struct Level {
    int level, skill, movetime, depth;
};
constexpr Level LEVELS[] = {{1, -9, 50, 5}, {2, -5, 100, 5}, {3, -1, 150, 5},   {4, 3, 200, 5},    {5, 6, 300, 5},
                            {6, 9, 400, 5}, {7, 12, 500, 8}, {8, 15, 1000, 13}, {9, 18, 1500, 17}, {10, 20, 2000, 22}};

// The levels docs/lishogi.md recommends for Shishi as its own engine kind: Skill_Level and nodes
// per level, movetime 1000 ms for all (shoginet sends `nodes` when the level has it).
struct OwnLevel {
    int level, skill;
    uint64_t nodes;
};
constexpr OwnLevel OWN_LEVELS[] = {{1, 6, 32000},  {2, 8, 32000},  {3, 10, 32000}, {4, 12, 32000},
                                   {5, 14, 32000}, {6, 16, 32000}, {7, 18, 32000}, {8, 20, 32000}};
constexpr int OWN_MOVETIME = 1000;

// A work's clock as lishogi sends it: main time in centiseconds, byoyomi and increment in seconds.
struct WorkClock {
    int64_t btime_cs, wtime_cs, byo_s, inc_s;
};
constexpr WorkClock CLOCKS[] = {
    {120000, 120000, 0, 0},  // test/works.ts: 20 minutes each
    {50, 50, 0, 0},  // issue 23: half a second left
    {0, 0, 1, 0},  // in byoyomi: one second a move
    {300, 400, 0, 1},  // three seconds and a one-second increment
};

// A game from the start that ends when Sente's Lion takes Gote's King (a royal capture).
const char* const GAME =
    "5i5h 8c9b 7j7h 5b4b 7h5f 10d10e 8i8h 6d6e 5f6e5f 5d5e 5f4e4f 12d12e 9j3d+ 4a5b 3d3c3d 2d2e 3d3f "
    "11a11b 3f6c 4c8g 6c6b6a";

Words split(const std::string& text) {
    Words w;
    for (auto v : usi::split_words(text))
        w.emplace_back(v);
    return w;
}

std::string join(const Words& moves, size_t n) {
    std::string s;
    for (size_t i = 0; i < n; ++i)
        s += (i ? " " : "") + moves[i];
    return s;
}

// The position after the first n moves; every move must be legal.
Position position_after(const Words& moves, size_t n) {
    Position pos = *parse_sfen(START_SFEN, lishogi_rules());
    for (size_t i = 0; i < n; ++i) {
        Parsed<Move> m = parse_usi_move(pos, moves[i]);
        REQUIRE(m);
        pos.make(*m);
    }
    return pos;
}

// shoginet's parseInfo, reduced to what it stores: depth, score and pv.
struct ParsedInfo {
    std::optional<int> depth;
    std::optional<std::string> score;  // "cp N" or "mate N"
    std::string pv;
};
ParsedInfo parse_info(const std::string& rest) {
    ParsedInfo p;
    Words t = split(rest);
    for (size_t i = 0; i < t.size(); ++i) {
        if (t[i] == "depth" && i + 1 < t.size())
            p.depth = std::stoi(t[++i]);
        else if (t[i] == "score" && i + 2 < t.size()) {
            p.score = t[i + 1] + " " + t[i + 2];
            i += 2;
        } else if (t[i] == "pv") {
            for (size_t j = i + 1; j < t.size(); ++j)
                p.pv += (p.pv.empty() ? "" : " ") + t[j];
            break;
        }
    }
    return p;
}

// shoginet's Engine: starts the engine as src/engine.ts does and runs one search at a time.
class Shoginet {
public:
    Shoginet() {
        REQUIRE(s_.expect("usiok", 60s) == "usiok");
        s_.send("setoption name Threads value 1");
        s_.send("setoption name USI_Hash value 64");
        s_.send("isready");
        REQUIRE(s_.expect("readyok", 60s) == "readyok");
    }
    void send(const std::string& l) { s_.send(l); }

    struct Answer {
        std::string bestmove;
        std::vector<std::string> lines;  // everything from the go to the bestmove
        int64_t ms = 0;  // from sending go to reading bestmove
    };
    // engine.search(): isready, then on readyok the position and the go.
    Answer search(const std::string& sfen, const std::string& moves, const std::string& go) {
        s_.send("isready");
        REQUIRE(s_.expect("readyok", 60s) == "readyok");
        s_.send("position sfen " + sfen + " moves " + moves);
        const size_t from = s_.lines().size();
        const auto start = std::chrono::steady_clock::now();
        s_.send(go);
        Answer a;
        a.bestmove = s_.expect("bestmove", 60s);
        a.ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
        REQUIRE(a.bestmove != "");
        const auto all = s_.lines();
        for (size_t i = from; i < all.size() && all[i] != a.bestmove; ++i)
            a.lines.push_back(all[i]);
        return a;
    }
    // Not shoginet's: `usi` lists the options' current values, so the level in force is seen.
    std::string skill_in_force() {
        const size_t from = s_.lines().size();
        s_.send("usi");
        REQUIRE(s_.expect("usiok", 60s) == "usiok");
        const auto all = s_.lines();
        for (size_t i = from; i < all.size(); ++i)
            if (usi_test::starts_with(all[i], "option name Skill_Level type spin default ")) {
                Words w = split(all[i]);
                return w[6];  // option name Skill_Level type spin default <value>
            }
        return "";
    }
    usi_test::Session& session() { return s_; }

private:
    usi_test::Session s_;
};

bool pv_legal(const Position& root, const std::string& pv) {
    Position pos = root;
    for (const std::string& m : split(pv)) {
        Parsed<Move> mv = parse_usi_move(pos, m);
        if (!mv) return false;
        pos.make(*mv);
    }
    return true;
}

// The clock words shoginet puts after a level's limits: both main times (ms), the byoyomi, and
// the increments when the game has them.
std::string clock_words(const WorkClock& clock) {
    std::string w = " btime " + std::to_string(clock.btime_cs * 10) + " wtime " + std::to_string(clock.wtime_cs * 10) +
        " byoyomi " + std::to_string(clock.byo_s * 1000);
    if (clock.inc_s) w += " binc " + std::to_string(clock.inc_s * 1000) + " winc " + std::to_string(clock.inc_s * 1000);
    return w;
}

// One move work as shoginet sends it, `plies` moves into the game: the level's options, then
// `go <limits> <clock>`. Checks what every move work must meet: the answer comes within the
// clock of the side to move (its main time plus one byoyomi period) and is a legal move.
Shoginet::Answer move_work(Shoginet& engine, const Words& game, size_t plies, int skill, const std::string& limits,
                           const WorkClock& clock) {
    engine.send("setoption name USI_Variant value chushogi");
    engine.send("setoption name Skill_Level value " + std::to_string(skill));
    engine.send("setoption name USI_MultiPV value 1");
    engine.send("usinewgame");
    const std::string go = "go " + limits + clock_words(clock);
    const Shoginet::Answer a = engine.search(START_SFEN, join(game, plies), go);
    INFO("Skill_Level " << skill << ": " << go << " -> " << a.bestmove << " after " << a.ms << " ms");
    const bool sente = plies % 2 == 0;
    CHECK(a.ms < (sente ? clock.btime_cs : clock.wtime_cs) * 10 + clock.byo_s * 1000);
    const Words best = split(a.bestmove);
    REQUIRE(best.size() >= 2);
    CHECK(parse_usi_move(position_after(game, plies), best[1]));  // shoginet's parseUsi, and legal here
    return a;
}

}  // namespace

TEST_CASE("shoginet: a move work at every lishogi level and clock answers in time at that level",
          "[usi][lishogi][shoginet]") {
    Shoginet engine;
    const Words game = split(GAME);
    int work = 0;
    for (const WorkClock& clock : CLOCKS) {
        for (const Level& lv : LEVELS) {
            // Alternate Sente to move with no moves yet and Gote to move five moves in.
            const size_t plies = work++ % 2 == 0 ? 0 : 5;
            INFO("level " << lv.level);
            const Shoginet::Answer a =
                move_work(engine, game, plies, lv.skill,
                          "movetime " + std::to_string(lv.movetime) + " depth " + std::to_string(lv.depth), clock);
            CHECK(std::any_of(a.lines.begin(), a.lines.end(),
                              [](const std::string& l) { return l.find(" score ") != std::string::npos; }));
            CHECK(engine.skill_in_force() == std::to_string(std::clamp(lv.skill, SKILL_MIN, SKILL_FULL)));
        }
    }
}

TEST_CASE("shoginet: the levels recommended for Shishi search within their node limit at every clock",
          "[usi][lishogi][shoginet]") {
    Shoginet engine;
    const Words game = split(GAME);
    int work = 0;
    for (const WorkClock& clock : CLOCKS) {
        for (const OwnLevel& lv : OWN_LEVELS) {
            const size_t plies = work++ % 2 == 0 ? 0 : 5;
            INFO("level " << lv.level);
            // engine.search() writes movetime, depth (none here), nodes, then the clock.
            const Shoginet::Answer a =
                move_work(engine, game, plies, lv.skill,
                          "movetime " + std::to_string(OWN_MOVETIME) + " nodes " + std::to_string(lv.nodes), clock);
            // The level's own node limit (its fraction of the work's) bounds every reported count.
            SearchLimits host;
            host.nodes = lv.nodes;
            host.movetime_ms = OWN_MOVETIME;
            const uint64_t limit = skill_limits(host, lv.skill).nodes;
            uint64_t most = 0;
            for (const std::string& l : a.lines) {
                const Words w = split(l);
                for (size_t i = 0; i + 1 < w.size(); ++i)
                    if (w[0] == "info" && w[i] == "nodes") most = std::max<uint64_t>(most, std::stoull(w[i + 1]));
            }
            CHECK(most > 0);
            CHECK(most <= limit);
            CHECK(engine.skill_in_force() == std::to_string(lv.skill));
        }
    }
}

TEST_CASE("shoginet: the issue's level-9 move with half a second left answers inside it", "[usi][lishogi][shoginet]") {
    Shoginet engine;
    for (int i = 0; i < 5; ++i) {
        const Shoginet::Answer a =
            engine.search(START_SFEN, "", "go movetime 1500 depth 17 btime 500 wtime 500 byoyomi 0");
        INFO(a.bestmove << " after " << a.ms << " ms");
        CHECK(a.ms < 500);
        CHECK(a.bestmove != "bestmove resign");
    }
}

TEST_CASE("shoginet: an analysis work over a game ending in a royal capture has a score at every ply",
          "[usi][lishogi][shoginet]") {
    const Words game = split(GAME);
    // The game really ends with the capture of Gote's last royal.
    Game record(lishogi_rules());
    record.reset(position_after(game, 0));
    for (const std::string& m : game)
        record.play(*parse_usi_move(record.position(), m));
    REQUIRE(record.status().outcome == Outcome::WHITE_WINS);

    Shoginet engine;
    engine.send("setoption name USI_Variant value chushogi");
    engine.send("setoption name USI_AnalyseMode value true");
    engine.send("setoption name Skill_Level value 20");
    engine.send("setoption name USI_MultiPV value 1");
    engine.send("usinewgame");
    for (size_t ply = game.size() + 1; ply-- > 0;) {
        const Shoginet::Answer a =
            engine.search(START_SFEN, join(game, ply), "go movetime 1000 depth 20 nodes 1250000");
        // shoginet's processInfo: a line without a depth, or at least as deep, replaces the kept one.
        std::optional<ParsedInfo> deepest;
        for (const std::string& l : a.lines) {
            if (!usi_test::starts_with(l, "info ")) continue;
            ParsedInfo p = parse_info(l.substr(5));
            if (!p.depth || *p.depth == 0 || !deepest || !deepest->depth || *deepest->depth == 0 ||
                *p.depth >= *deepest->depth)
                deepest = p;
        }
        INFO("ply " << ply << ": " << a.bestmove);
        REQUIRE(deepest);
        CHECK(deepest->score);  // shoginet stores {} otherwise: a hole in the analysis
        const Position pos = position_after(game, ply);
        CHECK(pv_legal(pos, deepest->pv));
        if (ply == game.size()) {
            CHECK(deepest->score == std::optional<std::string>("mate 0"));
            CHECK(a.bestmove == "bestmove resign");
        } else {
            CHECK_FALSE(deepest->pv.empty());
            CHECK(a.ms < 1000 + 500);  // the movetime, with room for a loaded machine's wake-up
        }
    }
}
