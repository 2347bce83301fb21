// XBoard time controls (level, st, sd, time, otim) and their translation into SearchLimits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "shishi/search/search_limits.hpp"

namespace shishi {

// The longest clock kept (ten years, in ms): longer times are clamped to it, with a note.
constexpr int64_t MAX_XBOARD_CLOCK_MS = int64_t(3650) * 24 * 3600 * 1000;
constexpr int64_t MAX_MOVES_PER_SESSION = 100000;

// A whole number as XBoard's commands take it: digits only (no sign, no exponent, nothing
// after them); a run too long for int64_t saturates far above every limit, to be clamped.
std::optional<int64_t> read_xboard_digits(std::string_view text);

// Numbers (xboard_clock.cpp has the rule): digits, a minus sign only for `time`/`otim`, a
// decimal fraction only for `st` and the increment, MIN:SEC only for the base time; anything
// else is refused and changes nothing; a number beyond the limits above is clamped and `note`
// says so.
struct XboardClock {
    int moves_per_session = 40;  // level MPS; 0 = the whole game in one session
    int64_t base_ms = 5 * 60 * 1000;
    int64_t increment_ms = 0;
    int64_t move_time_ms = 0;  // st; > 0 replaces the clock
    int depth = 0;  // sd; 0 = unlimited
    std::string note;  // what the last setter clamped ("" = nothing)
    int64_t own_ms = -1;  // last `time` (the engine's clock); < 0 = not yet told
    int64_t opponent_ms = -1;  // last `otim`

    // `level MPS BASE INC`: BASE is minutes or minutes:seconds, INC seconds (may be
    // fractional). Each setter returns why it refused the text (nothing changes then), or "".
    std::string set_level(std::string_view mps, std::string_view base, std::string_view inc);
    // `st SECONDS` (may be fractional).
    std::string set_move_time(std::string_view seconds);
    // `sd DEPTH` (beyond the deepest search: clamped, with a note).
    std::string set_depth(std::string_view depth_text);
    // `time N` / `otim N`, centiseconds (may be negative when the flag has fallen).
    std::string set_own_time(std::string_view centiseconds);
    std::string set_opponent_time(std::string_view centiseconds);

    // Limits for the engine's next move; own_moves_made counts the moves the engine's side has
    // made so far in the game (for the moves left in a conventional session).
    SearchLimits limits(int own_moves_made) const;
};

}  // namespace shishi
