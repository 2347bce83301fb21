// A line-oriented, thread-safe writer for protocol replies: the command loop and the search
// thread both talk to the GUI, and each line must reach it whole and at once.
#pragma once

#include <functional>
#include <istream>
#include <mutex>
#include <ostream>
#include <string_view>
#include <utility>

namespace shishi {

// Where a session's output lines go: called with each line whole (no newline), one at a time
// (never two calls at once), from the command loop's thread or the search thread.
using LineSink = std::function<void(std::string_view line)>;

// A sink writing each line and a newline to `out`, flushed so the GUI sees it at once.
LineSink stream_sink(std::ostream& out);

class LineOutput {
public:
    explicit LineOutput(LineSink sink) : sink_(std::move(sink)) {}
    explicit LineOutput(std::ostream& out) : LineOutput(stream_sink(out)) {}
    // Hands one line to the sink. Control characters (a newline inside, a carriage return, a
    // NUL ...) become '?', and a line longer than MAX_LINE is cut there with "...": none of the
    // engine's own lines comes near it.
    void send(std::string_view line);
    static constexpr size_t MAX_LINE = 8192;

private:
    LineSink sink_;
    std::mutex mutex_;
};

// Protocol loops call this on their input first. A stream tied to the output (std::cin is tied
// to std::cout) flushes that output before every read, from the reading thread and outside the
// writer's lock; racing a search thread's write, that flush can send a line twice (a stale
// `bestmove` did reach a match runner that way). Every reply is flushed by its writer anyway.
void untie_from_output(std::istream& in);

}  // namespace shishi
