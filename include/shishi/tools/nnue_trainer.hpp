// The NNUE trainer: Adam on the float net of nnue_model.hpp over the positions of
// nnue_dataset.hpp, with sparse (lazy) updates of the first layer, the batch split over
// threads, weight clipping after every step, a validation loss after every epoch, and a
// checkpoint from which a stopped run continues exactly where it stopped. docs/nnue.md
// ("Training") explains each choice.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "shishi/tools/nnue_dataset.hpp"
#include "shishi/tools/nnue_model.hpp"

namespace shishi::nnue_train {

enum class Init : uint8_t { RANDOM = 0, MATERIAL = 1 };

struct TrainSettings {
    int epochs = 20;
    int batch = 16384;
    double lr = 1e-3;
    double lambda = 0.3;
    uint64_t seed = 1;
    int hidden = 256;
    Init init = Init::MATERIAL;
    bool factorise = true;  // shared (kind) rows beside the square rows (nnue_model.hpp)
    double lr_decay = 1.0;  // the learning rate of epoch e (from 0) is lr * lr_decay^e
    // Decoupled weight decay of the square rows (every row, every step: w -= lr * decay * w).
    // Adam moves a rarely seen row as far per update as a common one; the decay pulls the rows
    // the data seldom supports back to zero (to the shared row's value, in a factorised net).
    double weight_decay = 0;
    int threads = 1;  // not part of the run's identity: a resumed run may use another count
};

struct EpochLoss {
    int epoch = 0;
    double train = 0, validation = 0;
    double seconds = 0;
};

// The K (centipawns) for which sigmoid(score / K) best predicts the results (least squares).
double fit_k(const PositionSet& set);

// The mean loss of the net over a set (threads share the work).
double mean_loss(const Model& m, const PositionSet& set, const LossSettings& s, int threads);

// The sample of position i (its other perspective written to `nstm`, MAX_ACTIVE entries).
Sample sample_of(const PositionSet& set, size_t i, uint16_t* nstm);

// The sample of position i for a net of m's shape: with the shared rows of a factorised net.
struct SampleBuffer {
    uint16_t stm[2 * nnue::MAX_ACTIVE], nstm[2 * nnue::MAX_ACTIVE];
};
Sample sample_for(const Model& m, const PositionSet& set, size_t i, SampleBuffer& buf);

// Small random weights from the seed; with Init::MATERIAL (full-size nets only) the first 32
// hidden units also carry the hand evaluation's material balance, so the untrained net
// evaluates as material. In a factorised net (features == FACTORISED_FEATURES) the balance is
// carried by the shared rows, and the square rows start from small noise.
Model initial_model(int features, int hidden, Init init, uint64_t seed);

class Trainer {
public:
    // A new run: the initial net; K fitted on the training set.
    Trainer(const Dataset& data, const TrainSettings& s);

    struct Hooks {
        std::function<bool()> stopped;  // checked after every batch
        std::function<void(const Model&)> best;  // a net with a new lowest validation loss
        std::function<void()> checkpoint;  // after every epoch, and when stopped
        std::function<void(const EpochLoss&)> epoch_done;
    };
    // Trains until settings().epochs are done (true) or hooks.stopped() (false). Progress
    // lines go to log. When stopped, the net at that point is offered to hooks.best if its
    // validation loss is the lowest so far, then hooks.checkpoint runs.
    bool run(const Hooks& hooks, std::ostream& log);

    void save_checkpoint(std::ostream& out) const;
    // Replaces this run's state by a checkpoint's; false (and why) if it does not read or was
    // made on other data or another net size. The checkpoint's settings are kept except
    // epochs and threads, which come from `s`.
    bool load_checkpoint(std::istream& in, const TrainSettings& s, std::string& error);

    const Model& model() const { return model_; }
    const TrainSettings& settings() const { return settings_; }
    double k() const { return loss_.k; }
    const std::vector<EpochLoss>& history() const { return history_; }
    double best_loss() const { return best_; }
    int epochs_done() const { return epoch_; }

private:
    void step(const std::vector<uint32_t>& order, size_t first, size_t count);
    double validation_loss() const;

    const Dataset& data_;
    TrainSettings settings_;
    LossSettings loss_;
    Model model_;
    // Adam's moments, the same shapes as the model's parts.
    std::vector<float> m_w1_, v_w1_, m_b1_, v_b1_, m_w2_, v_w2_;
    double m_b2_ = 0, v_b2_ = 0;
    int64_t steps_ = 0;
    int epoch_ = 0;  // epochs finished
    int64_t batch_ = 0;  // batches finished in the epoch under way
    double best_ = 1e300;  // lowest validation loss offered to Hooks::best
    double epoch_loss_ = 0;  // sum of the epoch's batch losses so far
    double epoch_seconds_ = 0;
    std::vector<EpochLoss> history_;
    uint64_t fingerprint_ = 0;
    std::vector<Gradients> grads_;  // one per thread
};

}  // namespace shishi::nnue_train
