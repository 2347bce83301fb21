#include "shishi/protocol/line_output.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace shishi {

void LineOutput::send(std::string_view line) {
    // The last guard for text quoted from the host (echo_text is the first): one line stays
    // one line, with no control characters, and no line grows without bound.
    std::string safe;
    const bool clean = line.size() <= MAX_LINE &&
        std::none_of(line.begin(), line.end(), [](char c) { return (unsigned char)c < 0x20 || c == 0x7F; });
    if (!clean) {
        for (char c : line.substr(0, MAX_LINE))
            safe += (unsigned char)c < 0x20 || c == 0x7F ? '?' : c;
        if (line.size() > MAX_LINE) safe += "...";
        line = safe;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    sink_(line);
}

LineSink stream_sink(std::ostream& out) {
    return [&out](std::string_view line) {
        out << line << '\n';
        out.flush();
    };
}

void untie_from_output(std::istream& in) { in.tie(nullptr); }

}  // namespace shishi
