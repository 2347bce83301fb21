// `go` arguments -> SearchLimits. Clocks are taken from the side to move: USI's b (sente) is
// the first player, shishi::WHITE.
#include "shishi/protocol/usi_go.hpp"

#include <cstdint>

#include "shishi/protocol/usi_text.hpp"

namespace shishi::usi {
namespace {

// A week in milliseconds: more than any clock, small enough that sums cannot overflow.
constexpr int64_t MAX_MS = int64_t(7) * 24 * 3600 * 1000;

}  // namespace

Parsed<GoCommand> parse_go_command(const std::vector<std::string_view>& args, Color side_to_move) {
    using Result = Parsed<GoCommand>;
    GoCommand go;
    SearchLimits& lim = go.limits;
    int64_t btime = -1, wtime = -1, binc = 0, winc = 0;
    bool any_limit = false;

    for (size_t i = 0; i < args.size(); ++i) {
        std::string_view word = args[i];
        // Reads the number after `word` within [lo, hi]; on failure sets `error`.
        std::string error;
        auto number = [&](int64_t lo, int64_t hi, std::string_view what) -> std::optional<int64_t> {
            if (i + 1 >= args.size()) {
                error = "go: " + std::string(word) + " needs " + std::string(what) + ", got nothing";
                return std::nullopt;
            }
            std::string_view text = args[++i];
            auto v = parse_integer(text, lo, hi);
            if (!v) error = "go: " + std::string(word) + " needs " + std::string(what) + ", got '" + std::string(text) + "'";
            return v;
        };
        auto bad = [&] { return Result::fail(error); };
        // Hosts may send a slightly negative clock after a flag fall or lag: read it as zero.
        if (word == "btime" || word == "wtime" || word == "binc" || word == "winc" ||
            word == "byoyomi" || word == "movetime") {
            auto v = number(-MAX_MS, MAX_MS, "a time in milliseconds");
            if (!v) return bad();
            int64_t ms = *v < 0 ? 0 : *v;
            if (word == "btime") btime = ms;
            else if (word == "wtime") wtime = ms;
            else if (word == "binc") binc = ms;
            else if (word == "winc") winc = ms;
            else if (word == "byoyomi") lim.byoyomi_ms = ms;
            else lim.movetime_ms = ms > 0 ? ms : 1;
            any_limit = true;
        } else if (word == "movestogo") {
            auto v = number(1, 10000, "a positive number of moves");
            if (!v) return bad();
            lim.moves_to_go = int(*v);
        } else if (word == "depth") {
            auto v = number(1, MAX_PLY, "a depth from 1 to " + std::to_string(MAX_PLY));
            if (!v) return bad();
            lim.depth = int(*v);
            any_limit = true;
        } else if (word == "nodes") {
            auto v = number(1, INT64_MAX / 2, "a positive node count");
            if (!v) return bad();
            lim.nodes = uint64_t(*v);
            any_limit = true;
        } else if (word == "infinite") {
            lim.infinite = true;
            any_limit = true;
        } else if (word == "ponder") {
            lim.ponder = true;
        } else if (word == "mate") {
            // "go mate <ms>|infinite": accepted so the caller can answer that it is not offered.
            if (i + 1 < args.size()) ++i;
            go.mate = true;
            any_limit = true;
        } else {
            return Result::fail("go: unknown word '" + std::string(word) + "'");
        }
    }

    int64_t own_time = side_to_move == WHITE ? btime : wtime;
    lim.increment_ms = side_to_move == WHITE ? binc : winc;
    lim.time_left_ms = own_time;
    // Byoyomi alone (no main time given) is a clock with nothing left but the byoyomi.
    if (own_time < 0 && lim.byoyomi_ms > 0) lim.time_left_ms = 0;
    if (!any_limit) lim.infinite = true;
    return Result::ok(go);
}

}  // namespace shishi::usi
