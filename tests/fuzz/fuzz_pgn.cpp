// Fuzz target: PGN games, read by read_pgn_games (the tuner's reader of shishi-match's output)
// and written by shishi-match's write_pgn. Each game read is replayed from its FEN tag (or the
// initial setup) while its moves parse, each move checked by check_move; the legal part is then
// written as shishi-match would and read back, which must give the same start, moves and result.
#include <sstream>

#include "fuzz_support.hpp"
#include "shishi/tools/training_games.hpp"
#include "shishi/match/game_pgn.hpp"
#include "shishi/record/san.hpp"

namespace {

shishi::Outcome outcome_of(double result) {
    if (result == 1) return shishi::Outcome::WHITE_WINS;
    if (result == 0) return shishi::Outcome::BLACK_WINS;
    if (result == 0.5) return shishi::Outcome::DRAW;
    return shishi::Outcome::ONGOING;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace shishi;
    std::istringstream in{std::string(fuzz::as_text(data, size))};
    for (const PgnGame& game : read_pgn_games(in)) {
        SHISHI_FUZZ_CHECK(game.result == -1 || game.result == 0 || game.result == 0.5 || game.result == 1);
        match::GameRecord record;
        if (!game.fen.empty()) {
            auto start = parse_xboard_fen(game.fen);
            if (!start) continue;
            fuzz::check_position(*start);
            record.start = *start;
            record.start_is_initial = false;
        } else {
            record.start = Position::start();
        }
        record.start.clear_history();
        Position pos = record.start;
        for (const std::string& text : game.moves) {
            auto m = parse_xboard_move(pos, text);
            if (!m) break;
            fuzz::check_move(pos, *m);
            pos.make(*m);
            record.moves.push_back(*m);
        }
        record.outcome = outcome_of(game.result);
        record.round = 1;
        record.white_name = "white";
        record.black_name = "black";
        record.date = "2026.01.01";
        std::ostringstream written;
        match::write_pgn(written, record, match::PgnHeader{});

        std::istringstream again_in(written.str());
        std::vector<PgnGame> again = read_pgn_games(again_in);
        // A game with no moves and no result is not a game to the reader.
        if (record.moves.empty() && record.outcome == Outcome::ONGOING) {
            SHISHI_FUZZ_CHECK(again.size() <= 1);
            continue;
        }
        SHISHI_FUZZ_CHECK(again.size() == 1);
        const PgnGame& back = again[0];
        SHISHI_FUZZ_CHECK(back.fen == (record.start_is_initial ? std::string() : to_xboard_fen(record.start)));
        SHISHI_FUZZ_CHECK(back.moves.size() == record.moves.size());
        // The file has XBoard's long algebraic form of double moves (e8d9-d8), so the moves are
        // compared as moves, replayed with the record module's PGN move reader.
        Position replay = record.start;
        for (size_t i = 0; i < record.moves.size(); ++i) {
            auto m = record::parse_pgn_move(replay, back.moves[i]);
            SHISHI_FUZZ_CHECK(m && (*m).same_as(record.moves[i]));
            replay.make(*m);
        }
        SHISHI_FUZZ_CHECK(back.result == (record.outcome == Outcome::ONGOING ? -1 : game.result));
    }
    return 0;
}
