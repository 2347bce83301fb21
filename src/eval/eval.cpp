// Per piece: material, a piece-square term chosen by the piece's character (royal, Lion, Pawn,
// slider, stepper), for pieces that can still promote part of the promotion gain that grows as
// the piece nears the zone, and for sliders the squares they reach (more for squares in the
// enemy's promotion zone). Then per side: a Lion against no Lion, and royal safety (enemy Lions
// and crowds near a lone royal, gaps in its wall a Lion can take). The per-piece sums and the
// Lion counts are kept by Position through make/unmake, so the evaluation reads them; only
// when they cannot serve (the sums made for other weights, or a non-zero zone weight, which
// the kept reach does not split) does it walk both piece lists. Everything is computed for the
// first player's view with the second player's squares turned by 180 degrees, so a position
// and its colour-swapped rotation evaluate to exact negatives. All weights come from the parameter table (eval_params.hpp).
#include "shishi/eval/eval.hpp"

#include <algorithm>
#include <atomic>
#include <bit>

#include "shishi/core/attacks.hpp"
#include "shishi/core/neighbours.hpp"
#include "shishi/core/piece_square.hpp"
#include "shishi/core/pieces.hpp"
#include "shishi/eval/eval_params.hpp"

namespace shishi {
namespace {

constexpr int SQUARES = BOARD_SIZE * BOARD_SIZE;
constexpr int ZONE_RANKS = 4;

enum Character { ROYAL, LION_LIKE, PAWN_LIKE, SLIDER, STEPPER };

Character character_of(Kind k) {
    const KindInfo& info = kind_info(k);
    if (info.royal) return ROYAL;
    if (info.lion) return LION_LIKE;
    if (k == PAWN || k == GO_BETWEEN) return PAWN_LIKE;
    for (uint8_t r : info.reach)
        if (r & REACH_SLIDE) return SLIDER;
    return STEPPER;
}

// Positional bonus for a first-player piece on (file, rank); rank 0 is its own back rank.
int square_bonus(const EvalParams& w, Character ch, int file, int rank) {
    const int centre = file < BOARD_SIZE - 1 - file ? file : BOARD_SIZE - 1 - file;  // 0..5
    const int forward = rank < 7 ? rank : 7;
    switch (ch) {
        case ROYAL:  // stay home behind the wall; a royal that wanders out gets caught
            return rank <= 1 ? w[ROYAL_HOME] : -w[ROYAL_PER_RANK_OUT] * (rank - 1);
        case LION_LIKE:  // the Lion dominates from the centre, a little forward
            return w[LION_CENTRE] * centre + w[LION_FORWARD] * forward;
        case PAWN_LIKE:  // pawns start on rank 3; advancing gains space
            return (rank > 3 ? w[PAWN_ADVANCE] * (rank - 3) : 0) + w[PAWN_CENTRE] * centre;
        case SLIDER:  // long-range pieces need little help; mild centralisation
            return w[SLIDER_CENTRE] * centre;
        case STEPPER:  // short-range pieces must come forward (past the pawn line) to matter
            return w[STEPPER_CENTRE] * centre + w[STEPPER_FORWARD] * forward + (rank >= 4 ? w[STEPPER_DEVELOPED] : 0);
    }
    return 0;
}

// Share (in 1/64) of the promotion gain credited by distance to the zone (0 = inside).
int promotion_weight(const EvalParams& w, int ranks_to_zone) {
    switch (ranks_to_zone) {
        case 0: return w[PROMO_IN_ZONE];  // promotes on any capture, or a Pawn on the last rank
        case 1: return w[PROMO_ONE_AWAY];
        case 2: return w[PROMO_TWO_AWAY];
        default: return w[PROMO_FAR];
    }
}

int value_of(const EvalParams& w, Kind k) {
    const EvalParamId id = value_param(k);
    return id < EVAL_PARAM_NB ? w[id] : 0;
}

struct Tables {
    EvalParams w;
    // Material + square bonus + promotion potential, first player's view, per kind and square.
    int psq[KIND_NB][SQUARES];
    int value[KIND_NB];
    bool slider[KIND_NB];
    bool lion[KIND_NB];
    // psq index of a mailbox square as each colour sees it (the second player's board turned).
    int16_t view[2][FRAME_SQUARES];

    void build(const EvalParams& params) {
        w = params;
        for (int s = 0; s < FRAME_SQUARES; ++s) {
            const int f = file_of(Square(s)), r = rank_of(Square(s));
            const bool board = is_board_square(Square(s));
            view[WHITE][s] = int16_t(board ? r * BOARD_SIZE + f : 0);
            view[BLACK][s] = int16_t(board ? (BOARD_SIZE - 1 - r) * BOARD_SIZE + (BOARD_SIZE - 1 - f) : 0);
        }
        for (int k = 0; k < KIND_NB; ++k)
            value[k] = value_of(w, Kind(k));
        for (int s = 0; s < SQUARES; ++s)
            psq[NO_KIND][s] = 0;
        slider[NO_KIND] = lion[NO_KIND] = false;
        for (int k = 1; k < KIND_NB; ++k) {
            const Kind kind = Kind(k);
            const Character ch = character_of(kind);
            slider[k] = ch == SLIDER;
            lion[k] = ch == LION_LIKE;
            const int gain = can_promote(kind) ? value_of(w, kind_info(kind).promotes_to) - value_of(w, kind) : 0;
            for (int r = 0; r < BOARD_SIZE; ++r)
                for (int f = 0; f < BOARD_SIZE; ++f) {
                    const int to_zone = r >= BOARD_SIZE - ZONE_RANKS ? 0 : BOARD_SIZE - ZONE_RANKS - r;
                    const int promo = gain > 0 ? gain * promotion_weight(w, to_zone) / 64 : 0;
                    psq[k][r * BOARD_SIZE + f] = value_of(w, kind) + square_bonus(w, ch, f, r) + promo;
                }
        }
        install_piece_square_scores();
    }

    // The same material + piece-square numbers for Position's incremental sums.
    void install_piece_square_scores() const {
        PieceSquareScores& out = piece_square_scores;
        for (Color c : {WHITE, BLACK})
            for (int k = 0; k < KIND_NB; ++k) {
                const int i = piece_index(make_piece(c, Kind(k)));
                for (int s = 0; s < FRAME_SQUARES; ++s)
                    out.score[i][s] = int16_t(is_board_square(Square(s)) && k != NO_KIND ? psq[k][view[c][s]] : 0);
            }
        ++out.generation;
    }
};

// King-move distance between two squares, capped at 4 (royal safety looks at 3): a lookup in
// the row of the royal's square instead of arithmetic for every enemy piece. No weights in it.
struct NearTable {
    uint8_t d[FRAME_SQUARES][FRAME_SQUARES];
    constexpr NearTable() : d{} {
        for (int a = 0; a < FRAME_SQUARES; ++a)
            for (int b = 0; b < FRAME_SQUARES; ++b) {
                const int n = distance(Square(a), Square(b));
                d[a][b] = uint8_t(n < 4 ? n : 4);
            }
    }
};
// Built by the compiler, so an evaluation during another file's static initialisation sees it.
constinit const NearTable NEAR;

// Set bits of an 8-bit mask: a lookup, since std::popcount without a POPCNT target is a call.
struct BitCount {
    uint8_t n[256];
    constexpr BitCount() : n{} {
        for (int m = 1; m < 256; ++m)
            n[m] = uint8_t(n[m >> 1] + (m & 1));
    }
};
constinit const BitCount BIT_COUNT;

// Built on first use, which may come during another file's static initialisation (a test's
// constant from piece_value): the default weights it reads are constant-initialised for that.
// Reached through a pointer so the hot callers (piece_value in exchange evaluation and move
// ordering) pay one load instead of a guarded function-local static.
// Out of line, so the hot callers' fast path stays a load and a test.
[[gnu::noinline]] Tables& default_tables() {
    static Tables t = [] {
        Tables x;
        x.build(default_eval_params());
        return x;
    }();
    return t;
}
std::atomic<Tables*> current_tables{nullptr};
std::atomic<unsigned> params_generation{0};  // counts set_eval_params calls

// Acquire/release: the thread that finds the pointer set must also see the tables the setting
// thread built (a helper thread may be the first to evaluate; ThreadSanitizer caught the relaxed
// version racing in `shishi bench 4 3`). On x86 both are plain moves.
inline Tables& tables() {
    Tables* t = current_tables.load(std::memory_order_acquire);
    if (t == nullptr) [[unlikely]] {
        t = &default_tables();
        current_tables.store(t, std::memory_order_release);
        detail::piece_values.store(t->value, std::memory_order_release);
    }
    return *t;
}

// Is square t in the promotion zone of side c's opponent (where c's pieces promote)?
inline bool in_enemy_zone(Color c, Square t) {
    const int r = rank_of(t);
    return c == WHITE ? r >= BOARD_SIZE - ZONE_RANKS : r < ZONE_RANKS;
}

// Danger to side c's royal (positive = bad for c); only a lone royal can be lost at once.
int royal_danger(const Tables& T, const Position& pos, Color c, bool enemy_has_lion) {
    if (pos.royal_count(c) != 1) return 0;
    const Square royal = pos.royal_square(c);
    const EvalParams& w = T.w;
    int danger = 0;
    const uint8_t* near = NEAR.d[royal];
    const Piece* b = pos.board();
    // The enemy pieces within three squares: the 7x7 box around the royal read a row of eight
    // squares at a time (a byte each in one word) rather than the whole enemy piece list. A row
    // starting left of the board starts on a guard square (the frame is two squares wide, and
    // before file 0 of a rank comes the previous rank's guard), which is no enemy.
    const int file = file_of(royal), rank = rank_of(royal);
    constexpr uint64_t SEVEN = 0x00FFFFFFFFFFFFFF;
    for (int r = std::max(0, rank - 3); r <= std::min(BOARD_SIZE - 1, rank + 3); ++r) {
        const int row = (r + 2) * FRAME_WIDTH + file - 3 + 2;
        for (uint64_t hit = colour_bytes(square_bytes(b, row), ~c) & SEVEN; hit; hit &= hit - 1) {
            const int t = row + std::countr_zero(hit) / 8;
            const int d = near[t];
            if (T.lion[kind_of(b[t])])  // a Lion in reach takes the royal next move
                danger += d <= 2 ? w[DANGER_LION_NEAR] : w[DANGER_LION_THREE];
            else
                danger += d <= 2 ? w[DANGER_PIECE_NEAR] : w[DANGER_PIECE_THREE];
        }
    }
    // The own pieces next to the royal, all eight at once.
    const unsigned wall = Neighbours(b, royal).owned_by(c);
    const int guards = BIT_COUNT.n[wall];
    int gaps = 0;
    // A Lion takes an unprotected piece for free; protected pieces keep it out. The royal
    // itself does not count as a protector: recapturing would walk it out of its shelter.
    if (enemy_has_lion && w[WALL_GAP] != 0)
        for (unsigned m = wall; m; m &= m - 1)
            gaps += attacker_count(b, Square(royal + DIRECTION_OFFSET[std::countr_zero(m)]), c) < 2;
    danger -= w[ROYAL_GUARD] * (guards < 4 ? guards : 4);
    danger += w[WALL_GAP] * gaps;
    return danger;
}

// Squares a slider reaches along its sliding directions (empty squares plus a capture); the
// second count is those inside the enemy's promotion zone (counted only when Zone: the ray walk
// is the evaluation's hot loop, and at weight 0 the count is not needed).
struct SliderReach {
    int all = 0, zone = 0;
};
template <bool Zone>
inline SliderReach slider_reach(const Piece* b, Square s, Color c, Kind k) {
    SliderReach n;
    const MoveShape& shape = move_shape(c, k);
    for (int i = 0; i < shape.slide_count; ++i) {
        const int off = shape.slide[i];
        int t = s + off;
        while (b[t] == EMPTY) {
            ++n.all;
            if (Zone) n.zone += in_enemy_zone(c, Square(t));
            t += off;
        }
        if (b[t] != EDGE && color_of(b[t]) != c) {
            ++n.all;
            if (Zone) n.zone += in_enemy_zone(c, Square(t));
        }
    }
    return n;
}

}  // namespace

namespace detail {
constinit std::atomic<const int*> piece_values{nullptr};
const int* init_piece_values() { return tables().value; }
}  // namespace detail

const EvalParams& eval_params() { return tables().w; }

void prepare_tables() { tables(); }

unsigned eval_params_generation() { return params_generation.load(std::memory_order_acquire); }

void set_eval_params(const EvalParams& p) {
    tables().build(p);  // in place: the pointer stays, only the weights change
    params_generation.fetch_add(1, std::memory_order_release);
}

void prepare_evaluation(Position& pos) {
    tables();  // installs the piece-square scores on first use
    if (pos.score_generation() != piece_square_scores.generation) pos.refresh_scores();
}

namespace {

// The walk: material, piece-square (unless Summed: the position's running sum) and mobility
// terms of side c's pieces, counting its Lions; one instance per case, so the piece loop tests
// neither.
template <bool Summed, bool Zone>
int piece_terms(const Tables& T, const Position& pos, Color c, int& lions) {
    const EvalParams& w = T.w;
    const Piece* b = pos.board();
    int sum = Summed ? pos.psq_score(c) : 0;
    int mobility = 0, zone = 0, lion_count = 0;
    const int n = pos.piece_count(c);
    for (int i = 0; i < n; ++i) {
        const Square s = pos.piece_square(c, i);
        const Kind k = kind_of(b[s]);
        if (!Summed) sum += T.psq[k][T.view[c][s]];
        lion_count += T.lion[k];
        if (T.slider[k]) {
            const SliderReach r = slider_reach<Zone>(b, s, c, k);
            mobility += r.all;
            if (Zone) zone += r.zone;
        }
    }
    lions = lion_count;
    return sum + w[MOBILITY] * mobility + (Zone ? w[ZONE_REACH] * zone : 0);
}

int walked_piece_terms(const Tables& T, const Position& pos, Color c, int& lions, bool summed) {
    if (T.w[ZONE_REACH])
        return summed ? piece_terms<true, true>(T, pos, c, lions) : piece_terms<false, true>(T, pos, c, lions);
    return piece_terms<false, false>(T, pos, c, lions);  // with current sums no walk is needed
}

}  // namespace

int evaluate_white(const Position& pos) {
    const Tables& T = tables();
    const EvalParams& w = T.w;
    const bool summed = pos.score_generation() == piece_square_scores.generation;
    int side[2] = {0, 0};
    int lions[2] = {0, 0};
    if (summed && w[ZONE_REACH] == 0) {
        for (Color c : {WHITE, BLACK}) {
            side[c] = pos.psq_score(c) + w[MOBILITY] * pos.slider_reach(c);
            lions[c] = pos.lion_count(c);
        }
    } else {
        for (Color c : {WHITE, BLACK})
            side[c] = walked_piece_terms(T, pos, c, lions[c], summed);
    }
    for (Color c : {WHITE, BLACK}) {
        if (lions[c] && !lions[~c]) side[c] += w[LION_MONOPOLY];
        side[c] -= royal_danger(T, pos, c, lions[~c] > 0);
    }
    return side[WHITE] - side[BLACK];
}

int evaluate(const Position& pos) {
    const int s = evaluate_white(pos);
    return pos.side_to_move() == WHITE ? s : -s;
}

}  // namespace shishi
