// The rule sets (rule_set.hpp) and their option description (rule_options.hpp), and every rule
// on which the book, XBoard as host and lishogi differ: each difference has a test here or in
// the module it belongs to (docs/rules.md lists them all).
#include <algorithm>
#include <cstring>
#include <fstream>
#include <random>
#include <set>

#include "shishi/core/attacks.hpp"
#include "shishi/core/repetition.hpp"
#include "shishi/core/royal_safety.hpp"
#include "shishi/core/rule_fields.hpp"
#include "shishi/core/rule_options.hpp"
#include "shishi/core/rules_argument.hpp"
#include "shishi/core/game.hpp"
#include "shishi/search/search.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;
using Catch::Matchers::Contains;

namespace {

Game game_under(const RuleSet& rules, const std::string& pieces, const std::string& tail = "w - - 0 1") {
    Game g(rules);
    g.reset(board(pieces, tail));
    return g;
}

// The JCSA reading of "the piece attacks something" before it had its own function: only that
// piece of its side on a scratch board, asked through is_attacked.
bool attacks_on_scratch_board(const Position& pos, Square sq) {
    const Color us = color_of(pos.piece_on(sq));
    Piece b[FRAME_SQUARES];
    for (int s = 0; s < FRAME_SQUARES; ++s) {
        const Piece p = pos.piece_on(Square(s));
        b[s] = (p != EDGE && p != EMPTY && color_of(p) == us && s != sq) ? EMPTY : p;
    }
    for (int i = 0; i < pos.piece_count(~us); ++i)
        if (is_attacked(b, pos.piece_square(~us, i), us)) return true;
    return false;
}

// Black's bare King on a12 has three squares, each covered by a White Gold; it is not attacked.
const char* STALEMATE = "Kl1 Ga10 Gc11 ka12";
// The same with a Rook on l12 attacking a12: checkmate.
const char* CHECKMATE = "Kl1 Ga10 Gc11 Rl12 ka12";

}  // namespace

// ---------------------------------------------------------------------------------------------
// The presets and the options
// ---------------------------------------------------------------------------------------------

TEST_CASE("rule presets: the book is the default, xboard adds the mate test and 50-move rule, lishogi its rules",
          "[rules][rule-set]") {
    CHECK(book_rules() == RuleSet{});
    CHECK(Position().rules() == book_rules());
    RuleSet x = book_rules();
    x.preset = RulePreset::XBOARD;
    x.host_mate_test = true;
    x.reversible_ply_limit = 102;  // XBoard's 50-move rule (-ruleMoves 51)
    CHECK(xboard_rules() == x);
    const RuleSet& l = lishogi_rules();
    CHECK(l.lance_promotes_on_last_rank);
    CHECK(l.lion_victim_protects);
    CHECK(l.repetition == RepetitionRule::LISHOGI);
    CHECK(l.bare_king == BareKingRule::LISHOGI);
    CHECK(l.sfen_counter_strike_at_capture);
    CHECK_FALSE(l.host_mate_test);
    CHECK_FALSE(l.okazaki);
    CHECK(find_rule_preset("LiShoGi") == &lishogi_rules());
    CHECK(find_rule_preset("xboard") == &xboard_rules());
    CHECK(find_rule_preset("book") == &book_rules());
    CHECK(find_rule_preset("chess") == nullptr);
    // stable() gives one object per distinct rule set, so positions can point at it.
    RuleSet v = lishogi_rules();
    CHECK(&stable(v) == &lishogi_rules());
    v.okazaki = true;
    CHECK(&stable(v) == &stable(v));
    CHECK(&stable(v) != &lishogi_rules());
    Position p;
    p.set_rules(v);
    Position copy = p;
    CHECK(&copy.rules() == &p.rules());
}

TEST_CASE("rule options: one description, applied by name and value", "[rules][rule-set][options]") {
    auto specs = rule_option_specs(xboard_rules());
    REQUIRE(specs.size() == 9);  // Rules, then one per rule field
    CHECK(specs[0].name == "Rules");
    CHECK(specs[0].type == RuleOptionSpec::Type::COMBO);
    CHECK(specs[0].choices == std::vector<std::string>{"book", "xboard", "lishogi"});
    CHECK(specs[0].value == "xboard");
    CHECK(specs[1].name == "Okazaki rule");
    CHECK(specs[1].older_name == "Okazaki");
    CHECK(specs[1].type == RuleOptionSpec::Type::CHECK);
    CHECK(specs[1].value == "false");
    CHECK(specs[4].name == "Repetition rule");
    CHECK(specs[4].value == "XBoard");
    CHECK(specs[5].name == "Bare King");
    CHECK(specs[5].type == RuleOptionSpec::Type::COMBO);
    CHECK(specs[5].choices == std::vector<std::string>{"Off", "Book", "lishogi"});
    CHECK(specs[5].value == "Off");
    CHECK(specs[7].name == "Reversible ply limit");
    CHECK(specs[7].type == RuleOptionSpec::Type::SPIN);
    CHECK(specs[7].value == "102");
    CHECK(rule_option_specs(lishogi_rules())[5].value == "lishogi");
    CHECK(rule_option_specs(lishogi_rules())[4].value == "lishogi");

    RuleSet r = book_rules();
    CHECK(apply_rule_option(r, "okazaki rule", "1") == "");
    CHECK(r.okazaki);
    CHECK(apply_rule_option(r, "Okazaki", "false") == "");  // the older USI name
    CHECK_FALSE(r.okazaki);
    CHECK(apply_rule_option(r, "Bare King", "true") == "");  // Bare King was a check
    CHECK(r.bare_king == BareKingRule::BOOK);
    CHECK(apply_rule_option(r, "Repetition rule", "jcsa") == "");
    CHECK(r.repetition == RepetitionRule::JCSA);
    // A preset resets everything; variations of lishogi keep lishogi's own bare-king rule.
    CHECK(apply_rule_option(r, "Rules", "lishogi") == "");
    CHECK(r == lishogi_rules());
    CHECK(apply_rule_option(r, "Bare King", "0") == "");
    CHECK(r.bare_king == BareKingRule::OFF);
    CHECK(apply_rule_option(r, "Bare King", "1") == "");
    CHECK(r.bare_king == BareKingRule::LISHOGI);
    CHECK(apply_rule_option(r, "Bare King", "book") == "");  // any of the three, whatever the preset
    CHECK(r.bare_king == BareKingRule::BOOK);
    // Bad input: a message, and nothing changes.
    const RuleSet before = r;
    CHECK(apply_rule_option(r, "Rules", "chess") == "Rules needs book, xboard or lishogi, got 'chess'");
    CHECK(apply_rule_option(r, "Okazaki rule", "maybe") == "Okazaki rule needs true or false, got 'maybe'");
    CHECK(apply_rule_option(r, "Repetition rule", "") == "Repetition rule needs XBoard, JCSA, Draw or lishogi, got ''");
    CHECK(apply_rule_option(r, "Bare King", "JCSA") == "Bare King needs Off, Book or lishogi, got 'JCSA'");
    CHECK(apply_rule_option(r, "Reversible ply limit", "10001") ==
          "Reversible ply limit needs an integer from 0 to 10000, got '10001'");
    CHECK(apply_rule_option(r, "Castling", "1") == "unknown rule option 'Castling'");
    CHECK(apply_rule_option(r, "okazaki-x", "1") == "unknown rule option 'okazaki-x'");
    CHECK(r == before);
    CHECK(is_rule_option("RULES"));
    CHECK(is_rule_option("host mate test"));
    CHECK_FALSE(is_rule_option("host-mate-test"));  // a --rules key, not an option name
    CHECK_FALSE(is_rule_option("Threads"));
}

// ---------------------------------------------------------------------------------------------
// The table of rule fields (rule_fields.hpp): one row per RuleSet field, each settable on its own
// as an option and in --rules; the presets are rows of values.

namespace {

// Every field's value as text, in table order.
std::vector<std::string> field_values(const RuleSet& r) {
    std::vector<std::string> v;
    for (const RuleField& f : rule_fields())
        v.push_back(rule_value_text(f, r));
    return v;
}

// The texts of every value a field takes (a number: its limits and one between).
std::vector<std::string> all_values(const RuleField& f) {
    switch (f.kind) {
        case RuleField::Kind::CHECK: return {"true", "false"};
        case RuleField::Kind::CHOICE: return {f.choices.begin(), f.choices.end()};
        case RuleField::Kind::NUMBER: break;
    }
    return {std::to_string(f.min), std::to_string(f.max), std::to_string((f.min + f.max) / 3)};
}

}  // namespace

TEST_CASE("rule fields: the table has one row for each RuleSet field", "[rules][rule-set][options]") {
    // A field added to RuleSet breaks this line: give it a row in rule_fields.cpp, then count it here.
    RuleSet r;
    auto& [preset, okazaki, lance, victim, repetition, bare_king, mate_test, ply_limit, sfen_field] = r;
    (void)preset;
    CHECK(rule_fields().size() == 8);
    // Each row reads and writes its own field, and no other.
    okazaki = true;
    lance = true;
    victim = true;
    repetition = RepetitionRule::DRAW;
    bare_king = BareKingRule::LISHOGI;
    mate_test = true;
    ply_limit = 77;
    sfen_field = true;
    CHECK(field_values(r) == std::vector<std::string>{"true", "true", "true", "Draw", "lishogi", "true", "77", "true"});
    std::set<std::string> keys, options;
    for (const RuleField& f : rule_fields()) {
        keys.insert(std::string(f.key));
        options.insert(std::string(f.option));
        CHECK(f.key.find(' ') == std::string_view::npos);
        CHECK_FALSE(f.doc.empty());
    }
    CHECK(keys.size() == rule_fields().size());
    CHECK(options.size() == rule_fields().size());
}

TEST_CASE("rule fields: every value of every field can be set alone, as an option and in --rules",
          "[rules][rule-set][options]") {
    for (const RuleSet* base : {&book_rules(), &xboard_rules(), &lishogi_rules()})
        for (const RuleField& f : rule_fields())
            for (const std::string& value : all_values(f)) {
                INFO(preset_name(base->preset) << " " << f.key << "=" << value);
                RuleSet by_option = *base;
                CHECK(apply_rule_option(by_option, f.option, value) == "");
                RuleSet by_argument = *base;
                CHECK(apply_rules_argument(by_argument, std::string(f.key) + "=" + value) == "");
                CHECK(by_argument == by_option);
                CHECK(rule_value_text(f, by_option) == value);
                // The other fields keep the base's values.
                std::vector<std::string> want = field_values(*base), got = field_values(by_option);
                const size_t at = size_t(&f - rule_fields().data());
                want[at] = got[at] = "";
                CHECK(got == want);
                CHECK(by_option.preset == base->preset);
            }
}

TEST_CASE("rule fields: each preset is the book with its row of values", "[rules][rule-set][options]") {
    for (const std::string& name : preset_names()) {
        INFO(name);
        const RuleSet& preset = *find_rule_preset(name);
        RuleSet r = book_rules();
        for (const RuleField& f : rule_fields())
            REQUIRE(apply_rule_option(r, f.option, rule_value_text(f, preset)) == "");
        r.preset = preset.preset;
        CHECK(r == preset);
    }
}

TEST_CASE("rules argument: a preset, then fields one by one; errors change nothing", "[rules][rule-set][options]") {
    RuleSet r = xboard_rules();
    CHECK(apply_rules_argument(r, "lishogi") == "");
    CHECK(r == lishogi_rules());
    CHECK(apply_rules_argument(r, "BOOK,okazaki,repetition=jcsa,bare-king") == "");
    RuleSet want = book_rules();
    want.okazaki = true;
    want.repetition = RepetitionRule::JCSA;
    want.bare_king = BareKingRule::BOOK;  // alone: on, the book's rule under the book
    CHECK(r == want);
    CHECK(apply_rules_argument(r, "lishogi,bare-king=off,bare-king") == "");
    CHECK(r.bare_king == BareKingRule::LISHOGI);  // alone under lishogi: lishogi's rule
    // Without a preset the fields vary what was there.
    r = xboard_rules();
    CHECK(apply_rules_argument(r, "reversible-ply-limit=0") == "");
    CHECK(r.reversible_ply_limit == 0);
    CHECK(r.host_mate_test);

    const RuleSet before = r;
    const std::string fields =
        "fields: okazaki, lance-promotes-on-last-rank, lion-victim-protects, repetition, bare-king, host-mate-test, "
        "reversible-ply-limit, sfen-counter-strike-at-capture)";
    CHECK(apply_rules_argument(r, "chess") == "unknown rule 'chess' (presets: book, xboard, lishogi; " + fields);
    CHECK(apply_rules_argument(r, "book,okazaki=1,Okazaki rule=1") ==
          "unknown rule 'Okazaki rule' (presets: book, xboard, lishogi; " + fields);
    CHECK(apply_rules_argument(r, "okazaki,xboard") == "the preset 'xboard' must come first");
    CHECK(apply_rules_argument(r, "book,okazaki=maybe") == "okazaki needs true or false, got 'maybe'");
    CHECK(apply_rules_argument(r, "reversible-ply-limit") ==
          "reversible-ply-limit needs a value: reversible-ply-limit=an integer from 0 to 10000");
    CHECK(apply_rules_argument(r, "reversible-ply-limit=12a") ==
          "reversible-ply-limit needs an integer from 0 to 10000, got '12a'");
    CHECK(
        apply_rules_argument(r, "book,,okazaki").rfind("an empty item in 'book,,okazaki' (PRESET[,KEY=VALUE...]", 0) ==
        0);
    CHECK(apply_rules_argument(r, "").rfind("an empty item", 0) == 0);
    CHECK(r == before);
}

TEST_CASE("docs: the rule-field table in docs/rules.md is the one in code", "[rules][docs]") {
    // Regenerate with `shishi rules` (it prints this table) when a field changes.
    std::ifstream in(std::string(SHISHI_SOURCE_DIR) + "/docs/rules.md");
    REQUIRE(in);
    std::string docs, line;
    bool inside = false;
    while (std::getline(in, line)) {
        if (line == "<!-- rule-fields: end -->") inside = false;
        if (inside) docs += line + "\n";
        if (line == "<!-- rule-fields: begin (made by `shishi rules`; a test compares) -->") inside = true;
    }
    CHECK(docs == rule_fields_markdown());
}

// ---------------------------------------------------------------------------------------------
// Moves: the Lance on the last rank (the Lion-victim reading is in test_movegen.cpp)
// ---------------------------------------------------------------------------------------------

TEST_CASE("lishogi: a Lance reaching the last rank may promote, also from inside the zone", "[rules][lishogi]") {
    Position book = board("Kl1 La10 kl12");
    CHECK(moves_from(book, sq("a10")).count("a10a12+") == 0);
    CHECK(moves_from(book, sq("a10")).count("a10a12") == 1);
    Position lishogi = book;
    lishogi.set_rules(lishogi_rules());
    CHECK(moves_from(lishogi, sq("a10")).count("a10a12+") == 1);
    CHECK(moves_from(lishogi, sq("a10")).count("a10a11+") == 0);  // not the last rank
    // As text the move is accepted under any rule set (a host following lishogi is not
    // refused); the referee of shishi-match checks with is_legal.
    auto m = parse_xboard_move(book, "a10a12+");
    REQUIRE(m);
    CHECK(m.value->is_promotion());
    CHECK_FALSE(is_legal(book, *m));
    CHECK(is_legal(lishogi, *m));
}

// ---------------------------------------------------------------------------------------------
// XBoard's mate test
// ---------------------------------------------------------------------------------------------

TEST_CASE("xboard: a side with no move keeping its royal safe, not attacked, is stalemated: a draw",
          "[rules][xboard]") {
    Game x = game_under(xboard_rules(), STALEMATE, "b - - 0 1");
    GameStatus s = x.status();
    CHECK(s.outcome == Outcome::DRAW);
    CHECK_THAT(s.reason, Contains("stalemated"));
    // The book has no such rule: the King may walk into capture, the game goes on.
    CHECK_FALSE(game_under(book_rules(), STALEMATE, "b - - 0 1").status().over());
    // Nor has lishogi (there it is a bare king, which loses).
    CHECK(game_under(lishogi_rules(), STALEMATE, "b - - 0 1").status().outcome == Outcome::WHITE_WINS);
}

TEST_CASE("xboard: attacked and without a safe move is checkmate: a loss", "[rules][xboard]") {
    Game x = game_under(xboard_rules(), CHECKMATE, "b - - 0 1");
    GameStatus s = x.status();
    CHECK(s.outcome == Outcome::WHITE_WINS);
    CHECK_THAT(s.reason, Contains("checkmated"));
    CHECK_FALSE(game_under(book_rules(), CHECKMATE, "b - - 0 1").status().over());
}

TEST_CASE("xboard: the mate test concerns a lone royal only", "[rules][xboard]") {
    // With a Prince beside the King, a royal may be left attacked.
    Game two = game_under(xboard_rules(), std::string(STALEMATE) + " +ea1", "b - - 0 1");
    CHECK_FALSE(two.status().over());
    Position pos = board("Kl1 Ga10 Gc11 ka12 +ea1", "b - - 0 1");
    CHECK_FALSE(royal_attacked_after(pos, mv(pos, "a12b12")));
    Position lone = board(STALEMATE, "b - - 0 1");
    CHECK(royal_attacked_after(lone, mv(lone, "a12b12")));
    MoveList list;
    generate_legal(lone, list);
    CHECK_FALSE(has_royal_safe_move(lone, list));
    // Taking the opponent's last royal is always safe (here Black's King stays attacked).
    Position take = board("Ka1 Rl12 ka12 ra11", "b - - 0 1");
    CHECK_FALSE(royal_attacked_after(take, mv(take, "a11a1")));
    CHECK(royal_attacked_after(take, mv(take, "a11a10")));
}

TEST_CASE("xboard: a safe move shown at once is a safe move", "[rules][xboard][random]") {
    // The search skips generating every move for the stalemate test when shows_royal_safe_move
    // finds one; it must never claim one that has_royal_safe_move would not find.
    auto check = [](const Position& pos, int& shown, int& not_shown_safe) {
        const Color us = pos.side_to_move();
        if (pos.royal_count(us) != 1 || in_check(pos, us)) return;
        MoveList list;
        generate_legal(pos, list);
        const bool safe = has_royal_safe_move(pos, list);
        const bool shows = shows_royal_safe_move(pos);
        INFO(to_xboard_fen(pos));
        if (shows) REQUIRE(safe);
        shown += shows;
        not_shown_safe += !shows && safe;
    };
    int shown = 0, not_shown_safe = 0;
    std::mt19937 rng(20261202);
    for (const Position& root : random_game_roots()) {
        Position pos = root;
        for (int ply = 0; ply < 200; ++ply) {
            check(pos, shown, not_shown_safe);
            MoveList list;
            generate_legal(pos, list);
            if (list.empty()) break;
            pos.make(list[int(rng() % unsigned(list.size()))]);
        }
    }
    // Few pieces, long lines: royals boxed in and pieces standing on the royal's lines.
    const Kind kinds[] = {ROOK, BISHOP, QUEEN, LANCE, PAWN, GOLD, SILVER, LION, KIRIN, PHOENIX, KING};
    for (int trial = 0; trial < 3000; ++trial) {
        Position pos = random_crowded_board(rng, kinds, 3, 10);
        pos.set_side_to_move(Color(rng() % 2));
        check(pos, shown, not_shown_safe);
    }
    CHECK(shown > 1000);
    CHECK(not_shown_safe > 100);
    // The one piece besides the King stands on its file: every move of the Bishop uncovers the
    // Rook on a12, and the King's squares are the other Rook's. Stalemate, and nothing shown.
    const Position pinned = board("Ka1 Ba2 ra12 rb12 kl12");
    REQUIRE_FALSE(in_check(pinned, WHITE));
    MoveList list;
    generate_legal(pinned, list);
    CHECK_FALSE(list.empty());
    CHECK_FALSE(has_royal_safe_move(pinned, list));
    CHECK_FALSE(shows_royal_safe_move(pinned));
    // The same along a diagonal: the Rook on c3 shields the King from the Bishop on k11.
    const Position diagonal = board("Ka1 Rc3 bk11 rb12 rl2 kf12");
    list.clear();
    generate_legal(diagonal, list);
    REQUIRE_FALSE(in_check(diagonal, WHITE));
    CHECK_FALSE(list.empty());
    CHECK_FALSE(has_royal_safe_move(diagonal, list));
    CHECK_FALSE(shows_royal_safe_move(diagonal));
    // A Silver off the lines has a safe move, and it shows.
    const Position free = board("Ka1 Ba2 Se3 ra12 rb12 kl12");
    REQUIRE_FALSE(in_check(free, WHITE));
    CHECK(shows_royal_safe_move(free));
}

TEST_CASE("xboard: the search does not stalemate a bare King it can beat (the issue's game)", "[search][xboard]") {
    const char* fen = "12/12/4+P7/6k5/6g1+M3/7+D4/12/11P/1P4P1P3/3F1T6/4M1XT3A/2CSGKEGSCFL w - 7 157";
    auto parsed = parse_xboard_fen(fen, xboard_rules());
    REQUIRE(parsed);
    Position pos = *parsed;
    // Taking the last Gold by igui leaves the bare King without a safe square: XBoard's draw.
    Game after_igui(xboard_rules());
    after_igui.reset(pos);
    after_igui.play(mv(pos, "h7g8,g8h7"));
    REQUIRE(after_igui.status().outcome == Outcome::DRAW);
    Searcher s(8);
    SearchLimits l;
    l.depth = 4;
    SearchResult r = s.search(pos, l);
    REQUIRE(!r.best.is_none());
    Game g(xboard_rules());
    g.reset(pos);
    g.play(r.best);
    INFO("played " << move_to_xboard(r.best));
    CHECK(g.status().outcome != Outcome::DRAW);
    CHECK(r.score > 1000);  // still winning
    // The book scores that igui as a win (the King must then walk into capture).
    Position book = *parse_xboard_fen(fen);
    Searcher sb(8);
    CHECK(move_to_xboard(sb.search(book, l).best) == "h7g8,g8h7");
}

TEST_CASE("xboard: the search never leaves its lone royal attacked while it has another move", "[search][xboard]") {
    // White's King on a12 is generated first; each of its moves walks into a Rook, and only
    // the Pawn's move keeps it safe.
    Position pos = board("Ka12 Pf5 rb1 rl11 kl1");
    pos.set_rules(xboard_rules());
    for (const char* k : {"a12a11", "a12b11", "a12b12"})
        CHECK(royal_attacked_after(pos, mv(pos, k)));
    for (int depth : {1, 2, 3}) {
        Searcher s(8);
        SearchLimits l;
        l.depth = depth;
        SearchResult r = s.search(pos, l);
        INFO("depth " << depth << " played " << move_to_xboard(r.best));
        CHECK(move_to_xboard(r.best) == "f5f6");
    }
}

TEST_CASE("xboard: stalemate scores as a draw in the search, checkmate as a loss", "[search][xboard]") {
    Position stale = board(STALEMATE, "b - - 0 1");
    stale.set_rules(xboard_rules());
    Position mate = board(CHECKMATE, "b - - 0 1");
    mate.set_rules(xboard_rules());
    Searcher s(8);
    SearchLimits l;
    l.depth = 2;
    // At the root the side to move has moves (all unsafe): it scores the loss of its King.
    CHECK(s.search(mate, l).score < -10000);
    // One ply earlier: White to move, a quiet move that keeps the stalemate is a draw.
    Position before = board("Kl1 Ga10 Gc11 ka12 Pl3");
    before.set_rules(xboard_rules());
    l.depth = 3;
    SearchResult r = s.search(before, l);
    INFO("played " << move_to_xboard(r.best) << " score " << r.score);
    // White should not stalemate (l3l4 keeps it): it must give Black a safe square or check.
    Game g(xboard_rules());
    g.reset(before);
    g.play(r.best);
    CHECK(g.status().outcome != Outcome::DRAW);
}

// ---------------------------------------------------------------------------------------------
// XBoard's 50-move rule
// ---------------------------------------------------------------------------------------------

TEST_CASE("xboard: the 50-move rule draws at 102 reversible plies, after the mate test", "[rules][xboard]") {
    REQUIRE(xboard_rules().reversible_ply_limit == 102);
    REQUIRE(book_rules().reversible_ply_limit == 0);
    REQUIRE(lishogi_rules().reversible_ply_limit == 0);
    // White is a Dragon King up; nothing can be captured, only White's Pawn restarts the count.
    const std::string pieces = "Kf1 +Ra6 Pl4 kf12 gf11";
    // 100 plies: a reversible move makes 101, the game goes on; the next one makes 102.
    Game x = game_under(xboard_rules(), pieces, "w - - 100 60");
    x.play(mv(x.position(), "a6a7"));
    REQUIRE(x.position().halfmove_clock() == 101);
    CHECK_FALSE(x.status().over());
    Game at101 = game_under(xboard_rules(), pieces, "w - - 101 60");
    Game drawn = at101;
    drawn.play(mv(drawn.position(), "a6a7"));
    GameStatus s = drawn.status();
    CHECK(s.outcome == Outcome::DRAW);
    CHECK_THAT(s.reason, Contains("102 plies") && Contains("50-move rule"));
    // A Pawn move restarts the count instead.
    Game pawn = at101;
    pawn.play(mv(pawn.position(), "l4l5"));
    CHECK(pawn.position().halfmove_clock() == 0);
    CHECK_FALSE(pawn.status().over());
    // XBoard's mate test comes first: checkmating with the 102nd ply wins (Black's bare King
    // on a12 has its squares covered by the Golds; the Rook attacks it from l12).
    Game mate = game_under(xboard_rules(), std::string(STALEMATE) + " Rl5", "w - - 101 60");
    mate.play(mv(mate.position(), "l5l12"));
    REQUIRE(mate.position().halfmove_clock() == 102);
    CHECK(mate.status().outcome == Outcome::WHITE_WINS);
    CHECK_THAT(mate.status().reason, Contains("checkmated"));
    // The book and lishogi have no such rule.
    for (const RuleSet* rules : {&book_rules(), &lishogi_rules()}) {
        Game other = game_under(*rules, pieces, "w - - 101 60");
        other.play(mv(other.position(), "a6a7"));
        CHECK_FALSE(other.status().over());
    }
    // The count survives a FEN round trip (XBoard sends it with setboard).
    auto parsed = parse_xboard_fen(to_xboard_fen(drawn.position()), xboard_rules());
    REQUIRE(parsed);
    CHECK(parsed.value->halfmove_clock() == 102);
}

TEST_CASE("xboard: the search scores the 50-move draw", "[search][xboard]") {
    // White is a Dragon King up, far from Black's King; at 101 plies, Black's reply would make
    // the draw, whatever it is. Only the Pawn restarts the count (nothing can be captured).
    const std::string pieces = "Kf1 +Ra6 Pl4 kf12 gf11";
    for (int depth : {1, 2, 3, 4}) {
        Position pos = board(pieces, "w - - 100 60");
        pos.set_rules(xboard_rules());
        Searcher s(8);
        SearchLimits l;
        l.depth = depth;
        SearchResult r = s.search(pos, l);
        INFO("depth " << depth << " played " << move_to_xboard(r.best) << " score " << r.score);
        CHECK(move_to_xboard(r.best) == "l4l5");
        CHECK(r.score > 500);  // still winning: the count starts again
        // Under the book the same position is simply won, whatever White plays.
        Position book = board(pieces, "w - - 100 60");
        Searcher sb(8);
        CHECK(sb.search(book, l).score > 500);
    }
    // Without the Pawn every line is the draw.
    Position pos = board("Kf1 +Ra6 kf12 gf11", "w - - 100 60");
    pos.set_rules(xboard_rules());
    Searcher s(8);
    SearchLimits l;
    l.depth = 3;
    CHECK(s.search(pos, l).score == 0);
}

namespace {

struct Played {
    GameStatus status;
    int plies = 0;
    int max_clock = 0;  // the highest halfmove clock met
};

// Plays from `start` (its halfmove clock included) for up to `plies` plies, both sides searching
// `depth` plies with positions under `search_rules`; XBoard's rules judge the game.
Played self_play(const Position& start, const RuleSet& search_rules, int depth, int plies) {
    Game game(xboard_rules());
    game.reset(start);
    Searcher white(8), black(8);
    SearchLimits l;
    l.depth = depth;
    Played out;
    for (; out.plies < plies && !game.status().over(); ++out.plies) {
        Position pos = game.position();
        pos.set_rules(search_rules);
        Searcher& s = pos.side_to_move() == WHITE ? white : black;
        const SearchResult r = s.search(pos, l);
        REQUIRE(!r.best.is_none());
        game.play(r.best);
        out.max_clock = std::max(out.max_clock, game.position().halfmove_clock());
    }
    out.status = game.status();
    return out;
}

}  // namespace

TEST_CASE("xboard: a winning side restarts the count before XBoard's limit", "[search][xboard]") {
    // White is a Dragon King and a Dragon Horse up, but Black's King sits behind three Golds and
    // a Lance, all protected, so nothing can be won within the horizon. The Lance guards the
    // l-file: White's only way to restart the count is to give up its Pawn (l4l5 Lxl5), which a
    // search blind to the rule never does (it keeps improving its pieces). At 100 plies any
    // reversible move lets Black's reply make the 102nd.
    const std::string pieces = "Kk3 Pl4 +Rd6 +Bc3 kk12 ll12 gk11 gj12 gj11";
    const auto resets = [](Position pos, Move m) {
        pos.make(m);
        return pos.halfmove_clock() == 0;
    };
    for (int depth : {2, 4}) {
        SearchLimits l;
        l.depth = depth;
        Position blind = board(pieces, "w - - 100 60");
        Searcher sb(8);
        const SearchResult rb = sb.search(blind, l);
        INFO("depth " << depth << ", book: " << move_to_xboard(rb.best) << " " << rb.score);
        CHECK_FALSE(resets(blind, rb.best));  // the position needs the rule: blind, White shuffles
        Position aware = board(pieces, "w - - 100 60");
        aware.set_rules(xboard_rules());
        Searcher sa(8);
        const SearchResult ra = sa.search(aware, l);
        INFO("xboard: " << move_to_xboard(ra.best) << " " << ra.score);
        CHECK(resets(aware, ra.best));
        CHECK(ra.score > 100);  // still better for White: the count starts again
    }
    // Played out from 94 plies, both sides searching 4 plies and XBoard judging: blind to the
    // rule, White shuffles into XBoard's draw; knowing it, White gives the Pawn in time and the
    // game goes on past the point where it would have been drawn.
    const Position start = board(pieces, "w - - 94 60");
    const Played blind = self_play(start, book_rules(), 4, 20);
    INFO("blind: " << blind.plies << " plies, " << blind.status.reason);
    CHECK(blind.status.outcome == Outcome::DRAW);
    CHECK_THAT(blind.status.reason, Contains("50-move rule"));
    const Played aware = self_play(start, xboard_rules(), 4, 20);
    INFO("under xboard: " << aware.plies << " plies, " << aware.status.reason << ", highest clock " << aware.max_clock);
    CHECK(aware.plies == 20);
    CHECK_FALSE(aware.status.over());
    CHECK(aware.max_clock < 102);
}

// ---------------------------------------------------------------------------------------------
// lishogi's end of the game
// ---------------------------------------------------------------------------------------------

TEST_CASE("lishogi: a fourth repetition is a draw unless one side attacked throughout",
          "[rules][lishogi][repetition]") {
    Game quiet = game_under(lishogi_rules(), "Kl1 ka12 gc12 Gc1");
    cycle(quiet, {"l1k1", "a12b12", "k1l1", "b12a12"}, 3);
    GameStatus s = quiet.status();
    CHECK(s.outcome == Outcome::DRAW);
    // The book: the side that repeated (Black) loses.
    Game book = game_under(book_rules(), "Kl1 ka12 gc12 Gc1");
    cycle(book, {"l1k1", "a12b12", "k1l1", "b12a12"}, 3);
    CHECK(book.status().outcome == Outcome::WHITE_WINS);
}

TEST_CASE("lishogi: the side that repeats while attacking with every move loses", "[rules][lishogi][repetition]") {
    // White's Rook attacks the Gold on c10 from c5 and from c6, and its first move (c4c5) did
    // too: after the third cycle Black's move makes the fourth occurrence, then White's.
    Game g = game_under(lishogi_rules(), "Kl1 Rc4 ka12 gc10 pe9");
    play(g, {"c4c5", "e9e8"});  // the move before the cycle also attacks
    cycle(g, {"c5c6", "a12b12", "c6c5", "b12a12"}, 2);
    play(g, {"c5c6", "a12b12", "c6c5", "b12a12"});
    // The position after e9e8 is back a fourth time, made by Black's quiet move: a draw.
    CHECK(g.status().outcome == Outcome::DRAW);
    // One more White move completes a fourth occurrence made by the attacker: it loses.
    Game w = game_under(lishogi_rules(), "Kl1 Rc4 ka12 gc10 pe9", "b - - 0 1");
    play(w, {"e9e8", "c4c5"});
    cycle(w, {"a12b12", "c5c6", "b12a12", "c6c5"}, 3);
    GameStatus s = w.status();
    CHECK(s.outcome == Outcome::BLACK_WINS);
    CHECK_THAT(s.reason, Contains("attacked with every move"));
}

TEST_CASE("lishogi: the attacks must include the move before the first occurrence", "[rules][lishogi][repetition]") {
    // Same cycle, but White's move before it (l1k1) attacked nothing: a draw.
    Game w = game_under(lishogi_rules(), "Kl1 Rc5 ka12 gc10 pe9", "b - - 0 1");
    play(w, {"e9e8", "l1k1"});
    cycle(w, {"a12b12", "c5c6", "b12a12", "c6c5"}, 3);
    CHECK(w.status().outcome == Outcome::DRAW);
}

TEST_CASE("lishogi: the bare-king rule is always on and immediate", "[rules][lishogi][bare-king]") {
    // White took Black's last piece: Black is bare at once (the book's option gives it a move).
    Game g = game_under(lishogi_rules(), "Kl1 Ra5 Gl5 ka12 ga6");
    play(g, {"a5a6"});
    GameStatus s = g.status();
    CHECK(s.outcome == Outcome::WHITE_WINS);
    CHECK_THAT(s.reason, Contains("bare"));
    // Unless Black could take White's one piece next to its King (it would bare back).
    Game near = game_under(lishogi_rules(), "Kl1 Ra10 ka12 ga11");
    play(near, {"a10a11"});
    CHECK_FALSE(near.status().over());
    // Pawns and Go-Betweens do not count for the winner.
    Game pawns = game_under(lishogi_rules(), "Kl1 Pb10 Ic3 ka12 gb11");
    play(pawns, {"b10b11"});
    CHECK_FALSE(pawns.status().over());
    // Off by option.
    RuleSet off = lishogi_rules();
    off.bare_king = BareKingRule::OFF;
    Game o = game_under(off, "Kl1 Ra5 Gl5 ka12 ga6");
    play(o, {"a5a6"});
    CHECK_FALSE(o.status().over());
}

TEST_CASE("lishogi: King against King is a draw; dead Pawns and Lances do not count", "[rules][lishogi]") {
    Game g = game_under(lishogi_rules(), "Kl1 ka12 Pc12 lh1");
    GameStatus s = g.status();
    CHECK(s.outcome == Outcome::DRAW);
    CHECK_THAT(s.reason, Contains("King against King"));
    CHECK_FALSE(game_under(book_rules(), "Kl1 ka12 Pc12 lh1").status().over());
    // Kings side by side: the side to move takes the other one, no draw.
    CHECK_FALSE(game_under(lishogi_rules(), "Kb11 ka12").status().over());
}

TEST_CASE("lishogi: no legal move loses, as in the book (and unlike XBoard's stalemate)", "[rules][lishogi]") {
    Game g = game_under(lishogi_rules(), "Ka12 Pb12 Pa11 Pb11 kl1 gl5");
    CHECK(g.status().outcome == Outcome::BLACK_WINS);
}

// ---------------------------------------------------------------------------------------------
// The repetition facts and the search
// ---------------------------------------------------------------------------------------------

TEST_CASE("the JCSA attack fact equals the scratch-board reading over random games", "[rules][repetition][random]") {
    std::mt19937 rng(99);
    for (const PerftCase& c : reference_cases()) {
        Position pos = sfen(c.sfen);
        for (int ply = 0; ply < 60; ++ply) {
            MoveList list;
            generate_legal(pos, list);
            if (list.empty()) break;
            pos.make(list[int(rng() % unsigned(list.size()))]);
            const Move m = pos.history(pos.plies() - 1).move;
            INFO(c.name << " after " << move_to_xboard(m));
            const bool slow = !m.is_pass() && attacks_on_scratch_board(pos, m.to());
            CHECK(bool(ply_facts(pos, RepetitionRule::JCSA) & FACT_ATTACK) == slow);
        }
    }
}

TEST_CASE("the lishogi attack fact: own pieces block, and a pass can attack", "[rules][repetition][lishogi]") {
    Position pos = board("Kl1 Ra1 Pa3 ka12 ga8");
    // The Rook on a1 is blocked by its own Pawn: no attack for lishogi, one for JCSA.
    CHECK_FALSE(piece_attacks_enemy(pos.board(), sq("a1"), false));
    CHECK(piece_attacks_enemy(pos.board(), sq("a1"), true));
    Position lion = board("Kl1 Nf5 ka12 gf7");
    lion.make(mv(lion, "@@@@"));
    CHECK(ply_facts(lion, RepetitionRule::LISHOGI) & FACT_ATTACK);
    CHECK_FALSE(ply_facts(lion, RepetitionRule::JCSA) & FACT_ATTACK);
    CHECK(ply_facts(lion, RepetitionRule::JCSA) & FACT_PASS);
}

TEST_CASE("judge_repetition: one verdict for every rule", "[rules][repetition]") {
    // Moves 0..4: move 0 before the cycle, 1..4 the cycle (first = 1, n = 5); the last mover
    // made moves 4, 2 and 0.
    const uint8_t quiet[5] = {0, 0, 0, 0, 0};
    const uint8_t checks_last[5] = {FACT_CHECK, 0, FACT_CHECK, 0, FACT_CHECK};
    const uint8_t attacks_last[5] = {FACT_ATTACK, 0, FACT_ATTACK, 0, FACT_ATTACK};
    const uint8_t attacks_cycle_only[5] = {0, 0, FACT_ATTACK, 0, FACT_ATTACK};
    using V = RepetitionVerdict;
    CHECK(judge_repetition(RepetitionRule::XBOARD, quiet, 1, 5).loser == V::LAST_MOVER);
    CHECK(judge_repetition(RepetitionRule::XBOARD, checks_last, 1, 5).why == V::PERPETUAL_CHECK);
    CHECK(judge_repetition(RepetitionRule::DRAW, checks_last, 1, 5).loser == V::NOBODY);
    CHECK(judge_repetition(RepetitionRule::JCSA, quiet, 1, 5).why == V::NO_ATTACKS);
    CHECK(judge_repetition(RepetitionRule::JCSA, attacks_cycle_only, 1, 5).loser == V::LAST_MOVER);
    CHECK(judge_repetition(RepetitionRule::LISHOGI, quiet, 1, 5).loser == V::NOBODY);
    CHECK(judge_repetition(RepetitionRule::LISHOGI, attacks_last, 1, 5).loser == V::LAST_MOVER);
    CHECK(judge_repetition(RepetitionRule::LISHOGI, checks_last, 1, 5).loser == V::LAST_MOVER);
    CHECK(judge_repetition(RepetitionRule::LISHOGI, attacks_cycle_only, 1, 5).loser == V::NOBODY);
    CHECK(judge_repetition(RepetitionRule::LISHOGI, attacks_last + 1, 0, 4).loser == V::NOBODY);
}

TEST_CASE("lishogi: a repetition in the search scores as a draw", "[search][lishogi][repetition]") {
    // As test_search's shuttle: White's only move repeats the position; the book scores it lost.
    auto shuttle = [](const RuleSet& rules) {
        Position pos =
            *parse_xboard_fen("PP9k/PP10/PP10/PP10/PP10/PP10/PP10/PP10/PP10/PP10/1P10/KP10 w - - 0 1", rules);
        for (const char* text : {"a1a2", "l12k12", "a2a1", "k12l12"})
            pos.make(mv(pos, text));
        return pos;
    };
    Searcher s(8);
    SearchLimits l;
    l.depth = 3;
    Position lishogi = shuttle(lishogi_rules());
    CHECK(s.search(lishogi, l).score == 0);
    Position book = shuttle(book_rules());
    CHECK(s.search(book, l).score <= -10000);
}

TEST_CASE("JCSA in the search: the side that attacked in the cycle loses it", "[search][repetition][jcsa]") {
    // White's King can only shuttle a1-a2; Black's King shuttles k12-k11, attacking White's dead
    // Pawn on j12 from both squares. White's only move repeats the position: under JCSA the
    // attacker (Black) must deviate, so it loses; under the XBoard rule White (who repeats)
    // loses; under the draw rule it is a draw.
    auto shuttle = [](RepetitionRule rule) {
        RuleSet r;
        r.repetition = rule;
        Position pos = *parse_xboard_fen("PP7Pk1/PP10/PP10/PP10/PP10/PP10/PP10/PP10/PP10/PP10/1P10/KP10 w - - 0 1", r);
        for (const char* text : {"a1a2", "k12k11", "a2a1", "k11k12"})
            pos.make(mv(pos, text));
        REQUIRE(count_legal(pos) == 1);
        return pos;
    };
    Searcher s(8);
    SearchLimits l;
    l.depth = 3;
    Position jcsa = shuttle(RepetitionRule::JCSA);
    CHECK(s.search(jcsa, l).score >= 10000);
    Position xboard = shuttle(RepetitionRule::XBOARD);
    CHECK(s.search(xboard, l).score <= -10000);
    Position draw = shuttle(RepetitionRule::DRAW);
    CHECK(s.search(draw, l).score == 0);
}
