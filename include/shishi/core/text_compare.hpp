// Case-insensitive comparison of ASCII words (option names and values, preset names), and the
// one reader of an on/off value.
#pragma once

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

namespace shishi {

inline bool same_text(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

// A switch's value as options and --rules take it: true/on/1 or false/off/0, any case.
inline std::optional<bool> parse_switch(std::string_view v) {
    if (same_text(v, "true") || v == "1" || same_text(v, "on")) return true;
    if (same_text(v, "false") || v == "0" || same_text(v, "off")) return false;
    return std::nullopt;
}

}  // namespace shishi
