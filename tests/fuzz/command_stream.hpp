// What the protocol-loop fuzz targets need to keep each run short and inside the machine: the
// fuzzed lines pass through unchanged, except resource settings above a small cap (hash size,
// thread count, perft depth: turning those into allocation failures or hour-long computations
// is issue 15 item 1, the protocol options' own limits, tested by their own unit tests).
#pragma once

#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>

namespace shishi::fuzz {

inline std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// The first word as the loops split it (spaces and tabs; the loops also trim '\r').
inline std::string_view first_word(std::string_view line) {
    const char* space = " \t\r";
    size_t b = line.find_first_not_of(space);
    if (b == std::string_view::npos) return {};
    line.remove_prefix(b);
    return line.substr(0, line.find_first_of(space));
}

// The largest number written with digits anywhere in the line (saturating), 0 if none.
inline uint64_t largest_number(std::string_view line) {
    uint64_t best = 0, cur = 0;
    bool in_number = false;
    for (char c : line) {
        if (c >= '0' && c <= '9') {
            cur = cur > UINT64_MAX / 16 ? UINT64_MAX / 16 : cur * 10 + uint64_t(c - '0');
            in_number = true;
        } else if (in_number) {
            best = cur > best ? cur : best;
            cur = 0;
            in_number = false;
        }
    }
    return cur > best ? cur : best;
}

// Resource settings the harness passes only up to these values.
constexpr uint64_t CAP_HASH_MB = 16;
constexpr uint64_t CAP_THREADS = 2;
constexpr uint64_t CAP_PERFT_DEPTH = 2;

}  // namespace shishi::fuzz
