// Self-play training data (tools/selfplay_data, tools/training_data, `shishi gensfen`): the
// record format reads back what was written and notices damage; games are deterministic for
// a seed, shards split a run's games, a resumed or extended run equals an uninterrupted one,
// the filters hold, and a merge never overwrites.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "shishi/cli/commands.hpp"
#include "shishi/cli/interrupt.hpp"
#include "shishi/core/attacks.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/search/search.hpp"
#include "shishi/search/search_limits.hpp"
#include "shishi/tools/nnue_dataset.hpp"
#include "shishi/tools/selfplay_data.hpp"
#include "shishi/tools/training_data.hpp"

using namespace shishi;
namespace fs = std::filesystem;

namespace {

struct Run {
    int code;
    std::string out, err;
};

Run run(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = cli::run_command(args, out, err);
    return {code, out.str(), err.str()};
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<TrainingGame> read_all(const fs::path& p, std::string& damage) {
    std::ifstream in(p, std::ios::binary);
    std::vector<TrainingGame> games;
    TrainingGame g;
    while (read_training_game(in, g, damage))
        games.push_back(g);
    return games;
}

// A folder of its own for one test, removed at the end.
struct Scratch {
    fs::path dir;
    explicit Scratch(const std::string& name) : dir(fs::temp_directory_path() / ("shishi-selfplay-" + name)) {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    ~Scratch() { fs::remove_all(dir); }
    std::string operator/(const char* f) const { return (dir / f).string(); }
};

SelfplayOptions small_options() {
    SelfplayOptions o;
    o.seed = 7;
    o.games = 4;
    o.nodes = 512;
    o.max_plies = 60;
    o.random_plies = 6;
    return o;
}

}  // namespace

TEST_CASE("a game record reads back as written", "[selfplay]") {
    TrainingGame g;
    g.seed = 0x0123456789ABCDEFull;
    g.result = 2;
    g.rules = 2;
    g.sfen = START_SFEN;
    g.plies = {{Move::normal(make_square(0, 3), make_square(0, 4)), -123, true},
               {Move::double_step(make_square(5, 5), make_square(5, 6), make_square(5, 5)), SCORE_CLIP, false},
               {Move::pass(make_square(6, 6), make_square(6, 7)), -SCORE_CLIP, true}};
    std::stringstream s;
    write_training_game(s, g);
    write_training_game(s, g);
    TrainingGame back;
    std::string damage;
    for (int i = 0; i < 2; ++i) {
        REQUIRE(read_training_game(s, back, damage));
        CHECK(back.seed == g.seed);
        CHECK(back.result == 2);
        CHECK(back.rules == 2);
        CHECK(back.sfen == g.sfen);
        REQUIRE(back.plies.size() == 3);
        for (size_t j = 0; j < 3; ++j) {
            CHECK(back.plies[j].move == g.plies[j].move);
            CHECK(back.plies[j].score == g.plies[j].score);
            CHECK(back.plies[j].keep == g.plies[j].keep);
        }
    }
    CHECK_FALSE(read_training_game(s, back, damage));
    CHECK(damage.empty());  // the clean end of the data

    SECTION("damage is reported, not read") {
        std::string bytes;
        {
            std::ostringstream o;
            write_training_game(o, g);
            bytes = o.str();
        }
        std::string flipped = bytes;
        flipped[30] = char(flipped[30] ^ 0x10);
        std::istringstream bad(flipped);
        CHECK_FALSE(read_training_game(bad, back, damage));
        CHECK(damage.find("checksum") != std::string::npos);
        std::istringstream cut(bytes.substr(0, bytes.size() - 3));
        CHECK_FALSE(read_training_game(cut, back, damage));
        CHECK(damage.find("cut short") != std::string::npos);
        std::istringstream other("not a record at all, just text");
        CHECK_FALSE(read_training_game(other, back, damage));
        CHECK(damage.find("magic") != std::string::npos);
    }
}

TEST_CASE("self-play games are deterministic and keep only filtered positions", "[selfplay]") {
    const SelfplayOptions o = small_options();
    Searcher a(4), b(4);
    TrainingGame g1, g2, other;
    REQUIRE(play_training_game(a, o, 1, g1, {}));
    REQUIRE(play_training_game(b, o, 1, g2, {}));
    REQUIRE(play_training_game(a, o, 1, g2, {}));  // a searcher reused for the same game
    REQUIRE(play_training_game(a, o, 2, other, {}));
    CHECK(g1.sfen == g2.sfen);
    REQUIRE(g1.plies.size() == g2.plies.size());
    for (size_t i = 0; i < g1.plies.size(); ++i) {
        CHECK(g1.plies[i].move == g2.plies[i].move);
        CHECK(g1.plies[i].score == g2.plies[i].score);
    }
    CHECK(g1.seed != other.seed);
    CHECK(g1.sfen != other.sfen);  // random plies make each game's start its own

    // Replay: every move legal, kept positions quiet (no royal in check, best move no capture,
    // no mate score), scores clipped.
    for (const TrainingGame& g : {g1, other}) {
        auto start = parse_sfen(g.sfen);
        REQUIRE(start);
        Position pos = *start;
        int kept = 0;
        for (const TrainingPly& p : g.plies) {
            CHECK(is_legal(pos, p.move));
            CHECK(std::abs(p.score) <= SCORE_CLIP);
            if (p.keep) {
                ++kept;
                CHECK_FALSE(pos.is_capture(p.move));
                CHECK_FALSE(in_check(pos, WHITE));
                CHECK_FALSE(in_check(pos, BLACK));
                CHECK(std::abs(p.score) < SCORE_CLIP);
            }
            pos.make(p.move);
        }
        CHECK(kept > 0);
    }
}

TEST_CASE("shards split a run's games and a resumed run equals an uninterrupted one", "[selfplay][cli]") {
    Scratch dir("shards");
    const std::vector<std::string> common = {"--games", "3", "--nodes", "512", "--max-plies", "40", "--seed", "9"};
    auto args = [&](const std::string& out, std::vector<std::string> more = {}) {
        std::vector<std::string> a = {"gensfen", "--out", out};
        a.insert(a.end(), common.begin(), common.end());
        a.insert(a.end(), more.begin(), more.end());
        return a;
    };
    Run whole = run(args(dir / "whole.sgames"));
    REQUIRE(whole.code == 0);
    std::string damage;
    const auto all = read_all(dir / "whole.sgames", damage);
    REQUIRE(all.size() == 3);

    REQUIRE(run(args(dir / "s1.sgames", {"--shard", "1/2"})).code == 0);
    REQUIRE(run(args(dir / "s2.sgames", {"--shard", "2/2"})).code == 0);
    const auto s1 = read_all(dir / "s1.sgames", damage), s2 = read_all(dir / "s2.sgames", damage);
    REQUIRE(s1.size() == 2);
    REQUIRE(s2.size() == 1);
    CHECK(s1[0].seed == all[0].seed);
    CHECK(s2[0].seed == all[1].seed);
    CHECK(s1[1].seed == all[2].seed);

    SECTION("a record cut short by an interruption is dropped and the run resumes") {
        const std::string bytes = slurp(dir / "whole.sgames");
        std::ofstream(dir / "cut.sgames", std::ios::binary) << bytes.substr(0, bytes.size() / 2);
        Run resumed = run(args(dir / "cut.sgames"));
        CHECK(resumed.code == 0);
        CHECK(resumed.err.find("dropping an incomplete record") != std::string::npos);
        CHECK(slurp(dir / "cut.sgames") == bytes);
    }
    SECTION("a run extended to more games keeps its games") {
        std::vector<std::string> fewer = {"gensfen", "--out", dir / "grow.sgames", "--games", "1",
                                          "--nodes", "512",   "--max-plies",       "40",      "--seed",
                                          "9"};
        REQUIRE(run(fewer).code == 0);
        REQUIRE(run(args(dir / "grow.sgames")).code == 0);
        CHECK(slurp(dir / "grow.sgames") == slurp(dir / "whole.sgames"));
    }
    SECTION("a resume with other settings is refused and the file kept") {
        const std::string before = slurp(dir / "whole.sgames");
        std::vector<std::string> other = {"gensfen", "--out", dir / "whole.sgames", "--games", "4",
                                          "--nodes", "1024",  "--max-plies",        "40",      "--seed",
                                          "9"};
        Run r = run(other);
        CHECK(r.code == 1);
        CHECK(r.err.find("another run") != std::string::npos);
        CHECK(slurp(dir / "whole.sgames") == before);
    }
    SECTION("a stop request keeps the games finished and says how to resume") {
        cli::request_stop();
        Run r = run(args(dir / "stopped.sgames"));
        cli::clear_stop_request();
        CHECK(r.code == 130);
        CHECK(r.out.find("rerun to resume") != std::string::npos);
        CHECK(read_all(dir / "stopped.sgames", damage).empty());
        CHECK(damage.empty());
    }
    SECTION("merge joins shards, shuffles games by seed and never overwrites") {
        Run m = run({"gensfen-merge", "--out", dir / "merged.sgames", dir / "s1.sgames", dir / "s2.sgames"});
        REQUIRE(m.code == 0);
        auto merged = read_all(dir / "merged.sgames", damage);
        REQUIRE(merged.size() == 3);
        std::vector<uint64_t> seeds, expected;
        for (auto& g : merged)
            seeds.push_back(g.seed);
        for (auto& g : all)
            expected.push_back(g.seed);
        std::sort(seeds.begin(), seeds.end());
        std::sort(expected.begin(), expected.end());
        CHECK(seeds == expected);
        const std::string s1_before = slurp(dir / "s1.sgames");
        Run over = run({"gensfen-merge", "--out", dir / "s1.sgames", dir / "s2.sgames"});
        CHECK(over.code == 2);
        CHECK(over.err.find("never overwrites") != std::string::npos);
        CHECK(slurp(dir / "s1.sgames") == s1_before);
        Run none = run({"gensfen-merge", dir / "s1.sgames", dir / "s2.sgames"});
        CHECK(none.code == 2);
        CHECK(slurp(dir / "s1.sgames") == s1_before);
        std::ofstream(dir / "bad.sgames", std::ios::binary) << s1_before.substr(0, s1_before.size() - 2);
        Run bad = run({"gensfen-merge", "--out", dir / "m2.sgames", dir / "bad.sgames"});
        CHECK(bad.code == 1);
        CHECK_FALSE(fs::exists(dir / "m2.sgames"));
    }
}

TEST_CASE("gensfen refuses bad input before any work", "[selfplay][cli]") {
    Scratch dir("bad");
    for (const std::vector<std::string>& a : std::vector<std::vector<std::string>>{
             {"gensfen"},
             {"gensfen", "--out", dir / "x.sgames", "--shard", "3/2"},
             {"gensfen", "--out", dir / "x.sgames", "--nodes", "0"},
             {"gensfen", "--out", dir / "x.sgames", "--adjudicate", "300"},
             {"gensfen", "--out", dir / "x.sgames", "--rules", "book,okazaki=true"},
             {"gensfen", "--out", (dir.dir / "no-such-folder" / "x.sgames").string()},
         }) {
        Run r = run(a);
        INFO(a.size());
        CHECK(r.code == 2);
        CHECK(r.err.find("usage: shishi gensfen") != std::string::npos);
        CHECK_FALSE(fs::exists(dir / "x.sgames"));
    }
    std::ofstream(dir / "book.txt") << "h2i2 zz99\n";
    Run bad_book = run({"gensfen", "--out", dir / "x.sgames", "--openings", dir / "book.txt"});
    CHECK(bad_book.code == 1);
    CHECK(bad_book.err.find("book.txt:1") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "x.sgames"));
}

TEST_CASE("a recorded igui by one of two pieces on the same victim replays", "[selfplay][nnue-train]") {
    // A self-play game whose ply 155 is a Soaring Eagle's igui (8g7h8g) while the gote Lion on 6i
    // could take the same Pawn the same way: the same position, and the generator of the
    // replayed position lists the Lion's. The trainer must accept the Eagle's.
    const std::string file = std::string(SHISHI_SOURCE_DIR) + "/tests/data/nnue/igui-twin.sgames";
    std::string damage;
    const auto games = read_all(file, damage);
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].plies.size() > 155);
    CHECK(move_to_usi(games[0].plies[154].move) == "8g7h8g");
    nnue_train::Dataset data;
    std::string error;
    std::ostringstream warnings;
    CHECK(nnue_train::load_games({file}, {}, data, error, warnings));
    CHECK(error.empty());
}
