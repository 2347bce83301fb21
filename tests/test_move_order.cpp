// Move ordering: the picker's bands (hash move, winning captures, killers, other quiet moves,
// losing captures), every move returned once, and skip_quiets dropping the quiet moves still
// to come while the losing captures stay.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "shishi/search/move_order.hpp"
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
