// Time controls and the referee's chess clocks. The runner keeps each engine's clock itself and
// forfeits an engine whose move took longer than its remaining time plus a small margin.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace shishi::match {

struct TimeControl {
    // Clock: base time per session, increment per move, moves per session (0 = whole game).
    int64_t base_ms = 0;
    int64_t increment_ms = 0;
    int moves_per_session = 0;
    // Fixed time per move (--st); replaces the clock when > 0.
    int64_t move_time_ms = 0;
    // Fixed depth (--depth); may be combined with a clock, otherwise a move may take up to
    // no_clock_move_limit_ms before the engine counts as hung.
    int depth = 0;
    // Fixed nodes per move (--nodes, USI engines only): a load-independent budget for
    // self-play tests; like depth it may be combined with a clock.
    int64_t nodes = 0;
    int64_t no_clock_move_limit_ms = 60'000;

    bool has_clock() const { return base_ms > 0 || increment_ms > 0; }
    // For the PGN TimeControl tag: "600+5", "40/3600", "1/5" (fixed 5 s a move), "-".
    std::string pgn_tag() const;
    // Human-readable form for messages, like the --tc argument.
    std::string describe() const;
};

// "[moves/]base[+increment]" with seconds as decimals or minutes:seconds: "10+0.1", "40/60",
// "40/60+0", "300", "40/1:30+1".
// Returns nullopt and sets error on malformed input.
std::optional<TimeControl> parse_tc(const std::string& text, std::string& error);
// Seconds as a decimal ("5", "0.25") or minutes:seconds ("1:30") to milliseconds; nullopt when
// malformed or negative.
std::optional<int64_t> parse_seconds(const std::string& text);

// One side's clock under a time control.
class Clock {
public:
    explicit Clock(const TimeControl& tc);
    // Time the engine may still use on its current move before it is late (margin excluded).
    int64_t remaining_ms() const { return remaining_ms_; }
    // Moves left in the current session, 0 when the control has no sessions.
    int moves_to_go() const;
    // The move's thinking time: false when it overstepped remaining time + margin (a loss).
    // Otherwise charges it, adds the increment and starts a new session when one is complete.
    bool charge(int64_t used_ms, int64_t margin_ms);
    // Longest the next move may take before the engine forfeits.
    int64_t allowance_ms(int64_t margin_ms) const;

private:
    TimeControl tc_;
    int64_t remaining_ms_;
    int moves_made_ = 0;
};

}  // namespace shishi::match
