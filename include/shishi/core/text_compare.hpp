// Case-insensitive comparison of ASCII words (option names and values, preset names).
#pragma once

#include <algorithm>
#include <cctype>
#include <string_view>

namespace shishi {

inline bool same_text(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

}  // namespace shishi
