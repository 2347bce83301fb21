// The engine of the browser builds (scripts/wasm): a USI session fed one posted message at a
// time through shishi_command(), its lines handed to JavaScript (src/wasm/pre.js) one by one.
//
// Single-threaded build (no pthreads): searches run inside shishi_command("go ...") on the
// worker's own thread; every few milliseconds of search the engine yields to the event loop
// (Asyncify) and takes the messages that arrived meanwhile, so stop, ponderhit and isready act
// during a search. Threaded build: searches run on pthreads, shishi_command returns at once.
#include <emscripten.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

#include "shishi/protocol/usi.hpp"

namespace {

void emit(const std::string& line) {
#ifdef __EMSCRIPTEN_PTHREADS__
    // A search thread's line goes to the thread that owns the listeners, in order.
    char* copy = strdup(line.c_str());
    MAIN_THREAD_ASYNC_EM_ASM({ Module["__shishiEmit"](UTF8ToString($0)); _free($0); }, copy);
#else
    EM_ASM({ Module["__shishiEmit"](UTF8ToString($0)); }, line.c_str());
#endif
}

// An output stream whose every line is one emit(). LineOutput writes each line whole under its
// lock, so the buffer is never shared by two writers at once.
class LineBuffer : public std::streambuf {
protected:
    int_type overflow(int_type c) override {
        if (c == traits_type::eof()) return traits_type::not_eof(c);
        if (c == '\n') {
            emit(pending_);
            pending_.clear();
        } else {
            pending_.push_back(char(c));
        }
        return c;
    }

private:
    std::string pending_;
};

#ifndef __EMSCRIPTEN_PTHREADS__
// Lets the event loop run (the worker's onmessage queues what was posted) and comes back as
// soon as it has: a MessageChannel (or node's setImmediate) is not throttled like setTimeout.
EM_JS(void, yield_to_events, (), {
    Asyncify.handleSleep(function(wakeUp) { Module["__shishiYield"](wakeUp); });
});
// The lines posted since the last call, joined by '\n', in memory the caller frees; 0 if none.
EM_JS(char*, take_posted_lines, (), { return Module["__shishiTake"](); });

// Search time between two yields: often enough that `stop` is read within a few ms, rarely
// enough that the yields cost little.
constexpr double YIELD_INTERVAL_MS = 15;
// A poll called again this soon comes from a held answer (no search runs in between), so it
// waits rather than spins.
constexpr double IDLE_POLL_MS = 0.05;

std::vector<std::string> poll_input() {
    static double last_yield = 0, last_call = 0;
    const double now = emscripten_get_now();
    const bool idle = now - last_call < IDLE_POLL_MS;
    last_call = now;
    if (!idle && now - last_yield < YIELD_INTERVAL_MS) return {};
    yield_to_events();
    last_yield = last_call = emscripten_get_now();
    std::vector<std::string> lines;
    char* text = take_posted_lines();
    if (!text) return lines;
    for (const char* p = text;;) {
        const char* end = std::strchr(p, '\n');
        lines.emplace_back(p, end ? size_t(end - p) : std::strlen(p));
        if (!end) break;
        p = end + 1;
    }
    std::free(text);
    return lines;
}
#endif

struct Worker {
    LineBuffer buffer;
    std::ostream out{&buffer};
#ifdef __EMSCRIPTEN_PTHREADS__
    std::unique_ptr<shishi::LineSession> session = shishi::make_usi_session(out);
#else
    std::unique_ptr<shishi::LineSession> session = shishi::make_usi_session(out, {}, poll_input);
#endif
    bool ended = false;
};

}  // namespace

extern "C" {

// One line from the host; returns 0 once the session has ended (`quit`), 1 otherwise.
EMSCRIPTEN_KEEPALIVE int shishi_command(const char* line) {
    static Worker* worker = new Worker;  // lives as long as the page: never destroyed
    if (worker->ended) return 0;
    if (!worker->session->handle_line(line)) worker->ended = true;
    return worker->ended ? 0 : 1;
}
}
