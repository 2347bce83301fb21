// df-pn (Nagai's depth-first proof-number search) for Chu mates. Attacker nodes are OR nodes
// whose children are the checking moves; defender nodes are AND nodes whose children are the
// legal moves that stop the attacker's win at once (the others are refuted by the win and left
// out). Proof numbers follow the usual rules (OR: pn = min, dn = sum; AND: pn = sum, dn = min);
// the 1 + epsilon threshold keeps the search from thrashing between siblings.
//
// Lengths: a proven node records the plies of the mate it found (an AND node with no defence 0;
// an OR node 1 + its shortest proven check; an AND node 1 + its longest proven defence). Every
// node is searched under a length bound, so a shorter mate is proven by searching again under
// the length found minus two until that fails.
//
// Repetition: a position repeated on the path is a failure for the attacker and is not stored
// (a cycle of checks is never a win: every rule set scores it for the defender or as a draw,
// docs/mate.md). Table proofs are trees without cycles, so a proof is sound on any path.
#include "shishi/mate/solver.hpp"

#include <algorithm>

#include "shishi/core/attacks.hpp"
#include "shishi/core/royal_safety.hpp"
#include "shishi/mate/threat.hpp"

namespace shishi::mate {
namespace {

constexpr uint32_t PN_SUM_CAP = PN_INFINITE - 1;  // sums stop below infinity: only a disproof is infinite

uint32_t saturating_add(uint32_t a, uint32_t b) { return uint32_t(std::min<uint64_t>(uint64_t(a) + b, PN_SUM_CAP)); }

ProofNumbers proven(int length) { return {0, PN_INFINITE, uint16_t(length)}; }
ProofNumbers disproven() { return {PN_INFINITE, 0, 0}; }

// The 1 + epsilon rule: a child may run until its number passes the second best by a quarter.
// choose_defence's answer for a defender with no move that stops the win.
constexpr int NO_DEFENCE = -2;

uint32_t widened(uint32_t second) {
    return uint32_t(std::min<uint64_t>(uint64_t(second) + std::max<uint32_t>(1, second / 4), PN_INFINITE));
}

}  // namespace

MateSolver::MateSolver(std::size_t table_megabytes) : table_(table_megabytes) {}
MateSolver::~MateSolver() = default;

MateSolver::Ply& MateSolver::ply_buffers(int ply) {
    while (int(plies_.size()) <= ply)
        plies_.push_back(std::make_unique<Ply>());
    return *plies_[ply];
}

bool MateSolver::out_of_budget() {
    if (aborted_) return true;
    if (limits_.nodes && nodes_ >= limits_.nodes) aborted_ = true;
    if ((nodes_ & 255) == 0) {
        if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) aborted_ = true;
        if (limits_.time.count() > 0 && std::chrono::steady_clock::now() - start_ >= limits_.time) aborted_ = true;
    }
    return aborted_;
}

bool MateSolver::repeats_on_path() const {
    const uint64_t key = pos_.key();
    return std::find(path_.begin(), path_.end(), key) != path_.end();
}

ProofNumbers MateSolver::child_numbers(int bound) {
    const bool attacker_to_move = pos_.side_to_move() == attacker_;
    switch (node_verdict(pos_)) {
        case NodeVerdict::MOVER_LOST: return attacker_to_move ? disproven() : proven(0);
        case NodeVerdict::MOVER_WON: return attacker_to_move ? proven(0) : disproven();
        case NodeVerdict::DRAWN: return disproven();
        case NodeVerdict::OPEN: break;
    }
    if (attacker_to_move) {
        if (has_winning_move(pos_)) return proven(0);
        if (bound < 1) return disproven();
    }
    if (repeats_on_path()) return disproven();
    return table_.probe(pos_.key(), bound);
}

MateSolver::Expansion MateSolver::expand(int ply, int bound) {
    Ply& p = ply_buffers(ply);
    p.count = 0;
    const bool or_node = pos_.side_to_move() == attacker_;
    if (or_node && bound < 1) return Expansion::DISPROVEN;
    p.moves.clear();  // generate_legal appends
    generate_legal(pos_, p.moves);
    if (p.moves.empty()) return or_node ? Expansion::DISPROVEN : Expansion::PROVEN;
    const Color defender = ~attacker_;
    if (!or_node && pos_.rules().host_mate_test && pos_.royal_count(defender) == 1 && !in_check(pos_, defender) &&
        !has_royal_safe_move(pos_, p.moves))
        return Expansion::DISPROVEN;  // XBoard's stalemate: a draw
    for (Move m : p.moves) {
        pos_.make(m);
        ProofNumbers c;
        bool keep = true;
        if (or_node) {
            keep = node_verdict(pos_) != NodeVerdict::OPEN || is_threatened(pos_);
            if (keep) c = child_numbers(bound - 1);
            keep = keep && !c.disproven();
        } else {
            c = child_numbers(bound - 1);
            keep = !(c.proven() && c.length == 0);  // no defence: the attacker wins at once
        }
        pos_.unmake();
        if (!keep) continue;
        if (!or_node && c.disproven()) return Expansion::DISPROVEN;
        p.children[p.count++] = Child{m, c};
    }
    if (p.count == 0) return or_node ? Expansion::DISPROVEN : Expansion::PROVEN;
    return Expansion::OPEN;
}

ProofNumbers MateSolver::mid(int ply, int bound, uint32_t th_pn, uint32_t th_dn) {
    ++nodes_;
    const uint64_t key = pos_.key();
    const uint64_t work_start = nodes_;
    path_.push_back(key);
    const Expansion e = expand(ply, bound);
    if (e != Expansion::OPEN) {
        path_.pop_back();
        const ProofNumbers r = e == Expansion::PROVEN ? proven(0) : disproven();
        table_.store(key, bound, r, 1);
        return r;
    }
    Ply& p = ply_buffers(ply);
    const bool or_node = pos_.side_to_move() == attacker_;
    ProofNumbers result;
    for (;;) {
        uint32_t pn = or_node ? PN_INFINITE : 0, dn = or_node ? 0 : PN_INFINITE;
        int best = 0;
        uint32_t best_value = PN_INFINITE, second = PN_INFINITE;
        for (int i = 0; i < p.count; ++i) {
            const ProofNumbers& c = p.children[i].pn;
            const uint32_t value = or_node ? c.pn : c.dn;  // the number the node minimises
            if (or_node) {
                pn = std::min(pn, c.pn);
                dn = saturating_add(dn, c.dn);
            } else {
                pn = saturating_add(pn, c.pn);
                dn = std::min(dn, c.dn);
            }
            if (value < best_value) {
                second = best_value;
                best_value = value;
                best = i;
            } else if (value < second) {
                second = value;
            }
        }
        if (or_node && pn == PN_INFINITE) dn = 0;
        if (!or_node && dn == PN_INFINITE) pn = 0;
        result = {pn, dn, 0};
        if (pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn || out_of_budget()) break;
        Child& child = p.children[best];
        uint32_t child_pn, child_dn;
        if (or_node) {
            child_pn = std::min(th_pn, widened(second));
            child_dn = uint32_t(std::min<uint64_t>(uint64_t(th_dn) - dn + child.pn.dn, PN_INFINITE));
        } else {
            child_dn = std::min(th_dn, widened(second));
            child_pn = uint32_t(std::min<uint64_t>(uint64_t(th_pn) - pn + child.pn.pn, PN_INFINITE));
        }
        pos_.make(child.move);
        child.pn = mid(ply + 1, bound - 1, child_pn, child_dn);
        pos_.unmake();
    }
    if (result.proven()) {
        int length = or_node ? MAX_MATE_PLIES + 1 : 0;
        for (int i = 0; i < p.count; ++i) {
            const ProofNumbers& c = p.children[i].pn;
            if (!c.proven()) continue;
            length = or_node ? std::min(length, int(c.length)) : std::max(length, int(c.length));
        }
        result.length = uint16_t(length + 1);
    }
    path_.pop_back();
    table_.store(key, bound, result, uint32_t(std::min<uint64_t>(nodes_ - work_start + 1, UINT32_MAX)));
    return result;
}

// After a move: the child's numbers under `bound`, searched to the end (or to a limit) when the
// table does not decide them.
ProofNumbers MateSolver::settle(int ply, int bound) {
    const ProofNumbers c = child_numbers(bound);
    if (c.proven() || c.disproven() || aborted_) return c;
    return mid(ply, bound, PN_INFINITE, PN_INFINITE);
}

// After an attacker's move: was it a check (or a win)?
bool MateSolver::check_played() { return node_verdict(pos_) != NodeVerdict::OPEN || is_threatened(pos_); }

// At an attacker node proven within `bound`: the check whose reply is proven within bound - 1
// with the shortest mate, from the table, or searched again where the table lost it. Returns
// that mate's length, or -1 when none is found (a limit came first).
int MateSolver::choose_check(int ply, int bound, Move& best) {
    MoveList moves;
    generate_legal(pos_, moves);
    int best_length = -1;
    for (int pass = 0; pass < 2 && best_length < 0; ++pass) {
        for (Move m : moves) {
            pos_.make(m);
            ProofNumbers c;
            const bool check = check_played();
            if (check) c = pass == 0 ? child_numbers(bound - 1) : settle(ply + 1, bound - 1);
            pos_.unmake();
            if (!check || !c.proven() || (best_length >= 0 && c.length >= best_length)) continue;
            best = m;
            best_length = c.length;
            if (pass == 1) break;
        }
    }
    return best_length;
}

// At a defender node proven within `bound`: the defence to follow, and the length of the mate
// after it (NO_DEFENCE: the defender is mated; -1: no proof left, a limit came first). When the node's length is `known` exactly,
// its longest defences are those whose reply is not mated within bound - 3: the first such
// disproof found decides, and the length stays exact. Otherwise (or when a limit cuts those
// searches, which clears `known`) the defence with the longest proven mate in the table.
int MateSolver::choose_defence(int ply, int bound, bool& known, Move& best) {
    MoveList moves;
    generate_legal(pos_, moves);
    MoveList defences;
    for (Move m : moves) {
        pos_.make(m);
        const ProofNumbers c = child_numbers(bound - 1);
        pos_.unmake();
        if (!(c.proven() && c.length == 0)) defences.push(m);  // the others lose at once
    }
    if (defences.empty()) return NO_DEFENCE;
    if (known && bound - 3 < 1) {  // every reply is an attacker node: each mate is one ply at least
        best = defences[0];
        return bound - 1;
    }
    if (known) {
        for (int pass = 0; pass < 2; ++pass) {
            for (Move m : defences) {
                pos_.make(m);
                const ProofNumbers c = pass == 0 ? child_numbers(bound - 3) : settle(ply + 1, bound - 3);
                pos_.unmake();
                if (c.disproven()) {
                    best = m;
                    return bound - 1;
                }
                if (pass == 1 && !c.proven()) break;  // a limit: the length is left unproven
            }
        }
        known = false;
    }
    int best_length = -1;
    for (Move m : defences) {
        pos_.make(m);
        const ProofNumbers c = settle(ply + 1, bound - 1);
        pos_.unmake();
        if (c.proven() && int(c.length) > best_length) {
            best = m;
            best_length = c.length;
        }
    }
    return best_length;
}

// The principal line from the root, proven within `length` plies. With `refine`, at each attacker
// node not yet known exactly, shorter mates are looked for (searches under the length minus two
// until one is disproved), and at each defender node the longest defence is proven
// (choose_defence); without, the line is read from the table as the proof left it. `exact` says
// whether every node of the line got its exact length; `length` becomes the root's. An empty
// line: the table lost the way and a limit kept the solver from finding it again.
std::vector<Move> MateSolver::principal_line(int& length, bool& exact, bool refine) {
    std::vector<Move> line;
    path_.clear();
    bool known = length <= 1, lost = false;
    int bound = length;
    for (int ply = 0;; ++ply) {
        const bool or_node = pos_.side_to_move() == attacker_;
        if (or_node && !known && refine && !aborted_) {
            while (bound >= 3) {
                const ProofNumbers shorter = settle(ply, bound - 2);
                if (shorter.proven()) {
                    bound = shorter.length;
                } else {
                    known = shorter.disproven();
                    break;
                }
            }
            if (bound < 3) known = true;
        }
        if (ply == 0) length = bound;
        exact = exact && known;
        path_.push_back(pos_.key());
        Move best = Move::none();
        int next = -1;
        if (or_node) {
            next = choose_check(ply, bound, best);
            known = known && next == bound - 1;
        } else {
            if (!refine) known = false;
            next = choose_defence(ply, bound, known, best);
        }
        if (next == NO_DEFENCE) break;  // the defender is mated
        if (next < 0) {
            exact = false;
            lost = true;
            break;
        }
        line.push_back(best);
        pos_.make(best);
        bound = next;
    }
    for (std::size_t i = 0; i < line.size(); ++i)
        pos_.unmake();
    path_.clear();
    if (lost) line.clear();
    return line;
}

MateResult MateSolver::solve(const Position& pos, Color attacker, const MateLimits& limits) {
    pos_ = pos;
    attacker_ = attacker;
    limits_ = limits;
    limits_.max_plies = std::clamp(limits.max_plies, 1, MAX_MATE_PLIES);
    start_ = std::chrono::steady_clock::now();
    nodes_ = 0;
    aborted_ = false;
    path_.clear();
    table_.clear();  // entries of another position's search may belong to other rules
    MateResult result;
    auto finish = [&] {
        result.nodes = nodes_;
        result.time = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_);
        return result;
    };

    // The game already decided, or the attacker able to win at once.
    const NodeVerdict v = node_verdict(pos_);
    const bool attacker_to_move = pos_.side_to_move() == attacker;
    if (v != NodeVerdict::OPEN) {
        const bool attacker_won = (v == NodeVerdict::MOVER_LOST) != attacker_to_move && v != NodeVerdict::DRAWN;
        result.status = attacker_won ? MateResult::MATE : MateResult::NO_MATE;
        return finish();
    }
    if (attacker_to_move && has_winning_move(pos_)) {
        MoveList moves;
        generate_captures(pos_, moves);
        for (Move m : moves) {
            pos_.make(m);
            const NodeVerdict after = node_verdict(pos_);
            pos_.unmake();
            if (after == NodeVerdict::MOVER_LOST) {
                result.line.push_back(m);
                break;
            }
        }
        result.status = MateResult::MATE;
        result.exact = true;
        result.length = 1;
        return finish();
    }

    const ProofNumbers root = mid(0, limits_.max_plies, PN_INFINITE, PN_INFINITE);
    if (root.disproven()) result.status = MateResult::NO_MATE;
    if (!root.proven()) return finish();
    result.status = MateResult::MATE;
    // The first proof's line, read before the refinement's searches can crowd its entries out
    // of the table; the refined line replaces it when it is complete.
    result.length = root.length;
    result.exact = root.length <= 1;
    result.line = principal_line(result.length, result.exact, false);
    if (limits_.shorten && !result.exact) {
        int length = root.length;
        bool exact = true;
        std::vector<Move> line = principal_line(length, exact, true);
        if (!line.empty()) {
            result.line = std::move(line);
            result.length = length;
            result.exact = exact;
        }
    }
    // Proven, but the table lost the line and a limit kept it from being found again: a mate
    // without its moves is of no use to a host, which is told the search ended first.
    if (result.line.empty()) result.status = MateResult::UNKNOWN;
    return finish();
}

}  // namespace shishi::mate
