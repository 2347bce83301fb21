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
    for (int f = 0; f < BOARD_SIZE; ++f)
        out << (BOARD_SIZE - f < 10 ? "  " : " ") << BOARD_SIZE - f;
    out << '\n';
    for (int r = BOARD_SIZE - 1; r >= 0; --r) {
        out << "  ";
        for (int f = 0; f < BOARD_SIZE; ++f)
            out << diagram_cell(pos.piece_on(make_square(f, r)));
        out << "  " << char('a' + (BOARD_SIZE - 1 - r)) << '\n';
    }
    out << "side to move: " << (pos.side_to_move() == WHITE ? "b (sente, upper case)" : "w (gote, lower case)") << '\n';
    out << "sfen " << to_sfen(pos) << '\n';
    return out.str();
}

uint64_t perft_divide(Position& pos, int depth, const std::function<void(const std::string&)>& line,
                      const std::atomic<bool>* stop, const std::function<void()>& ending) {
    MoveList legal;
    generate_legal(pos, legal);
    uint64_t total = 0;
    int counted = 0;
    for (Move m : legal) {
        pos.make(m);
        const uint64_t n = depth > 1 ? perft(pos, depth - 1, stop) : 1;
        pos.unmake();
        if (stop && stop->load()) {
            if (ending) ending();
            line("info string perft stopped: " + std::to_string(counted) + " of " + std::to_string(legal.size()) +
                 " moves counted, " + std::to_string(total) + " nodes in them");
            return total;
        }
        line(move_to_usi(m) + ": " + std::to_string(n));
        total += n;
        ++counted;
    }
    if (ending) ending();
    line("nodes " + std::to_string(total));
    return total;
}

void PerftRun::start(const Position& pos, int depth, LineOutput& out) {
    stop();
    stop_ = false;
    running_ = true;
    thread_ = std::thread([this, pos, depth, &out] {
        Position p = pos;
        perft_divide(
            p, depth, [&out](const std::string& l) { out.send(l); }, &stop_, [this] { running_ = false; });
    });
}

void PerftRun::run_here(const Position& pos, int depth, LineOutput& out, const std::function<void()>& poll) {
    stop();
    stop_ = false;
    running_ = true;
    Position p = pos;
    perft_divide(
        p, depth,
        [&out, &poll](const std::string& l) {
            out.send(l);
            poll();
        },
        &stop_, [this] { running_ = false; });
}

void PerftRun::stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
}

}  // namespace shishi::usi
