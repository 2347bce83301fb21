// `shishi rules`: the table of rule fields as docs/rules.md shows it (a test compares the two).
#include <ostream>
#include <string>
#include <vector>

#include "shishi/core/rule_fields.hpp"

namespace shishi::cli {

int rules_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.size() > 1) {
        err << "error: unexpected argument '" << args[1] << "'\nusage: shishi rules\n";
        return 2;
    }
    out << rule_fields_markdown();
    return 0;
}

}  // namespace shishi::cli
