// Stream buffers for running a protocol loop on its own thread inside a test: an input the test
// writes to while the engine blocks reading it, and an output the test can wait on line by line.
// Both protocol harnesses (usi_harness.hpp, xboard_test_io.hpp) are built on these.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

namespace stream_test {

inline bool starts_with(const std::string& s, const std::string& prefix) {
    return s.compare(0, prefix.size(), prefix) == 0;
}

inline std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        lines.push_back(l);
    return lines;
}

inline int count_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
    int n = 0;
    for (const auto& l : lines)
        n += starts_with(l, prefix);
    return n;
}

// An input stream buffer that blocks until the test pushes text or closes it.
class BlockingInput : public std::streambuf {
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
class LineOutput : public std::streambuf {
public:
    // Waits for a complete line starting with `prefix` at index >= from; its index, or -1 on
    // timeout.
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
    // The complete lines so far.
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

}  // namespace stream_test
