#include "shishi/protocol/xboard_clock.hpp"

#include "shishi/core/text.hpp"
#include "shishi/protocol/echo_text.hpp"

#include <algorithm>
#include <string>

namespace shishi {
namespace {

// The one rule for XBoard's numbers, so every command reads them alike: a number is digits, with a minus sign only where
// the protocol sends one (`time`, `otim`), a decimal fraction only where it allows one (`st`,
// the increment) and `MIN:SEC` only for the base time. Anything else is refused and changes
// nothing. A well-formed number beyond what the engine can use is clamped to that limit, and
// the clock's note says so.
struct Number {
    bool ok = false;
    int64_t value = 0;  // saturated at INT64_MAX / 10 by read_xboard_digits
};

Number read_digits(std::string_view text) {
    std::optional<int64_t> v = read_xboard_digits(text);
    return v ? Number{true, *v} : Number{};
}

// "3", "0.5", ".25", "12.": thousandths (further decimals dropped).
Number read_thousandths(std::string_view text) {
    const size_t dot = text.find('.');
    const std::string_view whole = text.substr(0, dot);
    const std::string_view frac = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
    Number n;
    if (whole.empty() && frac.empty()) return n;
    Number w = whole.empty() ? Number{true, 0} : read_digits(whole);
    if (!w.ok || (!frac.empty() && !read_digits(frac).ok)) return n;
    int64_t f = 0, scale = 100;
    for (char c : frac.substr(0, 3))
        f += (c - '0') * scale, scale /= 10;
    n.ok = true;
    n.value = std::min(w.value, MAX_XBOARD_CLOCK_MS) * 1000 + f;
    return n;
}

// A time beyond the longest clock kept is clamped to it, noting which argument was.
int64_t clamp_time(int64_t ms, std::string_view text, std::string& note) {
    if (ms <= MAX_XBOARD_CLOCK_MS) return ms;
    note = echo_text(text) + " is longer than the longest clock this engine keeps (10 years); using 10 years";
    return MAX_XBOARD_CLOCK_MS;
}

}  // namespace

std::optional<int64_t> read_xboard_digits(std::string_view text) {
    // Saturated well below INT64_MAX, so a caller may still scale it (minutes to ms) and clamp.
    const std::optional<BoundedInteger> n = read_integer(text, 0, INT64_MAX / 10, Sign::NONE);
    return n ? std::optional<int64_t>(n->value) : std::nullopt;
}

std::string XboardClock::set_level(std::string_view mps, std::string_view base, std::string_view inc) {
    note.clear();
    const Number moves = read_digits(mps);
    if (!moves.ok) return "moves per session: a whole number expected";
    const size_t colon = base.find(':');
    const Number minutes = read_digits(base.substr(0, colon));
    const Number seconds = colon == std::string_view::npos ? Number{true, 0} : read_digits(base.substr(colon + 1));
    if (!minutes.ok || !seconds.ok) return "base time: MINUTES or MINUTES:SECONDS expected";
    const Number inc_ms = read_thousandths(inc);
    if (!inc_ms.ok) return "increment: seconds expected (a decimal fraction allowed)";
    if (moves.value > MAX_MOVES_PER_SESSION)
        note = echo_text(mps) + " moves per session is more than " + std::to_string(MAX_MOVES_PER_SESSION) +
            "; using " + std::to_string(MAX_MOVES_PER_SESSION);
    moves_per_session = int(std::min(moves.value, MAX_MOVES_PER_SESSION));
    const int64_t base_s =
        std::min(minutes.value, MAX_XBOARD_CLOCK_MS) * 60 + std::min(seconds.value, MAX_XBOARD_CLOCK_MS);
    base_ms = clamp_time(std::min(base_s, MAX_XBOARD_CLOCK_MS) * 1000, base, note);
    increment_ms = clamp_time(inc_ms.value, inc, note);
    move_time_ms = 0;
    return {};
}

std::string XboardClock::set_move_time(std::string_view seconds) {
    note.clear();
    const Number ms = read_thousandths(seconds);
    if (!ms.ok) return "seconds expected (a decimal fraction allowed)";
    if (ms.value <= 0) return "the time per move must be above 0";
    move_time_ms = clamp_time(ms.value, seconds, note);
    return {};
}

std::string XboardClock::set_depth(std::string_view depth_text) {
    note.clear();
    const Number d = read_digits(depth_text);
    if (!d.ok) return "a whole number of plies expected";
    if (d.value > MAX_PLY - 1)
        note = "sd " + echo_text(depth_text) + " is deeper than the search goes; using " + std::to_string(MAX_PLY - 1);
    depth = int(std::min<int64_t>(d.value, MAX_PLY - 1));
    return {};
}

namespace {

// `time` / `otim` centiseconds, negative when the flag has fallen (read as no time left).
std::string read_clock(std::string_view text, int64_t& ms, std::string& note) {
    note.clear();
    const bool negative = !text.empty() && text[0] == '-';
    const Number cs = read_digits(negative ? text.substr(1) : text);
    if (!cs.ok) return "centiseconds expected (a whole number)";
    ms = negative ? 0 : clamp_time(std::min(cs.value, MAX_XBOARD_CLOCK_MS) * 10, text, note);
    return {};
}

}  // namespace

std::string XboardClock::set_own_time(std::string_view centiseconds) { return read_clock(centiseconds, own_ms, note); }

std::string XboardClock::set_opponent_time(std::string_view centiseconds) {
    return read_clock(centiseconds, opponent_ms, note);
}

SearchLimits XboardClock::limits(int own_moves_made) const {
    SearchLimits l;
    l.depth = depth;
    if (move_time_ms > 0) {
        l.movetime_ms = move_time_ms;
        l.movetime_flags = true;  // XBoard's clock counts each move down from st and can flag it
        return l;
    }
    l.time_left_ms = own_ms >= 0 ? own_ms : base_ms;
    l.increment_ms = increment_ms;
    if (moves_per_session > 0) l.moves_to_go = moves_per_session - own_moves_made % moves_per_session;
    return l;
}

}  // namespace shishi
