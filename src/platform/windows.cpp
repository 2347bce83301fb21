// The platform layer on Windows (cross-built with mingw-w64, scripts/windows): see platform.hpp.
#define NOMINMAX
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <io.h>
#include <iostream>
#include <mutex>
#include <streambuf>

#include "shishi/platform/platform.hpp"
#include "zeroed_block.hpp"

namespace shishi::platform {
namespace {

void (*g_interrupt_handler)() = nullptr;

BOOL WINAPI on_console_event(DWORD event) {
    if (event != CTRL_C_EVENT && event != CTRL_BREAK_EVENT && event != CTRL_CLOSE_EVENT) return FALSE;
    if (g_interrupt_handler) g_interrupt_handler();
    return TRUE;
}

// Everything inside Shishi is UTF-8; Windows' wide functions take UTF-16. (Invalid UTF-8, or a
// lone surrogate the other way, becomes U+FFFD rather than an error.)
std::wstring wide(std::string_view utf8) {
    if (utf8.empty()) return {};
    const int n = MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), nullptr, 0);
    std::wstring w(size_t(n > 0 ? n : 0), L'\0');
    if (n > 0) MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), w.data(), n);
    return w;
}

std::string utf8(std::wstring_view w) {
    if (w.empty()) return {};
    const int n = WideCharToMultiByte(CP_UTF8, 0, w.data(), int(w.size()), nullptr, 0, nullptr, nullptr);
    std::string s(size_t(n > 0 ? n : 0), '\0');
    if (n > 0) WideCharToMultiByte(CP_UTF8, 0, w.data(), int(w.size()), s.data(), n, nullptr, nullptr);
    return s;
}

std::string system_message(const std::string& what, DWORD code) {
    wchar_t* text = nullptr;
    FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr,
                   code, 0, reinterpret_cast<LPWSTR>(&text), 0, nullptr);
    std::string message = what + ": " + (text ? utf8(text) : "error " + std::to_string(code));
    if (text) LocalFree(text);
    while (!message.empty() && (message.back() == '\n' || message.back() == '\r' || message.back() == '.'))
        message.pop_back();
    return message;
}

// Writes UTF-8 text to a console as UTF-16 (WriteConsoleW): a console shows the bytes it is
// given in its own code page, and even set to UTF-8 it garbles a character whose bytes come in
// separate writes (seen under Wine). A character cut at the end of the buffer waits for the rest.
class ConsoleOutput : public std::streambuf {
public:
    explicit ConsoleOutput(HANDLE console) : console_(console) { setp(buffer_, buffer_ + sizeof buffer_); }

protected:
    int_type overflow(int_type c) override {
        if (sync() != 0) return traits_type::eof();
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
        return c;
    }

    int sync() override {
        const size_t size = size_t(pptr() - pbase());
        const size_t complete = complete_utf8(size);
        const std::wstring text = wide(std::string_view(pbase(), complete));
        bool ok = true;
        for (size_t done = 0; ok && done < text.size();) {
            DWORD n = 0;
            ok = WriteConsoleW(console_, text.data() + done, DWORD(text.size() - done), &n, nullptr) && n > 0;
            done += n;
        }
        const size_t rest = size - complete;
        std::memmove(buffer_, buffer_ + complete, rest);
        setp(buffer_, buffer_ + sizeof buffer_);
        pbump(int(rest));
        return ok ? 0 : -1;
    }

private:
    // How much of the first `size` bytes ends on a whole UTF-8 character.
    size_t complete_utf8(size_t size) const {
        for (size_t back = 1; back <= 4 && back <= size; ++back) {
            const unsigned char c = static_cast<unsigned char>(buffer_[size - back]);
            if ((c & 0xC0) == 0x80) continue;  // a continuation byte: look further back
            const size_t length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
            return length > back ? size - back : size;
        }
        return size;
    }

    HANDLE console_;
    char buffer_[4096];
};

void close_handle(HANDLE& h) {
    if (h && h != INVALID_HANDLE_VALUE) CloseHandle(h);
    h = nullptr;
}

// A process inherits every handle that is inheritable while it is created. The child's ends of
// its pipes are made inheritable only under this lock (and closed before it is let go), so two
// engines started at once never hold each other's pipes, which would hide an engine's exit.
std::mutex g_spawn_mutex;

// Anonymous pipes have no read with a timeout, so a thread per child reads its output and hands
// it over here; the reader waits while `data` is full, so a child that floods its output is
// held back as a full pipe holds it back on POSIX.
constexpr size_t MAX_PENDING_OUTPUT = 1 << 20;

struct Output {
    std::mutex mutex;
    std::condition_variable changed;
    std::string data;
    bool closed = false;  // the child's output ended
    bool abandoned = false;  // nobody reads any more: the reader stops
};

struct Reader {
    HANDLE pipe;
    std::shared_ptr<Output> output;
};

DWORD WINAPI read_output(void* arg) {
    std::unique_ptr<Reader> reader(static_cast<Reader*>(arg));
    Output& o = *reader->output;
    char chunk[8192];
    for (;;) {
        DWORD n = 0;
        const bool ok = ReadFile(reader->pipe, chunk, sizeof chunk, &n, nullptr);
        std::unique_lock<std::mutex> lock(o.mutex);
        if (!ok || n == 0 || o.abandoned) break;
        o.changed.wait(lock, [&] { return o.data.size() < MAX_PENDING_OUTPUT || o.abandoned; });
        if (o.abandoned) break;
        o.data.append(chunk, n);
        o.changed.notify_all();
    }
    {
        std::lock_guard<std::mutex> lock(o.mutex);
        o.closed = true;
    }
    o.changed.notify_all();
    CloseHandle(reader->pipe);
    return 0;
}

HANDLE open_stderr_file(const std::string& path, SECURITY_ATTRIBUTES* inheritable) {
    HANDLE h = INVALID_HANDLE_VALUE;
    if (!path.empty())
        h = CreateFileW(wide(path).c_str(), FILE_APPEND_DATA, FILE_SHARE_READ | FILE_SHARE_WRITE, inheritable,
                        OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE)
        h = CreateFileW(L"NUL", GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, inheritable, OPEN_EXISTING,
                        FILE_ATTRIBUTE_NORMAL, nullptr);
    return h == INVALID_HANDLE_VALUE ? nullptr : h;
}

}  // namespace

// msvcrt.dll's parser of the wide command line: the same rules (quotes, backslashes) that give
// main() its argv, without the ANSI code page.
extern "C" int __wgetmainargs(int* argc, wchar_t*** argv, wchar_t*** env, int expand_wildcards, int* new_mode);

std::vector<std::string> arguments(int argc, char** argv) {
    int count = 0, new_mode = 0;
    wchar_t** wargv = nullptr;
    wchar_t** wenv = nullptr;
    // No wildcard expansion, as mingw-w64 gives main() (its _dowildcard is 0).
    if (__wgetmainargs(&count, &wargv, &wenv, 0, &new_mode) < 0 || !wargv || count != argc)
        return std::vector<std::string>(argv, argv + argc);
    std::vector<std::string> args;
    for (int i = 0; i < count; ++i)
        args.push_back(utf8(wargv[i]));
    return args;
}

std::filesystem::path file_path(const std::string& name) { return std::filesystem::path(wide(name)); }
std::string file_name(const std::filesystem::path& path) { return utf8(path.native()); }

uint64_t physical_memory_bytes() {
    MEMORYSTATUSEX status{};
    status.dwLength = sizeof status;
    return GlobalMemoryStatusEx(&status) ? uint64_t(status.ullTotalPhys) : 0;
}

// Large pages on Windows need a privilege users rarely hold; calloc's zero pages serve.
void* allocate_large(size_t bytes, bool) { return detail::zeroed_block(bytes); }
void free_large(void* block, size_t) { detail::free_zeroed_block(block); }

namespace {

// A console answers GetConsoleMode; a pipe, a file or NUL (which _isatty takes for a terminal)
// does not.
bool is_console(DWORD which) {
    DWORD mode = 0;
    return GetConsoleMode(GetStdHandle(which), &mode);
}

}  // namespace

std::tm local_time(std::time_t t) {
    std::tm tm{};
    localtime_s(&tm, &t);
    return tm;
}

std::string host_name() {
    wchar_t buf[256] = {};
    DWORD size = sizeof buf / sizeof buf[0];
    if (!GetComputerNameExW(ComputerNameDnsHostname, buf, &size)) return {};
    return utf8(std::wstring_view(buf, size));
}

bool stdout_is_terminal() { return is_console(STD_OUTPUT_HANDLE); }
bool can_write(const std::string& path) { return _waccess(wide(path).c_str(), 2) == 0; }  // 2: write

bool stderr_is_terminal() { return is_console(STD_ERROR_HANDLE); }

void use_binary_standard_streams() {
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
}

void use_utf8_console() {
    // Never freed: the standard streams are flushed at exit, when static objects may be gone.
    // Each output operation is flushed, as stdio's unbuffered console stream was.
    if (is_console(STD_OUTPUT_HANDLE)) {
        std::cout.rdbuf(new ConsoleOutput(GetStdHandle(STD_OUTPUT_HANDLE)));
        std::cout.setf(std::ios::unitbuf);
    }
    if (is_console(STD_ERROR_HANDLE)) {
        auto* buffer = new ConsoleOutput(GetStdHandle(STD_ERROR_HANDLE));
        std::cerr.rdbuf(buffer);
        std::clog.rdbuf(buffer);
        std::clog.setf(std::ios::unitbuf);
    }
}

void on_interrupt(void (*handler)()) {
    g_interrupt_handler = handler;
    SetConsoleCtrlHandler(on_console_event, TRUE);
}

void ignore_broken_pipe() {}  // a write to a closed pipe fails with ERROR_NO_DATA, nothing more

struct Process::State {
    HANDLE process = nullptr;
    HANDLE job = nullptr;  // kills the child's own children with it
    HANDLE to_child = nullptr;
    HANDLE reader = nullptr;
    std::shared_ptr<Output> output;
};

std::string quote_argument(const std::string& word) {
    // CreateProcess hands the child one command line; the C runtime splits it: inside double
    // quotes, backslashes are literal unless they come before a quote, where 2n of them stand for
    // n and 2n+1 for n and a literal quote.
    std::string quoted = "\"";
    size_t backslashes = 0;
    for (char c : word) {
        if (c == '\\') {
            ++backslashes;
            continue;
        }
        quoted.append(c == '"' ? 2 * backslashes + 1 : backslashes, '\\');
        backslashes = 0;
        quoted += c;
    }
    quoted.append(2 * backslashes, '\\');
    return quoted + "\"";
}

Process::Process() : state_(std::make_unique<State>()) {}
Process::~Process() {
    close_input();
    kill();
    close_output();
}

bool Process::start(const std::string& command, const std::string& dir, const std::string& stderr_path,
                    std::string& error) {
    SECURITY_ATTRIBUTES own{sizeof(SECURITY_ATTRIBUTES), nullptr, FALSE};
    SECURITY_ATTRIBUTES inherited{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    HANDLE in_read = nullptr, in_write = nullptr, out_read = nullptr, out_write = nullptr;
    if (!CreatePipe(&in_read, &in_write, &own, 0)) {
        error = system_message("pipe", GetLastError());
        return false;
    }
    if (!CreatePipe(&out_read, &out_write, &own, 0)) {
        error = system_message("pipe", GetLastError());
        close_handle(in_read);
        close_handle(in_write);
        return false;
    }
    std::wstring command_line = wide(command);
    const std::wstring directory = wide(dir);
    PROCESS_INFORMATION pi{};
    DWORD create_error = 0;
    {
        std::lock_guard<std::mutex> lock(g_spawn_mutex);
        SetHandleInformation(in_read, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
        SetHandleInformation(out_write, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
        HANDLE err = open_stderr_file(stderr_path, &inherited);
        STARTUPINFOW si{};
        si.cb = sizeof si;
        si.dwFlags = STARTF_USESTDHANDLES;
        si.hStdInput = in_read;
        si.hStdOutput = out_write;
        si.hStdError = err;
        // A new process group ignores the console's Ctrl-C: it is the runner's to handle.
        // Suspended until it is in its job, so that nothing it starts escapes the job.
        const DWORD flags = CREATE_NEW_PROCESS_GROUP | CREATE_SUSPENDED;
        if (!CreateProcessW(nullptr, command_line.data(), nullptr, nullptr, TRUE, flags, nullptr,
                            directory.empty() ? nullptr : directory.c_str(), &si, &pi))
            create_error = GetLastError();
        close_handle(in_read);
        close_handle(out_write);
        close_handle(err);
    }
    if (create_error) {
        error = system_message("cannot start '" + command + "'", create_error);
        close_handle(in_write);
        close_handle(out_read);
        return false;
    }
    State& s = *state_;
    s.job = CreateJobObjectW(nullptr, nullptr);
    if (s.job) {
        JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
        limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
        if (!SetInformationJobObject(s.job, JobObjectExtendedLimitInformation, &limits, sizeof limits) ||
            !AssignProcessToJobObject(s.job, pi.hProcess))
            close_handle(s.job);  // then TerminateProcess stops the child alone
    }
    ResumeThread(pi.hThread);
    CloseHandle(pi.hThread);
    s.process = pi.hProcess;
    s.to_child = in_write;
    s.output = std::make_shared<Output>();
    s.reader = CreateThread(nullptr, 0, read_output, new Reader{out_read, s.output}, 0, nullptr);
    if (!s.reader) {
        error = system_message("reader thread", GetLastError());
        close_handle(out_read);
        close_input();
        kill();
        s.output.reset();
        return false;
    }
    return true;
}

bool Process::running() const { return state_->process != nullptr; }

bool Process::exited() {
    if (!state_->process) return true;
    if (WaitForSingleObject(state_->process, 0) != WAIT_OBJECT_0) return false;
    close_handle(state_->process);
    close_handle(state_->job);
    return true;
}

bool Process::write(std::string_view data) {
    if (!state_->to_child) return false;
    size_t done = 0;
    while (done < data.size()) {
        DWORD n = 0;
        if (!WriteFile(state_->to_child, data.data() + done, DWORD(data.size() - done), &n, nullptr))
            return false;  // the child is gone
        done += n;
    }
    return true;
}

bool Process::input_open() const { return state_->to_child != nullptr; }

bool Process::read(std::string& into, int timeout_ms) {
    if (!state_->output) return false;
    Output& o = *state_->output;
    std::unique_lock<std::mutex> lock(o.mutex);
    o.changed.wait_for(lock, std::chrono::milliseconds(timeout_ms), [&] { return !o.data.empty() || o.closed; });
    if (o.data.empty()) return !o.closed;
    into += o.data;
    o.data.clear();
    o.changed.notify_all();  // room again for a reader held back by a full buffer
    return true;
}

bool Process::output_open() const { return state_->output != nullptr; }

void Process::close_input() { close_handle(state_->to_child); }

void Process::kill() {
    State& s = *state_;
    if (!s.process) return;
    if (!s.job || !TerminateJobObject(s.job, 1)) TerminateProcess(s.process, 1);
    WaitForSingleObject(s.process, INFINITE);
    close_handle(s.process);
    close_handle(s.job);
}

void Process::close_output() {
    State& s = *state_;
    if (s.output) {
        {
            std::lock_guard<std::mutex> lock(s.output->mutex);
            s.output->abandoned = true;
        }
        s.output->changed.notify_all();
    }
    if (s.reader) {
        // The reader ends when the child's output closes. A grandchild that escaped the job may
        // still hold the pipe: then its read is cancelled, and should even that not end it, the
        // thread is let go (it owns what it uses).
        if (WaitForSingleObject(s.reader, 0) == WAIT_TIMEOUT) {
            CancelSynchronousIo(s.reader);
            WaitForSingleObject(s.reader, 1000);
        }
        close_handle(s.reader);
    }
    s.output.reset();
}

}  // namespace shishi::platform
