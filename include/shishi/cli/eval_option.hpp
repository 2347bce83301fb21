// The evaluation of the commands that search (gensfen, analyze): `--eval hand|nnue` and
// `--eval-file NET`, read, checked and loaded in one place so that every command names and
// refuses a net alike.
#pragma once

#include <memory>

#include "shishi/cli/options.hpp"
#include "shishi/eval/nnue_network.hpp"

namespace shishi::cli {

enum class EvalDefault { HAND, NNUE };

// The net the options choose: the one in --eval-file's file, the embedded net for --eval nnue
// (or for no --eval when the command's default is NNUE), null for the hand evaluation. A bad
// --eval, --eval-file with --eval hand, and a net file that does not load (missing, damaged,
// another shape) are errors of `args`, reported by its finish() before any work starts.
std::shared_ptr<const nnue::Network> eval_option(ArgReader& args, EvalDefault default_eval);

}  // namespace shishi::cli
