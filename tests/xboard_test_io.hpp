// Helpers for XBoard protocol tests: a whole transcript run at once, and a live session fed
// line by line from the test (for commands that must arrive while the engine thinks).
#pragma once

#include <chrono>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "live_streams.hpp"
#include "shishi/protocol/xboard.hpp"

namespace xboard_test {

using stream_test::count_prefix;
using stream_test::split_lines;

// Runs run_xboard over the given input (end of input ends the session).
inline std::vector<std::string> transcript(const std::string& input, int* exit_code = nullptr) {
    std::istringstream in(input);
    std::ostringstream out;
    int rc = shishi::run_xboard(in, out);
    if (exit_code) *exit_code = rc;
    return split_lines(out.str());
}

inline bool contains(const std::vector<std::string>& lines, const std::string& line) {
    for (const auto& l : lines)
        if (l == line) return true;
    return false;
}

// run_xboard on its own thread, fed by send(); finish() closes the input and waits.
class LiveSession {
public:
    LiveSession() : in_(&input_), out_(&output_) {
        thread_ = std::thread([this] { rc_ = shishi::run_xboard(in_, out_); });
    }
    ~LiveSession() { finish(); }
    void send(const std::string& line) { input_.push(line + "\n"); }
    // Waits until some complete line (from the start of the session) starts with prefix.
    bool wait_for(const std::string& prefix, int ms = 10000) {
        return output_.wait_for(prefix, 0, std::chrono::milliseconds(ms)) >= 0;
    }
    std::vector<std::string> lines() { return output_.lines(); }
    int finish() {
        input_.close();
        if (thread_.joinable()) thread_.join();
        return rc_;
    }

private:
    stream_test::BlockingInput input_;
    stream_test::LineOutput output_;
    std::istream in_;
    std::ostream out_;
    std::thread thread_;
    int rc_ = -1;
};

}  // namespace xboard_test
