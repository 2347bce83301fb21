// Output of a protocol session, read back line by line by the tool driving it (bench): an
// ostream target whose complete lines queue up, with a wait for the next one. The session's
// search thread writes while the tool's thread reads, so the queue is locked.
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <streambuf>
#include <string>

namespace shishi {

class LineQueue : public std::streambuf {
public:
    // The next complete line, waiting for it when none has arrived yet.
    std::string wait_line();
    // The next complete line if one has arrived, else nothing.
    std::optional<std::string> try_line();

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;

private:
    void put(char c);  // mutex_ held

    std::mutex mutex_;
    std::condition_variable arrived_;
    std::string partial_;  // guarded by mutex_: the line being written
    std::deque<std::string> lines_;  // guarded by mutex_: complete lines not yet read
};

}  // namespace shishi
