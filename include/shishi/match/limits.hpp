// Search limits as the command line gives them: the match's (--tc, --st, --depth, --nodes) and
// each engine's own (--first-tc, tc=... in --engine), resolved into one TimeControl per engine.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "shishi/match/engine_process.hpp"
#include "shishi/match/time_control.hpp"

namespace shishi::match {

struct LimitSpec {
    std::optional<TimeControl> clock;  // --tc: base, increment, moves per session
    std::optional<int64_t> move_time_ms;  // --st
    std::optional<int> depth;
    std::optional<int64_t> nodes;
    bool empty() const { return !clock && !move_time_ms && !depth && !nodes; }
};

// Reads one limit flag's value into spec: kind is "tc", "st", "depth" or "nodes". False with an
// error naming `flag` when the value is malformed.
bool set_limit(LimitSpec& spec, const std::string& kind, const std::string& value, const std::string& flag,
               std::string& error);

// An engine's limits: its own clock or time per move replaces the match's (either of them),
// its own depth and nodes replace the match's depth and nodes. False with an error when the
// engine ends up with no limit, with a clock and a time per move, or with one its protocol
// cannot express (nodes or fractional seconds per move for XBoard).
bool resolve_limits(const LimitSpec& match, const LimitSpec& own, Protocol protocol, int64_t move_timeout_ms,
                    const std::string& who, TimeControl& out, std::string& error);

}  // namespace shishi::match
