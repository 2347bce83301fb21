// `go` arguments -> SearchLimits. Clocks are taken from the side to move: USI's b (sente) is
// the first player, shishi::WHITE. Nothing here refuses a `go`: a host waiting for bestmove
// must get one, so each odd value is adjusted and said so. Every limit given applies at once
// (clock, byoyomi, increment, movetime, depth, nodes, mate): the first one reached ends the
// search, as in Fairy-Stockfish, whose USI dialect lishogi's tools speak.
#include "shishi/protocol/usi_go.hpp"

#include <cstdint>
#include <optional>

#include "shishi/core/text.hpp"

namespace shishi::usi {
namespace {

// A decimal number with optional sign and fraction ("1000", "-50", "1000.0", "2.5"), as the
// whole part (fraction dropped) saturated to +-2^62; nullopt when not a number at all.
struct Number {
    int64_t whole = 0;
    bool had_fraction = false;
};
std::optional<Number> read_number(std::string_view text) {
    Number n;
    bool negative = false;
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
        negative = text[0] == '-';
        text.remove_prefix(1);
    }
    const size_t dot = text.find('.');
    std::string_view whole = text.substr(0, dot);
    std::string_view frac = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
    if (whole.empty() && frac.empty()) return std::nullopt;
    constexpr int64_t SATURATE = int64_t(1) << 62;
    if (!whole.empty()) {
        const std::optional<BoundedInteger> w = read_integer(whole, 0, SATURATE, Sign::NONE);
        if (!w) return std::nullopt;
        n.whole = w->value;
    }
    if (!frac.empty()) {
        if (!read_integer(frac, 0, INT64_MAX, Sign::NONE)) return std::nullopt;
        n.had_fraction = frac.find_first_not_of('0') != std::string_view::npos;
    }
    if (negative) n.whole = -n.whole;
    return n;
}

bool is_go_word(std::string_view w) {
    for (std::string_view k : {"btime", "wtime", "binc", "winc", "byoyomi", "movetime", "movestogo", "depth", "nodes",
                               "infinite", "ponder", "mate"})
        if (w == k) return true;
    return false;
}

}  // namespace

GoCommand parse_go_command(const std::vector<std::string_view>& args, Color side_to_move) {
    GoCommand go;
    SearchLimits& lim = go.limits;
    int64_t btime = -1, wtime = -1, binc = 0, winc = 0;
    bool any_limit = false;
    auto note = [&](std::string text) { go.notes.push_back("go: " + std::move(text)); };

    for (size_t i = 0; i < args.size(); ++i) {
        const std::string word(args[i]);
        // The number after `word`, clamped to [lo, hi] with a note; nullopt (noted) when absent.
        auto number = [&](int64_t lo, int64_t hi) -> std::optional<int64_t> {
            if (i + 1 >= args.size()) {
                note(word + " needs a number, got nothing; ignored");
                return std::nullopt;
            }
            const std::string text(args[i + 1]);
            std::optional<Number> n = read_number(text);
            if (!n) {
                note(word + " needs a number, got '" + text + "'; ignored");
                if (!is_go_word(text)) ++i;  // the bad value goes with its word
                return std::nullopt;
            }
            ++i;
            int64_t v = n->whole;
            if (v < lo) v = lo;
            if (v > hi) v = hi;
            if (v != n->whole || n->had_fraction) note(word + " " + text + " read as " + std::to_string(v));
            return v;
        };
        if (word == "btime" || word == "wtime" || word == "binc" || word == "winc" || word == "byoyomi" ||
            word == "movetime") {
            // A slightly negative clock after a flag fall or lag reads as zero.
            const std::optional<int64_t> v = number(word == "movetime" ? 1 : 0, MAX_GO_MS);
            if (!v) continue;
            if (word == "btime")
                btime = *v;
            else if (word == "wtime")
                wtime = *v;
            else if (word == "binc")
                binc = *v;
            else if (word == "winc")
                winc = *v;
            else if (word == "byoyomi")
                lim.byoyomi_ms = *v;
            else
                lim.movetime_ms = *v;
            any_limit = true;
        } else if (word == "movestogo") {
            if (const auto v = number(1, 10000)) lim.moves_to_go = int(*v);
        } else if (word == "depth") {
            if (const auto v = number(1, MAX_PLY - 1)) {
                lim.depth = int(*v);
                any_limit = true;
            }
        } else if (word == "nodes") {
            if (const auto v = number(1, INT64_MAX / 4)) {
                lim.nodes = uint64_t(*v);
                any_limit = true;
            }
        } else if (word == "infinite") {
            lim.infinite = true;
            any_limit = true;
        } else if (word == "ponder") {
            lim.ponder = true;
        } else if (word == "mate") {
            // Fairy-Stockfish's (and UCI's) reading, which lishogi's tools speak: a limit in
            // moves, not USI's tsume search; "mate infinite" bounds nothing (until stop).
            if (i + 1 < args.size() && args[i + 1] == "infinite") {
                ++i;
                lim.infinite = true;
                any_limit = true;
            } else if (const auto v = number(1, MAX_PLY / 2)) {
                lim.mate = int(*v);
                any_limit = true;
            }
        } else {
            note("unknown word '" + word + "' ignored");
        }
    }

    const int64_t own_time = side_to_move == WHITE ? btime : wtime;
    lim.increment_ms = side_to_move == WHITE ? binc : winc;
    lim.time_left_ms = own_time;
    // Byoyomi alone (no main time given) is a clock with nothing left but the byoyomi.
    if (own_time < 0 && lim.byoyomi_ms > 0) lim.time_left_ms = 0;
    // Only the other side's clock given: our own is unknown; search as if it held what theirs does.
    if (own_time < 0 && lim.byoyomi_ms <= 0 && (btime >= 0 || wtime >= 0) && lim.movetime_ms == 0) {
        lim.time_left_ms = side_to_move == WHITE ? wtime : btime;
        lim.increment_ms = side_to_move == WHITE ? winc : binc;
        note(std::string(side_to_move == WHITE ? "btime" : "wtime") + " missing; using the other side's clock");
    }
    if (args.empty()) {
        lim.infinite = true;  // bare go: analyse until stop
    } else if (!any_limit) {
        // Nothing to stop the search after ponderhit, or nothing readable: a short fixed search.
        lim.movetime_ms = FALLBACK_MOVETIME_MS;
        if (!(lim.ponder && go.notes.empty()))
            note("no limit could be read; searching " + std::to_string(FALLBACK_MOVETIME_MS) + " ms");
    }
    return go;
}

}  // namespace shishi::usi
