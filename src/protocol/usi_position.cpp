// `position startpos|sfen <SFEN> [moves ...]`: read the start, then check each move legal
// where it is played.
#include "shishi/protocol/usi_position.hpp"

#include <string_view>
#include <utility>

#include "shishi/core/text.hpp"

namespace shishi::usi {

Parsed<UsiPosition> parse_position_command(const std::vector<std::string_view>& args, const RuleSet& rules) {
    using Result = Parsed<UsiPosition>;
    if (args.empty()) return Result::fail("position: expected 'startpos' or 'sfen <SFEN>'");

    size_t moves_at = args.size();  // index of the word "moves", if any
    for (size_t i = 0; i < args.size(); ++i)
        if (args[i] == "moves") {
            moves_at = i;
            break;
        }

    Position pos;
    if (args[0] == "startpos") {
        if (moves_at != 1 && args.size() > 1)
            return Result::fail("position: unexpected '" + std::string(args[1]) + "' after startpos");
        pos = *parse_xboard_fen(START_XBOARD_FEN, rules).value;  // Position::start() under `rules`
    } else if (args[0] == "sfen") {
        if (moves_at == 1) return Result::fail("position: 'sfen' without an SFEN");
        Parsed<Position> parsed = parse_sfen(join_words(args, 1, moves_at), rules);
        if (!parsed) return Result::fail("position: bad SFEN: " + parsed.error);
        pos = *parsed;
    } else {
        return Result::fail("position: expected 'startpos' or 'sfen', not '" + std::string(args[0]) + "'");
    }
    // The moves are checked on a copy of the start; the game record is the engine's to keep.
    UsiPosition result{pos, {}};
    for (size_t i = moves_at + 1; i < args.size(); ++i) {
        Parsed<Move> m = parse_usi_move(pos, args[i]);
        if (!m)
            return Result::fail("position: move " + std::to_string(i - moves_at) + " '" + std::string(args[i]) +
                                "' rejected: " + m.error);
        pos.make(*m);
        result.moves.push_back(*m);
    }
    return Result::ok(std::move(result));
}

namespace {

// The rules name the first player White (XBoard's name for it); USI's b, Black, is that same
// first player, so the sides are named sente and gote, which no protocol reads the other way.
std::string usi_side_names(std::string reason) {
    for (auto [core, usi] : {std::pair<std::string_view, std::string_view>{"White", "sente"}, {"Black", "gote"}})
        for (size_t at = reason.find(core); at != std::string::npos; at = reason.find(core, at + usi.size()))
            reason.replace(at, core.size(), usi);
    return reason;
}

}  // namespace

std::string game_over_text(const GameStatus& status) {
    const std::string reason = usi_side_names(status.reason);
    switch (status.outcome) {
        case Outcome::ONGOING: return "";
        case Outcome::WHITE_WINS: return "game over by rule, sente wins: " + reason;
        case Outcome::BLACK_WINS: return "game over by rule, gote wins: " + reason;
        case Outcome::DRAW: break;
    }
    return "game over by rule, draw: " + reason;
}

}  // namespace shishi::usi
