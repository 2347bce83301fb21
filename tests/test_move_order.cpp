// Move ordering: the picker's bands (hash move, winning captures, killers, other quiet moves,
// losing captures), every move returned once, and skip_quiets dropping the quiet moves still
// to come while the losing captures stay.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "shishi/search/move_order.hpp"
#include "shishi/search/see.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

namespace {

// White: a Rook that can take a defended Pawn (d1xd8, the Gold on e9 recaptures: a losing
// capture) and a Gold that can take an undefended Silver (f5xf6: a winning one).
Position ordering_position() { return board("Kl1 kl12 Rd1 pd8 ge9 Gf5 sf6"); }

struct PickerFixture {
    Position pos = ordering_position();
    MoveList list;
    int scores[MoveList::CAPACITY];
    HistoryTable history;
    Move killers[2];
    PickerFixture(Move k0, Move k1) : killers{k0, k1} {
        history.clear();
        generate_legal(pos, list);
    }
};

}  // namespace

TEST_CASE("the move picker returns every move once, in its bands", "[search][order]") {
    const Position pos = ordering_position();
    const Move hash = mv(pos, "l1k1");
    const Move killer = mv(pos, "f5e5");
    PickerFixture f(killer, Move::none());
    MovePicker picker(f.pos, f.list, f.scores, hash, f.killers, f.history);

    std::vector<Move> order;
    for (Move m = picker.next(); !m.is_none(); m = picker.next()) order.push_back(m);
    REQUIRE(int(order.size()) == f.list.size());
    for (Move m : legal_moves(pos))
        CHECK(std::count_if(order.begin(), order.end(), [&](Move x) { return x.same_as(m); }) == 1);

    CHECK(order[0] == hash);
    CHECK(order[1] == mv(pos, "f5f6"));   // the winning capture
    CHECK(order[2] == killer);            // then the killer, before the other quiet moves
    CHECK(order.back() == mv(pos, "d1d8"));  // the losing capture comes last
}

TEST_CASE("skip_quiets drops the quiet moves still to come but keeps losing captures",
          "[search][order]") {
    const Position pos = ordering_position();
    PickerFixture f(Move::none(), Move::none());
    MovePicker picker(f.pos, f.list, f.scores, Move::none(), f.killers, f.history);

    CHECK(picker.next() == mv(pos, "f5f6"));
    CHECK_FALSE(picker.last_was_quiet());
    const Move first_quiet = picker.next();
    CHECK(picker.last_was_quiet());
    CHECK_FALSE(pos.is_capture(first_quiet));
    picker.skip_quiets();
    CHECK(picker.next() == mv(pos, "d1d8"));
    CHECK_FALSE(picker.last_was_quiet());
    CHECK(picker.next().is_none());
}

namespace {

// The move picker as it was before the speed round (issue 14): every move scored in its band,
// then each pick a plain maximum and a scan for its first holder. The picker must return the
// same moves in the same order, ties included, or the search's node counts change.
struct ReferencePicker {
    static constexpr int HASH_BAND = 1 << 30;
    static constexpr int CAPTURE_BAND = 1 << 28;
    static constexpr int KILLER_BAND = 1 << 27;
    static constexpr int BAD_CAPTURE_BAND = -(1 << 29);
    static constexpr int QUIET_FLOOR = -(1 << 28);

    const Position& pos;
    std::vector<Move> list;
    std::vector<int> scores;
    int index = 0, end = 0;
    bool last_quiet = false;

    static int capture_score(const Position& pos, Move m) {
        const int victim = capture_value(pos, m);
        const int attacker = piece_value(kind_of(pos.piece_on(m.from())));
        int s = victim * 16 - attacker / 16;
        if (m.is_promotion()) s += 8 * 100;
        return s;
    }
    static bool quiet_score(int s) { return s < KILLER_BAND && s > QUIET_FLOOR; }

    ReferencePicker(const Position& p, const MoveList& moves, Move hash_move, const Move killers[2],
                    const HistoryTable& history)
        : pos(p), list(moves.begin(), moves.end()), end(moves.size()) {
        for (Move m : list) {
            int s;
            if (m == hash_move) {
                s = HASH_BAND;
            } else if (pos.is_capture(m)) {
                s = CAPTURE_BAND + capture_score(pos, m);
            } else if (m.is_promotion()) {
                const Kind k = kind_of(pos.piece_on(m.from()));
                s = KILLER_BAND + 1000 + piece_value(kind_info(k).promotes_to) - piece_value(k);
            } else if (m == killers[0]) {
                s = KILLER_BAND + 2;
            } else if (m == killers[1]) {
                s = KILLER_BAND + 1;
            } else {
                s = history.get(pos.piece_on(m.from()), m.to());
            }
            scores.push_back(s);
        }
    }

    Move next() {
        for (;;) {
            if (index >= end) return Move::none();
            int s = scores[size_t(index)];
            for (int i = index + 1; i < end; ++i) s = std::max(s, scores[size_t(i)]);
            int best = index;
            while (scores[size_t(best)] != s) ++best;
            if (s >= CAPTURE_BAND && s < HASH_BAND && !see_ge(pos, list[size_t(best)], 0)) {
                scores[size_t(best)] = BAD_CAPTURE_BAND + (s - CAPTURE_BAND);
                continue;
            }
            std::swap(list[size_t(index)], list[size_t(best)]);
            std::swap(scores[size_t(index)], scores[size_t(best)]);
            last_quiet = quiet_score(s);
            return list[size_t(index++)];
        }
    }

    void skip_quiets() {
        int kept = index;
        for (int i = index; i < end; ++i) {
            if (quiet_score(scores[size_t(i)])) continue;
            list[size_t(kept)] = list[size_t(i)];
            scores[size_t(kept++)] = scores[size_t(i)];
        }
        end = kept;
    }
};

}  // namespace

TEST_CASE("the move picker's order equals the reference picker's on random positions, ties included",
          "[search][order][random]") {
    std::mt19937 rng(20261201);
    HistoryTable history;
    int positions = 0, ties = 0;
    for (int game = 0; game < 24; ++game) {
        Position pos = Position::start();
        for (int ply = 0; ply < 100; ++ply) {
            MoveList list;
            generate_legal(pos, list);
            if (list.empty()) break;
            if (ply % 3 == 0) {
                INFO(to_xboard_fen(pos));
                // History: mostly zero (many ties), some positive and negative scores.
                history.clear();
                for (int i = 0; i < 200; ++i) {
                    const Move m = list[int(rng() % unsigned(list.size()))];
                    const int v = int(rng() % 2001) - 1000;
                    history.score[piece_index(pos.piece_on(m.from()))][m.to()] = v;
                }
                auto random_move = [&] { return rng() % 4 == 0 ? Move::none() : list[int(rng() % unsigned(list.size()))]; };
                const Move hash = random_move();
                const Move killers[2] = {random_move(), random_move()};
                const int skip_after = int(rng() % 40);  // skip the quiets after this many picks

                MoveList moves = list;
                int scores[MoveList::CAPACITY];
                MovePicker picker(pos, moves, scores, hash, killers, history);
                ReferencePicker reference(pos, list, hash, killers, history);
                for (int pick = 0;; ++pick) {
                    const Move m = picker.next();
                    const Move r = reference.next();
                    REQUIRE(m == r);
                    if (m.is_none()) break;
                    REQUIRE(picker.last_was_quiet() == reference.last_quiet);
                    if (pick >= skip_after && picker.last_was_quiet()) {
                        picker.skip_quiets();
                        reference.skip_quiets();
                    }
                }
                ++positions;
                ties += std::count(reference.scores.begin(), reference.scores.end(), 0) > 1;
            }
            pos.make(list[int(rng() % unsigned(list.size()))]);
        }
    }
    CHECK(positions > 500);
    CHECK(ties > 100);  // the tie order was exercised
}
