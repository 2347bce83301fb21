// The tuner's pieces: the data reader (with malformed lines), the expected-score curve, the
// error function on a tiny data set, the scale fit, the local search, the PGN reader and the
// choice of quiet positions.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

#include "shishi/core/notation.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/tools/training_games.hpp"
#include "shishi/tools/tuning.hpp"
#include "test_support.hpp"

using namespace shishi;

namespace {

// Restores the evaluation's weights when a test that tunes them ends.
struct KeepWeights {
    EvalParams saved = eval_params();
    ~KeepWeights() { set_eval_params(saved); }
};

const std::string ROOK_UP = test::fen_of("Ka1 kl12 Rf6");

}  // namespace

TEST_CASE("tuning data: good lines are read, malformed ones rejected with their line", "[tune]") {
    std::istringstream in(std::string("# a comment\n\n") + START_XBOARD_FEN + " | 0.5\n" + ROOK_UP + " | 1\n" +
                          ROOK_UP + "\n" +  // no result
                          ROOK_UP + " | 0.7\n" +  // not a game result
                          ROOK_UP + " | 1x\n" +  // trailing garbage
                          "lfcs/12 w - - 0 1 | 0\n" +  // bad FEN
                          " | 1\n" +  // no FEN
                          ROOK_UP + " | 0.0\r\n");  // CRLF, decimal spelling
    std::ostringstream warnings;
    const TuningData data = read_tuning_data(in, warnings);
    REQUIRE(data.samples.size() == 3);
    CHECK(data.rejected == 5);
    CHECK(data.samples[0].result == 0.5);
    CHECK(data.samples[1].result == 1.0);
    CHECK(data.samples[2].result == 0.0);
    CHECK(to_xboard_fen(data.samples[1].pos) == to_xboard_fen(*parse_xboard_fen(ROOK_UP)));
    const std::string w = warnings.str();
    for (const char* line : {"line 5:", "line 6:", "line 7:", "line 8:", "line 9:"}) {
        INFO(line);
        CHECK(w.find(line) != std::string::npos);
    }
    CHECK(w.find("line 3:") == std::string::npos);
}

TEST_CASE("expected score is the logistic curve in base 10", "[tune]") {
    CHECK(expected_score(0, 400) == Approx(0.5));
    CHECK(expected_score(400, 400) == Approx(10.0 / 11.0));
    CHECK(expected_score(-400, 400) == Approx(1.0 / 11.0));
    CHECK(expected_score(200, 100) == Approx(expected_score(400, 200)));
}

TEST_CASE("tuning error is the mean squared error against the results", "[tune]") {
    std::vector<TuningSample> samples;
    samples.push_back({Position::start(), 1.0});  // eval 0: expected 0.5, error 0.25
    samples.push_back({Position::start(), 0.5});  // error 0
    CHECK(tuning_error(samples, 400) == Approx(0.125));
    const Position up = *parse_xboard_fen(ROOK_UP);
    samples.push_back({up, 0.0});
    const double p = expected_score(evaluate_white(up), 400);
    CHECK(evaluate_white(up) > 0);
    CHECK(tuning_error(samples, 400) == Approx((0.25 + 0 + p * p) / 3));
    CHECK(tuning_error({}, 400) == 0);
}

TEST_CASE("fit_scale finds the error minimum over the scale", "[tune]") {
    // A Rook up wins 3 of 4 games: the best k makes expected_score(eval, k) = 0.75.
    const Position up = *parse_xboard_fen(ROOK_UP);
    std::vector<TuningSample> samples = {{up, 1}, {up, 1}, {up, 1}, {up, 0}};
    const double k = fit_scale(samples);
    CHECK(expected_score(evaluate_white(up), k) == Approx(0.75).margin(0.002));
    CHECK(tuning_error(samples, k) <= tuning_error(samples, k * 0.8));
    CHECK(tuning_error(samples, k) <= tuning_error(samples, k * 1.25));
}

TEST_CASE("tune_weights lowers the training error and installs its result", "[tune]") {
    KeepWeights keep;
    // A Rook up always wins: the tuner should value the Rook higher than the default does.
    const Position up = *parse_xboard_fen(ROOK_UP);
    const Position down = *parse_xboard_fen(test::fen_of("Ka1 kl12 rf6"));
    std::vector<TuningSample> train = {{up, 1}, {down, 0}};
    const double before = tuning_error(train, 400);
    std::ostringstream log;
    const EvalParams tuned = tune_weights(train, {}, 400, 3, log);
    CHECK(tuning_error(train, 400) < before);
    CHECK(eval_params() == tuned);
    CHECK(tuned[V_ROOK] > default_eval_params()[V_ROOK]);
    CHECK(tuned[V_PAWN] == default_eval_params()[V_PAWN]);  // step 0: the unit stays
    CHECK(log.str().find("pass 1:") != std::string::npos);
}

TEST_CASE("tune_weights stops when the held-out error stops falling", "[tune]") {
    KeepWeights keep;
    const Position up = *parse_xboard_fen(ROOK_UP);
    // The held-out games say the opposite of the training games: any training progress
    // raises the held-out error, so the starting weights are kept.
    std::vector<TuningSample> train = {{up, 1}};
    std::vector<TuningSample> held_out = {{up, 0}};
    std::ostringstream log;
    const EvalParams tuned = tune_weights(train, held_out, 400, 5, log);
    CHECK(tuned == keep.saved);
    CHECK(log.str().find("pass 2:") == std::string::npos);
}

TEST_CASE("weights are written as name-value lines", "[tune]") {
    std::ostringstream out;
    write_eval_params(out, default_eval_params());
    CHECK(out.str().find("value_lion " + std::to_string(default_eval_params()[V_LION]) + "\n") != std::string::npos);
    int lines = 0;
    for (char c : out.str())
        lines += c == '\n';
    CHECK(lines == EVAL_PARAM_NB);
}

TEST_CASE("capture search sees a piece hanging", "[tune]") {
    // White to move can take the unprotected black Rook with its own Rook.
    Position pos = *parse_xboard_fen(test::fen_of("Ka1 kl12 Rf6 rf9"));
    CHECK(capture_search(pos, -100000, 100000, 4) > evaluate(pos) + 300);
    Position quiet = *parse_xboard_fen(test::fen_of("Ka1 kl12 Rf6 rg9"));
    CHECK(capture_search(quiet, -100000, 100000, 4) == evaluate(quiet));
}

TEST_CASE("training lines: quiet positions after the opening, labelled with the result", "[tune]") {
    const std::string fen = test::fen_of("Ka1 kl12 Rf6 rg9");
    const std::vector<std::string> moves = {"f6f7", "g9g7", "f7g7", "l12k12", "a1a2"};
    record::Record game;
    game.start = *parse_xboard_fen(fen);
    game.start_is_initial = false;
    Position replay = game.start;
    for (const std::string& m : moves) {
        record::Ply p;
        p.move = test::mv(replay, m);
        replay.make(p.move);
        game.plies.push_back(p);
    }
    game.result = "0-1";
    ExtractOptions opt;
    opt.skip_plies = 1;
    const auto lines = quiet_training_lines(game, opt);
    // Position 0 is skipped (opening); 1 is quiet; in 2 White can take the Rook on g7 (not
    // quiet); 3 follows a capture; 4 is quiet.
    Position pos = *parse_xboard_fen(fen);
    std::vector<std::string> expected;
    for (size_t i = 0; i < moves.size(); ++i) {
        if (i == 1 || i == 4) expected.push_back(to_xboard_fen(pos) + " | 0");
        pos.make(test::mv(pos, moves[i]));
    }
    CHECK(lines == expected);
    opt.skip_plies = 0;
    CHECK(quiet_training_lines(game, opt).size() == 3);  // position 0 is quiet too
    record::Record unfinished = game;
    unfinished.result = "*";
    CHECK(quiet_training_lines(unfinished, opt).empty());
}
