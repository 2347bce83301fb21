// Bounded work of depth-limited searches (issue 24): quiescence follows free captures for a few
// plies, then only the exchange on the last move's square, and stops at a hard limit, so a
// depth-1 search costs a few hundred nodes per root move on any position. Each search also
// carries a node limit just above its bound, so the old unbounded quiescence fails here fast
// instead of running for minutes.
#include <algorithm>
#include <random>

#include "shishi/search/search.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

namespace {

// The position: a crowded middlegame at move 201 where each side has pieces hanging
// all over the board. Unbounded, depth 1 took 11.9 million nodes (seldepth 46).
const char* CROWDED =
    "l2b1k1t3l/acfsg2gs2a/mvrh3dr1fm/2ppqtepcbxv/p1n1p1pop3/PpPiHpd2p2/3IP1PPiPpp/1P2Q3IhRP/"
    "BMRP1PHSPOPB/A3D1GT1VFM/LVXTK3DC1A/1FCSG2E2NL b - 201";

// The nodes a depth-1 search may spend per root move. Each root move's child has at most
// QS_RECAPTURE_PLIES (5) plies of free captures before only recaptures on one square remain;
// measured, the crowded position needs about 30 per root move and random games at most about
// 60, so 250 leaves room for ordering changes while staying far below the old behaviour
// (the crowded position: about 80,000 per root move).
constexpr uint64_t NODES_PER_ROOT_MOVE = 250;

uint64_t depth1_nodes(Position pos, uint64_t bound) {
    Searcher s(8);
    SearchLimits l;
    l.depth = 1;
    l.nodes = bound + 1;  // the old search stops here and the check below fails
    return s.search(pos, l).nodes;
}

uint64_t bound_for(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    return NODES_PER_ROOT_MOVE * uint64_t(std::max(1, list.size()));
}

}  // namespace

TEST_CASE("depth 1 on the issue's crowded position stays within a node bound", "[search][qsearch]") {
    const Position pos = sfen(CROWDED);
    const uint64_t bound = bound_for(pos);
    const uint64_t nodes = depth1_nodes(pos, bound);
    INFO("nodes " << nodes << ", bound " << bound);
    CHECK(nodes <= bound);
    // Deeper searches stay small as well (depth 4: about 13,000 nodes measured).
    Searcher s(8);
    SearchLimits l;
    l.depth = 4;
    l.nodes = 40 * bound;
    Position p = pos;
    CHECK(s.search(p, l).nodes < 40 * bound);
}

TEST_CASE("depth 1 on positions of random games stays within a node bound", "[search][qsearch][random]") {
    // Random play leaves pieces hanging everywhere: the case that made quiescence explode.
    std::mt19937 rng(24);
    const std::vector<Position> roots = random_game_roots();
    uint64_t worst_per_move = 0;
    for (int game = 0; game < 24; ++game) {
        Position pos = roots[size_t(game) % roots.size()];
        random_game(pos, 40 + int(rng() % 160), rng);
        pos.clear_history();
        MoveList list;
        generate_legal(pos, list);
        if (list.empty()) continue;
        const uint64_t bound = bound_for(pos);
        const uint64_t nodes = depth1_nodes(pos, bound);
        INFO("game " << game << ": " << to_sfen(pos) << "\nnodes " << nodes << ", bound " << bound);
        CHECK(nodes <= bound);
        worst_per_move = std::max(worst_per_move, nodes / uint64_t(list.size()));
    }
    INFO("worst nodes per root move " << worst_per_move);
    CHECK(worst_per_move <= NODES_PER_ROOT_MOVE);
}
