// `d` and `perft` for USI mode, written in USI coordinates and notation.
#include "shishi/protocol/usi_debug.hpp"

#include <cctype>
#include <sstream>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/perft.hpp"

namespace shishi::usi {

std::string display(const Position& pos) {
    std::ostringstream out;
    // USI files run 12..1 from left to right, ranks a..l from top (rank 12 in engine terms).
    out << "  ";
    for (int f = 0; f < BOARD_SIZE; ++f) out << (BOARD_SIZE - f < 10 ? "  " : " ") << BOARD_SIZE - f;
    out << '\n';
    for (int r = BOARD_SIZE - 1; r >= 0; --r) {
        out << "  ";
        for (int f = 0; f < BOARD_SIZE; ++f) out << diagram_cell(pos.piece_on(make_square(f, r)));
        out << "  " << char('a' + (BOARD_SIZE - 1 - r)) << '\n';
    }
    out << "side to move: " << (pos.side_to_move() == WHITE ? "b (sente, upper case)" : "w (gote, lower case)") << '\n';
    out << "sfen " << to_sfen(pos) << '\n';
    return out.str();
}

uint64_t perft_divide(Position& pos, int depth, std::string& text) {
    MoveList legal;
    generate_legal(pos, legal);
    uint64_t total = 0;
    for (Move m : legal) {
        pos.make(m);
        uint64_t n = depth > 1 ? perft(pos, depth - 1) : 1;
        pos.unmake();
        text += move_to_usi(m) + ": " + std::to_string(n) + '\n';
        total += n;
    }
    text += "nodes " + std::to_string(total) + '\n';
    return total;
}

}  // namespace shishi::usi
