#include "shishi/match/report.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "shishi/match/pentanomial.hpp"

namespace shishi::match {
namespace {

std::string fixed(double v, int digits) {
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (std::abs(v) < 0.5 * std::pow(10.0, -digits)) v = 0;  // no "-0.0"

    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << v;
    return s.str();
}

std::string signed_fixed(double v, int digits) {
    std::string s = v >= 0 && !std::isinf(v) ? "+" : "";
    return s.append(fixed(v, digits));
}

std::string clock_text(double seconds) {
    long s = long(seconds + 0.5);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    return buf;
}

std::string per_engine(const std::vector<std::string>& names, const std::vector<int>& counts) {
    std::string s;
    for (size_t e = 0; e < names.size(); ++e) {
        if (e > 0) s += ", ";
        s += names[e] + " " + std::to_string(e < counts.size() ? counts[e] : 0);
    }
    return s;
}

void pairing_summary(std::ostream& out, const Tally& tally, const ReportContext& c, int p) {
    const PairingResults& pr = tally.standings().pairing(p);
    if (pr.score.games() == 0) return;
    out << score_line(tally, c, p) << "\n";
    EloEstimate e = estimate_elo(pr.score);
    out << "Elo difference: " << signed_fixed(e.elo, 1) << " +/- " << fixed(e.error95, 1) << " (95% interval "
        << signed_fixed(e.low, 1) << " .. " << signed_fixed(e.high, 1) << "), LOS: " << fixed(100 * e.los, 1)
        << " %, draw ratio: " << fixed(100.0 * pr.score.draws / pr.score.games(), 1) << " %\n";
    if (pr.penta.pairs() > 0) {
        PentaEstimate pe = estimate_elo(pr.penta);
        const auto& n = pr.penta.counts;
        out << "Pentanomial [" << n[0] << ", " << n[1] << ", " << n[2] << ", " << n[3] << ", " << n[4] << "] over "
            << pr.penta.pairs() << " game pair(s): Elo " << signed_fixed(pe.elo, 1) << " +/- " << fixed(pe.elo95, 1)
            << ", nElo " << signed_fixed(pe.nelo, 1) << " +/- " << fixed(pe.nelo95, 1) << "\n";
    }
    if (c.sprt && p == 0) {
        const SprtConfig& s = *c.sprt;
        SprtState st = sprt(pr.penta, s);
        out << "SPRT (elo0=" << s.elo0 << " elo1=" << s.elo1 << " alpha=" << s.alpha << " beta=" << s.beta
            << (s.model == SprtConfig::NORMALIZED ? " normalized" : "") << ", pentanomial): LLR " << fixed(st.llr, 2)
            << " [" << fixed(st.lower, 2) << ", " << fixed(st.upper, 2) << "] "
            << (st.verdict == SprtState::H1       ? "H1 accepted"
                    : st.verdict == SprtState::H0 ? "H0 accepted"
                                                  : "no verdict yet")
            << "\n";
    }
}

}  // namespace

std::string score_line(const Tally& tally, const ReportContext& c, int p) {
    const Pairing& pairing = c.schedule.pairings()[size_t(p)];
    const Score& s = tally.standings().pairing(p).score;
    return "Score of " + c.names[size_t(pairing.a)] + " vs " + c.names[size_t(pairing.b)] + ": " +
        std::to_string(s.wins) + " - " + std::to_string(s.losses) + " - " + std::to_string(s.draws) + "  [" +
        fixed(s.ratio(), 3) + "] " + std::to_string(s.games());
}

ProgressReport::ProgressReport(std::ostream& out, bool terminal, const ReportContext& context)
    : out_(out),
      terminal_(terminal),
      context_(context),
      started_(SteadyClock::now()) {}

void ProgressReport::game_finished(const GameRecord& rec, int pairing, const Tally& tally) {
    clear();
    out_ << "Finished game " << rec.round << " (" << rec.white_name << " vs " << rec.black_name
         << "): " << outcome_text(rec.outcome) << " {" << rec.reason << "}\n";
    out_ << score_line(tally, context_, pairing) << "\n";
    progress(tally);
}

// "Progress: 7/20 games, 4-2-1, Elo +12.3 +/- 45.6, 0:01:23 left" (the first pairing's W-L-D
// and Elo): in place on a terminal (\r), a plain line otherwise.
void ProgressReport::progress(const Tally& tally) {
    const int total = context_.planned_games, finished = int(tally.games().size());
    const int played_now = finished - tally.resumed();
    const Score s = tally.standings().pairing(0).score;
    std::string line = "Progress: " + std::to_string(finished) + "/" + std::to_string(total) + " games";
    if (s.games() > 0) {
        EloEstimate e = estimate_elo(s);
        line += ", " + std::to_string(s.wins) + "-" + std::to_string(s.losses) + "-" + std::to_string(s.draws) +
            ", Elo " + signed_fixed(e.elo, 1) + " +/- " + fixed(e.error95, 1);
        if (context_.names.size() > 2)
            line += " (" + context_.names[0] + " vs " + context_.names[size_t(context_.schedule.pairings()[0].b)] + ")";
    }
    if (played_now > 0 && finished < total) {
        double elapsed = std::chrono::duration<double>(SteadyClock::now() - started_).count();
        line += ", " + clock_text(elapsed / played_now * (total - finished)) + " left";
    }
    if (terminal_) {
        out_ << "\r" << line << "\033[K" << std::flush;
        shown_ = true;
    } else {
        out_ << line << std::endl;
    }
}

void ProgressReport::clear() {
    if (!shown_) return;
    out_ << "\r\033[K";
    shown_ = false;
}

void final_report(std::ostream& out, const Tally& tally, const ReportContext& c, bool interrupted) {
    const int resumed = tally.resumed();
    if (interrupted)
        out << "Interrupted: " << tally.games().size() << " finished game(s) kept"
            << (resumed > 0 ? " (" + std::to_string(resumed) + " from before the resume)" : "") << "\n";
    if (tally.games().empty()) {
        out << "No games finished.\n";
        return;
    }
    const auto& pairings = c.schedule.pairings();
    for (size_t p = 0; p < pairings.size(); ++p)
        pairing_summary(out, tally, c, int(p));
    if (c.names.size() > 2) {
        out << "\nCross table (points/games of the row engine against the column engine):\n"
            << tally.standings().cross_table(c.names)
            << "\nRanking (Elo from each engine's score against its opponents):\n"
            << tally.standings().ranking(c.names) << "\n";
    }
    out << "Terminations:\n";
    for (const auto& [name, count] : tally.terminations()) {
        out << "  " << name << ": " << count.games;
        int offences = 0;
        for (int n : count.offences)
            offences += n;
        if (offences > 0) out << " (" << per_engine(c.names, count.offences) << ")";
        out << "\n";
    }
    out << "Refused legal moves: " << per_engine(c.names, tally.refusals()) << "\n";
}

}  // namespace shishi::match
