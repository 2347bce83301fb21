#include "shishi/match/tournament_kinds.hpp"

namespace shishi::match {

std::vector<Pairing> RoundRobinTournament::next_pairs() {
    std::vector<Pairing> out;
    if (given_) return out;
    given_ = true;
    for (int a = 0; a < engines_; ++a)
        for (int b = a + 1; b < engines_; ++b)
            out.push_back({a, b});
    return out;
}

std::vector<Pairing> GauntletTournament::next_pairs() {
    std::vector<Pairing> out;
    if (given_) return out;
    given_ = true;
    for (int b = 1; b < engines_; ++b)
        out.push_back({0, b});
    return out;
}

KnockoutTournament::KnockoutTournament(int engine_count, int games, int seeds, uint64_t random_seed)
    : games_(games),
      rank_(knockout_ranks(engine_count, seeds, random_seed)) {
    rounds_.push_back(first_round(knockout_bracket(engine_count, seeds, random_seed)));
    set_ranks(rounds_.back());
}

void KnockoutTournament::set_ranks(std::vector<Encounter>& round) const {
    for (Encounter& e : round) {
        e.a_rank = rank_[size_t(e.a)];
        if (!e.bye()) e.b_rank = rank_[size_t(e.b)];
    }
}

std::vector<Pairing> KnockoutTournament::next_pairs() {
    // A round of byes alone is skipped: its engines advance.
    for (;;) {
        if (started_) {
            std::vector<Encounter> next = next_round(rounds_.back());
            if (next.empty()) {
                playing_.clear();
                return {};
            }
            set_ranks(next);
            rounds_.push_back(std::move(next));
        }
        started_ = true;
        playing_.clear();
        std::vector<Pairing> pairs;
        const std::vector<Encounter>& round = rounds_.back();
        for (size_t i = 0; i < round.size(); ++i)
            if (!round[i].bye()) {
                playing_.push_back(i);
                pairs.push_back({round[i].a, round[i].b});
            }
        if (!pairs.empty()) return pairs;
    }
}

bool KnockoutTournament::needs_more_games(size_t pair) const { return encounter(pair).needs_more_games(games_); }

void KnockoutTournament::add_result(size_t pair, bool first_won, bool draw) {
    rounds_.back()[playing_[pair]].add(first_won, draw);
}

std::string KnockoutTournament::ending_note(size_t pair, const std::vector<std::string>& names) const {
    const Encounter& e = encounter(pair);
    if (!e.capped(games_)) return "";
    const bool tied = e.a_half == e.b_half;
    return "Warning: " + names[size_t(e.a)] + " - " + names[size_t(e.b)] + " undecided after " +
        std::to_string(e.played) + " games (at most " + std::to_string(KNOCKOUT_EXTRA_PAIRS) +
        " pairs beyond the planned " + std::to_string(games_) + "); " + names[size_t(e.leader())] + " advances" +
        (tied ? " as the higher seed" : " on points");
}

std::string KnockoutTournament::report(const std::vector<std::string>& names) const {
    return knockout_report(rounds_, names, games_);
}

std::unique_ptr<Tournament> make_tournament(TournamentKind kind, int engine_count, int games, int seeds,
                                            uint64_t random_seed) {
    switch (kind) {
        case TournamentKind::GAUNTLET: return std::make_unique<GauntletTournament>(engine_count);
        case TournamentKind::KNOCKOUT:
            return std::make_unique<KnockoutTournament>(engine_count, games, seeds, random_seed);
        case TournamentKind::ROUND_ROBIN: break;
    }
    return std::make_unique<RoundRobinTournament>(engine_count);
}

}  // namespace shishi::match
