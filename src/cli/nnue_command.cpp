// `shishi nnue-placeholder FILE`: writes the material-only placeholder net (the file shipped as
// data/nnue/shishi.nnue until a trained net replaces it).
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include "shishi/platform/platform.hpp"
#include "shishi/tools/nnue_placeholder.hpp"

namespace shishi::cli {

int nnue_placeholder_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.size() != 2) {
        err << "usage: shishi nnue-placeholder FILE\n";
        return 2;
    }
    const nnue::NetworkWeights w = material_network();
    std::ofstream file(platform::file_path(args[1]), std::ios::binary | std::ios::trunc);
    if (!file || !nnue::write_network(file, w, MATERIAL_NETWORK_DESCRIPTION) || !(file.flush())) {
        err << "nnue-placeholder: cannot write '" << args[1] << "'\n";
        return 1;
    }
    out << "wrote " << args[1] << ": " << nnue::Network::from_weights(w, MATERIAL_NETWORK_DESCRIPTION)->name() << "\n";
    return 0;
}

}  // namespace shishi::cli
