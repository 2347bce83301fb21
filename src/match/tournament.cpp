#include "shishi/match/tournament.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "shishi/core/text.hpp"
#include "shishi/match/tournament_kinds.hpp"

namespace shishi::match {
namespace {

std::string fixed(double v, int digits) {
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (std::abs(v) < 0.5 * std::pow(10.0, -digits)) v = 0;
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << v;
    return s.str();
}

std::string pad(const std::string& s, size_t width, bool left = true) {
    if (s.size() >= width) return s;
    return left ? s + std::string(width - s.size(), ' ') : std::string(width - s.size(), ' ') + s;
}

}  // namespace

std::optional<TournamentKind> parse_tournament(const std::string& text) {
    if (text == "round-robin") return TournamentKind::ROUND_ROBIN;
    if (text == "gauntlet") return TournamentKind::GAUNTLET;
    if (text == "knockout") return TournamentKind::KNOCKOUT;
    return std::nullopt;
}

std::vector<Pairing> make_pairings(int n, TournamentKind kind) { return make_tournament(kind, n)->next_pairs(); }

int Shard::games(const Schedule& s) const {
    int n = 0;
    for (int g = 0; g < s.total(); ++g)
        n += contains(g);
    return n;
}

std::optional<Shard> parse_shard(const std::string& text) {
    const std::optional<Slice> s = parse_slice(text);
    if (!s) return std::nullopt;
    return Shard{s->index, s->count};
}

Schedule::Schedule(std::vector<Pairing> pairings, int games_per_pairing, Colours colours)
    : pairings_(std::move(pairings)),
      games_(games_per_pairing),
      colours_(colours) {}

GameSlot Schedule::slot(int index) const {
    GameSlot s;
    const int p = int(pairings_.size());
    const int full_rounds = games_ / 2;  // rounds of two games per pairing
    if (index < full_rounds * 2 * p) {
        int round = index / (2 * p), within = index % (2 * p);
        s.pairing = within / 2;
        s.game = 2 * round + within % 2;
    } else {
        // The odd last game of every pairing.
        s.pairing = index - full_rounds * 2 * p;
        s.game = games_ - 1;
    }
    s.opening = s.game / 2;
    s.a_white = (!colours_.swap || s.game % 2 == 0) != colours_.reverse;
    const Pairing& pr = pairings_[size_t(s.pairing)];
    s.white = s.a_is_white() ? pr.a : pr.b;
    s.black = s.a_is_white() ? pr.b : pr.a;
    return s;
}

Standings::Standings(int engine_count, const Schedule& schedule)
    : schedule_(schedule),
      engines_(engine_count),
      pairings_(schedule.pairings().size()) {}

void Standings::add(const GameSlot& slot, double white_score) {
    PairingResults& r = pairings_[size_t(slot.pairing)];
    const double a_points = slot.a_is_white() ? white_score : 1 - white_score;
    if (a_points == 1)
        ++r.score.wins;
    else if (a_points == 0)
        ++r.score.losses;
    else
        ++r.score.draws;
    ++games_;
    auto it = r.half_pairs.find(slot.opening);
    if (it == r.half_pairs.end()) {
        r.half_pairs.emplace(slot.opening, a_points);
    } else {
        r.penta.add(it->second + a_points);
        r.half_pairs.erase(it);
    }
}

Score Standings::engine_score(int e) const {
    Score s;
    const auto& ps = schedule_.pairings();
    for (size_t i = 0; i < ps.size(); ++i) {
        const Score& r = pairings_[i].score;
        if (ps[i].a == e) {
            s.wins += r.wins;
            s.losses += r.losses;
            s.draws += r.draws;
        } else if (ps[i].b == e) {
            s.wins += r.losses;
            s.losses += r.wins;
            s.draws += r.draws;
        }
    }
    return s;
}

double Standings::points(int e, int f, int& games) const {
    games = 0;
    double pts = 0;
    const auto& ps = schedule_.pairings();
    for (size_t i = 0; i < ps.size(); ++i) {
        const Score& r = pairings_[i].score;
        if (ps[i].a == e && ps[i].b == f) {
            games += r.games();
            pts += r.wins + 0.5 * r.draws;
        } else if (ps[i].a == f && ps[i].b == e) {
            games += r.games();
            pts += r.losses + 0.5 * r.draws;
        }
    }
    return pts;
}

bool Standings::meet(int e, int f) const {
    for (const Pairing& p : schedule_.pairings())
        if ((p.a == e && p.b == f) || (p.a == f && p.b == e)) return true;
    return false;
}

std::string Standings::ranking(const std::vector<std::string>& names) const {
    std::vector<int> order(static_cast<size_t>(engines_));
    for (int i = 0; i < engines_; ++i)
        order[size_t(i)] = i;
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        Score sx = engine_score(x), sy = engine_score(y);
        return sx.ratio() > sy.ratio();
    });
    size_t width = 4;
    for (const std::string& n : names)
        width = std::max(width, n.size());
    std::ostringstream out;
    out << "Rank " << pad("Name", width) << "     Elo     +/-  Games   Score   Draws\n";
    int rank = 0;
    for (int e : order) {
        Score s = engine_score(e);
        out << pad(std::to_string(++rank), 4, false) << " " << pad(names[size_t(e)], width) << " ";
        if (s.games() == 0) {
            out << pad("-", 7, false) << " " << pad("-", 7, false) << " " << pad("0", 6, false) << "\n";
            continue;
        }
        EloEstimate est = estimate_elo(s);
        out << pad(fixed(est.elo, 1), 7, false) << " " << pad(fixed(est.error95, 1), 7, false) << " "
            << pad(std::to_string(s.games()), 6, false) << " " << pad(fixed(100 * s.ratio(), 1) + "%", 7, false) << " "
            << pad(fixed(100.0 * s.draws / s.games(), 1) + "%", 7, false) << "\n";
    }
    return out.str();
}

std::string Standings::cross_table(const std::vector<std::string>& names) const {
    size_t width = 4;
    for (const std::string& n : names)
        width = std::max(width, n.size());
    std::vector<std::string> columns;
    size_t cell = 7;
    for (int f = 0; f < engines_; ++f) {
        columns.push_back(std::to_string(f + 1));
    }
    std::ostringstream out;
    out << "    " << pad("Engine", width);
    for (const std::string& c : columns)
        out << " " << pad(c, cell, false);
    out << " " << pad("Total", 11, false) << "\n";
    for (int e = 0; e < engines_; ++e) {
        out << pad(std::to_string(e + 1), 3, false) << " " << pad(names[size_t(e)], width);
        Score s = engine_score(e);
        for (int f = 0; f < engines_; ++f) {
            int games = 0;
            double pts = e == f ? 0 : points(e, f, games);
            std::string text = e == f       ? "x"
                : games == 0 && !meet(e, f) ? "-"
                                            : fixed(pts, 1) + "/" + std::to_string(games);
            out << " " << pad(text, cell, false);
        }
        out << " " << pad(fixed(s.wins + 0.5 * s.draws, 1) + "/" + std::to_string(s.games()), 11, false) << "\n";
    }
    return out.str();
}

}  // namespace shishi::match
