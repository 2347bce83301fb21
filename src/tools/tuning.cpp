// The tuner's error function and its local search over the weights. Each trial installs the
// candidate table (set_eval_params) and re-evaluates every sample: the evaluation is not linear
// in its weights (the promotion share multiplies value differences), so no gradient shortcut.
#include <cmath>
#include <ostream>

#include "shishi/eval/eval.hpp"
#include "shishi/tools/tuning.hpp"

namespace shishi {

double expected_score(double s, double k) { return 1.0 / (1.0 + std::pow(10.0, -s / k)); }

double tuning_error(const std::vector<TuningSample>& samples, double k) {
    if (samples.empty()) return 0;
    double sum = 0;
    for (const TuningSample& t : samples) {
        const double e = t.result - expected_score(evaluate_white(t.pos), k);
        sum += e * e;
    }
    return sum / double(samples.size());
}

double golden_section_minimum(const std::function<double(double)>& f, double lo, double hi, double tolerance) {
    const double g = (std::sqrt(5.0) - 1) / 2;
    double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
    double fa = f(a), fb = f(b);
    while (hi - lo > tolerance) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - g * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + g * (hi - lo);
            fb = f(b);
        }
    }
    return (lo + hi) / 2;
}

double fit_scale(const std::vector<TuningSample>& samples) {
    // The error is unimodal in k in practice: golden-section search over 50..2000 cp.
    return golden_section_minimum([&](double k) { return tuning_error(samples, k); }, 50, 2000, 1);
}

EvalParams tune_weights(const std::vector<TuningSample>& train, const std::vector<TuningSample>& validation, double k,
                        int passes, std::ostream& log, const std::function<bool()>& stopped) {
    EvalParams current = eval_params();
    double train_error = tuning_error(train, k);
    // Early stopping: the result is the table with the lowest held-out error seen after a pass
    // (the start included); a pass that raises it ends the search, since the weights then fit
    // the training games' noise rather than the play.
    EvalParams best = current;
    double best_held_out = tuning_error(validation, k);
    log << "start: train error " << train_error << ", held-out error " << best_held_out << "\n";
    for (int pass = 1; pass <= passes; ++pass) {
        int changed = 0;
        for (int i = 0; i < EVAL_PARAM_NB; ++i) {
            if (stopped && stopped()) {
                log << "pass " << pass << " interrupted; keeping the table of the passes before" << std::endl;
                set_eval_params(best);
                return best;
            }
            const int step = EVAL_PARAM_INFO[i].step;
            if (step == 0) continue;
            for (int dir : {+1, -1}) {
                EvalParams trial = current;
                trial[i] += dir * step;
                if (trial[i] < 0) continue;  // every weight is a non-negative size
                set_eval_params(trial);
                const double e = tuning_error(train, k);
                if (e < train_error) {
                    current = trial;
                    train_error = e;
                    ++changed;
                    break;
                }
            }
            set_eval_params(current);
        }
        const double held_out = tuning_error(validation, k);
        log << "pass " << pass << ": " << changed << " weights changed, train error " << train_error
            << ", held-out error " << held_out << std::endl;
        if (changed == 0) break;
        if (!validation.empty() && held_out >= best_held_out) break;
        best = current;
        best_held_out = held_out;
    }
    set_eval_params(best);
    return best;
}

}  // namespace shishi
