// Fuzz target: PGN games, read by the record reader (every tool's reader, the tuner's data
// included) and written by shishi-match's write_pgn. Each game read is written as shishi-match
// would write it and read back, which must give the same start, moves and result.
#include <sstream>

#include "fuzz_support.hpp"
#include "shishi/match/game_pgn.hpp"
#include "shishi/record/pgn.hpp"

namespace {

shishi::Outcome outcome_of(const std::string& result) {
    if (result == "1-0") return shishi::Outcome::WHITE_WINS;
    if (result == "0-1") return shishi::Outcome::BLACK_WINS;
    if (result == "1/2-1/2") return shishi::Outcome::DRAW;
    return shishi::Outcome::ONGOING;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace shishi;
    const auto games = record::read_all_pgn(fuzz::as_text(data, size));
    if (!games) return 0;
    for (const record::Record& game : *games) {
        match::GameRecord written_game;
        fuzz::check_position(game.start);
        written_game.start = game.start;
        written_game.start_is_initial = game.start_is_initial;
        written_game.start.clear_history();
        Position pos = written_game.start;
        for (const record::Ply& p : game.plies) {
            fuzz::check_move(pos, p.move);
            pos.make(p.move);
            written_game.moves.push_back(p.move);
        }
        written_game.outcome = outcome_of(game.result);
        written_game.round = 1;
        written_game.white_name = "white";
        written_game.black_name = "black";
        written_game.date = "2026.01.01";
        std::ostringstream written;
        match::write_pgn(written, written_game, match::PgnHeader{});

        const auto again = record::read_all_pgn(written.str());
        SHISHI_FUZZ_CHECK(again && again.value->size() == 1);
        const record::Record& back = again.value->front();
        SHISHI_FUZZ_CHECK(to_xboard_fen(back.start) == to_xboard_fen(written_game.start));
        SHISHI_FUZZ_CHECK(back.plies.size() == written_game.moves.size());
        for (size_t i = 0; i < back.plies.size(); ++i)
            SHISHI_FUZZ_CHECK(back.plies[i].move.same_as(written_game.moves[i]));
        SHISHI_FUZZ_CHECK(outcome_of(back.result) == written_game.outcome);
    }
    return 0;
}
