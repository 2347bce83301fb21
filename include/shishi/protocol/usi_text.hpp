// Small text helpers shared by the USI command parsers: splitting a command line into words and
// reading bounded integers, with nothing thrown and every failure reported as a value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shishi::usi {

// Whitespace-separated words of a line (views into `line`).
std::vector<std::string_view> split_words(std::string_view line);

// The words from `first` on, joined by single spaces.
std::string join_words(const std::vector<std::string_view>& words, size_t first, size_t last);

// A decimal integer (optional leading '-') within [lo, hi]; nullopt when malformed or outside.
std::optional<int64_t> parse_integer(std::string_view text, int64_t lo, int64_t hi);

}  // namespace shishi::usi
