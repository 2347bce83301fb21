#include "shishi/match/process.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <mutex>
#include <ostream>
#include <thread>
#include <unistd.h>

#include "shishi/match/interrupt.hpp"

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

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

}  // namespace

void ignore_sigpipe() { std::signal(SIGPIPE, SIG_IGN); }

void ChildProcess::set_traffic_log(std::ostream* log) { g_log = log; }

ChildProcess::~ChildProcess() { stop(std::chrono::milliseconds(0)); }

bool ChildProcess::start(const std::string& command, const std::string& dir,
                         const std::string& stderr_path, std::string& error) {
    stop(std::chrono::milliseconds(0));
    // Whoever talks to a child must survive writing to one that has just died: the write then
    // fails with EPIPE and the referee scores a crash. Without this, a caller other than the
    // runner (the referee tests) was killed by SIGPIPE when the crash won the race.
    ignore_sigpipe();
    int in_pipe[2], out_pipe[2];
    if (pipe2(in_pipe, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        return false;
    }
    if (pipe2(out_pipe, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        ::close(in_pipe[0]);
        ::close(in_pipe[1]);
        return false;
    }
    // Everything the child needs is prepared before fork: after it only async-signal-safe calls.
    const char* err_file = stderr_path.empty() ? "/dev/null" : stderr_path.c_str();
    const char* argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
    pid_t pid = fork();
    if (pid < 0) {
        error = std::string("fork: ") + std::strerror(errno);
        for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) ::close(fd);
        return false;
    }
    if (pid == 0) {
        setpgid(0, 0);
        // Restore default signal handling the runner changed.
        signal(SIGPIPE, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        dup2(in_pipe[0], 0);
        dup2(out_pipe[1], 1);
        int err_fd = open(err_file, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (err_fd >= 0) dup2(err_fd, 2);
        if (!dir.empty() && chdir(dir.c_str()) != 0) _exit(127);
        execv("/bin/sh", const_cast<char* const*>(argv));
        _exit(127);
    }
    setpgid(pid, pid);  // also here, so the group exists before we might signal it
    ::close(in_pipe[0]);
    ::close(out_pipe[1]);
    pid_ = pid;
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];
    eof_ = false;
    buffer_.clear();
    scan_from_ = 0;
    return true;
}

bool ChildProcess::exited() {
    if (pid_ <= 0) return true;
    int status = 0;
    pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_ || (r < 0 && errno == ECHILD)) {
        pid_ = -1;
        return true;
    }
    return false;
}

bool ChildProcess::write_line(const std::string& line) {
    if (to_child_ < 0) return false;
    log_line(label_, "<", line);
    std::string data = line + "\n";
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(to_child_, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;  // EPIPE: the child is gone
        }
        done += size_t(n);
    }
    return true;
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
    log_line(label_, ">", line);
    return true;
}

bool ChildProcess::fill(int timeout_ms) {
    if (from_child_ < 0 || eof_) return false;
    pollfd pfd{from_child_, POLLIN, 0};
    int r = ::poll(&pfd, 1, timeout_ms);
    if (r <= 0) return true;  // timeout or EINTR: nothing new, output still open
    char chunk[8192];
    ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n > 0) {
        buffer_.append(chunk, size_t(n));
        return true;
    }
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return true;
    eof_ = true;
    return false;
}

ChildProcess::ReadStatus ChildProcess::read_line(std::string& line, TimePoint deadline) {
    // The deadline is checked before buffered lines too, so an engine that writes faster than
    // we read cannot keep the caller busy past it.
    if (SteadyClock::now() >= deadline && !stop_requested()) return ReadStatus::TIMEOUT;
    for (;;) {
        if (take_buffered_line(line)) return ReadStatus::LINE;
        if (eof_ || from_child_ < 0) return ReadStatus::CLOSED;
        if (stop_requested()) return ReadStatus::INTERRUPTED;
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
        if (left <= 0) return ReadStatus::TIMEOUT;
        fill(int(std::min<long long>(left, POLL_SLICE_MS)));
    }
}

void ChildProcess::discard_pending(TimePoint deadline) {
    std::string line;
    while (SteadyClock::now() < deadline && poll_line(line)) {
    }
}

bool ChildProcess::poll_line(std::string& line) {
    if (take_buffered_line(line)) return true;
    fill(0);
    return take_buffered_line(line);
}

void ChildProcess::stop(std::chrono::milliseconds grace) {
    close_fd(to_child_);  // end of input asks a well-behaved engine to quit
    if (pid_ > 0) {
        auto until = SteadyClock::now() + grace;
        while (!exited() && SteadyClock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (pid_ > 0) {
            kill(-pid_, SIGKILL);
            kill(pid_, SIGKILL);
            int status = 0;
            while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
            }
            pid_ = -1;
        }
    }
    // Children of the engine that escaped its group are not ours to hunt; the group is gone.
    close_fd(from_child_);
    buffer_.clear();
    scan_from_ = 0;
    eof_ = false;
}

}  // namespace shishi::match
