#include "shishi/core/text.hpp"

#include <cctype>
#include <charconv>

namespace shishi {

std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        size_t j = i;
        while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        if (j > i) words.push_back(text.substr(i, j - i));
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

std::optional<BoundedInteger> read_integer(std::string_view text, int64_t lo, int64_t hi, Sign sign) {
    if (!text.empty() && text[0] == '+') {
        if (sign != Sign::PLUS_MINUS) return std::nullopt;
        text.remove_prefix(1);
        if (!text.empty() && text[0] == '-') return std::nullopt;  // "+-5"
    } else if (!text.empty() && text[0] == '-' && sign == Sign::NONE) {
        return std::nullopt;
    }
    int64_t n = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, n);
    if (ptr != end || ec == std::errc::invalid_argument) return std::nullopt;
    // Digits beyond int64_t: a well-formed number, on the side its sign says.
    if (ec == std::errc::result_out_of_range) return BoundedInteger{text[0] == '-' ? lo : hi, true};
    if (n < lo) return BoundedInteger{lo, true};
    if (n > hi) return BoundedInteger{hi, true};
    return BoundedInteger{n, false};
}

std::optional<int64_t> parse_integer(std::string_view text, int64_t lo, int64_t hi, Sign sign) {
    const std::optional<BoundedInteger> n = read_integer(text, lo, hi, sign);
    if (!n || n->clamped) return std::nullopt;
    return n->value;
}

}  // namespace shishi
