#include "line_queue.hpp"

#include <utility>

namespace shishi {

void LineQueue::put(char c) {
    if (c != '\n') {
        partial_ += c;
        return;
    }
    lines_.push_back(std::move(partial_));
    partial_.clear();
}

LineQueue::int_type LineQueue::overflow(int_type c) {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        put(traits_type::to_char_type(c));
    }
    arrived_.notify_all();
    return c;
}

std::streamsize LineQueue::xsputn(const char* s, std::streamsize n) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        for (std::streamsize i = 0; i < n; ++i)
            put(s[i]);
    }
    arrived_.notify_all();
    return n;
}

std::string LineQueue::wait_line() {
    std::unique_lock<std::mutex> lock(mutex_);
    arrived_.wait(lock, [&] { return !lines_.empty(); });
    std::string line = std::move(lines_.front());
    lines_.pop_front();
    return line;
}

std::optional<std::string> LineQueue::try_line() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (lines_.empty()) return std::nullopt;
    std::string line = std::move(lines_.front());
    lines_.pop_front();
    return line;
}

}  // namespace shishi
