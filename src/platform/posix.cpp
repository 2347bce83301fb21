// The platform layer on POSIX systems (Linux, macOS, the BSDs): see platform.hpp.
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <optional>
#include <vector>

#include "shishi/platform/platform.hpp"
#include "zeroed_block.hpp"

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

// The words of a plain command line as /bin/sh would split them: blanks separate words, '...'
// and "..." quote, a backslash escapes the next character. Nothing when the line needs a shell
// (pipes, redirections, variables, globs, a leading VAR=value, ...). A leading `exec` is dropped:
// the program replaces the shell either way.
std::optional<std::vector<std::string>> plain_words(const std::string& line) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == ' ' || c == '\t') {
            if (in_word) words.push_back(word);
            word.clear();
            in_word = false;
            continue;
        }
        in_word = true;
        if (c == '\'') {
            const size_t end = line.find('\'', i + 1);
            if (end == std::string::npos) return std::nullopt;
            word.append(line, i + 1, end - i - 1);
            i = end;
        } else if (c == '"') {
            for (++i;; ++i) {
                if (i >= line.size() || line[i] == '$' || line[i] == '`') return std::nullopt;
                if (line[i] == '"') break;
                if (line[i] == '\\' && i + 1 < line.size() && std::strchr("\\\"$`", line[i + 1])) ++i;
                word += line[i];
            }
        } else if (c == '\\') {
            if (++i >= line.size() || line[i] == '\n') return std::nullopt;
            word += line[i];
        } else if (std::strchr("|&;<>()$`*?[]{}~#!=\n\r", c)) {
            // '=' only matters in a first word (an assignment), but a plain engine command
            // rarely has one elsewhere outside quotes: the shell reads those few.
            return std::nullopt;
        } else {
            word += c;
        }
    }
    if (in_word) words.push_back(word);
    if (!words.empty() && words[0] == "exec") words.erase(words.begin());
    if (words.empty()) return std::nullopt;
    // The shell's own commands and words are no programs to find.
    static constexpr const char* SHELL_WORDS[] = {
        ".",    ":",     "alias", "bg",   "break",    "case",   "cd",      "command", "continue", "do",       "done",
        "elif", "else",  "esac",  "eval", "exit",     "export", "fg",      "fi",      "for",      "function", "getopts",
        "hash", "if",    "jobs",  "read", "readonly", "return", "select",  "set",     "shift",    "source",   "then",
        "time", "times", "trap",  "type", "ulimit",   "umask",  "unalias", "unset",   "until",    "wait",     "while"};
    for (const char* w : SHELL_WORDS)
        if (words[0] == w) return std::nullopt;
    return words;
}

// Where execv finds `program`: itself when it names a path, else the first runnable file of
// that name in PATH. Empty with errno set when there is none.
std::string find_program(const std::string& program) {
    if (program.find('/') != std::string::npos) {
        if (access(program.c_str(), X_OK) == 0) return program;
        return {};
    }
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    int first_error = ENOENT;
    for (size_t from = 0;;) {
        const size_t colon = dirs.find(':', from);
        std::string dir = dirs.substr(from, colon == std::string::npos ? std::string::npos : colon - from);
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
        struct stat st {};
        if (stat(candidate.c_str(), &st) == 0 && !S_ISDIR(st.st_mode)) {
            if (access(candidate.c_str(), X_OK) == 0) return candidate;
            first_error = EACCES;
        }
        if (colon == std::string::npos) break;
        from = colon + 1;
    }
    errno = first_error;
    return {};
}

}  // namespace

// POSIX file names and arguments are bytes, used as they are.
std::vector<std::string> arguments(int argc, char** argv) { return std::vector<std::string>(argv, argv + argc); }
std::filesystem::path file_path(const std::string& name) { return std::filesystem::path(name); }
std::string file_name(const std::filesystem::path& path) { return path.native(); }

std::string quote_argument(const std::string& word) {
    std::string quoted = "'";
    for (char c : word)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

uint64_t physical_memory_bytes() {
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page_size <= 0) return 0;
    return uint64_t(pages) * uint64_t(page_size);
}

#if defined(__linux__) && defined(MADV_HUGEPAGE) && !defined(__EMSCRIPTEN__)
namespace {
constexpr size_t HUGE_PAGE = size_t(2) << 20;
size_t huge_rounded(size_t bytes) { return (std::max<size_t>(bytes, 1) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE; }
}  // namespace

void* allocate_large(size_t bytes, bool huge_pages) {
    // mmap gives zero pages; one huge page more lets the block start on a huge page boundary,
    // and the unused head and tail go back at once.
    const size_t len = huge_rounded(bytes);
    void* raw = mmap(nullptr, len + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return nullptr;
    const uintptr_t start = (reinterpret_cast<uintptr_t>(raw) + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    const size_t head = start - reinterpret_cast<uintptr_t>(raw);
    if (head) munmap(raw, head);
    if (HUGE_PAGE - head) munmap(reinterpret_cast<void*>(start + len), HUGE_PAGE - head);
    if (huge_pages) {
        madvise(reinterpret_cast<void*>(start), len, MADV_HUGEPAGE);  // a hint: refused, 4 KB pages serve
        // A huge page's first touch may wait for the kernel to compact memory (a fresh engine's
        // first 4-ply search took 466 ms instead of 10): touched here, before any search.
        for (size_t at = 0; at < len; at += HUGE_PAGE)
            reinterpret_cast<volatile char*>(start)[at] = 0;
    }
    return reinterpret_cast<void*>(start);
}

void free_large(void* block, size_t bytes) {
    if (block) munmap(block, huge_rounded(bytes));
}
#else
void* allocate_large(size_t bytes, bool) { return detail::zeroed_block(bytes); }
void free_large(void* block, size_t) { detail::free_zeroed_block(block); }
#endif

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
    struct stat st {};
    if (stat(path.c_str(), &st) != 0) return false;
    return access(path.c_str(), S_ISDIR(st.st_mode) ? W_OK | X_OK : W_OK) == 0;
}

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

void use_binary_standard_streams() {}  // POSIX streams never translate line ends

void use_utf8_console() {}  // a terminal shows the bytes as its locale says, UTF-8 nearly always

void on_interrupt(void (*handler)()) {
    g_interrupt_handler = handler;
    struct sigaction sa {};
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
    if (!dir.empty()) {
        struct stat st {};
        const bool found = stat(dir.c_str(), &st) == 0;
        if (!found || !S_ISDIR(st.st_mode)) {
            error = "cannot enter directory '" + dir + "': " + std::strerror(found ? ENOTDIR : errno);
            return false;
        }
    }
    // A plain command is run without a shell, so that a missing program is reported with its
    // reason instead of as an engine that exited at once.
    std::vector<std::string> words = {"/bin/sh", "-c", command};
    std::string program = "/bin/sh";
    if (const auto plain = plain_words(command)) {
        // A relative path is the shell's too: read after the chdir into `dir`.
        const std::string& first = (*plain)[0];
        const bool relative_path = first[0] != '/' && first.find('/') != std::string::npos;
        program = find_program(relative_path && !dir.empty() ? dir + "/" + first : first);
        const int why = errno;
        if (!program.empty() && relative_path) program = first;
        if (program.empty()) {
            error = "cannot run '" + first + "': " +
                (first.find('/') == std::string::npos && why == ENOENT ? std::string("not found in PATH")
                                                                       : std::strerror(why));
            return false;
        }
        words = *plain;
    }
    int in_pipe[2], out_pipe[2], status_pipe[2];
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
    // The child reports a failed chdir or exec here; a successful exec closes it (O_CLOEXEC).
    if (pipe2(status_pipe, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]})
            ::close(fd);
        return false;
    }
    // Everything the child needs is prepared before fork: after it only async-signal-safe calls.
    const char* err_file = stderr_path.empty() ? "/dev/null" : stderr_path.c_str();
    std::vector<char*> argv;
    for (std::string& w : words)
        argv.push_back(w.data());
    argv.push_back(nullptr);
    pid_t pid = fork();
    if (pid < 0) {
        error = std::string("fork: ") + std::strerror(errno);
        for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], status_pipe[0], status_pipe[1]})
            ::close(fd);
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
        int failure[2] = {0, 0};  // the step (1 chdir, 2 exec) and errno
        if (!dir.empty() && chdir(dir.c_str()) != 0)
            failure[0] = 1;
        else {
            execv(program.c_str(), argv.data());
            failure[0] = 2;
        }
        failure[1] = errno;
        [[maybe_unused]] ssize_t n = ::write(status_pipe[1], failure, sizeof failure);
        _exit(127);
    }
    setpgid(pid, pid);  // also here, so the group exists before we might signal it
    ::close(in_pipe[0]);
    ::close(out_pipe[1]);
    ::close(status_pipe[1]);
    int failure[2] = {0, 0};
    ssize_t got;
    while ((got = ::read(status_pipe[0], failure, sizeof failure)) < 0 && errno == EINTR) {}
    ::close(status_pipe[0]);
    state_->pid = pid;
    state_->to_child = in_pipe[1];
    state_->from_child = out_pipe[0];
    if (got == ssize_t(sizeof failure)) {
        error = failure[0] == 1 ? "cannot enter directory '" + dir + "': " + std::strerror(failure[1])
                                : "cannot run '" + words[0] + "': " + std::strerror(failure[1]);
        close_input();
        kill();
        close_output();
        return false;
    }
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
    while (waitpid(state_->pid, &status, 0) < 0 && errno == EINTR) {}
    state_->pid = -1;
}

void Process::close_output() { close_fd(state_->from_child); }

}  // namespace shishi::platform
