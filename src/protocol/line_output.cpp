#include "shishi/protocol/line_output.hpp"

namespace shishi {

void LineOutput::send(std::string_view line) {
    std::lock_guard<std::mutex> lock(mutex_);
    out_ << line << '\n';
    out_.flush();
}

void untie_from_output(std::istream& in) { in.tie(nullptr); }

}  // namespace shishi
