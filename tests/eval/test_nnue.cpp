// The learned evaluation in the engine: the net file (round trip, refusals), the embedded net,
// the incremental accumulator against a refresh for every move shape, the kernels against the
// scalar reference, colour symmetry, the overflow bound, and the search and USI with it.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "shishi/core/movegen.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/eval/nnue_accumulator.hpp"
#include "shishi/eval/nnue_network.hpp"
#include "shishi/search/eval_cache.hpp"
#include "shishi/search/search.hpp"
#include "shishi/tools/nnue_placeholder.hpp"
#include "test_support.hpp"
#include "usi_harness.hpp"
#include "xboard_test_io.hpp"

using namespace shishi;
using namespace shishi::nnue;
using namespace shishi::test;

namespace {

// Weights drawn in [-range, range], deterministic.
NetworkWeights random_weights(uint32_t seed, int range) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> d(-range, range);
    NetworkWeights w;
    for (auto& x : w.l1_bias)
        x = int16_t(d(rng));
    for (auto& x : w.l1_weights)
        x = int16_t(d(rng));
    for (auto& x : w.out_weights)
        x = int16_t(d(rng) % 128);
    w.out_bias = d(rng);
    return w;
}

const Network& random_net() {
    static const std::shared_ptr<const Network> net = Network::from_weights(random_weights(7, 40), "random");
    return *net;
}

std::string file_bytes(const NetworkWeights& w, const std::string& desc = "test") {
    std::ostringstream out;
    REQUIRE(write_network(out, w, desc));
    return out.str();
}

bool same(const Accumulator& a, const Accumulator& b) {
    for (int p = 0; p < 2; ++p)
        for (int i = 0; i < L1; ++i)
            if (a.v[p][i] != b.v[p][i]) return false;
    return true;
}

// The move shapes of issue 37's list, counted along the random walks.
struct Shapes {
    int step = 0, capture = 0, promotion = 0, lion_double = 0, igui = 0, pass = 0;
};

void count_shape(const Position& before, Move m, Shapes& s) {
    if (m.is_pass())
        ++s.pass;
    else if (m.is_igui())
        ++s.igui;
    else if (m.is_double())
        ++s.lion_double;
    else if (before.is_capture(m))
        ++s.capture;
    else
        ++s.step;
    if (m.is_promotion()) ++s.promotion;
}

// Picks a move, preferring the rarer shapes when they are there, so every shape occurs.
Move pick(const MoveList& list, std::mt19937& rng) {
    std::vector<Move> rare;
    for (Move m : list)
        if (m.is_pass() || m.is_double() || m.is_promotion()) rare.push_back(m);
    if (!rare.empty() && rng() % 3 == 0) return rare[rng() % rare.size()];
    return list[int(rng() % unsigned(list.size()))];
}

// A random walk of makes and unmakes from root; after every one, the stack's accumulator (a
// lazy one evaluated only now and then, and an eager one evaluated every time) must equal a
// refresh of the position.
void walk(Position pos, const Network& net, std::mt19937& rng, int steps, Shapes& shapes) {
    AccumulatorStack eager, lazy;
    eager.reset(pos, net);
    lazy.reset(pos, net);
    Accumulator fresh;
    for (int i = 0; i < steps; ++i) {
        MoveList list;
        generate_legal(pos, list);
        const bool back = eager.depth() > 0 && (list.empty() || eager.depth() > 200 || rng() % 4 == 0);
        if (back) {
            pos.unmake();
            eager.pop();
            lazy.pop();
        } else {
            if (list.empty()) break;
            const Move m = pick(list, rng);
            count_shape(pos, m, shapes);
            pos.make(m);
            eager.push(pos);
            lazy.push(pos);
        }
        refresh(fresh, pos, net, Kernel::SCALAR);
        INFO("step " << i << (back ? " (unmake)" : " (make)"));
        REQUIRE(same(eager.current(pos), fresh));
        if (rng() % 5 == 0) REQUIRE(same(lazy.current(pos), fresh));
        CHECK(eager.evaluate(pos) == output_cp(fresh, pos.side_to_move(), net, Kernel::SCALAR));
    }
}

// Pieces whose moves make every shape: Lions and Falcons/Eagles (double moves, igui, passes),
// Pawns near the zone (promotions), sliders and steppers.
const Kind CROWD[] = {LION, LION,   HORNED_FALCON, SOARING_EAGLE, PAWN,  PAWN,           GOLD,
                      ROOK, BISHOP, KING,          DRAGON_KING,   KIRIN, DRUNK_ELEPHANT, LANCE};

Position twin(const Position& pos) {
    Position t;
    for (Color c : {WHITE, BLACK})
        for (int i = 0; i < pos.piece_count(c); ++i) {
            const Square s = pos.piece_square(c, i);
            const Square r = make_square(BOARD_SIZE - 1 - file_of(s), BOARD_SIZE - 1 - rank_of(s));
            t.put_piece(r, make_piece(~c, kind_of(pos.piece_on(s))));
        }
    t.set_side_to_move(~pos.side_to_move());
    return t;
}

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("shishi_nnue_test_" + std::to_string(std::random_device()()) + "_" + name))
        .string();
}

void write_file(const std::string& path, const std::string& bytes) {
    std::ofstream f(path, std::ios::binary);
    f.write(bytes.data(), std::streamsize(bytes.size()));
}

}  // namespace

TEST_CASE("a net written and read back has the same weights, hash and description", "[nnue]") {
    const NetworkWeights w = random_weights(1, 255);
    const std::string bytes = file_bytes(w, "round trip");
    const NetworkLoad r = read_network(bytes);
    REQUIRE(r.ok());
    CHECK(r.net->hash() == payload_hash(w));
    CHECK(r.net->description() == "round trip");
    for (int f : {0, 1, FEATURES / 2, FEATURES - 1})
        for (int i = 0; i < L1; ++i)
            REQUIRE(r.net->l1_column(f)[i] == w.l1_weights[size_t(f) * L1 + size_t(i)]);
    for (int i = 0; i < L1; ++i)
        REQUIRE(r.net->l1_bias()[i] == w.l1_bias[size_t(i)]);
    for (int i = 0; i < 2 * L1; ++i)
        REQUIRE(r.net->out_weights()[i] == w.out_weights[size_t(i)]);
    CHECK(r.net->out_bias() == w.out_bias);
    CHECK(r.net->name().rfind("nnue ", 0) == 0);
}

TEST_CASE("a truncated, corrupt or mismatched net is refused with the reason", "[nnue]") {
    const std::string good = file_bytes(random_weights(2, 10));
    REQUIRE(read_network(good).ok());
    auto error = [](const std::string& bytes) { return read_network(bytes).error; };
    CHECK_THAT(error(""), Catch::Contains("magic"));
    CHECK_THAT(error("NOTANET!" + good.substr(8)), Catch::Contains("magic"));
    CHECK_THAT(error(good.substr(0, 20)), Catch::Contains("truncated"));
    CHECK_THAT(error(good.substr(0, good.size() - 1)), Catch::Contains("truncated"));
    CHECK_THAT(error(good + "x"), Catch::Contains("trailing"));
    std::string corrupt = good;
    corrupt[corrupt.size() / 2] ^= 1;
    CHECK_THAT(error(corrupt), Catch::Contains("hash"));
    // The header fields: version at 8, features 12, L1 16, QA 20, QB 24, SCALE 28.
    const char* names[] = {"version", "feature count", "L1", "QA", "QB", "SCALE"};
    for (int i = 0; i < 6; ++i) {
        std::string other = good;
        other[size_t(8 + 4 * i)] ^= 2;
        INFO(names[i]);
        CHECK_THAT(error(other), Catch::Contains("mismatch") && Catch::Contains(names[i]));
    }
    CHECK_THAT(load_network_file("/nonexistent/shishi.nnue").error, Catch::Contains("cannot open"));
}

TEST_CASE("the embedded net is data/nnue/shishi.nnue and loads", "[nnue]") {
    std::ifstream f(std::string(SHISHI_SOURCE_DIR) + "/data/nnue/shishi.nnue", std::ios::binary);
    REQUIRE(f);
    const std::string bytes{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
    CHECK(embedded_network_bytes() == bytes);
    REQUIRE(embedded_network() != nullptr);
    CHECK(embedded_network()->hash() == read_network(bytes).net->hash());
}

TEST_CASE("the placeholder net is the hand evaluation's material", "[nnue]") {
    const auto net = Network::from_weights(material_network(), MATERIAL_NETWORK_DESCRIPTION);
    REQUIRE(net);
    const Position start = Position::start();
    CHECK(evaluate(start, *net) == 0);
    // Without a side's Lion (or Queen, or a Pawn) the side to move is that much down,
    // within the rounding of the quantised weights.
    for (Kind k : {LION, QUEEN, PAWN, DRAGON_KING}) {
        Position pos;
        for (Color c : {WHITE, BLACK})
            for (int i = 0; i < start.piece_count(c); ++i) {
                const Square s = start.piece_square(c, i);
                const Piece p = start.piece_on(s);
                if (c == WHITE && kind_of(p) == k && pos.piece_count(WHITE) == i) {
                    bool seen = false;
                    for (int j = 0; j < pos.piece_count(WHITE); ++j)
                        seen |= kind_of(pos.piece_on(pos.piece_square(WHITE, j))) == k;
                    if (!seen) continue;  // leave out the first of the kind
                }
                pos.put_piece(s, p);
            }
        INFO(int(k));
        REQUIRE(pos.piece_count(WHITE) == start.piece_count(WHITE) - 1);
        CHECK(std::abs(evaluate(pos, *net) + piece_value(k)) <= piece_value(k) / 50 + 2);
    }
}

TEST_CASE("the incremental accumulator equals a refresh after every make and unmake, for every move shape", "[nnue]") {
    Shapes shapes;
    std::mt19937 rng(2024);
    for (const Position& root : random_game_roots())
        walk(root, random_net(), rng, 300, shapes);
    for (int i = 0; i < 40; ++i) {
        Position crowd = random_crowded_board(rng, CROWD, 30, 30);
        if (crowd.royal_count(WHITE) == 0 || crowd.royal_count(BLACK) == 0) continue;
        walk(crowd, random_net(), rng, 200, shapes);
    }
    INFO("steps " << shapes.step << " captures " << shapes.capture << " promotions " << shapes.promotion
                  << " Lion double captures " << shapes.lion_double << " igui " << shapes.igui << " passes "
                  << shapes.pass);
    CHECK(shapes.step > 0);
    CHECK(shapes.capture > 0);
    CHECK(shapes.promotion > 0);
    CHECK(shapes.lion_double > 0);
    CHECK(shapes.igui > 0);
    CHECK(shapes.pass > 0);
}

TEST_CASE("every kernel gives the scalar reference's integers", "[nnue]") {
    std::mt19937 rng(99);
    const auto big = Network::from_weights(random_weights(3, 255), "clip bounds");
    for (const Network* net : {&random_net(), big.get()}) {
        for (int i = 0; i < 30; ++i) {
            Position pos = Position::start();
            random_game(pos, int(rng() % 120), rng);
            Accumulator ref;
            refresh(ref, pos, *net, Kernel::SCALAR);
            for (Kernel k : {Kernel::VECTOR, Kernel::AVX2}) {
                if (!kernel_available(k)) continue;
                INFO(kernel_name(k));
                Accumulator acc;
                refresh(acc, pos, *net, k);
                REQUIRE(same(acc, ref));
                CHECK(output_cp(acc, pos.side_to_move(), *net, k) ==
                      output_cp(ref, pos.side_to_move(), *net, Kernel::SCALAR));
            }
        }
    }
    // The update on arbitrary lanes, several columns at once (in place, as refresh does).
    alignas(64) int16_t in[L1], a[4][L1], s[4][L1], out_ref[L1], out[L1];
    for (int i = 0; i < L1; ++i) {
        in[i] = int16_t(int(rng() % 20001) - 10000);
        for (int j = 0; j < 4; ++j) {
            a[j][i] = int16_t(int(rng() % 511) - 255);
            s[j][i] = int16_t(int(rng() % 511) - 255);
        }
    }
    const int16_t* add[4] = {a[0], a[1], a[2], a[3]};
    const int16_t* sub[4] = {s[0], s[1], s[2], s[3]};
    for (int na = 0; na <= 4; ++na)
        for (int ns = 0; ns <= 3; ++ns) {
            update_columns(Kernel::SCALAR, out_ref, in, add, na, sub, ns);
            for (Kernel k : {Kernel::VECTOR, Kernel::AVX2}) {
                if (!kernel_available(k)) continue;
                update_columns(k, out, in, add, na, sub, ns);
                for (int i = 0; i < L1; ++i)
                    REQUIRE(out[i] == out_ref[i]);
            }
        }
}

TEST_CASE("a position and its rotated colour-swapped twin evaluate the same for the side to move", "[nnue]") {
    std::mt19937 rng(5);
    const auto placeholder = Network::from_weights(material_network(), "placeholder");
    for (int i = 0; i < 20; ++i) {
        Position pos = Position::start();
        random_game(pos, int(rng() % 100), rng);
        const Position t = twin(pos);
        for (const Network* net : {&random_net(), placeholder.get()})
            REQUIRE(evaluate(pos, *net) == evaluate(t, *net));
    }
}

TEST_CASE("the worst case of 92 pieces with weights at their clip bounds does not overflow", "[nnue]") {
    const Position start = Position::start();
    REQUIRE(start.piece_count(WHITE) + start.piece_count(BLACK) == MAX_ACTIVE);
    for (int sign : {1, -1}) {
        NetworkWeights w;
        for (auto& x : w.l1_bias)
            x = int16_t(sign * QA);
        for (auto& x : w.l1_weights)
            x = int16_t(sign * QA);
        for (auto& x : w.out_weights)
            x = int16_t(sign * 127);
        w.out_bias = sign * 1000;
        const auto net = Network::from_weights(w, "extreme");
        for (Kernel k : {Kernel::SCALAR, Kernel::VECTOR, Kernel::AVX2}) {
            if (!kernel_available(k)) continue;
            INFO(kernel_name(k) << " sign " << sign);
            Accumulator acc;
            refresh(acc, start, *net, k);
            for (int p = 0; p < 2; ++p)
                for (int i = 0; i < L1; ++i)
                    REQUIRE(acc.v[p][i] == sign * (MAX_ACTIVE + 1) * QA);
            const int64_t crelu = sign > 0 ? QA : 0;
            const int64_t out = sign * 1000 + 2 * L1 * crelu * sign * 127;
            CHECK(output_layer(k, acc.v[0], acc.v[1], net->out_weights(), net->out_bias()) == out);
            CHECK(output_cp(acc, WHITE, *net, k) == int(out * SCALE / (QA * QB)));
        }
    }
}

TEST_CASE("the search with a net plays legal moves and its static evaluations are the net's", "[nnue]") {
    const auto net = Network::from_weights(random_weights(11, 30), "search");
    Searcher searcher(4);
    searcher.set_network(net);
    Position pos = Position::start();
    std::mt19937 rng(3);
    random_game(pos, 30, rng);
    SearchLimits limits;
    limits.depth = 4;
    const SearchResult a = searcher.search(pos, limits);
    REQUIRE(legal_moves(pos).size() > 0);
    bool found = false;
    for (Move m : legal_moves(pos))
        found |= m.same_as(a.best);
    CHECK(found);
    // Deterministic, and another evaluation searches another tree.
    searcher.new_game();
    CHECK(searcher.search(pos, limits).nodes == a.nodes);
    searcher.new_game();
    searcher.set_network(nullptr);
    CHECK(searcher.search(pos, limits).nodes != a.nodes);
}

TEST_CASE("the evaluation cache never serves one net's score for another net or the hand evaluation", "[nnue][cache]") {
    const auto a = Network::from_weights(random_weights(21, 30), "a");
    const auto b = Network::from_weights(random_weights(22, 30), "b");
    Position pos = Position::start();
    std::mt19937 rng(8);
    random_game(pos, 20, rng);
    REQUIRE(evaluate(pos, *a) != evaluate(pos, *b));
    REQUIRE(evaluate(pos, *a) != shishi::evaluate(pos));
    EvalCache cache;
    auto with = [&](const Network& net) { return cache.evaluate(pos, net.hash(), [&] { return evaluate(pos, net); }); };
    for (int round = 0; round < 2; ++round) {
        CHECK(with(*a) == evaluate(pos, *a));
        CHECK(with(*b) == evaluate(pos, *b));
        CHECK(cache.evaluate(pos) == shishi::evaluate(pos));
    }
}

TEST_CASE("helper threads search with the net from their own root", "[nnue][threads]") {
    const auto net = Network::from_weights(random_weights(12, 30), "threads");
    Searcher searcher(4);
    searcher.set_network(net);
    searcher.set_threads(2);
    Position pos = Position::start();
    std::mt19937 rng(4);
    random_game(pos, 25, rng);
    const uint64_t key = pos.key();
    SearchLimits limits;
    limits.depth = 5;
    const SearchResult r = searcher.search(pos, limits);
    bool found = false;
    for (Move m : legal_moves(pos))
        found |= m.same_as(r.best);
    CHECK(found);
    CHECK(pos.key() == key);
}

TEST_CASE("XBoard: Use NNUE and EvalFile are offered, and a bad EvalFile is refused", "[nnue][xboard]") {
    const auto out = xboard_test::transcript("xboard\nprotover 2\noption EvalFile=/nonexistent/x.nnue\n");
    CHECK(xboard_test::contains(out, "feature option=\"Use NNUE -check 1\""));
    CHECK(xboard_test::contains(out, "feature option=\"EvalFile -file \""));
    CHECK(xboard_test::contains(out, "Error (bad option value): option EvalFile=/nonexistent/x.nnue"));
    bool told = false;
    for (const std::string& l : out)
        told |= l.rfind("telluser", 0) == 0 && l.find("cannot open") != std::string::npos;
    CHECK(told);
}

TEST_CASE("USI: Use_NNUE and EvalFile; a bad EvalFile is refused and the embedded net stays", "[nnue][usi]") {
    const std::string embedded = embedded_network()->name();
    usi_test::Session s;
    s.send("usi");
    const std::string use = s.expect("option name Use_NNUE");
    CHECK(use == "option name Use_NNUE type check default true");
    CHECK(s.expect("option name EvalFile") == "option name EvalFile type string default <empty>");
    s.send("isready");
    REQUIRE(s.expect("readyok") == "readyok");
    s.send("eval");
    CHECK_THAT(s.expect("info string evaluation"), Catch::EndsWith("cp by " + embedded));
    s.send("setoption name Use_NNUE value false");
    s.send("eval");
    CHECK_THAT(s.expect("info string evaluation"), Catch::EndsWith("cp by hand"));
    s.send("setoption name Use_NNUE value true");
    s.send("eval");
    CHECK_THAT(s.expect("info string evaluation"), Catch::EndsWith("cp by " + embedded));

    const std::string good = file_bytes(random_weights(4, 20), "from a file");
    std::string wrong_magic = good, wrong_hash = good;
    wrong_magic[0] = 'X';
    wrong_hash[good.size() - 3] ^= 4;
    const std::string missing = temp_path("missing.nnue");
    const std::string truncated = temp_path("truncated.nnue"), magic = temp_path("magic.nnue"),
                      hash = temp_path("hash.nnue"), fine = temp_path("fine.nnue");
    write_file(truncated, good.substr(0, good.size() / 2));
    write_file(magic, wrong_magic);
    write_file(hash, wrong_hash);
    write_file(fine, good);
    const std::pair<std::string, std::string> bad[] = {
        {missing, "cannot open"}, {truncated, "truncated"}, {magic, "magic"}, {hash, "hash"}};
    for (const auto& [path, why] : bad) {
        INFO(path);
        s.send("setoption name EvalFile value " + path);
        const std::string e = s.expect("info string");
        CHECK_THAT(e, Catch::Contains(why) && Catch::Contains(path) && Catch::Contains("stays"));
        s.send("eval");
        CHECK_THAT(s.expect("info string evaluation"), Catch::EndsWith("cp by " + embedded));
    }
    s.send("setoption name EvalFile value " + fine);
    s.send("eval");
    CHECK_THAT(s.expect("info string evaluation"), Catch::EndsWith(" from a file"));
    s.send("setoption name EvalFile value <empty>");
    s.send("eval");
    CHECK_THAT(s.expect("info string evaluation"), Catch::EndsWith("cp by " + embedded));

    // A game's worth of searches with the net answers every go with a legal move.
    s.send("setoption name EvalFile value " + fine);
    s.send("usinewgame");
    std::string moves;
    for (int ply = 0; ply < 6; ++ply) {
        s.send("position startpos" + (moves.empty() ? std::string() : " moves" + moves));
        s.send("go depth 3");
        const std::string best = s.expect("bestmove");
        REQUIRE(best.rfind("bestmove ", 0) == 0);
        const std::string m = best.substr(9, best.find(' ', 9) - 9);
        REQUIRE(m != "resign");
        moves += " " + m;
    }
    s.send("position startpos moves" + moves);
    s.send("isready");
    REQUIRE(s.expect("readyok") == "readyok");
    for (const std::string& l : s.lines())
        CHECK(l.find("illegal") == std::string::npos);
    s.send("quit");
    CHECK(s.finish() == 0);
    for (const std::string& p : {truncated, magic, hash, fine})
        std::remove(p.c_str());
}
