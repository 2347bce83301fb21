// Helpers for XBoard protocol tests: a whole transcript run at once, and a live session fed
// line by line from the test (for commands that must arrive while the engine thinks).
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

#include "shishi/protocol/xboard.hpp"

namespace xboard_test {

inline std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

// Runs run_xboard over the given input (end of input ends the session).
inline std::vector<std::string> transcript(const std::string& input, int* exit_code = nullptr) {
    std::istringstream in(input);
    std::ostringstream out;
    int rc = shishi::run_xboard(in, out);
    if (exit_code) *exit_code = rc;
    return split_lines(out.str());
}

inline bool contains(const std::vector<std::string>& lines, const std::string& line) {
    for (const auto& l : lines)
        if (l == line) return true;
    return false;
}

inline int count_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
    int n = 0;
    for (const auto& l : lines)
        if (l.rfind(prefix, 0) == 0) ++n;
    return n;
}

// Input the test writes to while the engine reads.
class QueueInput : public std::streambuf {
public:
    void push(const std::string& line) {
        std::lock_guard<std::mutex> lock(m_);
        q_.push_back(line + "\n");
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
        cur_ = q_.front();
        q_.pop_front();
        setg(cur_.data(), cur_.data(), cur_.data() + cur_.size());
        return traits_type::to_int_type(cur_[0]);
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    std::deque<std::string> q_;
    std::string cur_;
    bool closed_ = false;
};

// Output the test can watch while the engine writes.
class WatchedOutput : public std::streambuf {
public:
    std::string text() {
        std::lock_guard<std::mutex> lock(m_);
        return text_;
    }
    // Waits until some complete line starts with prefix; false on timeout.
    bool wait_for(const std::string& prefix, std::chrono::milliseconds timeout) {
        std::unique_lock<std::mutex> lock(m_);
        return cv_.wait_for(lock, timeout, [&] {
            for (const auto& l : split_lines(text_))
                if (l.rfind(prefix, 0) == 0 && text_.find(l + "\n") != std::string::npos) return true;
            return false;
        });
    }

protected:
    int_type overflow(int_type c) override {
        if (c == traits_type::eof()) return traits_type::not_eof(c);
        std::lock_guard<std::mutex> lock(m_);
        text_ += char(c);
        cv_.notify_all();
        return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        std::lock_guard<std::mutex> lock(m_);
        text_.append(s, size_t(n));
        cv_.notify_all();
        return n;
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    std::string text_;
};

// run_xboard on its own thread, fed by send(); finish() closes the input and waits.
class LiveSession {
public:
    LiveSession() : in_(&input_), out_(&output_) {
        thread_ = std::thread([this] { rc_ = shishi::run_xboard(in_, out_); });
    }
    ~LiveSession() { finish(); }
    void send(const std::string& line) { input_.push(line); }
    bool wait_for(const std::string& prefix, int ms = 10000) {
        return output_.wait_for(prefix, std::chrono::milliseconds(ms));
    }
    std::vector<std::string> lines() { return split_lines(output_.text()); }
    int finish() {
        input_.close();
        if (thread_.joinable()) thread_.join();
        return rc_;
    }

private:
    QueueInput input_;
    WatchedOutput output_;
    std::istream in_;
    std::ostream out_;
    std::thread thread_;
    int rc_ = -1;
};

}  // namespace xboard_test
