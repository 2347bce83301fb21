#include "shishi/match/time_control.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "shishi/core/text.hpp"

namespace shishi::match {
namespace {

std::string seconds_text(int64_t ms) {
    std::ostringstream s;
    if (ms % 1000 == 0)
        s << ms / 1000;
    else
        s << double(ms) / 1000.0;
    return s.str();
}

}  // namespace

std::optional<int64_t> parse_seconds(const std::string& text) {
    if (text.empty()) return std::nullopt;
    if (const size_t colon = text.find(':'); colon != std::string::npos) {
        // Minutes:seconds (cutechess-cli's 40/1:30+1): whole minutes, seconds below 60.
        const std::string min = text.substr(0, colon), sec = text.substr(colon + 1);
        auto s = parse_seconds(sec);
        const std::optional<int64_t> minutes = parse_integer(min, 0, 999'999, Sign::NONE);
        if (!minutes || !s || *s >= 60'000 || sec.find(':') != std::string::npos) return std::nullopt;
        return *minutes * 60'000 + *s;
    }
    size_t dots = 0;
    for (char c : text) {
        if (c == '.')
            ++dots;
        else if (c < '0' || c > '9')
            return std::nullopt;
    }
    if (dots > 1 || text == ".") return std::nullopt;
    double s = std::stod(text);
    if (s > 1e9) return std::nullopt;
    return int64_t(std::llround(s * 1000.0));
}

std::optional<TimeControl> parse_tc(const std::string& text, std::string& error) {
    TimeControl tc;
    std::string rest = text;
    size_t slash = rest.find('/');
    if (slash != std::string::npos) {
        std::string moves = rest.substr(0, slash);
        auto n = parse_seconds(moves);
        if (!n || moves.find('.') != std::string::npos || *n <= 0 || *n > 1'000'000'000) {
            error = "bad moves per session in time control '" + text + "'";
            return std::nullopt;
        }
        tc.moves_per_session = int(*n / 1000);
        rest = rest.substr(slash + 1);
    }
    size_t plus = rest.find('+');
    std::string base = rest.substr(0, plus);
    auto b = parse_seconds(base);
    if (!b) {
        error = "bad base time in time control '" + text + "' (want [moves/]seconds[+increment])";
        return std::nullopt;
    }
    tc.base_ms = *b;
    if (plus != std::string::npos) {
        auto inc = parse_seconds(rest.substr(plus + 1));
        if (!inc) {
            error = "bad increment in time control '" + text + "'";
            return std::nullopt;
        }
        tc.increment_ms = *inc;
    }
    if (tc.base_ms <= 0 && tc.increment_ms <= 0) {
        error = "time control '" + text + "' gives no time at all";
        return std::nullopt;
    }
    if (tc.moves_per_session > 0 && tc.base_ms <= 0) {
        error = "time control '" + text + "' has moves per session but no base time";
        return std::nullopt;
    }
    return tc;
}

std::string TimeControl::pgn_tag() const {
    if (move_time_ms > 0) return std::string("1/").append(seconds_text(move_time_ms));
    if (!has_clock()) return "-";
    std::string s;
    if (moves_per_session > 0) s = std::to_string(moves_per_session) + "/";
    s += seconds_text(base_ms);
    if (increment_ms > 0) s.append("+").append(seconds_text(increment_ms));
    return s;
}

std::string TimeControl::describe() const {
    std::string s;
    if (move_time_ms > 0)
        s = seconds_text(move_time_ms) + " s/move";
    else if (has_clock())
        s = pgn_tag();
    if (depth > 0) {
        if (!s.empty()) s += ", ";
        s += "depth ";
        s += std::to_string(depth);
    }
    if (nodes > 0) {
        if (!s.empty()) s += ", ";
        s += std::to_string(nodes);
        s += " nodes";
    }
    return s.empty() ? "none" : s;
}

Clock::Clock(const TimeControl& tc) : tc_(tc), remaining_ms_(tc.base_ms) {}

int Clock::moves_to_go() const {
    if (tc_.moves_per_session <= 0) return 0;
    return tc_.moves_per_session - moves_made_ % tc_.moves_per_session;
}

int64_t Clock::allowance_ms(int64_t margin_ms) const {
    if (tc_.move_time_ms > 0) return tc_.move_time_ms + margin_ms;
    if (!tc_.has_clock()) return tc_.no_clock_move_limit_ms;
    return remaining_ms_ + margin_ms;
}

bool Clock::charge(int64_t used_ms, int64_t margin_ms) {
    if (used_ms > allowance_ms(margin_ms)) return false;
    ++moves_made_;
    if (tc_.move_time_ms > 0 || !tc_.has_clock()) return true;
    // Inside the margin the clock stops at zero rather than going negative.
    remaining_ms_ = std::max<int64_t>(0, remaining_ms_ - used_ms) + tc_.increment_ms;
    if (tc_.moves_per_session > 0 && moves_made_ % tc_.moves_per_session == 0) remaining_ms_ += tc_.base_ms;
    return true;
}

}  // namespace shishi::match
