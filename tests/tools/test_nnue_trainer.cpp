// The NNUE trainer: the game files read and replayed, the features of both perspectives, the
// gradient against finite differences, the loss falling, runs that are deterministic and
// resume exactly, quantisation against the float net, the net file's layout, the loss report.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

#include "nnue_games.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/eval/nnue_accumulator.hpp"
#include "shishi/eval/nnue_arch.hpp"
#include "shishi/eval/nnue_network.hpp"
#include "shishi/tools/nnue_dataset.hpp"
#include "shishi/tools/nnue_loss_report.hpp"
#include "shishi/tools/nnue_quantize.hpp"
#include "shishi/tools/nnue_trainer.hpp"
#include "shishi/tools/training_data.hpp"

using namespace shishi;
using namespace shishi::nnue_train;

namespace {

std::string temp_path(const std::string& name) { return "/tmp/shishi_nnue_" + std::to_string(::getpid()) + "_" + name; }

// A game file with the given bytes, removed when the test ends.
struct TempFile {
    std::string path;
    TempFile(const std::string& name, const std::string& bytes) : path(temp_path(name)) {
        std::ofstream(path, std::ios::binary) << bytes;
    }
    ~TempFile() { std::remove(path.c_str()); }
};

Dataset load(const std::string& bytes, int val_every, std::string* error = nullptr) {
    TempFile f("games.sgames", bytes);
    Dataset d;
    std::string why;
    std::ostringstream warnings;
    const bool ok = load_games({f.path}, LoadOptions{val_every}, d, why, warnings);
    if (error)
        *error = why;
    else {
        INFO(why);
        REQUIRE(ok);
    }
    return d;
}

// A small data set shared by the tests that train (made once: the games take a moment).
const Dataset& small_data() {
    static const Dataset d = load(test::synthetic_games(40, 80), 5);
    return d;
}

Square pos_of_usi(const char* s) { return *parse_usi_square(s); }

bool same_model(const Model& a, const Model& b) { return a.w1 == b.w1 && a.b1 == b.b1 && a.w2 == b.w2 && a.b2 == b.b2; }

}  // namespace

TEST_CASE("training data: game records read back as written; damage and truncation reported", "[nnue-train]") {
    const TrainingGame g = test::synthetic_game(7, 30);
    std::stringstream io;
    write_training_game(io, g);
    write_training_game(io, g);
    TrainingGame r;
    std::string error;
    for (int i = 0; i < 2; ++i) {
        REQUIRE(read_training_game(io, r, error));
        CHECK(r.seed == g.seed);
        CHECK(r.result == g.result);
        CHECK(r.sfen == g.sfen);
        REQUIRE(r.plies.size() == g.plies.size());
        for (size_t p = 0; p < g.plies.size(); ++p) {
            CHECK(r.plies[p].move == g.plies[p].move);
            CHECK(r.plies[p].score == g.plies[p].score);
            CHECK(r.plies[p].keep == g.plies[p].keep);
        }
    }
    CHECK_FALSE(read_training_game(io, r, error));
    CHECK(error.empty());  // the end of the data

    std::ostringstream one;
    write_training_game(one, g);
    std::string bytes = one.str();
    bytes[40] ^= 1;
    std::istringstream damaged(bytes);
    CHECK_FALSE(read_training_game(damaged, r, error));
    CHECK(error.find("checksum") != std::string::npos);
    std::istringstream cut(one.str().substr(0, one.str().size() - 3));
    CHECK_FALSE(read_training_game(cut, r, error));
    CHECK(error.find("cut short") != std::string::npos);
}

TEST_CASE("the other perspective's feature is the mirrored one, for every piece and square", "[nnue-train]") {
    for (int c = 0; c < 2; ++c)
        for (int k = 1; k < KIND_NB; ++k)
            for (int rank = 0; rank < BOARD_SIZE; ++rank)
                for (int file = 0; file < BOARD_SIZE; ++file) {
                    const Piece p = make_piece(Color(c), Kind(k));
                    const Square s = make_square(file, rank);
                    const int w = nnue::feature(WHITE, p, s), b = nnue::feature(BLACK, p, s);
                    REQUIRE(w < nnue::FEATURES);
                    REQUIRE(mirror_feature(w) == b);
                    REQUIRE(mirror_feature(b) == w);
                }
}

TEST_CASE("games are replayed: kept positions with their features, score and result, split by game", "[nnue-train]") {
    std::string bytes;
    long kept = 0, kept_held_out = 0;
    for (int i = 0; i < 10; ++i) {
        TrainingGame g = test::synthetic_game(uint64_t(100 + i), 20);
        g.result = i % 3;
        std::ostringstream o;
        write_training_game(o, g);
        bytes += o.str();
        for (const TrainingPly& p : g.plies) {
            kept += p.keep;
            if (i % 5 == 4) kept_held_out += p.keep;
        }
    }
    const Dataset d = load(bytes, 5);
    CHECK(d.games == 10);
    CHECK(d.validation_games == 2);  // games 5 and 10
    CHECK(long(d.validation.size()) == kept_held_out);
    CHECK(long(d.train.size() + d.validation.size()) == kept);

    // The first game's first kept position, replayed by hand.
    const TrainingGame g = test::synthetic_game(100, 20);
    Position pos = *parse_sfen(g.sfen).value;
    size_t ply = 0;
    while (!g.plies[ply].keep)
        pos.make(g.plies[ply++].move);
    std::vector<uint16_t> f;
    side_to_move_features(pos, f);
    CHECK(int(f.size()) == pos.piece_count(WHITE) + pos.piece_count(BLACK));
    const std::vector<uint16_t> stored(d.train.features.begin(), d.train.features.begin() + long(d.train.offset[1]));
    CHECK(stored == f);
    CHECK(d.train.score[0] == g.plies[ply].score);
    // Game 0 has result 0 (the first player lost): a loss for WHITE to move, a win for BLACK.
    CHECK(d.train.result[0] == (pos.side_to_move() == WHITE ? 0 : 2));
}

TEST_CASE("bad game data is refused with a message naming the file and record", "[nnue-train]") {
    std::string error;
    Dataset d;
    std::ostringstream warnings;
    CHECK_FALSE(load_games({temp_path("missing.sgames")}, LoadOptions{}, d, error, warnings));
    CHECK(error.find("cannot read") != std::string::npos);

    std::string bytes = test::synthetic_games(2, 20);
    bytes[bytes.size() / 2 + 20] ^= 0x10;
    load(bytes, 20, &error);
    CHECK(error.find("checksum") != std::string::npos);

    TrainingGame g = test::synthetic_game(3, 20);
    for (TrainingPly& p : g.plies)
        p.keep = false;
    std::ostringstream none;
    write_training_game(none, g);
    load(none.str(), 20, &error);
    CHECK(error.find("no kept training positions") != std::string::npos);

    g = test::synthetic_game(3, 20);
    g.plies[5].move = g.plies[4].move;  // the other side's move again: illegal
    std::ostringstream illegal;
    write_training_game(illegal, g);
    load(illegal.str(), 20, &error);
    CHECK(error.find("game 1: ply 6: illegal move") != std::string::npos);

    // An igui twin: the Lion on 6i and the Soaring Eagle on 8h can both take the Pawn on 7i and
    // stay, which gives one position; the generator lists the Eagle's, a game recorded the
    // Lion's. Accepted; an igui of a piece that cannot reach the victim is not.
    TrainingGame twin;
    twin.sfen = "5ekgs3/4tgotcf2/12/5N6/3X4p3/12/8iP2/4+d7/5Pn1P1F1/3C8/4TO1TS3/3SGKEG4 w - 246";
    const Position at = *parse_sfen(twin.sfen).value;
    const Move eagle_igui = *parse_usi_move(at, "8h7i8h").value;
    twin.plies = {{Move::double_step(0x58, eagle_igui.mid(), 0x58), 10, true}};
    REQUIRE(at.piece_on(0x58) == make_piece(BLACK, LION));
    PositionSet set;
    CHECK(add_game(twin, set, error));
    CHECK(set.size() == 1);
    twin.plies = {{Move::double_step(pos_of_usi("3i"), eagle_igui.mid(), pos_of_usi("3i")), 10, true}};
    CHECK_FALSE(add_game(twin, set, error));

    // A record cut short at the end (a stopped generator) is skipped with a warning.
    const std::string good = test::synthetic_games(3, 20);
    TempFile cut("cut.sgames", good.substr(0, good.size() - 5));
    REQUIRE(load_games({cut.path}, LoadOptions{20}, d, error, warnings));
    CHECK(d.games == 2);
    CHECK(d.truncated == 1);
    CHECK(warnings.str().find("cut short; skipped") != std::string::npos);
}

TEST_CASE("the gradient matches finite differences for every parameter of a tiny net", "[nnue-train]") {
    const int features = 6, hidden = 4;
    Model m(features, hidden);
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> small(-0.1f, 0.1f), out(-1.5f, 1.5f);
    for (float& w : m.w1)
        w = small(rng);
    for (float& w : m.b1)
        w = 0.5f;  // every accumulator well inside (0, 1): no kink nearby
    for (float& w : m.w2)
        w = out(rng);
    m.b2 = 0.05f;
    const uint16_t stm[] = {0, 2, 3}, nstm[] = {1, 3};
    const Sample x{stm, 3, nstm, 2};
    const LossSettings s{150, 0.3};
    const double target = target_of(120, 1.0, s);
    std::vector<float> scratch(2 * hidden);
    Gradients g(m);
    add_gradient(m, x, target, s, g, scratch.data());

    auto check = [&](float& param, double analytic, const char* group) {
        const float saved = param;
        const float h = 1e-3f;
        param = saved + h;
        const double up = loss_of(m, x, target, s, scratch.data());
        param = saved - h;
        const double down = loss_of(m, x, target, s, scratch.data());
        param = saved;
        const double numeric = (up - down) / (2.0 * h);
        INFO(group << ": analytic " << analytic << ", numeric " << numeric);
        CHECK(std::abs(analytic - numeric) <= 2e-3 * std::abs(numeric) + 1e-7);
    };
    for (int f = 0; f < features; ++f)
        for (int j = 0; j < hidden; ++j) {
            const bool used = g.touched[size_t(f)] != 0;
            check(m.row(f)[j], used ? g.w1[size_t(f * hidden + j)] : 0.0, "w1");
        }
    CHECK_FALSE(g.touched[4]);  // feature 4 is in neither list: its row is not held
    for (int j = 0; j < hidden; ++j)
        check(m.b1[size_t(j)], g.b1[size_t(j)], "b1");
    for (int j = 0; j < 2 * hidden; ++j)
        check(m.w2[size_t(j)], g.w2[size_t(j)], "w2");
    check(m.b2, g.b2, "b2");
    CHECK(g.loss_sum == Approx(loss_of(m, x, target, s, scratch.data())));
}

TEST_CASE("the loss falls on a small data set, and K is fitted where the error is least", "[nnue-train]") {
    const Dataset& d = small_data();
    REQUIRE(d.validation.size() > 100);
    const double k = fit_k(d.train);
    auto error = [&](double kk) {
        double sum = 0;
        for (size_t i = 0; i < d.train.size(); ++i) {
            const double e = sigmoid(d.train.score[i] / kk) - d.train.result[i] / 2.0;
            sum += e * e;
        }
        return sum;
    };
    CHECK(error(k) <= error(k * 0.9));
    CHECK(error(k) <= error(k * 1.1));

    TrainSettings s;
    s.hidden = 16;
    s.epochs = 6;
    s.batch = 256;
    s.lr = 3e-3;
    s.init = Init::RANDOM;
    s.factorise = false;  // the shared rows learn most in the first epoch; this checks the plain net
    s.threads = 2;
    Trainer t(d, s);
    const LossSettings loss{t.k(), s.lambda};
    const double before = mean_loss(t.model(), d.validation, loss, 1);
    std::ostringstream quiet;
    REQUIRE(t.run({}, quiet));
    REQUIRE(t.history().size() == 6);
    // 16 hidden units on 32 games overfit soon: the training loss halves, the validation loss
    // falls less, but falls.
    CHECK(t.history().back().train < 0.5 * t.history().front().train);
    CHECK(t.history().back().validation < t.history().front().validation);
    CHECK(t.history().back().validation < 0.9 * before);
    // Weights stay inside the clip bounds that keep the quantised net free of overflow.
    for (float w : t.model().w1)
        REQUIRE(std::abs(w) <= L1_CLIP);
    for (float w : t.model().w2)
        REQUIRE(std::abs(w) <= OUT_CLIP);
}

TEST_CASE("a run is deterministic, and a stopped run resumed from its checkpoint ends the same", "[nnue-train]") {
    const Dataset& d = small_data();
    TrainSettings s;
    s.hidden = 8;
    s.epochs = 3;
    s.batch = 200;
    s.threads = 2;
    s.init = Init::RANDOM;
    s.lr_decay = 0.7;  // the checkpoint keeps the epoch, so the resumed run decays alike
    s.weight_decay = 3;
    std::ostringstream quiet;
    Trainer whole(d, s);
    REQUIRE(whole.run({}, quiet));
    Trainer again(d, s);
    REQUIRE(again.run({}, quiet));
    CHECK(same_model(whole.model(), again.model()));

    // Stopped in the middle of the second epoch: the checkpoint holds the batches done.
    Trainer first(d, s);
    int batches = 0;
    std::stringstream checkpoint;
    bool best_offered = false;
    Trainer::Hooks hooks;
    const int per_epoch = int((d.train.size() + 199) / 200);
    hooks.stopped = [&] { return ++batches == per_epoch + 2; };
    hooks.checkpoint = [&] {
        checkpoint.str("");
        first.save_checkpoint(checkpoint);
    };
    hooks.best = [&](const Model&) { best_offered = true; };
    CHECK_FALSE(first.run(hooks, quiet));
    CHECK(first.epochs_done() == 1);
    CHECK(best_offered);

    Trainer resumed(d, s);
    std::string error;
    REQUIRE(resumed.load_checkpoint(checkpoint, s, error));
    CHECK(resumed.epochs_done() == 1);
    CHECK(same_model(resumed.model(), first.model()));
    REQUIRE(resumed.run({}, quiet));
    CHECK(same_model(resumed.model(), whole.model()));
    REQUIRE(resumed.history().size() == 3);
    for (size_t i = 0; i < 3; ++i) {
        CHECK(resumed.history()[i].train == whole.history()[i].train);
        CHECK(resumed.history()[i].validation == whole.history()[i].validation);
    }
}

TEST_CASE("a checkpoint of other data or a damaged one is refused", "[nnue-train]") {
    const Dataset& d = small_data();
    TrainSettings s;
    s.hidden = 4;
    s.epochs = 1;
    Trainer t(d, s);
    std::ostringstream saved;
    t.save_checkpoint(saved);
    const Dataset other = load(test::synthetic_games(6, 30, 9), 5);
    Trainer u(other, s);
    std::string error;
    std::istringstream in(saved.str());
    CHECK_FALSE(u.load_checkpoint(in, s, error));
    CHECK(error.find("other data") != std::string::npos);

    std::string bytes = saved.str();
    bytes[bytes.size() / 2] ^= 1;
    std::istringstream damaged(bytes);
    Trainer v(d, s);
    CHECK_FALSE(v.load_checkpoint(damaged, s, error));
    CHECK(error.find("damaged") != std::string::npos);
    std::istringstream junk("not a checkpoint at all");
    CHECK_FALSE(v.load_checkpoint(junk, s, error));
    CHECK(error.find("not a shishi") != std::string::npos);
}

TEST_CASE("integer arithmetic on a net whose weights are exact matches the float net", "[nnue-train]") {
    // Weights on the quantisation grid: the only difference left is the final division.
    Model m(6, 4);
    std::mt19937 rng(3);
    for (float& w : m.w1)
        w = float(int(rng() % 101) - 50) / nnue::QA;
    for (float& w : m.b1)
        w = float(int(rng() % 101)) / nnue::QA;
    for (float& w : m.w2)
        w = float(int(rng() % 255) - 127) / nnue::QB;
    m.b2 = float(1234) / (nnue::QA * nnue::QB);
    const QuantizedNet q = quantize(m);
    const uint16_t a[] = {0, 1, 5}, b[] = {2, 3, 4, 5};
    const Sample x{a, 3, b, 4};
    CHECK(std::abs(quantized_cp(q, x) - float_cp(m, x)) < 1.0);
}

TEST_CASE("the quantised net evaluates as the float net within 15 cp on average, 50 at worst", "[nnue-train]") {
    // A full-size net, material start, trained briefly, on positions of the validation games.
    // Rounding each first-layer weight to 1/QA leaves each accumulator off by about
    // sqrt(pieces / 12) / QA (about 0.01); the material units' output weights (about 0.4 each)
    // carry that to about 10 cp (docs/nnue.md, "Training").
    const Dataset& d = small_data();
    TrainSettings s;
    s.epochs = 2;
    s.batch = 512;
    s.threads = 2;
    Trainer t(d, s);
    std::ostringstream quiet;
    REQUIRE(t.run({}, quiet));
    const QuantizedNet q = quantize(t.model());
    double worst = 0, sum = 0;
    SampleBuffer buf;
    const size_t n = std::min<size_t>(d.validation.size(), 300);
    for (size_t i = 0; i < n; ++i) {
        // The trainer's own (factorised) net against the engine's folded integer net.
        const Sample factorised = sample_for(t.model(), d.validation, i, buf);
        const double trained = float_cp(t.model(), factorised);
        uint16_t nstm[nnue::MAX_ACTIVE];
        const Sample x = sample_of(d.validation, i, nstm);
        const double diff = std::abs(quantized_cp(q, x) - trained);
        worst = std::max(worst, diff);
        sum += diff;
    }
    INFO("mean difference " << sum / double(n) << " cp, worst " << worst << " cp");
    CHECK(sum / double(n) <= 15);
    CHECK(worst <= 50);
}

TEST_CASE("weight decay pulls the square rows toward zero and leaves the shared rows", "[nnue-train]") {
    const Dataset& d = small_data();
    TrainSettings s;
    s.hidden = 16;
    s.epochs = 2;
    s.batch = 256;
    s.threads = 2;
    auto sums = [](const Model& m) {
        double squares = 0, shared = 0;
        for (size_t i = 0; i < m.w1.size(); ++i)
            (i < size_t(nnue::FEATURES) * size_t(m.hidden) ? squares : shared) += std::abs(m.w1[i]);
        return std::pair{squares, shared};
    };
    Trainer plain(d, s);
    s.weight_decay = 200;
    Trainer decayed(d, s);
    std::ostringstream quiet;
    REQUIRE(plain.run({}, quiet));
    REQUIRE(decayed.run({}, quiet));
    const auto [plain_squares, plain_shared] = sums(plain.model());
    const auto [decayed_squares, decayed_shared] = sums(decayed.model());
    CHECK(decayed_squares < 0.2 * plain_squares);
    // The shared rows still learn (the piece values), decay or not.
    CHECK(decayed_shared > 0.5 * plain_shared);
    CHECK(decayed_shared > 0);
}

TEST_CASE("a factorised net folds into the engine's shape and evaluates the same", "[nnue-train]") {
    // Random weights well inside the clip bounds, so that folding clips nothing.
    const Dataset& d = small_data();
    Model m = initial_model(FACTORISED_FEATURES, 16, Init::RANDOM, 7);
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> shared(-0.05f, 0.05f);
    for (size_t i = size_t(nnue::FEATURES) * 16; i < m.w1.size(); ++i)
        m.w1[i] = shared(rng);
    const Model f = folded(m);
    REQUIRE(f.features == nnue::FEATURES);
    std::vector<float> scratch(32);
    SampleBuffer buf;
    uint16_t nstm[nnue::MAX_ACTIVE];
    for (size_t i = 0; i < std::min<size_t>(d.validation.size(), 200); ++i) {
        const Sample with_shared = sample_for(m, d.validation, i, buf);
        const Sample plain = sample_of(d.validation, i, nstm);
        REQUIRE(with_shared.stm_count == 2 * plain.stm_count);
        CHECK(forward(m, with_shared, scratch.data()) == Approx(forward(f, plain, scratch.data())).margin(1e-5));
    }
    // The shared rows start at zero, so that the untrained factorised net is the plain one.
    const Model fresh = initial_model(FACTORISED_FEATURES, 16, Init::RANDOM, 7);
    for (size_t i = size_t(nnue::FEATURES) * 16; i < fresh.w1.size(); ++i)
        REQUIRE(fresh.w1[i] == 0.0f);
}

TEST_CASE("the untrained material start evaluates the material balance", "[nnue-train]") {
    const Model m = initial_model(nnue::FEATURES, nnue::L1, Init::MATERIAL, 1);
    Position pos = *parse_sfen(START_SFEN).value;
    std::vector<uint16_t> f;
    side_to_move_features(pos, f);
    std::vector<uint16_t> other(f.size());
    for (size_t i = 0; i < f.size(); ++i)
        other[i] = uint16_t(mirror_feature(f[i]));
    const Sample start{f.data(), int(f.size()), other.data(), int(other.size())};
    const double at_start = float_cp(m, start);
    // Without one of the opponent's pieces, the side to move is ahead by about its value.
    const Piece taken = pos.piece_on(pos.piece_square(BLACK, 5));
    std::vector<uint16_t> g;
    for (uint16_t v : f)
        if (v != nnue::feature(WHITE, taken, pos.piece_square(BLACK, 5))) g.push_back(v);
    std::vector<uint16_t> gother(g.size());
    for (size_t i = 0; i < g.size(); ++i)
        gother[i] = uint16_t(mirror_feature(g[i]));
    const Sample up{g.data(), int(g.size()), gother.data(), int(gother.size())};
    const double value = piece_value(kind_of(taken));
    // The random units add a little noise on top of the material units.
    CHECK(float_cp(m, up) - at_start == Approx(value).margin(0.1 * value + 20));
}

TEST_CASE("the net file has the header of nnue_arch.hpp and the payload it hashes", "[nnue-train]") {
    Model m(nnue::FEATURES, nnue::L1);
    m.w1[5] = 0.5f;
    m.b2 = 0.25f;
    const QuantizedNet q = quantize(m);
    std::ostringstream o;
    nnue::write_network(o, to_network_weights(q), "test net");
    const std::string b = o.str();
    auto u32 = [&](size_t at) {
        uint32_t v = 0;
        for (int i = 3; i >= 0; --i)
            v = v << 8 | uint8_t(b[at + size_t(i)]);
        return v;
    };
    CHECK(b.substr(0, 8) == "SHISHINN");
    CHECK(u32(8) == nnue::FILE_VERSION);
    CHECK(u32(12) == nnue::FEATURES);
    CHECK(u32(16) == nnue::L1);
    CHECK(u32(20) == nnue::QA);
    CHECK(u32(24) == nnue::QB);
    CHECK(u32(28) == nnue::SCALE);
    CHECK(u32(32) == 8);
    CHECK(b.substr(36, 8) == "test net");
    const uint64_t hash = u32(44) | uint64_t(u32(48)) << 32;
    CHECK(hash == nnue::payload_hash(to_network_weights(q)));
    const size_t payload = 2 * (nnue::L1 + size_t(nnue::FEATURES) * nnue::L1 + 2 * nnue::L1) + 4;
    REQUIRE(b.size() == 52 + payload);
    // l1_weights[0][5] = round(0.5 * QA) = 128 (after the biases), the output bias last.
    const size_t w = 52 + 2 * nnue::L1 + 2 * 5;
    CHECK((uint8_t(b[w]) | uint8_t(b[w + 1]) << 8) == 128);
    CHECK(u32(b.size() - 4) == uint32_t(std::lround(0.25 * nnue::QA * nnue::QB)));
}

TEST_CASE("the loss report: a CSV line and a point on each curve per epoch", "[nnue-train]") {
    const std::vector<EpochLoss> h = {{1, 0.05, 0.06, 10}, {2, 0.04, 0.055, 20}, {3, 0.035, 0.056, 30}};
    std::ostringstream csv;
    write_loss_csv(csv, h);
    CHECK(csv.str() ==
          "epoch,train_loss,validation_loss,seconds\n1,0.05,0.06,10\n2,0.04,0.055,20\n"
          "3,0.035,0.056,30\n");
    const std::string svg = loss_curve_svg(h, "loss <test>");
    CHECK(svg.find("<title>loss &lt;test&gt;</title>") != std::string::npos);
    auto points = [&](const std::string& id) {
        const size_t at = svg.find("id=\"" + id + "\" points=\"");
        REQUIRE(at != std::string::npos);
        const size_t end = svg.find('"', at + id.size() + 14);
        const std::string p = svg.substr(at + id.size() + 14, end - at - id.size() - 14);
        return std::count(p.begin(), p.end(), ',');
    };
    CHECK(points("train-line") == 3);
    CHECK(points("validation-line") == 3);
    CHECK(svg.find("lowest validation loss: epoch 2") != std::string::npos);
}

TEST_CASE("the engine reads the trainer's net and evaluates as the trainer's integer arithmetic", "[nnue-train]") {
    // A full-size net trained briefly, written by the trainer, read by the engine's reader; on
    // the kept positions of a game the engine's evaluation equals quantized_cp exactly and the
    // float net within the quantisation tolerance of the test above.
    const Dataset& d = small_data();
    TrainSettings s;
    s.epochs = 1;
    s.batch = 512;
    Trainer t(d, s);
    std::ostringstream quiet;
    REQUIRE(t.run({}, quiet));
    const QuantizedNet q = quantize(t.model());
    std::ostringstream file;
    REQUIRE(nnue::write_network(file, to_network_weights(q), "trainer test"));
    const nnue::NetworkLoad load = nnue::read_network(file.str());
    INFO(load.error);
    REQUIRE(load.ok());
    CHECK(load.net->hash() == nnue::payload_hash(to_network_weights(q)));
    CHECK(load.net->description() == "trainer test");

    const TrainingGame g = test::synthetic_game(4242, 120);
    Position pos = *parse_sfen(g.sfen).value;
    std::vector<uint16_t> f;
    int compared = 0;
    double worst = 0;
    for (const TrainingPly& p : g.plies) {
        if (p.keep) {
            side_to_move_features(pos, f);
            std::vector<uint16_t> other(f.size());
            for (size_t i = 0; i < f.size(); ++i)
                other[i] = uint16_t(mirror_feature(f[i]));
            const Sample x{f.data(), int(f.size()), other.data(), int(other.size())};
            const int engine = nnue::evaluate(pos, *load.net);
            REQUIRE(engine == quantized_cp(q, x));
            worst = std::max(worst, std::abs(engine - float_cp(folded(t.model()), x)));
            ++compared;
        }
        pos.make(p.move);
    }
    CHECK(compared > 20);
    INFO("worst difference from the float net " << worst << " cp");
    CHECK(worst <= 50);
}
