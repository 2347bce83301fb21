// `shishi train-net`: trains the learned evaluation on self-play game files (docs/nnue.md,
// "Training"). Every input and output is checked before the data is read, the data before the
// training starts; Ctrl-C stops after the batch under way and keeps the checkpoint and the best
// net so far.
#include <charconv>
#include <filesystem>
#include <fstream>
#include <functional>
#include <ostream>
#include <sstream>

#include "shishi/cli/interrupt.hpp"
#include "shishi/cli/options.hpp"
#include "shishi/cli/output_path.hpp"
#include "shishi/tools/nnue_loss_report.hpp"
#include "shishi/tools/nnue_quantize.hpp"
#include "shishi/tools/nnue_trainer.hpp"

namespace shishi::cli {
namespace {

using namespace nnue_train;

const char* const USAGE =
    "usage: shishi train-net DATA... --out NET [--epochs N] [--batch B] [--lr X] [--lambda L]\n"
    "         [--threads T] [--seed S] [--val-every N] [--init material|random] [--factors on|off]\n"
    "         [--lr-decay G] [--weight-decay D] [--resume CHECKPOINT] [--loss-csv FILE] [--plot FILE.svg] [--desc "
    "TEXT]\n";

std::optional<double> number(ArgReader& a, const char* name, double lo, double hi) {
    auto text = a.string_option(name);
    if (!text) return std::nullopt;
    double v = 0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
    if (ec != std::errc() || end != text->data() + text->size() || !(v >= lo && v <= hi)) {
        a.error(std::string(name) + ": '" + *text + "' is not a number from " + std::to_string(lo) + " to " +
                std::to_string(hi));
        return std::nullopt;
    }
    return v;
}

// The same file, whether or not it exists yet.
bool same_file(const std::string& a, const std::string& b) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
    return fs::weakly_canonical(a, ec) == fs::weakly_canonical(b, ec);
}

// Writes through a temporary file renamed over the target, so that a crash or a full disk
// never leaves half a file where a good one was. Returns the problem, or "".
std::string write_file(const std::string& path, const std::function<void(std::ostream&)>& write) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) return "cannot write " + tmp;
        write(out);
        out.flush();
        if (!out) return "cannot write " + tmp + " (disk full?)";
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    return ec ? "cannot rename " + tmp + " to " + path + ": " + ec.message() : "";
}

}  // namespace

int train_net_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ArgReader a(args);
    TrainSettings s;
    auto net_path = a.string_option("--out");
    const auto epochs = a.int_option("--epochs", 1, 100000);
    const auto batch = a.int_option("--batch", 1, 1 << 22);
    const auto lr = number(a, "--lr", 1e-7, 1);
    const auto lambda = number(a, "--lambda", 0, 1);
    const auto threads = a.int_option("--threads", 1, 256);
    const auto seed = number(a, "--seed", 0, 9007199254740992.0);
    const auto val_every = a.int_option("--val-every", 2, 1000000);
    const auto init = a.string_option("--init");
    const auto factors = a.string_option("--factors");
    const auto lr_decay = number(a, "--lr-decay", 0.01, 1);
    const auto weight_decay = number(a, "--weight-decay", 0, 1000);
    const auto resume = a.string_option("--resume");
    const auto csv_path = a.string_option("--loss-csv");
    const auto plot_path = a.string_option("--plot");
    const auto desc = a.string_option("--desc");
    // --threads is spelled -t too.
    const auto threads_short = a.int_option("-t", 1, 256);
    std::vector<std::string> files;
    while (a.has_positional())
        if (auto f = a.positional_string("data file")) files.push_back(*f);
    if (files.empty()) a.error("no data file given");
    if (!net_path) a.error("--out NET is required");
    if (epochs) s.epochs = *epochs;
    if (batch) s.batch = *batch;
    if (lr) s.lr = *lr;
    if (lambda) s.lambda = *lambda;
    if (threads) s.threads = *threads;
    if (threads_short) s.threads = *threads_short;
    if (seed) s.seed = uint64_t(*seed);
    if (init) {
        if (*init == "material")
            s.init = Init::MATERIAL;
        else if (*init == "random")
            s.init = Init::RANDOM;
        else
            a.error("--init: '" + *init + "' is not material or random");
    }
    if (factors) {
        if (*factors == "on")
            s.factorise = true;
        else if (*factors == "off")
            s.factorise = false;
        else
            a.error("--factors: '" + *factors + "' is not on or off");
    }
    if (lr_decay) s.lr_decay = *lr_decay;
    if (weight_decay) s.weight_decay = *weight_decay;
    // Each step scales the square rows by 1 - lr * decay: at or past 1/2 the decay would
    // erase (or flip) every weight each step instead of pulling it in.
    if (s.lr * s.weight_decay >= 0.5)
        a.error("--weight-decay " + std::to_string(s.weight_decay) + " with --lr " + std::to_string(s.lr) +
                ": lr x weight decay must stay below 0.5");
    const std::string checkpoint_path = net_path ? *net_path + ".ckpt" : "";
    std::vector<std::string> outputs;
    if (net_path) outputs = {*net_path, checkpoint_path};
    if (csv_path) outputs.push_back(*csv_path);
    if (plot_path) outputs.push_back(*plot_path);
    for (const std::string& o : outputs) {
        if (auto problem = output_path_problem(o); !problem.empty()) a.error(problem);
        for (const std::string& f : files)
            if (same_file(o, f)) a.error(o + ": is an input (data file); choose another output");
        // The checkpoint may replace the one it resumes (by its continuation), nothing else may.
        if (resume && o != checkpoint_path && same_file(o, *resume))
            a.error(o + ": is the --resume checkpoint; choose another output");
    }
    for (size_t i = 0; i < outputs.size(); ++i)
        for (size_t j = i + 1; j < outputs.size(); ++j)
            if (same_file(outputs[i], outputs[j])) a.error(outputs[i] + ": named for two outputs");
    if (resume && !std::ifstream(*resume, std::ios::binary)) a.error(*resume + ": cannot read the checkpoint");
    if (!a.finish(err)) {
        err << USAGE;
        return 2;
    }

    LoadOptions load;
    if (val_every) load.validation_every = *val_every;
    Dataset data;
    std::string error;
    if (!load_games(files, load, data, error, err)) {
        err << "train-net: " << error << "\n";
        return 1;
    }
    err << "train-net: " << data.games << " games: " << data.train.size() << " training positions, "
        << data.validation.size() << " validation positions (every " << load.validation_every << "th game), "
        << double(data.train.features.size()) / double(data.train.size()) << " active features a position\n";
    if (data.validation.size() == 0)
        err << "train-net: warning: no validation games (fewer than " << load.validation_every
            << " games); the best net is chosen by its training loss\n";

    Trainer trainer(data, s);
    if (resume) {
        std::ifstream in(*resume, std::ios::binary);
        if (!trainer.load_checkpoint(in, s, error)) {
            err << "train-net: " << *resume << ": " << error << "\n";
            return 1;
        }
        const TrainSettings& c = trainer.settings();
        std::vector<std::string> differ;
        if (batch && *batch != c.batch) differ.push_back("--batch");
        if (lr && *lr != c.lr) differ.push_back("--lr");
        if (lambda && *lambda != c.lambda) differ.push_back("--lambda");
        if (seed && uint64_t(*seed) != c.seed) differ.push_back("--seed");
        if (init && s.init != c.init) differ.push_back("--init");
        if (factors && s.factorise != c.factorise) differ.push_back("--factors");
        if (lr_decay && *lr_decay != c.lr_decay) differ.push_back("--lr-decay");
        if (weight_decay && *weight_decay != c.weight_decay) differ.push_back("--weight-decay");
        if (!differ.empty()) {
            err << "train-net: " << differ.front() << " differs from the checkpoint's; a resumed run keeps its own"
                << " settings (only --epochs and --threads may change)\n";
            return 2;
        }
        err << "train-net: resuming " << *resume << " after " << trainer.epochs_done() << " epochs\n";
    }
    const LossSettings loss{trainer.k(), trainer.settings().lambda};
    {
        // What the search scores themselves would score: the loss a net that learnt them
        // exactly would have.
        double sum = 0;
        const PositionSet& v = data.validation.size() ? data.validation : data.train;
        for (size_t i = 0; i < v.size(); ++i) {
            const double e = sigmoid(v.score[i] / loss.k) - target_of(v.score[i], v.result[i] / 2.0, loss);
            sum += e * e;
        }
        err << "train-net: K = " << loss.k << " cp (fitted), lambda = " << loss.lambda
            << "; the search scores alone have validation loss " << sum / double(v.size()) << "\n";
    }

    std::ostringstream description;
    if (desc)
        description << *desc;
    else
        description << "shishi train-net: " << data.train.size() << " positions of "
                    << data.games - data.validation_games << " games, lambda " << loss.lambda << ", K " << loss.k;
    bool failed = false;
    auto save = [&](const std::string& path, const std::function<void(std::ostream&)>& write) {
        if (auto problem = write_file(path, write); !problem.empty()) {
            err << "train-net: " << problem << "\n";
            failed = true;
        }
    };
    Trainer::Hooks hooks;
    catch_stop_signals();
    hooks.stopped = [&] { return stop_requested() || failed; };
    bool wrote_net = false;
    hooks.best = [&](const Model& m) {
        wrote_net = true;
        const QuantizedNet q = quantize(m);
        save(*net_path, [&](std::ostream& o) { nnue::write_network(o, to_network_weights(q), description.str()); });
    };
    hooks.checkpoint = [&] { save(checkpoint_path, [&](std::ostream& o) { trainer.save_checkpoint(o); }); };
    hooks.epoch_done = [&](const EpochLoss&) {
        if (csv_path) save(*csv_path, [&](std::ostream& o) { write_loss_csv(o, trainer.history()); });
        if (plot_path)
            save(*plot_path, [&](std::ostream& o) {
                o << loss_curve_svg(trainer.history(),
                                    "shishi train-net: loss per epoch (K " + std::to_string(int(loss.k)) + ", lambda " +
                                        std::to_string(loss.lambda).substr(0, 4) + ")");
            });
    };
    const bool finished = trainer.run(hooks, err);
    if (failed) return 1;
    out << (finished ? "trained " : "stopped after ") << trainer.epochs_done() << " epochs; lowest validation loss "
        << trainer.best_loss() << (wrote_net ? "" : " (an earlier run's net)") << "; net in " << *net_path
        << ", checkpoint in " << checkpoint_path << "\n";
    return finished ? 0 : 130;
}

}  // namespace shishi::cli
