// A line-oriented, thread-safe writer for protocol replies: the command loop and the search
// thread both talk to the GUI, and each line must reach it whole and at once.
#pragma once

#include <mutex>
#include <ostream>
#include <string_view>

namespace shishi {

class LineOutput {
public:
    explicit LineOutput(std::ostream& out) : out_(out) {}
    // Writes text plus a newline and flushes, so the GUI sees it immediately.
    void send(std::string_view line);

private:
    std::ostream& out_;
    std::mutex mutex_;
};

}  // namespace shishi
