// A protocol session fed one input line at a time. The stdin loops read lines and hand them
// over; the browser worker (src/wasm) hands over each message it is posted. Nothing in a
// session reads input itself, so a host without blocking input can drive it.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace shishi {

class LineSession {
public:
    virtual ~LineSession() = default;
    // Handles one input line (and, in inline mode, the lines it deferred); false once the
    // session has ended (`quit`): the host sends it nothing more.
    virtual bool handle_line(std::string_view line) = 0;
    // The input has ended (the host is gone): finish as on `quit`.
    virtual void end_of_input() = 0;
};

// A single-threaded host's input, read during a search: returns the lines that have arrived
// since the last call (none is fine; it may wait briefly for them, e.g. yield to an event loop).
using InputPoll = std::function<std::vector<std::string>()>;

// Reads lines from `in` into the session until it ends or the input does.
void run_line_loop(std::istream& in, LineSession& session);

}  // namespace shishi
