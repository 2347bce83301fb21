// Rule options: the choices RULES.md leaves to the players. Defaults are XBoard's/HaChu's rules.
#pragma once

namespace shishi {

enum class RepetitionRule {
    XBOARD,  // 4th occurrence: perpetual checker loses, otherwise the side that repeated loses
    JCSA,    // Japanese Chu Shogi Association: checker, then attacker, then first passer deviates
    DRAW,    // 4th occurrence is a draw
};

struct RuleOptions {
    bool okazaki = false;    // counter-strike does not forbid capturing an unprotected Lion
    bool bare_king = false;  // a side left with only royals loses (JCSA)
    RepetitionRule repetition = RepetitionRule::XBOARD;
    // Protected-Lion test after a Lion took a Pawn or Go-Between on its first step (no bridge):
    // true = that piece still counts on its square (the perft reference's reading, used for the
    // moves Shishi generates); false = the square is empty (RULES.md's wording, HaChu's
    // reading). Moves received as text are accepted under either reading (docs/rules.md).
    bool weak_bridge_stays = true;
};

}  // namespace shishi
