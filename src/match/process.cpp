#include "shishi/match/process.hpp"

#include <algorithm>
#include <mutex>
#include <ostream>
#include <thread>

#include "shishi/match/stop_request.hpp"

namespace shishi::match {
namespace {

// Waits are cut into slices so that a stop request is noticed quickly even when the signal
// was delivered to another thread.
constexpr int POLL_SLICE_MS = 50;

std::ostream* g_log = nullptr;
std::mutex g_log_mutex;
const TimePoint g_log_epoch = SteadyClock::now();

void log_line(const std::string& label, const char* direction, const std::string& line) {
    if (!g_log) return;
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - g_log_epoch).count();
    std::lock_guard<std::mutex> lock(g_log_mutex);
    *g_log << ms << " " << label << " " << direction << " " << line << "\n";
    g_log->flush();
}

}  // namespace

void ignore_sigpipe() { platform::ignore_broken_pipe(); }

void ChildProcess::set_traffic_log(std::ostream* log) { g_log = log; }

ChildProcess::~ChildProcess() { stop(std::chrono::milliseconds(0)); }

bool ChildProcess::start(const std::string& command, const std::string& dir, const std::string& stderr_path,
                         std::string& error) {
    stop(std::chrono::milliseconds(0));
    // Whoever talks to a child must survive writing to one that has just died: the write then
    // fails with EPIPE and the referee scores a crash. Without this, a caller other than the
    // runner (the referee tests) was killed by SIGPIPE when the crash won the race.
    ignore_sigpipe();
    if (!process_.start(command, dir, stderr_path, error)) return false;
    eof_ = false;
    buffer_.clear();
    scan_from_ = 0;
    return true;
}

bool ChildProcess::exited() { return process_.exited(); }

bool ChildProcess::write_line(const std::string& line) {
    if (!process_.input_open()) return false;
    log_line(label_, ">", line);  // cutechess-cli's arrows: '>' to the engine, '<' from it
    return process_.write(line + "\n");
}

bool ChildProcess::take_buffered_line(std::string& line) {
    size_t nl = buffer_.find('\n', scan_from_);
    if (nl == std::string::npos) {
        scan_from_ = buffer_.size();
        if (buffer_.size() < max_line_length && !(eof_ && !buffer_.empty())) return false;
        // Over-long line, or a last line without newline: hand out what there is.
        size_t n = std::min(buffer_.size(), max_line_length);
        line.assign(buffer_, 0, n);
        buffer_.erase(0, n);
    } else {
        line.assign(buffer_, 0, nl);
        buffer_.erase(0, nl + 1);
    }
    scan_from_ = 0;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    log_line(label_, "<", line);
    return true;
}

bool ChildProcess::fill(int timeout_ms) {
    if (!process_.output_open() || eof_) return false;
    if (process_.read(buffer_, timeout_ms)) return true;
    eof_ = true;
    return false;
}

ChildProcess::ReadStatus ChildProcess::read_line(std::string& line, TimePoint deadline) {
    // The deadline is checked before buffered lines too, so an engine that writes faster than
    // we read cannot keep the caller busy past it.
    if (SteadyClock::now() >= deadline && !stop_requested()) return ReadStatus::TIMEOUT;
    for (;;) {
        if (take_buffered_line(line)) return ReadStatus::LINE;
        if (eof_ || !process_.output_open()) return ReadStatus::CLOSED;
        if (stop_requested()) return ReadStatus::INTERRUPTED;
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
        if (left <= 0) return ReadStatus::TIMEOUT;
        fill(int(std::min<long long>(left, POLL_SLICE_MS)));
    }
}

void ChildProcess::discard_pending(TimePoint deadline) {
    std::string line;
    while (SteadyClock::now() < deadline && poll_line(line)) {}
}

bool ChildProcess::poll_line(std::string& line) {
    if (take_buffered_line(line)) return true;
    fill(0);
    return take_buffered_line(line);
}

void ChildProcess::stop(std::chrono::milliseconds grace) {
    process_.close_input();  // end of input asks a well-behaved engine to quit
    auto until = SteadyClock::now() + grace;
    while (!process_.exited() && SteadyClock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    process_.kill();
    // Children of the engine that escaped its group are not ours to hunt; the group is gone.
    process_.close_output();
    buffer_.clear();
    scan_from_ = 0;
    eof_ = false;
}

}  // namespace shishi::match
