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
    // the test is made on the board after the move, where that piece is gone (RULES.md). With
    // this set (lishogi's reading) the piece still counts as a protector if it attacks the
    // target square from where it stood, though it blocks no line.
    bool victim_protects = false;
};

}  // namespace shishi
