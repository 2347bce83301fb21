// Test harness for the USI loop: a whole transcript through run_usi at once, or a live session
// on its own thread with a blocking input stream, so tests can answer the engine line by line
// and send `stop`/`ponderhit` while it searches.
#pragma once

#include <chrono>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "live_streams.hpp"
#include "shishi/protocol/usi.hpp"

namespace usi_test {

// Feeds `input` to run_usi and returns everything it wrote, one string per line.
inline std::vector<std::string> run_script(const std::string& input, int* exit_code = nullptr) {
    std::istringstream in(input);
    std::ostringstream out;
    int rc = shishi::run_usi(in, out);
    if (exit_code) *exit_code = rc;
    return stream_test::split_lines(out.str());
}

using stream_test::count_prefix;
using stream_test::starts_with;

inline std::string first_with(const std::vector<std::string>& lines, const std::string& prefix) {
    for (const auto& l : lines)
        if (starts_with(l, prefix)) return l;
    return "";
}

// A live USI session: run_usi on its own thread, fed line by line.
class Session {
public:
    // startup: engine options as given on the command line (`shishi --Threads=1`).
    explicit Session(shishi::StartupOptions startup = {})
        : in_(&pipe_in_),
          out_(&lines_out_),
          startup_(std::move(startup)),
          thread_([this] { rc_ = shishi::run_usi(in_, out_, startup_); }) {}
    ~Session() { finish(); }

    void send(const std::string& line) { pipe_in_.push(line + "\n"); }

    // Waits for the next line (after those already consumed) starting with prefix and returns
    // it, or "" after the timeout. Lines before it are consumed too.
    std::string expect(const std::string& prefix, std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
        int i = lines_out_.wait_for(prefix, cursor_, timeout);
        if (i < 0) return "";
        cursor_ = size_t(i) + 1;
        return lines_out_.lines()[size_t(i)];
    }
    // Is there already (without waiting) an unconsumed line starting with prefix?
    bool has_pending(const std::string& prefix) {
        return lines_out_.wait_for(prefix, cursor_, std::chrono::milliseconds(0)) >= 0;
    }
    std::vector<std::string> lines() { return lines_out_.lines(); }

    // Closes the input and waits for run_usi to return; its exit code.
    int finish() {
        if (thread_.joinable()) {
            pipe_in_.close();
            thread_.join();
        }
        return rc_;
    }

private:
    stream_test::BlockingInput pipe_in_;
    stream_test::LineOutput lines_out_;
    std::istream in_;
    std::ostream out_;
    shishi::StartupOptions startup_;
    int rc_ = -1;
    size_t cursor_ = 0;
    std::thread thread_;
};

}  // namespace usi_test
