// Word splitting and bounded integer parsing for the USI command parsers.
#include "shishi/protocol/usi_text.hpp"

#include <cctype>

namespace shishi::usi {

std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        size_t j = i;
        while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
        if (j > i) words.push_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

std::string join_words(const std::vector<std::string_view>& words, size_t first, size_t last) {
    std::string out;
    for (size_t i = first; i < last && i < words.size(); ++i) {
        if (!out.empty()) out += ' ';
        out += words[i];
    }
    return out;
}

std::optional<int64_t> parse_integer(std::string_view text, int64_t lo, int64_t hi) {
    bool negative = !text.empty() && text[0] == '-';
    if (negative) text.remove_prefix(1);
    // 18 digits always fit in int64_t; longer numbers are far outside any range we accept.
    if (text.empty() || text.size() > 18) return std::nullopt;
    int64_t n = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    if (negative) n = -n;
    if (n < lo || n > hi) return std::nullopt;
    return n;
}

}  // namespace shishi::usi
