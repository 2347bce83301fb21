// The Chu mate solver: df-pn (depth-first proof-number search) over the attacker's checking
// moves and all of the defender's legal moves, with its own table, a node limit and a stop flag
// (docs/mate.md). It proves a mate, then returns the principal line with its minimax length:
// the attacker's shortest mate (proofs under ever shorter length bounds until one is disproved)
// against, at each defender node, the defence whose own shortest mate is longest.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "shishi/core/movegen.hpp"
#include "shishi/mate/mate_table.hpp"

namespace shishi::mate {

// Longest mating line looked for, in plies (attacker's and defender's moves).
constexpr int MAX_MATE_PLIES = 127;

struct MateLimits {
    uint64_t nodes = 0;  // 0: no node limit
    std::chrono::milliseconds time{0};  // 0: no time limit
    const std::atomic<bool>* stop = nullptr;  // set by another thread to end the search
    int max_plies = MAX_MATE_PLIES;
    bool shorten = true;  // after the first proof, look for a shorter mate and the longest defences
};

struct MateResult {
    enum Status { MATE, NO_MATE, UNKNOWN };  // UNKNOWN: a limit or stop came first
    Status status = UNKNOWN;
    std::vector<Move> line;  // the principal mating line from the root, for MATE
    // MATE: true when the line's length is proven minimax at every node of the line (no shorter
    // mate, no longer defence); false when a limit cut that proof, and the length is an upper bound.
    bool exact = false;
    // MATE: the plies of the mate proven from the root (against every defence): the exact length
    // when `exact`, else an upper bound, and then the line (read from the table where a limit
    // stopped the proof of its defences) may be shorter.
    int length = 0;
    uint64_t nodes = 0;  // positions expanded
    std::chrono::milliseconds time{0};
};

class MateSolver {
public:
    explicit MateSolver(std::size_t table_megabytes = 16);
    ~MateSolver();
    // Does `attacker` mate from pos (either side may be to move)? pos is not changed.
    MateResult solve(const Position& pos, Color attacker, const MateLimits& limits);

private:
    struct Child {
        Move move;
        ProofNumbers pn;
    };
    struct Ply {
        MoveList moves;
        Child children[MoveList::CAPACITY];
        int count = 0;
    };
    enum class Expansion { OPEN, PROVEN, DISPROVEN };

    ProofNumbers mid(int ply, int bound, uint32_t th_pn, uint32_t th_dn);
    Expansion expand(int ply, int bound);
    ProofNumbers child_numbers(int bound);
    ProofNumbers settle(int ply, int bound);
    bool check_played();
    bool repeats_on_path() const;
    bool out_of_budget();
    Ply& ply_buffers(int ply);
    std::vector<Move> principal_line(int& length, bool& exact, bool refine);
    int choose_check(int ply, int bound, Move& best);
    int choose_defence(int ply, int bound, bool& known, Move& best);

    MateTable table_;
    std::vector<std::unique_ptr<Ply>> plies_;
    std::vector<uint64_t> path_;
    Position pos_;
    Color attacker_ = WHITE;
    MateLimits limits_;
    std::chrono::steady_clock::time_point start_;
    uint64_t nodes_ = 0;
    bool aborted_ = false;
};

}  // namespace shishi::mate
