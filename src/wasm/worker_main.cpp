// The engine of the browser builds (scripts/wasm): a USI line session fed one posted message at
// a time through shishi_command(), its output lines handed to JavaScript (src/wasm/pre.js) one
// by one through the session's line sink.
//
// Single-threaded build (no pthreads): searches run inside shishi_command("go ...") on the
// worker's own thread; every few milliseconds of search the engine yields to the event loop
// (Asyncify) and takes the messages that arrived meanwhile, so stop, ponderhit and isready act
// during a search. Threaded build: searches run on pthreads, shishi_command returns at once.
#include <emscripten.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "shishi/protocol/usi.hpp"

namespace {

// The session's line sink: each output line, whole, to JavaScript.
void emit(std::string_view text) {
    const std::string line(text);  // NUL-terminated for UTF8ToString
#ifdef __EMSCRIPTEN_PTHREADS__
    // A search thread's line goes to the thread that owns the listeners, in order.
    char* copy = strdup(line.c_str());
    MAIN_THREAD_ASYNC_EM_ASM(
        {
            Module["__shishiEmit"](UTF8ToString($0));
            _free($0);
        },
        copy);
#else
    EM_ASM({ Module["__shishiEmit"](UTF8ToString($0)); }, line.c_str());
#endif
}

#ifndef __EMSCRIPTEN_PTHREADS__
// Lets the event loop run (the worker's onmessage queues what was posted) and comes back as
// soon as it has: a MessageChannel (or node's setImmediate) is not throttled like setTimeout.
EM_JS(void, yield_to_events, (), { Asyncify.handleSleep(function(wakeUp) { Module["__shishiYield"](wakeUp); }); });
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
#ifdef __EMSCRIPTEN_PTHREADS__
    std::unique_ptr<shishi::LineSession> session = shishi::make_usi_session(emit);
#else
    std::unique_ptr<shishi::LineSession> session = shishi::make_usi_session(emit, {}, poll_input);
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
