#include "shishi/match/tally.hpp"

#include "shishi/match/pentanomial.hpp"

namespace shishi::match {

GameSummary summarize(const GameRecord& rec, const GameSlot& slot) {
    GameSummary g;
    g.round = rec.round;
    g.white = slot.white;
    g.black = slot.black;
    g.result = outcome_text(rec.outcome);
    g.termination = rec.termination;
    g.reason = rec.reason;
    g.plies = int(rec.moves.size());
    if (rec.offender) g.offender = *rec.offender == WHITE ? slot.white : slot.black;
    return g;
}

Tally::Tally(int engine_count, const Schedule& schedule, std::optional<SprtConfig> sprt)
    : engines_(engine_count),
      schedule_(schedule),
      sprt_(sprt),
      standings_(engine_count, schedule) {}

void Tally::add(const GameSummary& g, bool resumed) {
    const GameSlot slot = schedule_.slot(g.round - 1);
    done_.insert(g.round - 1);
    if (resumed) ++resumed_;
    standings_.add(slot, g.white_score());
    const std::string key = g.termination == Termination::RULE ? g.reason : termination_name(g.termination);
    TerminationCount& tc = terminations_[key];
    if (tc.offences.empty()) tc.offences.resize(size_t(engines_));
    ++tc.games;
    if (g.offender) ++tc.offences[size_t(*g.offender)];
    if (g.termination == Termination::SETUP_FAILURE) setup_failures_.push_back(g.reason);
    games_.push_back(g);
    // The history follows the first pairing (the match, or the first engine's first opponent).
    if (slot.pairing == 0) {
        const PairingResults& pr = standings_.pairing(0);
        EloEstimate e = estimate_elo(pr.score);
        PlotPoint pt{pr.score.games(), e.elo, e.low, e.high, 0};
        if (sprt_) pt.llr = sprt(pr.penta, *sprt_).llr;
        history_.push_back(pt);
    }
    if (sprt_ && sprt(standings_.pairing(0).penta, *sprt_).verdict != SprtState::CONTINUE) sprt_decided_ = true;
}

std::vector<int> Tally::refusals() const {
    auto it = terminations_.find(termination_name(Termination::REFUSAL));
    return it == terminations_.end() ? std::vector<int>(size_t(engines_)) : it->second.offences;
}

}  // namespace shishi::match
