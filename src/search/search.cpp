// Iterative deepening principal-variation search. Each iteration searches the root with an
// aspiration window around the previous score; nodes use the transposition table, a staged
// move picker (hash move, captures, killers, history, losing captures), reverse futility
// pruning, futility and late move pruning, null move and late-move reductions, and hand over to a
// capture-only quiescence search (SEE-pruned) at the horizon unless the side to move stands in
// check. Mate scores count plies to the capture of the last royal. Techniques
// and the repetition policy are described in docs/search.md.
#include "shishi/search/search.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>

#include "shishi/core/attacks.hpp"
#include "shishi/core/bare_king.hpp"
#include "shishi/core/movegen.hpp"
#include "shishi/core/repetition.hpp"
#include "shishi/core/royal_safety.hpp"
#include "shishi/core/game.hpp"
#include "shishi/eval/eval.hpp"
#include "shishi/eval/nnue_accumulator.hpp"
#include "shishi/search/eval_cache.hpp"
#include "shishi/search/helper_threads.hpp"
#include "shishi/search/move_picker.hpp"
#include "shishi/search/see.hpp"
#include "shishi/search/timeman.hpp"
#include "shishi/search/tt.hpp"

namespace shishi {

namespace {

using Clock = std::chrono::steady_clock;

// Score of a node whose side to move has just lost its last royal (the capture was made at
// ply - 1), and of a node whose side to move has no legal move.
constexpr int royal_lost_score(int ply) { return -SCORE_MATE + ply - 1; }
constexpr int no_moves_score(int ply) { return -SCORE_MATE + ply; }

constexpr int ASPIRATION_DELTA = 40;
constexpr int REPETITION_SCORE = SCORE_REPETITION;  // search_limits.hpp
// Worker::evaluate: how many plies before an N-move limit the evaluation starts to fade.
constexpr int RULE_FADE_PLIES = 20;
// Quiescence: from this many plies into it only recaptures (on the last move's square) are
// searched, and at QS_MAX_PLIES it stands pat whatever hangs (a safety net; docs/search.md).
constexpr int QS_RECAPTURE_PLIES = 5;
constexpr int QS_MAX_PLIES = 16;

struct LmrTable {
    int8_t r[64][64];
    LmrTable() {
        for (int d = 0; d < 64; ++d)
            for (int m = 0; m < 64; ++m)
                r[d][m] = int8_t(d < 3 || m < 3 ? 0 : 0.5 + std::log(d) * std::log(m) / 2.2);
    }
};
const LmrTable LMR;

struct Worker;

// One ply of the search path: its killers, the quiet moves it tried, its moves with their
// ordering scores, and the principal variation found from it (triangular: the line from ply
// p lives in stack[p].pv[p..pv_len), built from stack[p + 1]'s).
struct Stack {
    Move killers[2];
    int pv_len;
    Move quiets_tried[32];
    MoveList list;
    std::array<int, MoveList::CAPACITY> scores;
    Move pv[MAX_PLY + 2];
};

// What all workers of one Searcher share: the table, the settings, the stop and ponder flags
// and the limits and clock of the search in progress.
struct Shared {
    explicit Shared(size_t mb) : tt(mb) {}

    // --- configuration ---------------------------------------------------------------------
    TranspositionTable tt;
    int contempt = 0;
    // The learned evaluation; null: the hand evaluation.
    std::shared_ptr<const nnue::Network> net;
    // Searcher::set_poll: a single-threaded host's turn to read its input (may be empty).
    std::function<void()> poll;

    // --- set by other threads ------------------------------------------------------------------
    std::atomic<bool> stop_requested{false};
    std::atomic<bool> pondering{false};
    std::atomic<bool> ponderhit_pending{false};
    std::atomic<bool> helpers_stop{false};  // set by the main worker when its search ends

    // --- the search in progress (written before it starts) --------------------------------------
    SearchLimits limits;
    TimeBudget budget;
    Clock::time_point start;  // the hard limit counts from here (reset at ponderhit)
    Clock::time_point go_start;  // the soft limit counts from here: pondering time included
    std::vector<Worker*> helpers;  // changed only between searches

    int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    }
    int64_t think_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - go_start).count();
    }
};

// One search thread's state: its position, move-ordering statistics, per-ply scratch and
// counters. Allocated once per worker (the per-ply arrays are large) and reused by every search,
// so nothing is allocated in the tree. Worker 0 is the main worker: it runs on the caller's
// thread, keeps the time, reports and chooses the move; the others (helpers, Lazy SMP) search
// the same root on their own copy of the position and help only through the shared table.
struct Worker {
    Worker(Shared& s, int worker_id) : shared(s), tt(s.tt), id(worker_id) { clear_statistics(); }

    Shared& shared;
    TranspositionTable& tt;  // shared.tt, under the name the node code uses
    const int id;
    bool is_main() const { return id == 0; }
    Position own_position;  // a helper's copy of the root (the main worker uses the caller's)

    // --- per-search state ------------------------------------------------------------------
    Position* pos = nullptr;
    Color root_side = WHITE;
    uint64_t nodes = 0;
    std::atomic<uint64_t> node_counter{0};  // nodes, for readers on other threads
    bool aborted = false;
    int root_depth = 0;
    int seldepth = 0;
    Move root_best;  // the best root move of the iteration under way, once one is searched
    int root_best_score = 0;
    bool skip_root_pass = false;  // SearchLimits::allow_pass is off and another move exists
    // RuleSet::host_mate_test: the root has a move keeping its lone royal safe, so moves that
    // leave it attacked (which XBoard would refuse) are not played.
    bool skip_root_unsafe = false;
    // Root moves this line may not play: the limits' exclusions, then (MultiPV) the moves of
    // the better lines of this iteration. Filled at the root only; reserved once per search.
    std::vector<Move> root_skipped;
    bool root_skip(Move m) const {
        if (skip_root_pass && m.is_pass()) return true;
        for (Move x : root_skipped)
            if (x.same_as(m)) return true;
        return false;
    }

    // --- per-ply scratch (no allocation in the tree) -----------------------------------------
    HistoryTable history;
    EvalCache eval_cache;
    // The net in use this search (shared.net's), and this worker's accumulators along its
    // path: pushed and popped with every make and unmake in the tree (do_move, undo_move),
    // never by the null move, which changes no piece (the accumulator holds both sides' views).
    const nnue::Network* net = nullptr;
    nnue::AccumulatorStack accumulators;
    static_assert(MAX_PLY + 2 < nnue::AccumulatorStack::CAPACITY);
    std::array<Stack, MAX_PLY + 2> stack;
    // The repetition facts (repetition.hpp) of move i of the game and then the search path,
    // for the moves since the last capture; sized at the start of each search.
    std::vector<uint8_t> facts_at;

    void clear_statistics() {
        history.clear();
        clear_killers();
    }

    void clear_killers() {
        for (Stack& st : stack)
            st.killers[0] = st.killers[1] = Move::none();
    }

    int64_t elapsed_ms() const { return shared.elapsed_ms(); }

    // This worker's nodes plus the helpers' (the main worker's view of the whole search).
    uint64_t total_nodes() const {
        uint64_t n = nodes;
        for (const Worker* h : shared.helpers)
            n += h->node_counter.load(std::memory_order_relaxed);
        return n;
    }

    // Polled at every node; the main worker reads the clock every NODE_CHECK_INTERVAL nodes,
    // helpers only wait for it to end the search.
    bool should_stop() {
        if (aborted) return true;
        if (shared.stop_requested.load(std::memory_order_relaxed)) return aborted = true;
        if (!is_main()) return aborted = shared.helpers_stop.load(std::memory_order_relaxed);
        if (nodes % NODE_CHECK_INTERVAL == 0) {
            if (shared.poll) {
                shared.poll();  // may stop() or ponderhit() this search
                if (shared.stop_requested.load(std::memory_order_relaxed)) return aborted = true;
            }
            if (shared.ponderhit_pending.exchange(false)) {
                shared.start = Clock::now();
                // A ponder hit after pondering longer than this move's share: the thinking is
                // done, so move now and save the clock (the last iteration's move stands).
                if (shared.budget.limited && !shared.budget.fixed && shared.think_ms() >= shared.budget.soft_ms)
                    return aborted = true;
            }
            if (shared.limits.nodes && total_nodes() >= shared.limits.nodes) return aborted = true;
            if (shared.budget.limited && !shared.pondering.load(std::memory_order_relaxed) &&
                elapsed_ms() >= shared.budget.hard_ms)
                return aborted = true;
        }
        return false;
    }

    void count_node() {
        ++nodes;
        node_counter.store(nodes, std::memory_order_relaxed);
    }

    int draw_score() const { return pos->side_to_move() == root_side ? -shared.contempt : shared.contempt; }

    // Index of the latest earlier occurrence of the current position (same side to move,
    // since the last irreversible move: halfmove_clock), or -1.
    int earlier_occurrence() const {
        const int n = pos->plies();
        const int limit = std::min(pos->halfmove_clock(), n);
        const uint64_t key = pos->key();
        for (int i = n - 2; i >= n - limit; i -= 2)
            if (pos->history(i).key == key) return i;
        return -1;
    }

    // Records the facts of the move that led to this node (checked: the side to move's royal is
    // attacked). The attack fact costs a look at the moved piece's moves, so only the rules
    // that read it pay for it.
    void note_facts(bool checked) {
        const int n = pos->plies();
        if (n == 0) return;
        facts_at[size_t(n - 1)] = ply_facts_fast(checked);
    }
    uint8_t ply_facts_fast(bool checked) const {
        const RepetitionRule rule = pos->rules().repetition;
        if (needs_attack_facts(rule)) return ply_facts(*pos, rule, checked);
        return uint8_t((checked ? FACT_CHECK : 0) | (pos->history(pos->plies() - 1).move.is_pass() ? FACT_PASS : 0));
    }

    // The bare-king rule's verdict on this node (bare_king.hpp), as a score for the side to move
    // at `ply`: a loss or win is scored like losing or taking the last royal; King against King
    // (lishogi) is left to the caller, which ranks it after the repetition verdict.
    bool bare_king_scored(const BareKingVerdict& v, int ply, int& score) const {
        switch (v.result) {
            case BareKingVerdict::MOVER_LOSES: score = no_moves_score(ply); return true;
            case BareKingVerdict::MOVER_WINS: score = -royal_lost_score(ply + 1); return true;
            case BareKingVerdict::BOTH_BARED: score = draw_score(); return true;
            default: return false;
        }
    }

    // Score of a repeated position for the side to move: the core's verdict on the cycle, as if
    // it went on to the fourth occurrence (repetition.hpp). A loss or win by rule is scored
    // above any material balance; a draw is a draw shaded by contempt.
    int repetition_score(int first) const {
        const int n = pos->plies();
        const RepetitionVerdict v = judge_repetition(pos->rules().repetition, facts_at.data(), first, n);
        // The side to move did not make the last move.
        if (v.loser == RepetitionVerdict::LAST_MOVER) return REPETITION_SCORE;
        if (v.loser == RepetitionVerdict::OTHER_SIDE) return -REPETITION_SCORE;
        return draw_score();
    }

    // Fills facts_at for the game moves since the last capture (unmaking and remaking those
    // moves) and sizes it for the search path. One move more than that for lishogi's rule,
    // which also reads the move before the cycle.
    void prepare_facts_history() {
        const int n = pos->plies();
        const int back = std::min(n, pos->halfmove_clock() + 1);
        facts_at.assign(size_t(n + MAX_PLY + 8), 0);
        std::vector<Move> undone;
        undone.reserve(size_t(back));
        for (int j = 0; j < back; ++j) {
            undone.push_back(pos->history(pos->plies() - 1).move);
            pos->unmake();
        }
        for (int j = back - 1; j >= 0; --j) {
            pos->make(undone[size_t(j)]);
            note_facts(in_check(*pos, pos->side_to_move()));
        }
    }

    // The static evaluation. Under an N-move rule (RuleSet::reversible_ply_limit) it fades
    // linearly to 0 over the last RULE_FADE_PLIES plies before the limit, so a side that stands
    // better restarts the count (a capture, a Pawn or Lance move) while that still costs
    // little, instead of meeting the draw at the horizon when no restart is left in reach.
    int evaluate() {
        const int v = net ? eval_cache.evaluate(*pos, net->hash(), [this] { return accumulators.evaluate(*pos); })
                          : eval_cache.evaluate(*pos);
        if (!near_move_limit()) return v;
        const int left = pos->rules().reversible_ply_limit - pos->halfmove_clock();
        return v * std::max(left, 0) / RULE_FADE_PLIES;
    }
    // Within those plies scores depend on the clock, which the key leaves out: such nodes
    // neither take nor give transposition-table cutoffs (a score stored near the limit would
    // pass for the same position met with a fresh count).
    bool near_move_limit() const {
        const int limit = pos->rules().reversible_ply_limit;
        return limit > 0 && limit - pos->halfmove_clock() < RULE_FADE_PLIES;
    }

    // A node whose halfmove clock reached the N-move limit: XBoard's draw, unless its mate test
    // (judged first) finds the side to move's lone royal attacked without a safe move.
    int move_rule_score(bool checked, int ply) {
        if (checked && pos->rules().host_mate_test && pos->royal_count(pos->side_to_move()) == 1) {
            MoveList& list = stack[ply].list;
            list.clear();
            generate_legal(*pos, list);
            if (!has_royal_safe_move(*pos, list)) return no_moves_score(ply);
        }
        return draw_score();
    }

    // Has the side to move pieces besides royals and Pawns (null move is unsafe without)?
    bool has_pieces(Color c) const {
        for (int i = 0; i < pos->piece_count(c); ++i) {
            const Kind k = kind_of(pos->piece_on(pos->piece_square(c, i)));
            if (!is_royal(k) && k != PAWN && k != GO_BETWEEN) return true;
        }
        return false;
    }

    void do_move(Move m) {
        pos->make(m);
        tt.prefetch(pos->key());
        eval_cache.prefetch(pos->key());
        if (net) accumulators.push(*pos);
    }
    void undo_move() {
        pos->unmake();
        if (net) accumulators.pop();
    }

    int qsearch(int alpha, int beta, int ply, int qply = 0);
    int search(int alpha, int beta, int depth, int ply, bool null_allowed = true);
    int aspiration(int depth, int previous);
    // Iterative deepening over p under shared.limits (set up by Searcher::Impl::run). A helper
    // runs until the main worker ends the search; its result is not used.
    SearchResult run(Position& p, const std::function<void(const SearchInfo&)>& on_info);
};

}  // namespace

struct Searcher::Impl {
    explicit Impl(size_t mb)
        : shared(mb),
          main(std::make_unique<Worker>(shared, 0)),
          pool([this](int i) {
              Worker& h = *helpers[size_t(i)];
              h.run(h.own_position, {});
          }) {}

    Shared shared;
    std::unique_ptr<Worker> main;
    std::vector<std::unique_ptr<Worker>> helpers;  // helpers[i] runs on pool thread i
    HelperThreads pool;  // last: its threads end before the workers go
    std::atomic<bool> prepared{false};  // prepare() was called for the next search

    void set_threads(int n) {
        const size_t want = size_t(std::max(1, n) - 1);
        if (want < helpers.size()) {
            pool.resize(int(want));
            helpers.resize(want);
        } else {
            while (helpers.size() < want)
                helpers.push_back(std::make_unique<Worker>(shared, int(helpers.size()) + 1));
            pool.resize(int(want));
        }
        shared.helpers.clear();
        for (auto& h : helpers)
            shared.helpers.push_back(h.get());
    }

    uint64_t nodes_searched() const {
        uint64_t n = main->node_counter.load(std::memory_order_relaxed);
        for (const auto& h : helpers)
            n += h->node_counter.load(std::memory_order_relaxed);
        return n;
    }

    SearchResult run(Position& p, const SearchLimits& l, const std::function<void(const SearchInfo&)>& on_info) {
        prepare_evaluation(p);  // before the helpers copy p
        shared.limits = l;
        shared.start = shared.go_start = Clock::now();
        shared.budget = allocate_time(l, std::max(0, p.move_number() - 1));
        shared.tt.new_search();
        shared.helpers_stop.store(false);
        for (auto& h : helpers)
            h->own_position = p;  // before the main worker changes p
        pool.start();
        SearchResult result = main->run(p, on_info);
        shared.helpers_stop.store(true);
        pool.wait();
        result.nodes = nodes_searched();
        return result;
    }
};

int Worker::qsearch(int alpha, int beta, int ply, int qply) {
    Stack& st = stack[ply];
    st.pv_len = ply;
    const Color us = pos->side_to_move();
    if (pos->royal_count(us) == 0) return royal_lost_score(ply);
    const bool checked = in_check(*pos, us);
    note_facts(checked);
    const BareKingVerdict bare = judge_bare_king(*pos);
    if (int score; bare_king_scored(bare, ply, score)) return score;
    if (const int first = earlier_occurrence(); first >= 0) return repetition_score(first);
    if (bare.result == BareKingVerdict::KING_VS_KING) return draw_score();
    if (reversible_limit_reached(*pos)) return move_rule_score(checked, ply);
    count_node();
    if (should_stop()) return 0;
    seldepth = std::max(seldepth, ply);
    if (ply >= MAX_PLY) return evaluate();

    // Standing pat is unsound when the lone royal hangs: search the evasions instead.
    if (checked && ply < 2 * root_depth + 6) return search(alpha, beta, 1, ply);

    const int stand = evaluate();
    if (stand >= beta) return stand;
    if (qply >= QS_MAX_PLIES) return stand;
    alpha = std::max(alpha, stand);
    int best = stand;
    // Captures anywhere on the board, each side taking what hangs in turn, come back in every
    // order (no table here to merge them): on a crowded board that tree grows about twofold per
    // ply, to millions of nodes at depth 1. Deeper in, only the exchange on the square of the
    // last move goes on (a double move's first-step square counts too).
    const bool recaptures_only = qply >= QS_RECAPTURE_PLIES;
    const Square last_to = pos->plies() > 0 ? pos->history(pos->plies() - 1).move.to() : NO_SQUARE;

    MoveList& list = st.list;
    list.clear();
    generate_captures(*pos, list);
    int* sc = st.scores.data();
    score_captures(*pos, list, sc);
    for (int i = 0; i < list.size(); ++i) {
        int b = i;
        for (int j = i + 1, top = sc[i]; j < list.size(); ++j)
            if (sc[j] > top) {
                top = sc[j];
                b = j;
            }
        std::swap(list[i], list[b]);
        std::swap(sc[i], sc[b]);
        const Move m = list[i];
        const int gain = capture_value(*pos, m);
        if (gain < ROYAL_CAPTURE_VALUE) {
            if (recaptures_only && m.to() != last_to && m.mid() != last_to) continue;
            // Delta pruning: even winning this much cannot reach alpha.
            const int promo = m.is_promotion() ? 300 : 0;
            if (stand + gain + promo + 200 <= alpha) continue;
            // Skip captures that lose material in the exchange on the destination.
            if (!see_ge(*pos, m, 0)) continue;
        }
        do_move(m);
        const int score = -qsearch(-beta, -alpha, ply + 1, qply + 1);
        undo_move();
        if (aborted) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (score >= beta) break;
            }
        }
    }
    return best;
}

int Worker::search(int alpha, int beta, int depth, int ply, bool null_allowed) {
    Stack& st = stack[ply];
    st.pv_len = ply;
    const Color us = pos->side_to_move();
    const bool root = ply == 0;
    const bool pv_node = beta - alpha > 1;

    if (!root && pos->royal_count(us) == 0) return royal_lost_score(ply);
    const bool checked = in_check(*pos, us);
    if (!root) note_facts(checked);
    if (!root) {
        const BareKingVerdict bare = judge_bare_king(*pos);
        if (int score; bare_king_scored(bare, ply, score)) return score;
        if (const int first = earlier_occurrence(); first >= 0) return repetition_score(first);
        if (bare.result == BareKingVerdict::KING_VS_KING) return draw_score();
        if (reversible_limit_reached(*pos)) return move_rule_score(checked, ply);
        if (ply >= MAX_PLY) return evaluate();
        // Mate distance pruning: no result here can beat a mate found nearer the root.
        alpha = std::max(alpha, royal_lost_score(ply));
        beta = std::min(beta, -royal_lost_score(ply + 1));
        if (alpha >= beta) return alpha;
    }

    if (depth <= 0) {
        if (!checked || ply >= 2 * root_depth + 6) return qsearch(alpha, beta, ply);
        depth = 1;
    }

    count_node();
    if (should_stop()) return 0;
    seldepth = std::max(seldepth, ply);

    TTHit hit;
    Move hash_move;
    if (tt.probe(pos->key(), ply, hit)) {
        hash_move = hit.move;
        if (!pv_node && hit.depth >= depth && !near_move_limit() &&
            (hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && hit.score >= beta) ||
             (hit.bound == BOUND_UPPER && hit.score <= alpha)))
            return hit.score;
    }

    const int static_eval = checked ? -SCORE_INFINITE : evaluate();
    // Reverse futility: far above beta near the horizon, assume a quiet move keeps it there.
    if (!pv_node && !checked && depth <= 3 && std::abs(beta) < SCORE_MATE_BOUND && static_eval - 120 * depth >= beta)
        return static_eval;

    // Null move: let the opponent move twice; if that still fails high, so will a real move.
    // Made by flipping the side to move (no history entry, so repetition checks never reach
    // across it: the keys before it have the other side to move).
    if (!pv_node && !checked && null_allowed && depth >= 3 && static_eval >= beta &&
        std::abs(beta) < SCORE_MATE_BOUND && has_pieces(us)) {
        const int r = 2 + depth / 4;
        const Square cs = pos->counter_strike();
        pos->set_counter_strike(NO_SQUARE);
        pos->set_side_to_move(~us);
        const int score = -search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
        pos->set_side_to_move(us);
        pos->set_counter_strike(cs);
        note_facts(checked);  // the null move's child wrote its own facts over this node's
        if (aborted) return 0;
        if (score >= beta) return score >= SCORE_MATE_BOUND ? beta : score;
    }

    // The picker generates the moves stage by stage; all at once at the root and for XBoard's
    // stalemate test, which needs them all unless a safe move shows at once (nearly always).
    MoveList& list = st.list;
    const bool host_mate = pos->rules().host_mate_test;
    const bool stalemate_test =
        host_mate && !root && !checked && pos->royal_count(us) == 1 && !shows_royal_safe_move(*pos);
    MovePicker picker(*pos, list, st.scores.data(), hash_move, st.killers, history, root || stalemate_test);
    // XBoard adjudicates a lone royal without a safe move: stalemate, a draw, when it is not
    // attacked now (checkmate needs no test: every move loses the royal, which the search sees).
    if (stalemate_test && !list.empty() && !has_royal_safe_move(*pos, list)) return draw_score();
    Move m = picker.next();
    if (m.is_none()) return host_mate && !checked ? draw_score() : no_moves_score(ply);  // no legal move

    const int alpha_orig = alpha;
    int best = -SCORE_INFINITE;
    Move best_move;
    int searched = 0, quiet_count = 0, quiets_seen = 0;
    // Futility for the quiet moves (below). Once it holds it holds for the rest of the node:
    // alpha, best and the count searched only grow.
    const bool futility_node = !pv_node && !checked && depth <= 3;
    auto quiets_futile = [&] {
        return futility_node && searched > 0 && best > -SCORE_MATE_BOUND && static_eval + 50 + 100 * depth <= alpha;
    };
    for (; !m.is_none(); m = picker.next()) {
        if (root && root_skip(m)) continue;
        const bool quiet = picker.last_was_quiet();
        if (quiet) ++quiets_seen;
        // Near the horizon, once a move has been searched and no mate is against us: skip quiet
        // moves that cannot lift a hopeless static score (futility) and, beyond a count that
        // grows with depth, late quiet moves altogether (late move pruning). Chu positions
        // have over a hundred moves, hence the generous counts.
        if (quiet && futility_node && searched > 0 && best > -SCORE_MATE_BOUND) {
            // Both tests hold for every later quiet move too (the picker returns them in
            // falling order and alpha does not move while they are skipped).
            if (quiets_futile() || quiets_seen > 6 + 3 * depth * depth) {
                picker.skip_quiets();
                continue;
            }
        }
        if (root && skip_root_unsafe && royal_attacked_after(*pos, m)) continue;
        const Piece moved = pos->piece_on(m.from());
        do_move(m);
        const int new_depth = depth - 1;
        int score;
        if (searched == 0) {
            score = -search(-beta, -alpha, new_depth, ply + 1);
        } else {
            int r = 0;
            if (depth >= 3 && quiet && !checked && searched >= 3) {
                r = LMR.r[std::min(depth, 63)][std::min(searched, 63)];
                if (pv_node) r = std::max(0, r - 1);
                r = std::clamp(r, 0, new_depth - 1);
            }
            score = -search(-alpha - 1, -alpha, new_depth - r, ply + 1);
            // No re-search of a child cut by the stop: its score means nothing, and a node
            // limit then stops the search exactly at the limit.
            if (!aborted && score > alpha && r > 0) score = -search(-alpha - 1, -alpha, new_depth, ply + 1);
            if (!aborted && score > alpha && score < beta) score = -search(-beta, -alpha, new_depth, ply + 1);
        }
        undo_move();
        if (aborted) return 0;
        ++searched;
        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = m;
                alpha = score;
                const Stack& next = stack[ply + 1];
                st.pv[ply] = m;
                for (int i = ply + 1; i < next.pv_len; ++i)
                    st.pv[i] = next.pv[i];
                st.pv_len = std::max(ply + 1, next.pv_len);
                if (root) {
                    root_best = m;
                    root_best_score = score;
                }
                if (score >= beta) {
                    if (quiet) {
                        if (st.killers[0] != m) {
                            st.killers[1] = st.killers[0];
                            st.killers[0] = m;
                        }
                        history.reward(moved, m.to(), depth);
                        for (int i = 0; i < quiet_count; ++i) {
                            const Move q = st.quiets_tried[i];
                            history.punish(pos->piece_on(q.from()), q.to(), depth);
                        }
                    }
                    break;
                }
            }
        }
        if (quiet && quiet_count < 32) st.quiets_tried[quiet_count++] = m;
        // Told before the quiet stage, the picker does not generate the moves futility drops.
        if (quiets_futile()) picker.skip_quiets();
    }

    if (searched == 0) return alpha;  // everything pruned: a fail-low
    const Bound bound = best >= beta ? BOUND_LOWER : best > alpha_orig ? BOUND_EXACT : BOUND_UPPER;
    // A repetition result belongs to this path only; stored, it would leak into other paths.
    if (std::abs(best) != REPETITION_SCORE && !near_move_limit())
        tt.store(pos->key(), ply, best_move, best, depth, bound);
    return best;
}

int Worker::aspiration(int depth, int previous) {
    if (depth < 4 || is_mate_score(previous)) return search(-SCORE_INFINITE, SCORE_INFINITE, depth, 0);
    int delta = ASPIRATION_DELTA;
    int alpha = std::max(previous - delta, -SCORE_INFINITE);
    int beta = std::min(previous + delta, SCORE_INFINITE);
    for (;;) {
        const int score = search(alpha, beta, depth, 0);
        if (aborted) return score;
        if (score <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = std::max(score - delta, -SCORE_INFINITE);
        } else if (score >= beta) {
            beta = std::min(score + delta, SCORE_INFINITE);
        } else {
            return score;
        }
        delta += delta;
        if (delta > 1000) {
            alpha = -SCORE_INFINITE;
            beta = SCORE_INFINITE;
        }
    }
}

SearchResult Worker::run(Position& p, const std::function<void(const SearchInfo&)>& on_info) {
    const SearchLimits& l = shared.limits;
    const TimeBudget& budget = shared.budget;
    pos = &p;
    root_side = p.side_to_move();
    nodes = 0;
    node_counter.store(0, std::memory_order_relaxed);
    aborted = false;
    seldepth = 0;
    clear_killers();
    prepare_facts_history();
    net = shared.net.get();
    if (net) accumulators.reset(p, *net);

    SearchResult result;
    MoveList root_moves;
    generate_legal(p, root_moves);
    if (root_moves.empty()) {
        result.score = p.royal_count(root_side) == 0 ? royal_lost_score(0) : no_moves_score(0);
        return result;
    }
    // A pass is left out of the root only while there is something else to play.
    skip_root_pass =
        !l.allow_pass && std::any_of(root_moves.begin(), root_moves.end(), [](Move m) { return !m.is_pass(); });
    skip_root_unsafe = p.rules().host_mate_test && p.royal_count(root_side) == 1 && has_royal_safe_move(p, root_moves);
    auto playable = [&](Move m) {
        return !(skip_root_pass && m.is_pass()) && !(skip_root_unsafe && royal_attacked_after(p, m));
    };
    // A safe move matters more than not passing: if the only safe moves are passes, pass.
    if (!std::any_of(root_moves.begin(), root_moves.end(), playable)) skip_root_pass = false;
    root_skipped.assign(l.excluded.begin(), l.excluded.end());
    root_skipped.reserve(root_skipped.size() + 64);
    auto searchable_move = [&](Move m) { return playable(m) && !root_skip(m); };
    const int searchable = int(std::count_if(root_moves.begin(), root_moves.end(), searchable_move));
    if (searchable == 0) return result;  // everything excluded: nothing to search
    const size_t user_skipped = root_skipped.size();
    // Lines per iteration: the main worker finds them; helpers search the best line only.
    const int lines = is_main() ? std::clamp(l.multipv, 1, std::min(searchable, 64)) : 1;
    std::array<int, 64> line_score{};
    // Something legal to play even if the first iteration is cut short.
    result.best = *std::find_if(root_moves.begin(), root_moves.end(), searchable_move);
    {
        TTHit hit;
        if (tt.probe(p.key(), 0, hit) && root_moves.contains(hit.move) && searchable_move(hit.move))
            result.best = hit.move;
    }

    const int max_depth = l.depth > 0 ? std::min(l.depth, MAX_PLY - 1) : MAX_PLY - 1;
    int previous = 0;
    int instability = 0;
    // Odd-numbered helpers run one ply ahead, so the table holds deeper results sooner.
    for (int depth = 1 + (id & 1); depth <= max_depth; ++depth) {
        root_depth = depth;
        root_best = Move::none();
        const int score = aspiration(depth, previous);
        const Stack& root_st = stack[0];
        auto report = [&](int line, int line_result, const Move* pv, int pv_len) {
            if (!on_info || !is_main()) return;
            SearchInfo info;
            info.depth = depth;
            info.seldepth = seldepth;
            info.score = line_result;
            info.nodes = total_nodes();
            info.time_ms = elapsed_ms();
            info.hashfull = tt.hashfull();
            info.multipv = line;
            info.pv.assign(pv, pv + pv_len);
            on_info(info);
        };
        if (aborted) {
            // A move that beat the previous best during the cut iteration is still better. It is
            // reported, so the move played is the first of the last line a host has read.
            if (!root_best.is_none() && root_best != result.best) {
                result.best = root_best;
                result.ponder = Move::none();
                if (root_st.pv_len > 0 && root_st.pv[0] == root_best) {
                    if (root_st.pv_len > 1) result.ponder = root_st.pv[1];
                    report(1, root_best_score, root_st.pv, root_st.pv_len);
                } else {
                    report(1, root_best_score, &root_best, 1);
                }
            }
            break;
        }
        if (root_st.pv_len > 0 && !root_st.pv[0].is_none()) {
            if (root_st.pv[0] != result.best && depth > 1) instability += 2;
            result.best = root_st.pv[0];
            result.ponder = root_st.pv_len > 1 ? root_st.pv[1] : Move::none();
        }
        instability = std::max(0, instability - 1);
        result.score = previous = score;
        result.depth = depth;
        if (!is_main()) continue;
        report(1, score, root_st.pv, root_st.pv_len);
        // MultiPV: each further line is the best root move left once the better lines' moves
        // are set aside. Line 1 alone decides the move played.
        for (int k = 1; k < lines && root_st.pv_len > 0; ++k) {
            root_skipped.push_back(root_st.pv[0]);
            root_best = Move::none();
            const int s = aspiration(depth, depth > 1 ? line_score[size_t(k)] : score);
            if (aborted || root_st.pv_len == 0) break;
            line_score[size_t(k)] = s;
            report(k + 1, s, root_st.pv, root_st.pv_len);
        }
        root_skipped.resize(user_skipped);
        if (aborted) break;
        // go mate N (Fairy-Stockfish's dialect): our royal capture within N moves of ours, that
        // is at ply 2N - 2 at the latest, is what was asked for, whatever the other limits.
        if (l.mate > 0 && score > SCORE_MATE_BOUND && SCORE_MATE - score <= 2 * l.mate - 2) break;
        if (l.infinite || shared.pondering.load()) continue;
        if (root_moves.size() == 1 && budget.limited) break;  // nothing to choose
        if (l.nodes && total_nodes() >= l.nodes) break;
        if (is_mate_score(score) && depth > SCORE_MATE - std::abs(score) + 2) break;
        // The soft share counts pondering time too (a ponder hit saves clock); a fixed time
        // per move counts from the ponderhit, like the hard limit.
        const int64_t thought = budget.fixed ? elapsed_ms() : shared.think_ms();
        if (budget.limited && thought >= scaled_soft_limit(budget, instability)) break;
    }
    if (!is_main()) return result;
    shared.helpers_stop.store(true);  // nothing more to learn from them
    // An infinite or ponder search that has run out of depth returns here; holding its answer
    // until stop/ponderhit is the caller's business (protocol/engine.cpp).
    result.nodes = nodes;
    pos = nullptr;
    return result;
}

// --- public interface ------------------------------------------------------------------------

Searcher::Searcher(size_t hash_mb) : impl_(std::make_unique<Impl>(hash_mb)) { prepare_tables(); }
Searcher::~Searcher() = default;

size_t Searcher::set_hash_mb(size_t mb) { return impl_->shared.tt.resize(std::max<size_t>(1, mb)); }
void Searcher::set_threads(int n) { impl_->set_threads(n); }
void Searcher::set_contempt(int cp) { impl_->shared.contempt = cp; }
void Searcher::set_network(std::shared_ptr<const nnue::Network> net) { impl_->shared.net = std::move(net); }
std::shared_ptr<const nnue::Network> Searcher::network() const { return impl_->shared.net; }
void Searcher::set_poll(std::function<void()> poll) { impl_->shared.poll = std::move(poll); }

void Searcher::new_game() {
    impl_->shared.tt.clear();
    impl_->main->clear_statistics();
    for (auto& h : impl_->helpers)
        h->clear_statistics();
}

void Searcher::prepare(bool ponder) {
    impl_->shared.stop_requested.store(false);
    impl_->shared.pondering.store(ponder);
    impl_->shared.ponderhit_pending.store(false);
    impl_->prepared.store(true);
}

SearchResult Searcher::search(Position& pos, const SearchLimits& limits,
                              const std::function<void(const SearchInfo&)>& on_info) {
    // Unprepared: the flags start now. Prepared: stop()/ponderhit() since prepare() stand.
    if (!impl_->prepared.exchange(false)) prepare(limits.ponder);
    impl_->prepared.store(false);
    SearchResult r = impl_->run(pos, limits, on_info);
    impl_->shared.pondering.store(false);
    return r;
}

void Searcher::stop() { impl_->shared.stop_requested.store(true); }

void Searcher::ponderhit() {
    impl_->shared.ponderhit_pending.store(true);
    impl_->shared.pondering.store(false);
}

uint64_t Searcher::nodes_searched() const { return impl_->nodes_searched(); }

}  // namespace shishi
