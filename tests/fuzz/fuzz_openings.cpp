// Fuzz target: shishi-match's opening files. The input is written to a file and read with
// load_openings (the runner's path), and each line also with parse_opening_line. Every opening
// accepted must start from a position that passes check_position, consist of legal moves
// (check_move on each), and take random extra plies without losing consistency; a refused file
// names its problem. The file reader and the line reader must agree line by line.
#include <unistd.h>

#include <fstream>
#include <random>

#include "fuzz_support.hpp"
#include "shishi/match/openings.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace shishi;
    static const std::string path = "/tmp/shishi-fuzz-openings-" + std::to_string(getpid()) + ".txt";
    {
        std::ofstream file(path, std::ios::binary | std::ios::trunc);
        file.write(reinterpret_cast<const char*>(data), std::streamsize(size));
    }
    auto loaded = match::load_openings(path);
    if (!loaded) SHISHI_FUZZ_CHECK(!loaded.error.empty());

    size_t accepted = 0;
    bool every_line_accepted = true;
    for (std::string_view view : fuzz::lines_of(fuzz::as_text(data, size))) {
        std::string line(view);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        size_t start = line.find_first_not_of(" \t");
        if (start == std::string::npos || line[start] == '#') continue;
        auto op = match::parse_opening_line(line);
        if (!op) {
            SHISHI_FUZZ_CHECK(!op.error.empty());
            every_line_accepted = false;
            break;  // load_openings stops here too
        }
        fuzz::check_position(op.value->start);
        Position pos = op.value->start;
        for (Move m : op.value->moves) {
            fuzz::check_move(pos, m);
            pos.make(m);
        }
        SHISHI_FUZZ_CHECK(pos.is_consistent());
        if (loaded) {
            SHISHI_FUZZ_CHECK(accepted < loaded.value->size());
            const match::Opening& same = (*loaded)[accepted];
            SHISHI_FUZZ_CHECK(to_xboard_fen(same.start) == to_xboard_fen(op.value->start));
            SHISHI_FUZZ_CHECK(same.moves.size() == op.value->moves.size());
        }
        ++accepted;
        std::mt19937_64 rng(accepted);
        match::Opening extended = *op;
        match::add_random_plies(extended, 4, rng);
        SHISHI_FUZZ_CHECK(match::opening_position(extended).is_consistent());
    }
    // The file is accepted exactly when it has at least one opening and every one parses.
    SHISHI_FUZZ_CHECK(bool(loaded) == (every_line_accepted && accepted > 0));
    if (loaded) SHISHI_FUZZ_CHECK(loaded.value->size() == accepted);
    return 0;
}
