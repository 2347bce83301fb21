#include "shishi/tools/nnue_trainer.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <istream>
#include <ostream>
#include <random>
#include <thread>

#include "shishi/eval/eval.hpp"
#include "shishi/eval/nnue_arch.hpp"
#include "shishi/tools/tuning.hpp"

namespace shishi::nnue_train {
namespace {

constexpr double BETA1 = 0.9, BETA2 = 0.999, EPSILON = 1e-8;
constexpr int MATERIAL_UNITS = 32;
// Material balances up to half of this stay inside the clipped ReLU's range.
constexpr double MATERIAL_SPAN = 10000;

// Runs f(t) for t = 0..n-1, on n - 1 new threads and this one.
template <class F>
void parallel(int n, F&& f) {
    if (n <= 1) {
        f(0);
        return;
    }
    std::vector<std::thread> pool;
    pool.reserve(size_t(n - 1));
    for (int t = 1; t < n; ++t)
        pool.emplace_back([&f, t] { f(t); });
    f(0);
    for (std::thread& th : pool)
        th.join();
}

// The part [lo, hi) of count items that worker t of n takes.
std::pair<size_t, size_t> share(size_t count, int t, int n) {
    return {count * size_t(t) / size_t(n), count * size_t(t + 1) / size_t(n)};
}

// Adam on one parameter with the bias corrections c1, c2 of this step.
inline float adam(float w, float g, float& m, float& v, double lr, double c1, double c2) {
    m = float(BETA1 * m + (1 - BETA1) * g);
    v = float(BETA2 * v + (1 - BETA2) * double(g) * g);
    return float(w - lr * (m / c1) / (std::sqrt(v / c2) + EPSILON));
}

double result_of(const PositionSet& set, size_t i) { return set.result[i] / 2.0; }

// --- checkpoint bytes ------------------------------------------------------------------------
constexpr char CHECKPOINT_MAGIC[8] = {'S', 'H', 'I', 'S', 'H', 'I', 'C', 'K'};
constexpr uint32_t CHECKPOINT_VERSION = 2;

struct Writer {
    std::string b;
    template <class T>
    void pod(const T& v) {
        b.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    template <class T>
    void vec(const std::vector<T>& v) {
        b.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
    }
};

struct Reader {
    const std::string& b;
    size_t at = 0;
    bool ok = true;
    template <class T>
    T pod() {
        T v{};
        if (at + sizeof v > b.size()) {
            ok = false;
            return v;
        }
        std::memcpy(&v, b.data() + at, sizeof v);
        at += sizeof v;
        return v;
    }
    template <class T>
    void vec(std::vector<T>& v, size_t n) {
        if (!ok || n > (b.size() - at) / sizeof(T)) {
            ok = false;
            return;
        }
        v.resize(n);
        std::memcpy(v.data(), b.data() + at, n * sizeof(T));
        at += n * sizeof(T);
    }
};

uint64_t fnv1a64(const char* p, size_t n) {
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < n; ++i) {
        h ^= uint8_t(p[i]);
        h *= 1099511628211ull;
    }
    return h;
}

}  // namespace

Sample sample_of(const PositionSet& set, size_t i, uint16_t* nstm) {
    const uint16_t* f = set.features.data() + set.offset[i];
    const int n = int(set.offset[i + 1] - set.offset[i]);
    for (int j = 0; j < n; ++j)
        nstm[j] = uint16_t(mirror_feature(f[j]));
    return Sample{f, n, nstm, n};
}

Sample sample_for(const Model& m, const PositionSet& set, size_t i, SampleBuffer& buf) {
    const uint16_t* f = set.features.data() + set.offset[i];
    const int n = int(set.offset[i + 1] - set.offset[i]);
    const bool factors = m.features == FACTORISED_FEATURES;
    int k = 0;
    for (int j = 0; j < n; ++j) {
        buf.stm[k] = f[j];
        buf.nstm[k++] = uint16_t(mirror_feature(f[j]));
    }
    if (factors)
        for (int j = 0; j < n; ++j) {
            buf.stm[k] = uint16_t(factor_of(f[j]));
            buf.nstm[k++] = uint16_t(factor_of(mirror_feature(f[j])));
        }
    return Sample{buf.stm, k, buf.nstm, k};
}

double fit_k(const PositionSet& set) {
    auto error = [&](double k) {
        double sum = 0;
        for (size_t i = 0; i < set.size(); ++i) {
            const double e = sigmoid(set.score[i] / k) - result_of(set, i);
            sum += e * e;
        }
        return sum;
    };
    return golden_section_minimum(error, 10, 4000, 0.5);
}

double mean_loss(const Model& m, const PositionSet& set, const LossSettings& s, int threads) {
    if (set.size() == 0) return 0;
    std::vector<double> sums(size_t(threads), 0.0);
    parallel(threads, [&](int t) {
        std::vector<float> scratch(2 * size_t(m.hidden));
        SampleBuffer buf;
        const auto [lo, hi] = share(set.size(), t, threads);
        double sum = 0;
        for (size_t i = lo; i < hi; ++i)
            sum += loss_of(m, sample_for(m, set, i, buf), target_of(set.score[i], result_of(set, i), s), s,
                           scratch.data());
        sums[size_t(t)] = sum;
    });
    double total = 0;
    for (double v : sums)
        total += v;
    return total / double(set.size());
}

Model initial_model(int features, int hidden, Init init, uint64_t seed) {
    Model m(features, hidden);
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<float> first(-1.0f / std::sqrt(float(features)), 1.0f / std::sqrt(float(features)));
    std::uniform_real_distribution<float> out(-1.0f / std::sqrt(float(2 * hidden)),
                                              1.0f / std::sqrt(float(2 * hidden)));
    for (float& w : m.w1)
        w = first(rng);
    for (float& w : m.b1)
        w = 0.5f;
    for (float& w : m.w2)
        w = out(rng);
    const bool factorised = features == FACTORISED_FEATURES;
    if (factorised)  // the shared rows start at zero, so that the folded net starts as the plain one
        std::fill(m.w1.begin() + long(nnue::FEATURES) * hidden, m.w1.end(), 0.0f);
    if (init == Init::MATERIAL && (features == nnue::FEATURES || factorised) && hidden >= MATERIAL_UNITS) {
        // Units 0..31: 0.5 + (our material - theirs) / span_j in both perspectives, read with
        // opposite signs, so that out * SCALE is the material balance in centipawns. The spans
        // differ from unit to unit and a little noise is added, so that the units are no clones:
        // clones would get the same gradient for ever, and round the same way when quantised.
        std::uniform_real_distribution<float> noise(-0.1f / std::sqrt(float(features)),
                                                    0.1f / std::sqrt(float(features)));
        for (int j = 0; j < MATERIAL_UNITS; ++j) {
            const double span = MATERIAL_SPAN * (0.75 + 0.5 * j / MATERIAL_UNITS);
            for (int f = 0; f < nnue::FEATURES; ++f) {
                const int group = f / nnue::SQUARES;
                const bool theirs = group >= nnue::PIECE_KINDS;
                const double v = piece_value(Kind(group % nnue::PIECE_KINDS + 1)) / span;
                if (factorised) {
                    m.row(f)[j] = noise(rng);
                    m.row(factor_of(f))[j] = float(theirs ? -v : v);
                } else {
                    m.row(f)[j] = float(theirs ? -v : v) + noise(rng);
                }
            }
            m.w2[size_t(j)] = float(span / (2.0 * MATERIAL_UNITS * nnue::SCALE));
            m.w2[size_t(hidden + j)] = -m.w2[size_t(j)];
        }
    }
    m.b2 = 0;
    clip_weights(m);
    return m;
}

Trainer::Trainer(const Dataset& data, const TrainSettings& s) : data_(data), settings_(s) {
    loss_.lambda = s.lambda;
    loss_.k = fit_k(data.train);
    model_ = initial_model(s.factorise ? FACTORISED_FEATURES : nnue::FEATURES, s.hidden, s.init, s.seed);
    m_w1_.assign(model_.w1.size(), 0.0f);
    v_w1_ = m_w1_;
    m_b1_.assign(model_.b1.size(), 0.0f);
    v_b1_ = m_b1_;
    m_w2_.assign(model_.w2.size(), 0.0f);
    v_w2_ = m_w2_;
    fingerprint_ = data.validation.fingerprint(data.train.fingerprint());
}

double Trainer::validation_loss() const {
    const PositionSet& set = data_.validation.size() ? data_.validation : data_.train;
    return mean_loss(model_, set, loss_, settings_.threads);
}

void Trainer::step(const std::vector<uint32_t>& order, size_t first, size_t count) {
    const int n = std::max(1, settings_.threads);
    const int h = model_.hidden;
    while (int(grads_.size()) < n)
        grads_.emplace_back(model_);
    parallel(n, [&](int t) {
        std::vector<float> scratch(2 * static_cast<size_t>(h));
        SampleBuffer buf;
        Gradients& g = grads_[size_t(t)];
        const auto [lo, hi] = share(count, t, n);
        for (size_t i = first + lo; i < first + hi; ++i) {
            const size_t p = order[i];
            add_gradient(model_, sample_for(model_, data_.train, p, buf),
                         target_of(data_.train.score[p], result_of(data_.train, p), loss_), loss_, g, scratch.data());
        }
    });
    ++steps_;
    const double c1 = 1 - std::pow(BETA1, double(steps_)), c2 = 1 - std::pow(BETA2, double(steps_));
    const float scale = 1.0f / float(count);
    const double lr = settings_.lr * std::pow(settings_.lr_decay, double(epoch_));

    // The rows any thread touched, each once, in thread order.
    std::vector<int> rows;
    for (int t = 0; t < n; ++t)
        for (int f : grads_[size_t(t)].rows)
            if (t == 0 || std::none_of(grads_.begin(), grads_.begin() + t, [f](const Gradients& g) {
                    return g.touched[size_t(f)] != 0;
                }))
                rows.push_back(f);
    // Lazy Adam: only the touched rows' moments move; the others keep theirs until their
    // feature next appears (the bias corrections use the global step count).
    parallel(n, [&](int t) {
        std::vector<float> g(static_cast<size_t>(h));
        const auto [lo, hi] = share(rows.size(), t, n);
        for (size_t r = lo; r < hi; ++r) {
            const size_t base = size_t(rows[r]) * size_t(h);
            std::fill(g.begin(), g.end(), 0.0f);
            for (const Gradients& part : grads_)
                if (part.touched[size_t(rows[r])])
                    for (int j = 0; j < h; ++j)
                        g[size_t(j)] += part.w1[base + size_t(j)];
            for (int j = 0; j < h; ++j) {
                const size_t k = base + size_t(j);
                model_.w1[k] = std::clamp(adam(model_.w1[k], g[size_t(j)] * scale, m_w1_[k], v_w1_[k], lr, c1, c2),
                                          -L1_CLIP, L1_CLIP);
            }
        }
    });
    if (settings_.weight_decay > 0) {
        const float keep = float(1 - lr * settings_.weight_decay);
        const size_t square_weights = size_t(nnue::FEATURES) * size_t(h);
        parallel(n, [&](int t) {
            const auto [lo, hi] = share(square_weights, t, n);
            for (size_t k = lo; k < hi; ++k)
                model_.w1[k] *= keep;
        });
    }
    for (int j = 0; j < h; ++j) {
        float g = 0;
        for (const Gradients& part : grads_)
            g += part.b1[size_t(j)];
        model_.b1[size_t(j)] = std::clamp(
            adam(model_.b1[size_t(j)], g * scale, m_b1_[size_t(j)], v_b1_[size_t(j)], lr, c1, c2), -L1_CLIP, L1_CLIP);
    }
    for (size_t j = 0; j < model_.w2.size(); ++j) {
        float g = 0;
        for (const Gradients& part : grads_)
            g += part.w2[j];
        model_.w2[j] = std::clamp(adam(model_.w2[j], g * scale, m_w2_[j], v_w2_[j], lr, c1, c2), -OUT_CLIP, OUT_CLIP);
    }
    double gb = 0, loss = 0;
    for (const Gradients& part : grads_) {
        gb += part.b2;
        loss += part.loss_sum;
    }
    float mb = float(m_b2_), vb = float(v_b2_);
    model_.b2 = adam(model_.b2, float(gb) * scale, mb, vb, lr, c1, c2);
    m_b2_ = mb;
    v_b2_ = vb;
    epoch_loss_ += loss;
    parallel(n, [&](int t) { grads_[size_t(t)].clear(h); });
}

bool Trainer::run(const Hooks& hooks, std::ostream& log) {
    using Clock = std::chrono::steady_clock;
    const PositionSet& train = data_.train;
    const size_t batch = size_t(settings_.batch);
    const int64_t batches = int64_t((train.size() + batch - 1) / batch);
    auto last_report = Clock::now();
    if (epoch_ == 0 && batch_ == 0)
        log << "epoch 0: validation loss " << validation_loss() << " (the untrained net)" << std::endl;
    while (epoch_ < settings_.epochs) {
        // The epoch's order depends only on the seed and the epoch: a resumed run repeats it.
        std::vector<uint32_t> order(train.size());
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = uint32_t(i);
        std::mt19937_64 rng(settings_.seed * 0x9E3779B97F4A7C15ull + uint64_t(epoch_) + 1);
        std::shuffle(order.begin(), order.end(), rng);
        auto start = Clock::now();
        const std::clock_t cpu_start = std::clock();
        const int64_t first_batch = batch_;
        while (batch_ < batches) {
            const size_t first = size_t(batch_) * batch;
            step(order, first, std::min(batch, train.size() - first));
            ++batch_;
            const auto now = Clock::now();
            const double seconds = std::chrono::duration<double>(now - start).count();
            if (hooks.stopped && hooks.stopped()) {
                epoch_seconds_ += seconds;
                const double v = validation_loss();
                log << "stopped in epoch " << epoch_ + 1 << " after batch " << batch_ << " of " << batches
                    << "; validation loss " << v << std::endl;
                if (v < best_) {
                    best_ = v;
                    if (hooks.best) hooks.best(model_);
                }
                if (hooks.checkpoint) hooks.checkpoint();
                return false;
            }
            if (now - last_report > std::chrono::seconds(30)) {
                last_report = now;
                const double done = double(std::min(size_t(batch_) * batch, train.size()));
                log << "epoch " << epoch_ + 1 << ": " << int(100 * done / double(train.size())) << "%, train loss "
                    << epoch_loss_ / done << ", "
                    << long(double(batch_ - first_batch) * double(batch) / std::max(seconds, 1e-9)) << " positions/s"
                    << std::endl;
            }
        }
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        const double cpu_seconds = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        const double trained = double(train.size() - size_t(first_batch) * batch);
        EpochLoss e;
        e.epoch = epoch_ + 1;
        e.train = epoch_loss_ / double(train.size());
        e.validation = validation_loss();
        e.seconds = epoch_seconds_ + seconds;
        const bool improved = e.validation < best_;
        log << "epoch " << e.epoch << "/" << settings_.epochs << ": train loss " << e.train << ", validation loss "
            << e.validation << (improved ? " (best)" : "") << ", " << long(trained / std::max(seconds, 1e-9))
            << " positions/s (" << long(trained / std::max(cpu_seconds, 1e-9)) << " per CPU second), "
            << long(e.seconds) << " s" << std::endl;
        history_.push_back(e);
        ++epoch_;
        batch_ = 0;
        epoch_loss_ = 0;
        epoch_seconds_ = 0;
        if (improved) {
            best_ = e.validation;
            if (hooks.best) hooks.best(model_);
        }
        if (hooks.epoch_done) hooks.epoch_done(e);
        if (hooks.checkpoint) hooks.checkpoint();
    }
    return true;
}

void Trainer::save_checkpoint(std::ostream& out) const {
    Writer w;
    w.b.append(CHECKPOINT_MAGIC, sizeof CHECKPOINT_MAGIC);
    w.pod(CHECKPOINT_VERSION);
    w.pod(int32_t(model_.features));
    w.pod(int32_t(model_.hidden));
    w.pod(int32_t(settings_.batch));
    w.pod(settings_.lr);
    w.pod(settings_.lambda);
    w.pod(settings_.seed);
    w.pod(uint8_t(settings_.init));
    w.pod(uint8_t(settings_.factorise));
    w.pod(settings_.lr_decay);
    w.pod(settings_.weight_decay);
    w.pod(loss_.k);
    w.pod(fingerprint_);
    w.pod(int32_t(epoch_));
    w.pod(batch_);
    w.pod(steps_);
    w.pod(best_);
    w.pod(epoch_loss_);
    w.pod(epoch_seconds_);
    w.pod(uint32_t(history_.size()));
    for (const EpochLoss& e : history_) {
        w.pod(int32_t(e.epoch));
        w.pod(e.train);
        w.pod(e.validation);
        w.pod(e.seconds);
    }
    for (const auto* v : {&model_.w1, &model_.b1, &model_.w2, &m_w1_, &v_w1_, &m_b1_, &v_b1_, &m_w2_, &v_w2_})
        w.vec(*v);
    w.pod(model_.b2);
    w.pod(m_b2_);
    w.pod(v_b2_);
    w.pod(fnv1a64(w.b.data(), w.b.size()));
    out.write(w.b.data(), std::streamsize(w.b.size()));
}

bool Trainer::load_checkpoint(std::istream& in, const TrainSettings& s, std::string& error) {
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() < sizeof CHECKPOINT_MAGIC + 8 || std::memcmp(bytes.data(), CHECKPOINT_MAGIC, 8) != 0) {
        error = "not a shishi train-net checkpoint";
        return false;
    }
    uint64_t stored = 0;
    std::memcpy(&stored, bytes.data() + bytes.size() - 8, 8);
    if (stored != fnv1a64(bytes.data(), bytes.size() - 8)) {
        error = "damaged checkpoint (checksum mismatch)";
        return false;
    }
    Reader r{bytes, 8};
    if (r.pod<uint32_t>() != CHECKPOINT_VERSION) {
        error = "checkpoint of another version";
        return false;
    }
    const int features = r.pod<int32_t>(), hidden = r.pod<int32_t>();
    if ((features != nnue::FEATURES && features != FACTORISED_FEATURES) || hidden <= 0 || hidden > 4096) {
        error = "checkpoint of another net shape (" + std::to_string(features) + " inputs)";
        return false;
    }
    TrainSettings t = s;
    t.hidden = hidden;
    t.batch = r.pod<int32_t>();
    t.lr = r.pod<double>();
    t.lambda = r.pod<double>();
    t.seed = r.pod<uint64_t>();
    t.init = Init(r.pod<uint8_t>());
    t.factorise = r.pod<uint8_t>() != 0;
    t.lr_decay = r.pod<double>();
    t.weight_decay = r.pod<double>();
    if (t.factorise != (features == FACTORISED_FEATURES)) r.ok = false;
    LossSettings loss;
    loss.k = r.pod<double>();
    loss.lambda = t.lambda;
    if (r.pod<uint64_t>() != fingerprint_) {
        error = "the checkpoint was made on other data (other files, or another --val-every)";
        return false;
    }
    const int epoch = r.pod<int32_t>();
    const int64_t batch = r.pod<int64_t>(), steps = r.pod<int64_t>();
    const double best = r.pod<double>(), epoch_loss = r.pod<double>(), epoch_seconds = r.pod<double>();
    std::vector<EpochLoss> history(r.pod<uint32_t>());
    if (history.size() > 1000000) r.ok = false;
    for (EpochLoss& e : history) {
        if (!r.ok) break;
        e.epoch = r.pod<int32_t>();
        e.train = r.pod<double>();
        e.validation = r.pod<double>();
        e.seconds = r.pod<double>();
    }
    Model m(features, hidden);
    std::vector<float> mw1, vw1, mb1, vb1, mw2, vw2;
    const size_t n1 = size_t(features) * size_t(hidden), h = size_t(hidden);
    r.vec(m.w1, n1);
    r.vec(m.b1, h);
    r.vec(m.w2, 2 * h);
    r.vec(mw1, n1);
    r.vec(vw1, n1);
    r.vec(mb1, h);
    r.vec(vb1, h);
    r.vec(mw2, 2 * h);
    r.vec(vw2, 2 * h);
    m.b2 = r.pod<float>();
    const double mb2 = r.pod<double>(), vb2 = r.pod<double>();
    if (!r.ok || r.at + 8 != bytes.size() || t.batch <= 0 || epoch < 0 || batch < 0 || steps < 0) {
        error = "damaged checkpoint (bad sizes)";
        return false;
    }
    settings_ = t;
    loss_ = loss;
    model_ = std::move(m);
    m_w1_ = std::move(mw1);
    v_w1_ = std::move(vw1);
    m_b1_ = std::move(mb1);
    v_b1_ = std::move(vb1);
    m_w2_ = std::move(mw2);
    v_w2_ = std::move(vw2);
    m_b2_ = mb2;
    v_b2_ = vb2;
    epoch_ = epoch;
    batch_ = batch;
    steps_ = steps;
    best_ = best;
    epoch_loss_ = epoch_loss;
    epoch_seconds_ = epoch_seconds;
    history_ = std::move(history);
    grads_.clear();
    return true;
}

}  // namespace shishi::nnue_train
