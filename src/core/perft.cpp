#include "shishi/core/perft.hpp"

#include <algorithm>
#include <istream>
#include <ostream>
#include <sstream>

#include "shishi/core/movegen.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/text.hpp"

namespace shishi {

uint64_t perft(Position& pos, int depth, const std::atomic<bool>* stop) {
    if (depth <= 0) return 1;
    if (depth == 1) return uint64_t(count_legal(pos));  // bulk counting at the last ply
    if (stop && stop->load(std::memory_order_relaxed)) return 0;
    MoveList list;
    generate_legal(pos, list);
    uint64_t nodes = 0;
    for (Move m : list) {
        pos.make(m);
        nodes += perft(pos, depth - 1, stop);
        pos.unmake();
    }
    return nodes;
}

std::vector<std::pair<std::string, uint64_t>> divide(Position& pos, int depth,
                                                     const std::function<void(const std::string&, uint64_t)>& on_row) {
    std::vector<std::pair<std::string, uint64_t>> out;
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        pos.make(m);
        out.emplace_back(move_to_xboard(m), perft(pos, depth - 1));
        pos.unmake();
        if (on_row) on_row(out.back().first, out.back().second);
    }
    return out;
}

std::vector<PerftCase> parse_perft_suite(std::istream& in, std::vector<std::string>& errors) {
    std::vector<PerftCase> cases;
    for (const TsvRow& row : read_tsv_rows(in)) {
        const int number = row.line_number;
        const std::vector<std::string>& cols = row.fields;
        if (cols.size() != 4) {
            errors.push_back("line " + std::to_string(number) + ": expected 4 tab-separated columns, found " +
                             std::to_string(cols.size()));
            continue;
        }
        PerftCase c{cols[0], cols[1], cols[2], {}, number};
        std::stringstream counts(cols[3]);
        std::string word;
        bool ok = true;
        while (counts >> word) {
            const std::optional<int64_t> n = parse_integer(word, 0, INT64_MAX, Sign::NONE);
            if (!n) {
                ok = false;
                break;
            }
            c.counts.push_back(uint64_t(*n));
        }
        if (!ok || c.counts.empty()) {
            errors.push_back("line " + std::to_string(number) + ": bad counts column '" + cols[3] + "'");
            continue;
        }
        cases.push_back(std::move(c));
    }
    return cases;
}

int run_perft_suite(const std::vector<PerftCase>& cases, int max_depth, std::ostream& out, const RuleSet& rules) {
    int mismatches = 0;
    for (const PerftCase& c : cases) {
        auto sfen = parse_sfen(c.sfen, rules);
        auto fen = parse_xboard_fen(c.xboard_fen, rules);
        if (!sfen || !fen) {
            out << "MISMATCH " << c.name << ": cannot parse position: " << (sfen ? fen.error : sfen.error) << "\n";
            ++mismatches;
            continue;
        }
        if (sfen.value->key() != fen.value->key()) {
            out << "MISMATCH " << c.name << ": SFEN and XBoard FEN describe different positions\n";
            ++mismatches;
            continue;
        }
        Position pos = *sfen.value;
        int depth_limit = std::min<int>(int(c.counts.size()), max_depth);
        for (int d = 1; d <= depth_limit; ++d) {
            uint64_t found = perft(pos, d);
            uint64_t expected = c.counts[d - 1];
            if (found != expected) {
                out << "MISMATCH " << c.name << " depth " << d << ": expected " << expected << ", found " << found
                    << "\n  sfen " << c.sfen << "\n";
                ++mismatches;
            } else {
                out << "ok " << c.name << " depth " << d << " " << found << "\n";
            }
        }
    }
    return mismatches;
}

}  // namespace shishi
