// The text helpers every parser shares: a command line split into words, and the one bounded
// decimal integer reader (std::from_chars: nothing thrown, nothing allocated, no locale).
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shishi {

// Whitespace-separated words of a line (views into `text`).
std::vector<std::string_view> split_words(std::string_view text);

// The words [first, last), joined by single spaces.
std::string join_words(const std::vector<std::string_view>& words, size_t first, size_t last);

// Which signs a number may start with.
enum class Sign { NONE, MINUS, PLUS_MINUS };

// A well-formed integer and whether it was brought into range.
struct BoundedInteger {
    int64_t value = 0;
    bool clamped = false;  // the text's number lay outside [lo, hi] (even beyond int64_t)
};

// Decimal digits with an optional leading sign as `sign` allows, the whole text. A number
// outside [lo, hi] is clamped to the nearer bound (and says so); nullopt when malformed.
std::optional<BoundedInteger> read_integer(std::string_view text, int64_t lo, int64_t hi, Sign sign = Sign::MINUS);

// The same, refusing a number outside [lo, hi] instead of clamping it.
std::optional<int64_t> parse_integer(std::string_view text, int64_t lo, int64_t hi, Sign sign = Sign::MINUS);

// One row of a tab-separated table file (the perft and mate suites): its 1-based line number and
// its fields, every tab a separator (a trailing tab gives an empty last field).
struct TsvRow {
    int line_number = 0;
    std::vector<std::string> fields;
};

// The rows of `in`, skipping empty lines and '#' comment lines; a line's trailing '\r' is dropped.
std::vector<TsvRow> read_tsv_rows(std::istream& in);

// "I/N" with 1 <= I <= N <= 100,000: one slice of a job split N ways (`--shard` of gensfen and
// shishi-match); nullopt when malformed or out of range.
struct Slice {
    int index = 1, count = 1;
};
std::optional<Slice> parse_slice(std::string_view text);

// How many characters of a file's or a host's text a message quotes.
constexpr size_t QUOTE_MAX_CHARS = 80;

// `text` to quote in a message: at most QUOTE_MAX_CHARS characters, cut on a UTF-8 character
// boundary, with "... (N bytes)" saying how long it was; control characters and bytes that are
// not part of a whole UTF-8 character written as \xNN, so a message never holds half a
// character. The record readers quote input only through this.
std::string quote_excerpt(std::string_view text);

}  // namespace shishi
