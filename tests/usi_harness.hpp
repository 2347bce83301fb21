// Test harness for the USI loop: a whole transcript through run_usi at once, or a live session
// on its own thread with a blocking input stream, so tests can answer the engine line by line
// and send `stop`/`ponderhit` while it searches.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <istream>
#include <mutex>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include "shishi/protocol/usi.hpp"

namespace usi_test {

// Feeds `input` to run_usi and returns everything it wrote, one string per line.
inline std::vector<std::string> run_script(const std::string& input, int* exit_code = nullptr) {
    std::istringstream in(input);
    std::ostringstream out;
    int rc = shishi::run_usi(in, out);
    if (exit_code) *exit_code = rc;
    std::vector<std::string> lines;
    std::istringstream text(out.str());
    for (std::string l; std::getline(text, l);) lines.push_back(l);
    return lines;
}

inline bool starts_with(const std::string& s, const std::string& prefix) {
    return s.compare(0, prefix.size(), prefix) == 0;
}

inline int count_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
    int n = 0;
    for (const auto& l : lines) n += starts_with(l, prefix);
    return n;
}

inline std::string first_with(const std::vector<std::string>& lines, const std::string& prefix) {
    for (const auto& l : lines)
        if (starts_with(l, prefix)) return l;
    return "";
}

// An input stream buffer that blocks until the test pushes text or closes it.
class PipeIn : public std::streambuf {
public:
    void push(const std::string& text) {
        std::lock_guard<std::mutex> lock(m_);
        q_.insert(q_.end(), text.begin(), text.end());
        cv_.notify_all();
    }
    void close() {
        std::lock_guard<std::mutex> lock(m_);
        closed_ = true;
        cv_.notify_all();
    }

protected:
    int_type underflow() override {
        std::unique_lock<std::mutex> lock(m_);
        cv_.wait(lock, [&] { return !q_.empty() || closed_; });
        if (q_.empty()) return traits_type::eof();
        ch_ = q_.front();
        q_.pop_front();
        setg(&ch_, &ch_, &ch_ + 1);
        return traits_type::to_int_type(ch_);
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    std::deque<char> q_;
    bool closed_ = false;
    char ch_ = 0;
};

// An output stream buffer collecting complete lines and waking waiters on each one.
class LinesOut : public std::streambuf {
public:
    // Waits for a line starting with `prefix` at index >= from; returns its index or -1.
    int wait_for(const std::string& prefix, size_t from, std::chrono::milliseconds timeout) {
        std::unique_lock<std::mutex> lock(m_);
        int found = -1;
        cv_.wait_for(lock, timeout, [&] {
            for (size_t i = from; i < lines_.size(); ++i)
                if (starts_with(lines_[i], prefix)) {
                    found = int(i);
                    return true;
                }
            return false;
        });
        return found;
    }
    std::vector<std::string> lines() {
        std::lock_guard<std::mutex> lock(m_);
        return lines_;
    }

protected:
    int_type overflow(int_type c) override {
        if (c == traits_type::eof()) return traits_type::not_eof(c);
        std::lock_guard<std::mutex> lock(m_);
        if (c == '\n') {
            lines_.push_back(partial_);
            partial_.clear();
            cv_.notify_all();
        } else {
            partial_ += char(c);
        }
        return c;
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    std::vector<std::string> lines_;
    std::string partial_;
};

// A live USI session: run_usi on its own thread, fed line by line.
class Session {
public:
    Session() : in_(&pipe_in_), out_(&lines_out_), thread_([this] { rc_ = shishi::run_usi(in_, out_); }) {}
    ~Session() { finish(); }

    void send(const std::string& line) { pipe_in_.push(line + "\n"); }

    // Waits for the next line (after those already consumed) starting with prefix and returns
    // it, or "" after the timeout. Lines before it are consumed too.
    std::string expect(const std::string& prefix, std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
        int i = lines_out_.wait_for(prefix, cursor_, timeout);
        if (i < 0) return "";
        cursor_ = size_t(i) + 1;
        return lines_out_.lines()[size_t(i)];
    }
    // Is there already (without waiting) an unconsumed line starting with prefix?
    bool has_pending(const std::string& prefix) {
        return lines_out_.wait_for(prefix, cursor_, std::chrono::milliseconds(0)) >= 0;
    }
    std::vector<std::string> lines() { return lines_out_.lines(); }

    // Closes the input and waits for run_usi to return; its exit code.
    int finish() {
        if (thread_.joinable()) {
            pipe_in_.close();
            thread_.join();
        }
        return rc_;
    }

private:
    PipeIn pipe_in_;
    LinesOut lines_out_;
    std::istream in_;
    std::ostream out_;
    int rc_ = -1;
    size_t cursor_ = 0;
    std::thread thread_;
};

}  // namespace usi_test
