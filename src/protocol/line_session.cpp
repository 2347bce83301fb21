#include "shishi/protocol/line_session.hpp"

#include <istream>

#include "shishi/protocol/line_output.hpp"

namespace shishi {

void run_line_loop(std::istream& in, LineSession& session) {
    untie_from_output(in);
    std::string line;
    while (std::getline(in, line))
        if (!session.handle_line(line)) return;
    session.end_of_input();
}

}  // namespace shishi
