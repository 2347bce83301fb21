#include "shishi/match/limits.hpp"

#include <climits>

#include "shishi/core/text.hpp"

namespace shishi::match {
namespace {

std::optional<long long> whole_number(const std::string& s, long long lo, long long hi) {
    return parse_integer(s, lo, hi, Sign::NONE);
}

}  // namespace

bool set_limit(LimitSpec& spec, const std::string& kind, const std::string& value, const std::string& flag,
               std::string& error) {
    if (kind == "tc" && value == "inf") {
        spec.clock = TimeControl{};  // cutechess-cli's infinite control: no clock (a depth or nodes limit must stop it)
    } else if (kind == "tc") {
        auto tc = parse_tc(value, error);
        if (!tc) return false;
        spec.clock = *tc;
    } else if (kind == "st") {
        auto ms = parse_seconds(value);
        if (!ms || *ms <= 0) {
            error = "bad " + flag + " '" + value + "' (seconds per move)";
            return false;
        }
        spec.move_time_ms = *ms;
    } else if (kind == "depth") {
        auto n = whole_number(value, 1, 200);
        if (!n) {
            error = "bad " + flag + " '" + value + "' (a depth from 1 to 200)";
            return false;
        }
        spec.depth = int(*n);
    } else if (kind == "nodes") {
        auto n = whole_number(value, 1, LLONG_MAX);
        if (!n) {
            error = "bad " + flag + " '" + value + "' (a positive node count)";
            return false;
        }
        spec.nodes = *n;
    } else {
        error = "unknown limit '" + kind + "' in " + flag;
        return false;
    }
    return true;
}

bool resolve_limits(const LimitSpec& match, const LimitSpec& own, Protocol protocol, int64_t move_timeout_ms,
                    const std::string& who, TimeControl& out, std::string& error) {
    if (own.clock && own.move_time_ms) {
        error = who + ": a clock and a time per move exclude each other";
        return false;
    }
    if (match.clock && match.move_time_ms) {
        error = "--tc and --st exclude each other";
        return false;
    }
    // The engine's own clock or time per move replaces both of the match's.
    const bool own_timing = own.clock || own.move_time_ms;
    const std::optional<TimeControl>& clock = own_timing ? own.clock : match.clock;
    const std::optional<int64_t>& move_time = own_timing ? own.move_time_ms : match.move_time_ms;
    TimeControl tc = clock ? *clock : TimeControl{};
    tc.move_time_ms = move_time.value_or(0);
    tc.depth = own.depth ? *own.depth : match.depth.value_or(0);
    tc.nodes = own.nodes ? *own.nodes : match.nodes.value_or(0);
    tc.no_clock_move_limit_ms = move_timeout_ms;
    if (!tc.has_clock() && tc.move_time_ms <= 0 && tc.depth <= 0 && tc.nodes <= 0) {
        error = "a time control is needed for " + who + ": --tc, --st, --depth or --nodes (or its own)";
        return false;
    }
    if (tc.nodes > 0 && protocol == Protocol::XBOARD) {
        error = "a node limit needs a USI engine (XBoard has no command for it), but " + who + " speaks XBoard";
        return false;
    }
    if (tc.move_time_ms % 1000 != 0 && protocol == Protocol::XBOARD) {
        error =
            "the time per move of " + who + " must be whole seconds with an XBoard engine (its `st` has no fractions)";
        return false;
    }
    out = tc;
    return true;
}

}  // namespace shishi::match
