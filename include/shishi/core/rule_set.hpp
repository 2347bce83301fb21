// A rule set: every rule on which the rule book's variations and the hosts (XBoard, lishogi)
// differ, as one value with a named field per rule, and the named presets. A Position refers to
// one (set_rules), so move generation, the end of the game, the search's scoring and the SFEN
// writer all read the same choice. Presets and every variation built from them live for the
// whole program (`stable`), so a Position holds a plain pointer: copying it costs nothing and no
// node pays for the choice.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace shishi {

// What the fourth occurrence of a position means.
enum class RepetitionRule {
    XBOARD,  // perpetual checker loses, otherwise the side that repeated loses (docs/rules.md)
    JCSA,  // checker, then attacker, then first passer deviates; no attacks: draw
    DRAW,  // always a draw
    LISHOGI,  // draw, unless the side that repeated checked or attacked with every move: it loses
};

// When a side left with only royals loses.
enum class BareKingRule {
    OFF,
    BOOK,  // docs/rules.md (JCSA): loses unless its next move bares the opponent or takes the royal
    LISHOGI,  // shogiops/scalashogi: loses at once (with their exceptions); King vs King draws
};

enum class RulePreset { BOOK, XBOARD, LISHOGI };

struct RuleSet {
    // The preset this rule set was made from (the options below may vary it).
    RulePreset preset = RulePreset::BOOK;

    // --- which moves exist ---------------------------------------------------------------
    bool okazaki = false;  // counter-strike does not protect an unprotected Lion
    bool lance_promotes_on_last_rank = false;  // lishogi: a Lance ending on the last rank may promote
    // lishogi: a Pawn or Go-Between taken on a Lion's first step still protects the Lion taken
    // on the second step (it blocks nothing). The book: it is gone for that test.
    bool lion_victim_protects = false;

    // --- how the game ends ---------------------------------------------------------------
    RepetitionRule repetition = RepetitionRule::XBOARD;
    BareKingRule bare_king = BareKingRule::OFF;
    // XBoard's adjudication: a side with one royal and no move that leaves it unattacked is
    // checkmated (loses) when the royal is attacked now, stalemated (draw) when not; a move that
    // leaves the only royal attacked is refused by XBoard, so the engine never plays one while
    // it has another move. The move list itself stays the book's.
    bool host_mate_test = false;
    // XBoard's N-move rule (its -ruleMoves, 51 by default, applied after every move of every
    // game it runs itself: engine against engine or against a human, not on a chess server):
    // the game is a draw once this many plies in a row were reversible by XBoard's count,
    // which Position keeps as its halfmove clock. XBoard's count restarts after a capture (on
    // either step of a double move, igui included), a move of an unpromoted Pawn or Lance
    // (promoting or not) and a pass; a promotion alone does not restart it (backend.c:
    // ApplyMove marks EP_CAPTURE / EP_PAWN_MOVE, Adjudicate counts back to the last mark and
    // draws at 2 x ruleMoves plies, after its mate test). 0: no such rule.
    int reversible_ply_limit = 0;

    // --- how positions are written -------------------------------------------------------
    // SFEN's counter-strike field: false = the capturer's square (this engine's own record),
    // true = the square where the Lion was captured (lishogi; for a Falcon or Eagle igui that is
    // the emptied first-step square). Either is read.
    bool sfen_counter_strike_at_capture = false;

    bool operator==(const RuleSet&) const = default;
};

// The presets. `book` is docs/rules.md with its default options; `xboard` is the book plus XBoard's
// adjudication (mate test and N-move rule; the default under XBoard); `lishogi` is shogiops'/scalashogi's rules (the
// default under USI).
const RuleSet& book_rules();
const RuleSet& xboard_rules();
const RuleSet& lishogi_rules();

const RuleSet& preset_rules(RulePreset p);
// "book", "xboard", "lishogi"
const char* preset_name(RulePreset p);
// The names of all presets, in that order.
const std::vector<std::string>& preset_names();
// The preset of that name (case-insensitive), or nullptr.
const RuleSet* find_rule_preset(std::string_view name);

// The rules under which a move read from a host or an opponent is accepted when playing by r:
// r with every setting that only adds moves switched to its adding side (lishogi's Lance
// promotion, the Lion victim that does not protect), so a move legal under any preset is never
// refused. Okazaki, a variation the user chooses, is kept as it is.
RuleSet accepting(const RuleSet& r);

// A copy of r that lives as long as the program (the same object for equal rule sets).
const RuleSet& stable(const RuleSet& r);

}  // namespace shishi
