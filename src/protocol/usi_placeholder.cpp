// Placeholder until the USI loop lands from its own branch; delete this file then.
#include <istream>
#include <ostream>

#include "shishi/protocol/usi.hpp"

namespace shishi {

int run_usi(std::istream&, std::ostream& out) {
    out << "info string USI is not built into this version" << std::endl;
    return 1;
}

}  // namespace shishi
