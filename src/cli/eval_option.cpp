#include "shishi/cli/eval_option.hpp"

#include "shishi/protocol/echo_text.hpp"

namespace shishi::cli {

std::shared_ptr<const nnue::Network> eval_option(ArgReader& args, EvalDefault default_eval) {
    const std::optional<std::string> eval = args.string_option("--eval");
    const std::optional<std::string> file = args.string_option("--eval-file");
    if (eval && *eval != "hand" && *eval != "nnue") {
        args.error("bad --eval '" + echo_text(*eval) + "' (hand or nnue)");
        return nullptr;
    }
    if (file && eval && *eval == "hand") {
        args.error("--eval-file needs the net: not with --eval hand");
        return nullptr;
    }
    if (file) {
        nnue::NetworkLoad load = nnue::load_network_file(*file);
        if (!load.ok()) args.error(load.error);
        return load.net;
    }
    const bool nnue = eval ? *eval == "nnue" : default_eval == EvalDefault::NNUE;
    if (!nnue) return nullptr;
    std::shared_ptr<const nnue::Network> net = nnue::embedded_network();
    if (!net) args.error("this build has no embedded net: give --eval-file NET or --eval hand");
    return net;
}

}  // namespace shishi::cli
