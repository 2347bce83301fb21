#include "shishi/protocol/echo_text.hpp"

namespace shishi {

std::string echo_text(std::string_view text) {
    std::string out;
    const std::string_view kept = text.substr(0, ECHO_MAX_CHARS);
    for (unsigned char c : kept) {
        if (c >= 0x20 && c < 0x7F) {
            out += char(c);
        } else {
            static constexpr char HEX[] = "0123456789abcdef";
            out += "\\x";
            out += HEX[c >> 4];
            out += HEX[c & 15];
        }
    }
    if (kept.size() < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
    return out;
}

}  // namespace shishi
