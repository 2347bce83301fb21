// The bare-king verdict (bare_king.hpp) as the search scores it, and Game and search agreeing.
#include "shishi/core/bare_king.hpp"
#include "shishi/core/game.hpp"
#include "shishi/search/search.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

namespace {

RuleSet book_with_bare_king() {
    RuleSet r;
    r.bare_king = BareKingRule::BOOK;
    return r;
}

SearchResult search_at(Position pos, int depth) {
    Searcher s(8);
    SearchLimits l;
    l.depth = depth;
    return s.search(pos, l);
}

}  // namespace

TEST_CASE("bare king in search: taking the last Gold wins at once under lishogi and the book option",
          "[search][bare-king]") {
    // a5a6 leaves Black with a bare King; nothing else wins within two plies.
    for (const RuleSet* rules : {&lishogi_rules(), &stable(book_with_bare_king())}) {
        Position pos = board("Kl1 Ra5 Gl5 ka12 ga6");
        pos.set_rules(*rules);
        for (int depth : {1, 2}) {
            SearchResult r = search_at(pos, depth);
            INFO("preset " << preset_name(rules->preset) << " depth " << depth << " score " << r.score);
            CHECK(move_to_xboard(r.best) == "a5a6");
            CHECK(r.score > SCORE_MATE_BOUND);
        }
    }
    // Without the rule that capture is only a Gold's worth.
    Position off = board("Kl1 Ra5 Gl5 ka12 ga6");
    CHECK(search_at(off, 2).score < SCORE_MATE_BOUND);
}

TEST_CASE("bare king in search: King against King is a draw under lishogi", "[search][bare-king]") {
    // Black's King takes White's last piece: King against King. Under lishogi a draw, which
    // the search must prefer to its alternatives (White's Rook is otherwise a winning margin).
    Position pos = board("Kl1 Rb11 ka12", "b - - 0 1");
    pos.set_rules(lishogi_rules());
    SearchResult r = search_at(pos, 2);
    INFO("played " << move_to_xboard(r.best) << " score " << r.score);
    CHECK(move_to_xboard(r.best) == "a12b11");
    CHECK(r.score == 0);
    Game g(lishogi_rules());
    g.reset(pos);
    g.play(r.best);
    CHECK(g.status().outcome == Outcome::DRAW);
}

TEST_CASE("bare king: Game and the search read one verdict", "[search][bare-king][rules]") {
    struct Case {
        const char* pieces;
        const char* tail;
        const char* move;
    };
    const Case cases[] = {
        {"Kl1 Ra5 Gl5 ka12 ga6", "w - - 0 1", "a5a6"},  // bared
        {"Kl1 Ra5 ka12 ga11", "w - - 0 1", "a5a11"},  // bared, may take back (lishogi exception)
        {"Kl1 Rb11 ka12", "b - - 0 1", "a12b11"},  // King against King
        {"Kl1 Pb10 ka12 gb11", "w - - 0 1", "b10b11"},  // a Pawn cannot bare
        {"Kl1 Ra5 Gl5 ka12 ga6 gb6", "w - - 0 1", "a5a6"},  // not bare
    };
    for (const RuleSet* rules : {&lishogi_rules(), &stable(book_with_bare_king()), &book_rules()}) {
        for (const Case& c : cases) {
            Position pos = board(c.pieces, c.tail);
            pos.set_rules(*rules);
            Game g(*rules);
            g.reset(pos);
            g.play(mv(pos, c.move));
            const GameStatus st = g.status();
            const BareKingVerdict v = judge_bare_king(g.position());
            INFO("preset " << preset_name(rules->preset) << " bare " << int(rules->bare_king) << " " << c.pieces << " "
                           << c.move << ": " << st.reason);
            // Every decisive verdict is the game's result; the search then scores the child
            // as decided (a mate-level score for a win or loss, a draw for the draws).
            Position p = pos;
            p.make(mv(pos, c.move));
            const int child = search_at(p, 1).score;
            switch (v.result) {
                case BareKingVerdict::MOVER_LOSES:
                    CHECK(st.outcome != Outcome::DRAW);
                    CHECK(st.over());
                    break;
                case BareKingVerdict::MOVER_WINS: CHECK(st.over()); break;
                case BareKingVerdict::BOTH_BARED:
                case BareKingVerdict::KING_VS_KING: CHECK(st.outcome == Outcome::DRAW); break;
                case BareKingVerdict::NONE:
                    CHECK(!st.over());
                    CHECK(std::abs(child) < SCORE_MATE_BOUND);
                    break;
            }
            // And the parent's search, one ply up, sees it.
            const SearchResult parent = search_at(pos, 1);
            if (v.result == BareKingVerdict::MOVER_LOSES && move_to_xboard(parent.best) == c.move)
                CHECK(parent.score > SCORE_MATE_BOUND);
        }
    }
}
