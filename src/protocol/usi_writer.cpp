// Serialised line output for the USI loop and its search thread.
#include "shishi/protocol/usi_writer.hpp"

#include <ostream>

namespace shishi::usi {

void LineWriter::line(std::string_view text) {
    std::lock_guard<std::mutex> lock(mutex_);
    out_ << text << '\n';
    out_.flush();
}

void LineWriter::info_string(std::string_view text) {
    std::lock_guard<std::mutex> lock(mutex_);
    out_ << "info string " << text << '\n';
    out_.flush();
}

}  // namespace shishi::usi
