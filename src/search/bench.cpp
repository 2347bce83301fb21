// `shishi bench`: a fixed-depth search over built-in positions (the start position and
// middlegames from the perft reference set), single-threaded so the node count is the same on
// every run of a build; the total is a quick check that a change did not alter the search.
#include <chrono>
#include <ostream>

#include "shishi/core/notation.hpp"
#include "shishi/search/search.hpp"

namespace shishi {
namespace {

const char* const BENCH_FENS[] = {
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
    "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1",
    "lfcsgekgscfl/avbhtx2obv1/m1rd4tr1a/1pppp1qp2p1/p2N4i2m/11p/12/1P1I4I3/P1PPPPPPPPPP/"
    "1MRHD1QDHR1M/AVBT1OXGTBVA/LFCSGKE1SCFL b - - 0 1",
    "lfcs1engtcfl/a1b1gxoksbva/mvrq1t2hr1m/1p1ppd2pp1p/p1pi1pNpi1p1/2h9/PPP3+d1I3/2RI5PH1/"
    "1V1PPP1PP1PP/M2HDQ1D2RM/ACBGTO1TSBVA/LF1S1KE1GCFL w - - 0 1",
    "lfc2ekd1cbl/2vstgx1gsfa/am1rdot1hrvm/p3q+Hp2pp1/3i1p1pp3/3np2Bi3/5P3P2/P2Q2PPI1Pp/"
    "MP5HPR1P/V5OD2VM/ACT1SDX1TBCA/LF2GKEG1SFL b - - 0 1",
    "l1cs2g2vfl/a1b3gts2a/mvf3k3rm/Q3p1pcp+Pp1/p7i3/4P2p4/12/1PP2P1+h3p/Pr7RPP/1MHDOTT1D2M/"
    "AFSC3EGBVA/L2G2K1SCFL w - - 0 1",
    "l7sc1l/4s2k1bfa/1f7r1m/7pNhv1/a5p2ppp/1p4B1i1P1/BH6q3/H2I1P3n1P/M2PP6V/3T7M/AVCGSK5A/"
    "LF6C1FL b - - 0 1",
    "2d5b3/4t7/1s2e3mc2/l1g4k3l/4P1m4H/p3Bpp3N1/12/1P1I4I2P/P+H2S3R1P1/M1K3G1T1VM/A1F3X1G2A/"
    "LVCTO2ESCFL w - - 0 1",
    "l2v3t2rl/2f2k4fa/a7m1m1/3i+h3gcp1/pp5opd2/6ppIp1p/1X1I7P/P1HP6P1/MPP1POP1n2L/1CD2TG3+h1/"
    "AFV1R7/L2SEKTHS3 b - - 0 1",
};

}  // namespace

uint64_t run_bench(int depth, std::ostream& out) {
    Searcher searcher(16);
    uint64_t total = 0;
    const auto t0 = std::chrono::steady_clock::now();
    int index = 0;
    for (const char* fen : BENCH_FENS) {
        ++index;
        auto parsed = parse_xboard_fen(fen);
        if (!parsed) {
            out << "position " << index << ": bad FEN (" << parsed.error << ")\n";
            continue;
        }
        Position pos = *parsed;
        searcher.new_game();
        SearchLimits limits;
        limits.depth = depth;
        SearchResult r = searcher.search(pos, limits);
        total += r.nodes;
        out << "position " << index << " depth " << r.depth << " nodes " << r.nodes << " score "
            << r.score << " best " << (r.best.is_none() ? std::string("none") : move_to_xboard(r.best))
            << "\n";
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out << "nodes " << total << "\n";
    out << "nps " << uint64_t(secs > 0 ? double(total) / secs : 0.0) << std::endl;
    return total;
}

}  // namespace shishi
