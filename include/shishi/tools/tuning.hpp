// Texel-style tuning of the evaluation weights (docs/evaluation.md, "Tuning"): labelled
// positions, the error between sigmoid(eval / K) and the game results, and a local search
// over the parameter table that lowers it.
#pragma once

#include <iosfwd>
#include <string>
#include <functional>
#include <vector>

#include "shishi/core/position.hpp"
#include "shishi/eval/eval_params.hpp"

namespace shishi {

// One training position with the result of its game from the first player's view
// (1 = first player won, 0.5 = draw, 0 = lost).
struct TuningSample {
    Position pos;
    double result = 0.5;
};

struct TuningData {
    std::vector<TuningSample> samples;
    int rejected = 0;  // malformed lines (each reported with its line number)
};

// Reads lines "<XBoard FEN> | <result>" (result 1, 0.5 or 0); blank lines and '#' comments are
// skipped, malformed lines counted and reported to warnings.
TuningData read_tuning_data(std::istream& in, std::ostream& warnings);

// The expected score of the first player for a centipawn score s: 1 / (1 + 10^(-s / k)).
double expected_score(double s, double k);

// Mean squared error of expected_score(evaluate_white(pos), k) against the results, with the
// evaluation's current weights.
double tuning_error(const std::vector<TuningSample>& samples, double k);

// The x in [lo, hi] where f is least, for an f with one minimum there (golden-section search,
// to within tolerance).
double golden_section_minimum(const std::function<double(double)>& f, double lo, double hi, double tolerance);

// The k (centipawns) that minimises tuning_error for the current weights.
double fit_scale(const std::vector<TuningSample>& samples);

// Coordinate-wise local search: each pass tries every weight with a nonzero step one step up
// and one down and keeps a change that lowers the training error. Stops after `passes` passes,
// a pass without change, or a pass that does not lower the held-out error (early stopping);
// returns the table after the pass with the lowest held-out error and leaves it installed
// (set_eval_params). Progress (training and held-out error per pass) goes to log. When
// `stopped` returns true (Ctrl-C), the pass under way is dropped and the best table so far kept.
EvalParams tune_weights(const std::vector<TuningSample>& train, const std::vector<TuningSample>& validation, double k,
                        int passes, std::ostream& log, const std::function<bool()>& stopped = {});

// The table as "name value" lines, which read_eval_params reads back.
void write_eval_params(std::ostream& out, const EvalParams& p);

}  // namespace shishi
