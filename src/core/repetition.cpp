// Repetition verdicts (docs/rules.md, "Repetition"). Move i was made by the side that made the
// last move when n - 1 - i is even.
#include "shishi/core/repetition.hpp"

#include "shishi/core/attacks.hpp"

namespace shishi {
namespace {

// Any royal of c attacked (lishogi's "check" also covers a side with King and Prince).
bool any_royal_attacked(const Position& pos, Color c) {
    if (pos.royal_count(c) == 1) return is_attacked(pos, pos.royal_square(c), ~c);
    for (int i = 0; i < pos.piece_count(c); ++i) {
        const Square s = pos.piece_square(c, i);
        if (is_royal(kind_of(pos.piece_on(s))) && is_attacked(pos, s, ~c)) return true;
    }
    return false;
}

}  // namespace

uint8_t ply_facts(const Position& after, RepetitionRule rule, bool gave_check) {
    const Move m = after.history(after.plies() - 1).move;
    uint8_t f = m.is_pass() ? FACT_PASS : 0;
    if (rule == RepetitionRule::LISHOGI && after.royal_count(after.side_to_move()) > 1)
        gave_check = any_royal_attacked(after, after.side_to_move());
    if (gave_check) f |= FACT_CHECK;
    if (rule == RepetitionRule::JCSA && !m.is_pass() && piece_attacks_enemy(after.board(), m.to(), true))
        f |= FACT_ATTACK;
    if (rule == RepetitionRule::LISHOGI && piece_attacks_enemy(after.board(), m.to(), false)) f |= FACT_ATTACK;
    return f;
}

uint8_t ply_facts(const Position& after, RepetitionRule rule) {
    return ply_facts(after, rule, in_check(after, after.side_to_move()));
}

RepetitionVerdict judge_repetition(RepetitionRule rule, const uint8_t* facts, int first, int n) {
    using V = RepetitionVerdict;
    if (rule == RepetitionRule::DRAW) return {V::NOBODY, V::DRAW_RULE};
    auto by_last_mover = [&](int i) { return (n - 1 - i) % 2 == 0; };
    if (rule == RepetitionRule::LISHOGI) {
        // scalashogi (Variant.perpetualCheck): the side that repeated loses when each of its
        // moves since the first occurrence, and the one before it, checked or attacked.
        if (first == 0) return {V::NOBODY, V::DRAW_RULE};
        for (int i = first - 1; i < n; ++i)
            if (by_last_mover(i) && !(facts[i] & (FACT_CHECK | FACT_ATTACK))) return {V::NOBODY, V::DRAW_RULE};
        return {V::LAST_MOVER, V::PERPETUAL_ATTACK};
    }
    bool all_checks[2] = {true, true}, attacked[2] = {false, false};  // [0] = last mover
    int first_pass = -1;
    for (int i = first; i < n; ++i) {
        const int side = by_last_mover(i) ? 0 : 1;
        all_checks[side] = all_checks[side] && (facts[i] & FACT_CHECK);
        attacked[side] = attacked[side] || (facts[i] & FACT_ATTACK);
        if (first_pass < 0 && (facts[i] & FACT_PASS)) first_pass = i;
    }
    if (all_checks[0]) return {V::LAST_MOVER, V::PERPETUAL_CHECK};
    if (all_checks[1]) return {V::OTHER_SIDE, V::PERPETUAL_CHECK};
    if (rule == RepetitionRule::JCSA) {
        if (attacked[0] != attacked[1]) return {attacked[0] ? V::LAST_MOVER : V::OTHER_SIDE, V::ATTACKED};
        if (first_pass >= 0) return {by_last_mover(first_pass) ? V::LAST_MOVER : V::OTHER_SIDE, V::STARTED_PASSING};
        if (!attacked[0]) return {V::NOBODY, V::NO_ATTACKS};
    }
    return {V::LAST_MOVER, V::REPEATED};
}

}  // namespace shishi
