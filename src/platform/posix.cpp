// The platform layer on POSIX systems (Linux, macOS, the BSDs): see platform.hpp.
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "shishi/platform/platform.hpp"

namespace shishi::platform {
namespace {

void (*g_interrupt_handler)() = nullptr;

extern "C" void on_stop_signal(int) {
    if (g_interrupt_handler) g_interrupt_handler();
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

}  // namespace

// POSIX file names and arguments are bytes, used as they are.
std::vector<std::string> arguments(int argc, char** argv) { return std::vector<std::string>(argv, argv + argc); }
std::filesystem::path file_path(const std::string& name) { return std::filesystem::path(name); }
std::string file_name(const std::filesystem::path& path) { return path.native(); }

uint64_t physical_memory_bytes() {
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page_size <= 0) return 0;
    return uint64_t(pages) * uint64_t(page_size);
}

std::tm local_time(std::time_t t) {
    std::tm tm{};
    localtime_r(&t, &tm);
    return tm;
}

std::string host_name() {
    char buf[256] = {};
    if (gethostname(buf, sizeof buf - 1) != 0) return {};
    return buf;
}

bool stdout_is_terminal() { return isatty(STDOUT_FILENO) == 1; }
bool can_write(const std::string& path) {
    struct stat st{};
    if (stat(path.c_str(), &st) != 0) return false;
    return access(path.c_str(), S_ISDIR(st.st_mode) ? W_OK | X_OK : W_OK) == 0;
}

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

void use_binary_standard_streams() {}  // POSIX streams never translate line ends

void use_utf8_console() {}  // a terminal shows the bytes as its locale says, UTF-8 nearly always

void on_interrupt(void (*handler)()) {
    g_interrupt_handler = handler;
    struct sigaction sa{};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: a blocking poll() returns at once with EINTR
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
}

void ignore_broken_pipe() { std::signal(SIGPIPE, SIG_IGN); }

struct Process::State {
    pid_t pid = -1;
    int to_child = -1;
    int from_child = -1;
};

Process::Process() : state_(std::make_unique<State>()) {}
Process::~Process() {
    close_input();
    kill();
    close_output();
}

bool Process::start(const std::string& command, const std::string& dir, const std::string& stderr_path,
                    std::string& error) {
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
        // Its own process group: Ctrl-C in the terminal reaches only the parent, and a kill of
        // the group also stops whatever the child starts.
        setpgid(0, 0);
        // Restore default signal handling the parent changed.
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
    state_->pid = pid;
    state_->to_child = in_pipe[1];
    state_->from_child = out_pipe[0];
    return true;
}

bool Process::running() const { return state_->pid > 0; }

bool Process::exited() {
    if (state_->pid <= 0) return true;
    int status = 0;
    pid_t r = waitpid(state_->pid, &status, WNOHANG);
    if (r == state_->pid || (r < 0 && errno == ECHILD)) {
        state_->pid = -1;
        return true;
    }
    return false;
}

bool Process::write(std::string_view data) {
    if (state_->to_child < 0) return false;
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(state_->to_child, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;  // EPIPE: the child is gone
        }
        done += size_t(n);
    }
    return true;
}

bool Process::read(std::string& into, int timeout_ms) {
    if (state_->from_child < 0) return false;
    pollfd pfd{state_->from_child, POLLIN, 0};
    int r = ::poll(&pfd, 1, timeout_ms);
    if (r <= 0) return true;  // timeout or EINTR: nothing new, output still open
    char chunk[8192];
    ssize_t n = ::read(state_->from_child, chunk, sizeof chunk);
    if (n > 0) {
        into.append(chunk, size_t(n));
        return true;
    }
    return n < 0 && (errno == EINTR || errno == EAGAIN);
}

bool Process::input_open() const { return state_->to_child >= 0; }
bool Process::output_open() const { return state_->from_child >= 0; }

void Process::close_input() { close_fd(state_->to_child); }

void Process::kill() {
    if (state_->pid <= 0) return;
    ::kill(-state_->pid, SIGKILL);
    ::kill(state_->pid, SIGKILL);
    int status = 0;
    while (waitpid(state_->pid, &status, 0) < 0 && errno == EINTR) {
    }
    state_->pid = -1;
}

void Process::close_output() { close_fd(state_->from_child); }

}  // namespace shishi::platform
