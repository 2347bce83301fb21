// What differs between POSIX systems and Windows, behind one interface: the size of memory,
// whether a stream is a terminal, the standard streams' byte mode, Ctrl-C, the command line and
// file names in UTF-8, and child processes talking through pipes (shishi-match's engines). src/platform/posix.cpp and
// src/platform/windows.cpp implement it and CMake compiles the one for the target, so no other
// file needs an #ifdef or a system header (docs/windows.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace shishi::platform {

// The program's arguments, argv[0] first, in UTF-8 on every system. (Windows hands main() them
// in the ANSI code page, where a name such as 棋譜.kif becomes ??.kif.)
std::vector<std::string> arguments(int argc, char** argv);

// A file name in UTF-8 (an argument, a name read from a file) as the path to open it by, with
// std::ifstream, std::ofstream or std::filesystem. Every file opened by name goes through here:
// on Windows the name becomes UTF-16, as narrow names would be read in the ANSI code page.
std::filesystem::path file_path(const std::string& name);
// The UTF-8 name of such a path (for messages).
std::string file_name(const std::filesystem::path& path);

// Physical memory in bytes; 0 when the system does not say.
uint64_t physical_memory_bytes();

// A zero-filled block for a large table read at random (the transposition table, the net's
// first layer), aligned to 64 bytes, or nullptr if refused. Pages are mapped on first use, so a
// table of gigabytes is ready at once. With `huge_pages`, Linux is asked for 2 MB pages: a
// search of a few milliseconds reads lines all over its table, and with 4 KB pages nearly every
// read also missed the TLB. Those pages are mapped at once (the kernel may have to compact
// memory for them, which must not happen inside a search), so the whole block is resident.
// Give the same size back to free_large.
void* allocate_large(size_t bytes, bool huge_pages);
void free_large(void* block, size_t bytes);

// The local calendar time of `t` (the C library's own localtime is not thread-safe).
std::tm local_time(std::time_t t);

// This computer's name (the PGN Site tag); empty when unknown.
std::string host_name();

// May we write this existing file, or create files in this existing folder? (a UTF-8 name)
bool can_write(const std::string& path);

bool stdout_is_terminal();
bool stderr_is_terminal();

// Standard input and output carry bytes unchanged: on Windows the C runtime would otherwise
// turn "\n" into "\r\n" on output and stop reading input at a Ctrl-Z byte. (A host's CRLF input
// lines are the protocol readers' business; they trim the '\r'.)
void use_binary_standard_streams();

// std::cout and std::cerr show their UTF-8 text right on a console window. (A Windows console
// shows bytes in its own code page: there they are written as UTF-16 instead. Pipes and files
// get the bytes unchanged.)
void use_utf8_console();

// Ctrl-C (and SIGTERM, or closing the console window) calls `handler` instead of ending the
// program. The handler runs in a signal handler or on another thread: it may only set atomics
// or end the program with std::_Exit.
void on_interrupt(void (*handler)());

// A write to a child that has exited fails instead of ending the program (SIGPIPE on POSIX).
void ignore_broken_pipe();

// `word` written into a command line of Process::start so that the child receives it as one
// argument, byte for byte: POSIX shell quoting ('...'), or Windows' CreateProcess rules (double
// quotes, backslashes doubled before a quote).
std::string quote_argument(const std::string& word);

// A child process with its standard input and output connected to us through pipes. Its own
// children are stopped with it: a process group on POSIX, a job object on Windows. Ctrl-C in the
// terminal reaches only us, never the child.
class Process {
public:
    Process();
    ~Process();  // kills the child if it is still running
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;

    // POSIX runs a plain command (words, quotes and backslashes only) itself, and any other
    // through `/bin/sh -c command`; Windows passes the command line to CreateProcess (a program
    // path in double quotes when it holds spaces, then its arguments). `dir` is the child's
    // working directory (empty: ours); its standard error is appended to stderr_path (empty:
    // discarded). False with a message when it cannot start: the program not found or not
    // runnable, or the directory not entered, with the system's reason.
    bool start(const std::string& command, const std::string& dir, const std::string& stderr_path, std::string& error);
    bool running() const;
    // Has the child exited? Reaps it when it has.
    bool exited();

    // Writes all of `data` to the child's input; false when the child no longer reads it.
    bool write(std::string_view data);
    bool input_open() const;
    // Appends to `into` what the child has written, waiting up to timeout_ms for something
    // (0: only what is there now). False at the end of its output; true on a timeout or an
    // interrupted wait, with nothing appended.
    bool read(std::string& into, int timeout_ms);
    bool output_open() const;

    void close_input();  // end of input asks a well-behaved child to quit
    void kill();  // kills the child and what it started, and reaps it
    void close_output();

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace shishi::platform
