// Whole lines to the host from two threads (the command loop and the search thread): each line
// is written and flushed under one lock so lines never interleave.
#pragma once

#include <iosfwd>
#include <mutex>
#include <string_view>

namespace shishi::usi {

class LineWriter {
public:
    explicit LineWriter(std::ostream& out) : out_(out) {}
    void line(std::string_view text);
    // "info string <text>"
    void info_string(std::string_view text);

private:
    std::ostream& out_;
    std::mutex mutex_;
};

}  // namespace shishi::usi
