#include "shishi/protocol/xboard_clock.hpp"

#include <charconv>
#include <cmath>
#include <string>

namespace shishi {
namespace {

// Whole number with optional sign; nullopt-like false on any other character.
bool parse_int(std::string_view text, int64_t& value) {
    if (text.empty()) return false;
    const char* end = text.data() + text.size();
    auto [p, ec] = std::from_chars(text.data(), end, value);
    return ec == std::errc() && p == end;
}

// Non-negative decimal like "3", "0.5", "12.25" (no exponent), as thousandths.
bool parse_thousandths(std::string_view text, int64_t& thousandths) {
    int64_t whole = 0, frac = 0, scale = 1000;
    size_t dot = text.find('.');
    std::string_view w = text.substr(0, dot);
    if (w.empty() && dot == std::string_view::npos) return false;
    if (!w.empty() && (!parse_int(w, whole) || whole < 0 || w[0] == '-' || w[0] == '+')) return false;
    if (dot != std::string_view::npos) {
        std::string_view f = text.substr(dot + 1);
        if (w.empty() && f.empty()) return false;
        for (char c : f) {
            if (c < '0' || c > '9') return false;
            if (scale > 1) {
                scale /= 10;
                frac += (c - '0') * scale;
            }
        }
    }
    if (whole > int64_t(1) << 40) return false;
    thousandths = whole * 1000 + frac;
    return true;
}

// Leading digits of text (the protocol allows trailing characters after MIN or MIN:SEC).
std::string_view leading_digits(std::string_view text) {
    size_t n = 0;
    while (n < text.size() && text[n] >= '0' && text[n] <= '9') ++n;
    return text.substr(0, n);
}

}  // namespace

std::string XboardClock::set_level(std::string_view mps, std::string_view base, std::string_view inc) {
    int64_t moves = 0, minutes = 0, seconds = 0, inc_ms = 0;
    if (!parse_int(mps, moves) || moves < 0 || moves > 100000) return "bad moves per session";
    std::string_view min_text = leading_digits(base);
    if (min_text.empty() || !parse_int(min_text, minutes) || minutes > 1000000) return "bad base time";
    std::string_view rest = base.substr(min_text.size());
    if (!rest.empty() && rest[0] == ':') {
        std::string_view sec_text = leading_digits(rest.substr(1));
        if (sec_text.empty() || !parse_int(sec_text, seconds) || seconds > 1000000) return "bad base time";
    }
    if (!parse_thousandths(inc, inc_ms)) return "bad increment";
    moves_per_session = int(moves);
    base_ms = (minutes * 60 + seconds) * 1000;
    increment_ms = inc_ms;
    move_time_ms = 0;
    return {};
}

std::string XboardClock::set_move_time(std::string_view seconds) {
    int64_t ms = 0;
    if (!parse_thousandths(seconds, ms) || ms <= 0) return "bad time per move";
    move_time_ms = ms;
    return {};
}

std::string XboardClock::set_depth(std::string_view depth_text) {
    int64_t d = 0;
    if (!parse_int(depth_text, d) || d < 0) return "bad depth";
    depth_clamped = d > MAX_PLY - 1;
    depth = depth_clamped ? MAX_PLY - 1 : int(d);
    return {};
}

std::string XboardClock::set_own_time(std::string_view centiseconds) {
    int64_t cs = 0;
    if (!parse_int(centiseconds, cs) || std::abs(cs) > (int64_t(1) << 40)) return "bad time";
    own_ms = cs < 0 ? 0 : cs * 10;
    return {};
}

std::string XboardClock::set_opponent_time(std::string_view centiseconds) {
    int64_t cs = 0;
    if (!parse_int(centiseconds, cs) || std::abs(cs) > (int64_t(1) << 40)) return "bad time";
    opponent_ms = cs < 0 ? 0 : cs * 10;
    return {};
}

SearchLimits XboardClock::limits(int own_moves_made) const {
    SearchLimits l;
    l.depth = depth;
    if (move_time_ms > 0) {
        l.movetime_ms = move_time_ms;
        return l;
    }
    l.time_left_ms = own_ms >= 0 ? own_ms : base_ms;
    l.increment_ms = increment_ms;
    if (moves_per_session > 0) l.moves_to_go = moves_per_session - own_moves_made % moves_per_session;
    return l;
}

}  // namespace shishi
