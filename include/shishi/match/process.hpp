// A child process (an engine) talking through pipes: start from a shell command line, write
// lines to its standard input, read lines from its standard output with a deadline, and stop
// it for sure. The child runs in its own process group (a job object on Windows) so that Ctrl-C
// in the terminal reaches only the match runner, and stopping it also stops anything it started.
#pragma once

#include <chrono>
#include <iosfwd>
#include <string>

#include "shishi/platform/platform.hpp"

namespace shishi::match {

using SteadyClock = std::chrono::steady_clock;
using TimePoint = SteadyClock::time_point;

class ChildProcess {
public:
    // INTERRUPTED: the user asked the whole match to stop (see interrupt.hpp).
    enum class ReadStatus { LINE, TIMEOUT, CLOSED, INTERRUPTED };

    ChildProcess() = default;
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Runs the command (a plain one itself, any other through `/bin/sh -c`; on Windows the
    // command line itself: platform.hpp) in working
    // directory `dir` (empty: the current one); standard error goes to stderr_path (empty:
    // discarded). False with a message when it cannot start.
    bool start(const std::string& command, const std::string& dir, const std::string& stderr_path, std::string& error);
    bool running() const { return process_.running(); }
    // Has the child exited (or closed its output)? Reaps it when it has.
    bool exited();

    // Sends one line (a newline is appended). False when the child no longer reads.
    bool write_line(const std::string& line);
    // Next line of output without its newline. A line longer than max_line_length is cut there
    // (the rest arrives as further lines), so a child that floods output cannot exhaust memory.
    ReadStatus read_line(std::string& line, TimePoint deadline);
    // A line that is already available, without waiting.
    bool poll_line(std::string& line);
    // Throws away output already available, but stops at the deadline (the child may flood).
    void discard_pending(TimePoint deadline);

    // Closes its input, waits up to `grace` for it to exit, then kills the process group.
    void stop(std::chrono::milliseconds grace = std::chrono::milliseconds(200));

    static constexpr size_t max_line_length = 64 * 1024;

    // Traffic log (--debug): every line sent and received, with a time stamp and this label.
    void set_label(std::string label) { label_ = std::move(label); }
    static void set_traffic_log(std::ostream* log);

private:
    bool take_buffered_line(std::string& line);
    bool fill(int timeout_ms);  // reads what is available; false at end of output

    platform::Process process_;
    bool eof_ = false;
    std::string buffer_;
    size_t scan_from_ = 0;
    std::string label_;
};

// Called once by the program: a write to a dead engine must fail, not kill the runner.
void ignore_sigpipe();

}  // namespace shishi::match
