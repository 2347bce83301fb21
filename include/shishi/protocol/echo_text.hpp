// Text a host sent, made safe to quote back in a message: a host's bad line can be a megabyte
// long or hold binary bytes, and echoing it whole would send the host a megabyte line or raw
// control characters. Both protocol loops quote input only through this.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace shishi {

// How much of a quoted text is kept.
constexpr size_t ECHO_MAX_CHARS = 80;

// text with every byte outside printable ASCII written as \xNN, and cut after ECHO_MAX_CHARS
// characters of the original with "... (N bytes)" saying how long it was.
std::string echo_text(std::string_view text);

}  // namespace shishi
