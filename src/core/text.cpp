#include "shishi/core/text.hpp"

#include <cctype>
#include <charconv>

namespace shishi {

std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        size_t j = i;
        while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])))
            ++j;
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

std::vector<TsvRow> read_tsv_rows(std::istream& in) {
    std::vector<TsvRow> rows;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        TsvRow row{number, {}};
        for (std::size_t start = 0;;) {
            const std::size_t tab = line.find('\t', start);
            row.fields.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
            if (tab == std::string::npos) break;
            start = tab + 1;
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::optional<Slice> parse_slice(std::string_view text) {
    const size_t slash = text.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    const std::optional<int64_t> i = parse_integer(text.substr(0, slash), 1, 100'000, Sign::NONE);
    const std::optional<int64_t> n = parse_integer(text.substr(slash + 1), 1, 100'000, Sign::NONE);
    if (!i || !n || *i > *n) return std::nullopt;
    return Slice{int(*i), int(*n)};
}

namespace {

// The length of the whole UTF-8 character (no overlong form, no surrogate, at most U+10FFFF)
// at text[i], or 0 when none starts there.
size_t utf8_length(std::string_view text, size_t i) {
    const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b = byte(i);
    const size_t n = b < 0x80    ? 1
        : b >= 0xC2 && b <= 0xDF ? 2
        : b >= 0xE0 && b <= 0xEF ? 3
        : b >= 0xF0 && b <= 0xF4 ? 4
                                 : 0;
    if (n == 0 || i + n > text.size()) return 0;
    for (size_t k = 1; k < n; ++k)
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
    if (n == 3 && ((b == 0xE0 && byte(i + 1) < 0xA0) || (b == 0xED && byte(i + 1) >= 0xA0))) return 0;
    if (n == 4 && ((b == 0xF0 && byte(i + 1) < 0x90) || (b == 0xF4 && byte(i + 1) >= 0x90))) return 0;
    return n;
}

}  // namespace

std::string quote_excerpt(std::string_view text) {
    std::string out;
    size_t i = 0;
    for (size_t chars = 0; i < text.size() && chars < QUOTE_MAX_CHARS; ++chars) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const size_t n = utf8_length(text, i);
        if (n == 0 || c < 0x20 || c == 0x7F) {
            static constexpr char HEX[] = "0123456789abcdef";
            out += "\\x";
            out += HEX[c >> 4];
            out += HEX[c & 15];
            ++i;
        } else {
            out.append(text, i, n);
            i += n;
        }
    }
    if (i < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
    return out;
}

}  // namespace shishi
