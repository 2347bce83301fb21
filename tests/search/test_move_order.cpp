// Move ordering: the staged picker's bands (hash move, winning captures, promotions and
// killers, other quiet moves, losing captures), every legal move returned once whatever the
// hash move, the order against a plain reference, and skip_quiets dropping the quiet moves
// still to come while the losing captures stay.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "shishi/search/move_picker.hpp"
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
    PickerFixture(Move k0, Move k1) : killers{k0, k1} { history.clear(); }
};

}  // namespace

TEST_CASE("the move picker returns every move once, in its bands", "[search][order]") {
    const Position pos = ordering_position();
    const Move hash = mv(pos, "l1k1");
    const Move killer = mv(pos, "f5e5");
    PickerFixture f(killer, Move::none());
    MovePicker picker(f.pos, f.list, f.scores, hash, f.killers, f.history);

    std::vector<Move> order;
    for (Move m = picker.next(); !m.is_none(); m = picker.next())
        order.push_back(m);
    REQUIRE(order.size() == legal_moves(pos).size());
    for (Move m : legal_moves(pos))
        CHECK(std::count_if(order.begin(), order.end(), [&](Move x) { return x.same_as(m); }) == 1);

    CHECK(order[0] == hash);
    CHECK(order[1] == mv(pos, "f5f6"));  // the winning capture
    CHECK(order[2] == killer);  // then the killer, before the other quiet moves
    CHECK(order.back() == mv(pos, "d1d8"));  // the losing capture comes last
}

TEST_CASE("skip_quiets drops the quiet moves still to come but keeps losing captures", "[search][order]") {
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

// The staged order written plainly: the hash move if it is one of generate_legal's moves; the
// captures whose exchange does not lose, by victim (then cheapest attacker, promotion first);
// the non-captures: promotions by gain, the first killer, the second, the rest by history; the
// losing captures by victim. A stable sort of generate_legal's order, so ties keep it.
struct Pick {
    Move move;
    bool quiet;  // what last_was_quiet must say
};

std::vector<Pick> reference_order(const Position& pos, Move hash, const Move killers[2], const HistoryTable& history) {
    MoveList all;
    generate_legal(pos, all);
    struct Keyed {
        Move move;
        int tier, value;
    };
    std::vector<Keyed> good, quiets, bad;
    bool hash_legal = false;
    for (Move m : all) {
        if (m == hash) {
            hash_legal = true;
            continue;
        }
        if (pos.is_capture(m)) {
            const int value = capture_value(pos, m) * 16 - piece_value(kind_of(pos.piece_on(m.from()))) / 16 +
                (m.is_promotion() ? 800 : 0);
            (see_ge(pos, m, 0) ? good : bad).push_back({m, 0, value});
        } else if (m.is_promotion()) {
            const Kind k = kind_of(pos.piece_on(m.from()));
            quiets.push_back({m, 3, piece_value(kind_info(k).promotes_to) - piece_value(k)});
        } else if (m == killers[0]) {
            quiets.push_back({m, 2, 0});
        } else if (m == killers[1]) {
            quiets.push_back({m, 1, 0});
        } else {
            quiets.push_back({m, 0, history.get(pos.piece_on(m.from()), m.to())});
        }
    }
    auto by_key = [](const Keyed& a, const Keyed& b) { return a.tier != b.tier ? a.tier > b.tier : a.value > b.value; };
    std::vector<Pick> order;
    if (hash_legal) order.push_back({hash, false});
    for (auto* part : {&good, &quiets, &bad}) {
        std::stable_sort(part->begin(), part->end(), by_key);
        for (const Keyed& k : *part)
            order.push_back({k.move, part == &quiets && k.tier == 0});
    }
    return order;
}

// What the picker returns, skip_quiets called after the first quiet move at or past pick
// number skip_after (never if negative); early: after pick skip_after whatever it was (before
// the first pick for 0), as the search does once futility holds, maybe before the quiet stage.
std::vector<Pick> picked(const Position& pos, Move hash, const Move killers[2], const HistoryTable& history,
                         int skip_after, bool all_now, bool early = false) {
    MoveList list;
    static int scores[MoveList::CAPACITY];
    MovePicker picker(pos, list, scores, hash, killers, history, all_now);
    if (all_now) CHECK(list.size() == count_legal(pos));  // every move is there at once
    std::vector<Pick> order;
    if (early && skip_after == 0) picker.skip_quiets();
    for (Move m = picker.next(); !m.is_none(); m = picker.next()) {
        order.push_back({m, picker.last_was_quiet()});
        if (skip_after >= 0 && int(order.size()) >= skip_after && early) {
            picker.skip_quiets();
            skip_after = -1;
        }
        if (skip_after >= 0 && int(order.size()) > skip_after && picker.last_was_quiet()) {
            picker.skip_quiets();
            skip_after = -1;
        }
    }
    CHECK(picker.next().is_none());  // and stays done
    return order;
}

// The reference with skip_quiets applied the same way: the quiet moves after the first quiet
// one at or past skip_after are dropped (they all come after it; losing captures stay).
std::vector<Pick> skipped(std::vector<Pick> order, int skip_after) {
    if (skip_after < 0) return order;
    std::vector<Pick> kept;
    bool skipping = false;
    for (const Pick& p : order) {
        if (skipping && p.quiet) continue;
        kept.push_back(p);
        if (int(kept.size()) > skip_after && p.quiet) skipping = true;
    }
    return kept;
}

// The reference with skip_quiets called early: the quiet moves (not the promotions and
// killers) after the first skip_after picks are dropped.
std::vector<Pick> skipped_early(const std::vector<Pick>& order, int skip_after) {
    std::vector<Pick> kept;
    for (const Pick& p : order)
        if (!p.quiet || int(kept.size()) < skip_after) kept.push_back(p);
    return kept;
}

struct Coverage {
    int positions = 0, hash_legal = 0, hash_illegal = 0, hash_capture = 0, hash_quiet = 0, hash_pass = 0;
    int skips = 0, early_skips = 0, early_kept = 0, no_captures = 0, no_quiets = 0, doubles = 0, igui = 0, passes = 0,
        ties = 0;
};

// A hash move: none, one of this position's moves (its pass more often), one of another
// position's, or junk.
Move random_hash(std::mt19937& rng, const MoveList& list, const MoveList& other) {
    switch (rng() % 6) {
        case 0: return Move::none();
        case 5:
            for (Move m : list)
                if (m.is_pass()) return m;
            [[fallthrough]];
        case 1:
        case 2: return list[int(rng() % unsigned(list.size()))];
        case 3: return other.empty() ? Move::none() : other[int(rng() % unsigned(other.size()))];
        default: return Move::from_raw(uint32_t(rng()) & 0x3FFFFFFu);
    }
}

void compare_with_reference(const Position& pos, const MoveList& other, std::mt19937& rng, Coverage& cov) {
    INFO(to_xboard_fen(pos));
    MoveList list;
    generate_legal(pos, list);
    HistoryTable history;
    history.clear();
    if (!list.empty())  // mostly zero (many ties), some positive and negative scores
        for (int i = 0; i < 200; ++i) {
            const Move m = list[int(rng() % unsigned(list.size()))];
            history.score[piece_index(pos.piece_on(m.from()))][m.to()] = int(rng() % 2001) - 1000;
        }
    const Move hash = list.empty() ? Move::none() : random_hash(rng, list, other);
    Move killers[2] = {Move::none(), Move::none()};
    for (Move& k : killers)
        if (!list.empty() && rng() % 4) k = list[int(rng() % unsigned(list.size()))];
    const int skip_after = rng() % 3 == 0 ? -1 : int(rng() % 40);

    const std::vector<Pick> expected = skipped(reference_order(pos, hash, killers, history), skip_after);
    for (bool all_now : {false, true}) {
        const std::vector<Pick> got = picked(pos, hash, killers, history, skip_after, all_now);
        REQUIRE(got.size() == expected.size());
        for (size_t i = 0; i < got.size(); ++i) {
            INFO("pick " << i << " all_now " << all_now);
            REQUIRE(got[i].move == expected[i].move);
            REQUIRE(got[i].quiet == expected[i].quiet);
        }
    }
    if (skip_after >= 0) {
        const std::vector<Pick> reference = reference_order(pos, hash, killers, history);
        const std::vector<Pick> early = skipped_early(reference, skip_after);
        for (bool all_now : {false, true}) {
            const std::vector<Pick> got = picked(pos, hash, killers, history, skip_after, all_now, true);
            REQUIRE(got.size() == early.size());
            for (size_t i = 0; i < got.size(); ++i) {
                INFO("early skip after " << skip_after << ", pick " << i << " all_now " << all_now);
                REQUIRE(got[i].move == early[i].move);
                REQUIRE(got[i].quiet == early[i].quiet);
            }
        }
        // Skipped before any quiet move came: the picker never generated the others.
        bool before = true;
        for (int i = 0; i < skip_after && i < int(reference.size()); ++i)
            before &= !reference[size_t(i)].quiet;
        cov.early_skips += before && early.size() < reference.size();
        // ... and still returned the promotions and killers.
        for (size_t i = size_t(skip_after); before && i < early.size(); ++i)
            cov.early_kept += !early[i].quiet && early[i].move != hash && !pos.is_capture(early[i].move);
    }
    // Without skipping, each legal move exactly once.
    if (skip_after < 0) {
        REQUIRE(expected.size() == size_t(list.size()));
        for (Move m : list)
            CHECK(std::count_if(expected.begin(), expected.end(), [&](const Pick& p) { return p.move == m; }) == 1);
    }

    ++cov.positions;
    bool legal = false, captures = false, quiets = false;
    std::vector<int> zero_history;
    for (Move m : list) {
        legal |= m == hash;
        (pos.is_capture(m) ? captures : quiets) = true;
        cov.doubles += m.is_double() && !m.is_igui();
        cov.igui += m.is_igui();
        cov.passes += m.is_pass();
    }
    if (!hash.is_none()) {
        ++(legal ? cov.hash_legal : cov.hash_illegal);
        if (legal) ++(hash.is_pass() ? cov.hash_pass : pos.is_capture(hash) ? cov.hash_capture : cov.hash_quiet);
    }
    cov.skips += skip_after >= 0 && expected.size() < size_t(list.size());
    cov.no_captures += !captures;
    cov.no_quiets += !quiets;
    int zeros = 0;
    for (const Pick& p : expected)
        zeros += p.quiet && history.get(pos.piece_on(p.move.from()), p.move.to()) == 0;
    cov.ties += zeros > 1;
}

}  // namespace

TEST_CASE("the staged picker's order equals the plain reference over random games", "[search][order][random]") {
    std::mt19937 rng(20261201);
    Coverage cov;
    for (const Position& root : random_game_roots())
        for (int game = 0; game < 3; ++game) {
            Position pos = root;
            MoveList previous, older;  // older: the same side's moves two plies ago
            for (int ply = 0; ply < 150; ++ply) {
                MoveList list;
                generate_legal(pos, list);
                if (list.empty()) break;
                if (ply % 3 == 0) compare_with_reference(pos, older, rng, cov);
                older = previous;
                previous = list;
                pos.make(list[int(rng() % unsigned(list.size()))]);
            }
        }
    CHECK(cov.positions > 1500);
    CHECK(cov.hash_legal > 800);
    CHECK(cov.hash_illegal > 300);
    CHECK(cov.hash_capture > 40);
    CHECK(cov.hash_quiet > 600);
    CHECK(cov.hash_pass > 100);
    CHECK(cov.skips > 700);
    CHECK(cov.early_skips > 150);
    CHECK(cov.early_kept > 250);
    CHECK(cov.no_captures > 300);
    CHECK(cov.doubles > 2000);
    CHECK(cov.igui > 400);
    CHECK(cov.passes > 600);
    CHECK(cov.ties > 200);
}

TEST_CASE("the staged picker's order equals the plain reference on random crowded boards", "[search][order][random]") {
    // Lion power, jumps and long lines over-represented: double moves, igui and passes.
    const Kind kinds[] = {LION,       PROMOTED_LION,  HORNED_FALCON, SOARING_EAGLE, KIRIN, PHOENIX, QUEEN,
                          ROOK,       BISHOP,         DRAGON_KING,   LANCE,         GOLD,  SILVER,  PAWN,
                          GO_BETWEEN, DRUNK_ELEPHANT, PRINCE,        KING,          TOKIN};
    std::mt19937 rng(1201);
    Coverage cov;
    MoveList previous;
    for (int trial = 0; trial < 800; ++trial) {
        Position pos = random_crowded_board(rng, kinds, 10, 60);
        pos.set_side_to_move(Color(rng() % 2));
        compare_with_reference(pos, previous, rng, cov);
        previous.clear();
        generate_legal(pos, previous);
    }
    CHECK(cov.hash_legal > 200);
    CHECK(cov.hash_illegal > 100);
    CHECK(cov.hash_capture > 20);
    CHECK(cov.hash_pass > 60);
    CHECK(cov.skips > 250);
    CHECK(cov.early_skips > 180);
    CHECK(cov.early_kept > 800);
    CHECK(cov.doubles > 4000);
    CHECK(cov.igui > 800);
    CHECK(cov.passes > 350);
    CHECK(cov.ties > 120);
}

TEST_CASE("the staged picker on positions without captures, without quiet moves or without moves", "[search][order]") {
    HistoryTable history;
    history.clear();
    const Move no_killers[2] = {Move::none(), Move::none()};
    std::mt19937 rng(7);
    const MoveList none_other;
    SECTION("the start: no captures") {
        const Position pos = Position::start();
        MoveList caps;
        generate_captures(pos, caps);
        REQUIRE(caps.empty());
        for (Move hash : {Move::none(), mv(pos, "f4f5"), Move::normal(sq("f4"), sq("f6"))}) {
            const auto order = picked(pos, hash, no_killers, history, -1, false);
            const auto expected = reference_order(pos, hash, no_killers, history);
            REQUIRE(order.size() == expected.size());
            for (size_t i = 0; i < order.size(); ++i)
                CHECK(order[i].move == expected[i].move);
        }
    }
    SECTION("a King boxed in by enemy Pawns: captures only") {
        const Position pos = board("Ka1 pa2 pb1 pb2 kl12");
        MoveList quiets;
        generate_quiets(pos, quiets);
        REQUIRE(quiets.empty());
        const auto order = picked(pos, mv(pos, "a1b2"), no_killers, history, 0, false);
        REQUIRE(order.size() == 3);
        CHECK(order[0].move == mv(pos, "a1b2"));
        for (const Pick& p : order)
            CHECK(pos.is_capture(p.move));
    }
    SECTION("no royal: no moves, whatever the hash move") {
        const Position pos = board("Ga1 Nf6 ka12");
        for (Move hash : {Move::none(), Move::normal(sq("a1"), sq("a2")), Move::pass(sq("f6"), sq("f7"))})
            CHECK(picked(pos, hash, no_killers, history, -1, false).empty());
    }
}

TEST_CASE("the staged picker returns a pass hash move once, and a stale one not at all", "[search][order]") {
    // A Lion that can pass (an empty neighbour): the generated pass is the only pass returned.
    const Position pos = board("Kl1 kl12 Nf6 pf8");
    HistoryTable history;
    history.clear();
    const Move no_killers[2] = {Move::none(), Move::none()};
    MoveList all;
    generate_legal(pos, all);
    Move pass;
    for (Move m : all)
        if (m.is_pass()) pass = m;
    REQUIRE(!pass.is_none());
    for (Move hash : {pass, Move::pass(sq("a1"), sq("a2"))}) {
        const auto order = picked(pos, hash, no_killers, history, -1, false);
        CHECK(order.size() == size_t(all.size()));
        CHECK(std::count_if(order.begin(), order.end(), [](const Pick& p) { return p.move.is_pass(); }) == 1);
        CHECK((order[0].move == pass) == (hash == pass));
    }
}

TEST_CASE("the staged picker puts promotions and killers before the other quiet moves, not as quiet",
          "[search][order]") {
    // A Pawn on the rank before the zone promotes on entering it; the killers are Gold moves.
    const Position pos = board("Kl1 kl12 Pc8 Ga5", "w - - 0 1");
    HistoryTable history;
    history.clear();
    history.score[piece_index(pos.piece_on(sq("a5")))][sq("b5")] = 500;
    const Move killers[2] = {mv(pos, "a5a6"), mv(pos, "a5b6")};
    const auto order = picked(pos, Move::none(), killers, history, -1, false);
    REQUIRE(order.size() >= 4);
    CHECK(order[0].move == mv(pos, "c8c9+"));
    CHECK_FALSE(order[0].quiet);
    CHECK(order[1].move == killers[0]);
    CHECK(order[2].move == killers[1]);
    CHECK_FALSE(order[2].quiet);
    CHECK(order[3].move == mv(pos, "a5b5"));  // the best history
    CHECK(order[3].quiet);
}
