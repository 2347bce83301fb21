// `shishi bench`: a fixed-depth search over built-in positions (the start position and seven
// middlegames), single-threaded so the node count is the same on every run of a build; the
// total is a quick check that a change did not alter the search. The middlegames are given as
// moves from the start (positions from Shishi self-play games at 20000 nodes a move, openings
// 1, 2, 3 and 4 of data/openings.txt) so that engines without a working setboard (HaChu) can be
// set up in the same positions for a speed comparison (scripts/speed-vs-hachu).
// The searches run as a host would ask for them, through a USI session (as Stockfish's bench
// drives its UCI commands): the protocol and engine layers are exercised, not only the searcher.
#include "shishi/tools/bench.hpp"

#include <chrono>
#include <iterator>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string_view>

#include "line_queue.hpp"
#include "shishi/core/text.hpp"
#include "shishi/protocol/usi.hpp"
#include "shishi/search/search_limits.hpp"

namespace shishi {
namespace {

constexpr int BENCH_HASH_MB = 16;

const char* const BENCH_MOVES[] = {
    "",  // the start position
    "h2i2 g10f8 c1b2 k12k11 g2h2 f8e6 f3h5 f9f8 h5j7 e6d5,d5e6 j4j5 f10f9 j7i8,i8i7 f9d7 i7h6 "
    "h9h8 h4h5 i10f7 i3g5 f7g8 c4c5 e9e8 e4e5 e6e5,e5d6 d3j9+ j10j9 c2j9+ g8c4+ f4f5 "
    "d6c5,c5c6 c3c2 k11j10 c2c4 c6c4 j9k10 j11k10",
    "h2i2 g10f8 c1b2 k12k11 g2h2 f8e6 f3h5 f9f8 h5j7 e6d5,d5e6 j4j5 f10f9 j7i8,i8i7 f9d7 i7h6 "
    "h9h8 h4h5 i10f7 i3g5 f7g8 c4c5 e9e8 e4e5 e6e5,e5d6 d3j9+ j10j9 c2j9+ g8c4+ f4f5 "
    "d6c5,c5c6 c3c2 k11j10 c2c4 c6c4 j9k10 j11k10 b2c3 c4c3,c3c4 b3b2 c4d4,d4c4 b2c2 c4b4 "
    "c2c7 d7b5 e3e4 b4a4,a4a5 c7c1 b5b6 h6j8 a5b5 j8i9,i9j8 b5d7 j8k9,k9k8 k10j11 g3d3 b6d6 "
    "d3d6 d7d6,d6d7 g5j8 j11d5 j8h10+ e10h10 h3d3 d5e4+ d3d7 d8d7 h2f4 e4d5 k8l9,l9k8 h10i9 "
    "j3d3 d5i10 k8j7 i10h9 j7h6 d9d8 h6g7 d10e9 g7h8,h8h7 l10k10 j2f6 i9i11 f6h8 e9e10 h7g7 "
    "e10j5 g7f8,f8e8 c11i5 c1c9+ h9h8",
    "b1b2 j9j8 h4h5 g10h8 k1k2 e9e8 f4f5 h8f7 g3d6 d10f8 f3e5 f8g7 e5g5 d8d7 d6i6 i10k8 i6c6 "
    "c11f8 c4c5 f8e7 g5f4 e7i3+ j2i3 e8e7 d3c4 h9h8 d5d6 f7e8 d4d5 f10c7 c6c7 e8c7 i3f6 g7e9 "
    "f4e5 c7e8 d6d7 e8d7,d7d8 f6g7 e9e8 e5g5 d8b6 g5f6 b6c5,c5c6 g7h8 e8d7 f6e7,e7f6 e10e8 "
    "c4d3 c6d5",
    "b1b2 j9j8 h4h5 g10h8 k1k2 e9e8 f4f5 h8f7 g3d6 d10f8 f3e5 f8g7 e5g5 d8d7 d6i6 i10k8 i6c6 "
    "c11f8 c4c5 f8e7 g5f4 e7i3+ j2i3 e8e7 d3c4 h9h8 d5d6 f7e8 d4d5 f10c7 c6c7 e8c7 i3f6 g7e9 "
    "f4e5 c7e8 d6d7 e8d7,d7d8 f6g7 e9e8 e5g5 d8b6 g5f6 b6c5,c5c6 g7h8 e8d7 f6e7,e7f6 e10e8 "
    "c4d3 c6d5 h8g7 d7d8 f6f4 d8b6 b4b5 b6e3+ d3e3 d5f7 g7h6 e8b8 e3d4 h10h7 d4e5 b8e8 c3c7 "
    "f7g6 h6b12+ b10b12 c7h7 g6h7,h7i7 f4f6 e8f8 f6d6 k8h5 e5f6 i7j6 b3c3 e11d10 f6e7 f8e9 "
    "e7g5 j6i5,i5i6 d6f6 e9f8 f6f4 j10h10 c3c5 h5h4 g5h4 j11g8 f4g3 h10h4+ g3h4,h4g5 f8g7 "
    "g5f4 d10e9 c2b3 k10k11 j1i2 g7g6 b3g8 g9g8 h3c3 e9d10 c3d4 g6h5 j3h3 i6j4 k2j3 j4j3,j3j4 "
    "h3h5 j4k3,k3k2 h5j5 k2l3,l3k2 j5j8 k11j11 j8j11+ k12j11 c5d5 k2l1,l1l2",
    "d5d6 i8i7 k1k2 g10g8 f2d2 g8h6 f3f5 e9e8 g3f3 h6i5,i5h6 e4e5 d10g7 f3c6 g7h7 f5f3 h7i6 "
    "d6d7 h6f8 d3f5 e8e7 c2e4 e10e8 d7d6 f8g7 h4h5 e8h8 i3e7 i6h5 f5g5 h5i6 e4f5 c10e10 h3h8 "
    "h9h8 f5e6 i10i11 e6j11+ i11j11 f3f5 i6h7 f5f3 j11h9 e5e6 c11f8",
    "d5d6 i8i7 k1k2 g10g8 f2d2 g8h6 f3f5 e9e8 g3f3 h6i5,i5h6 e4e5 d10g7 f3c6 g7h7 f5f3 h7i6 "
    "d6d7 h6f8 d3f5 e8e7 c2e4 e10e8 d7d6 f8g7 h4h5 e8h8 i3e7 i6h5 f5g5 h5i6 e4f5 c10e10 h3h8 "
    "h9h8 f5e6 i10i11 e6j11+ i11j11 f3f5 i6h7 f5f3 j11h9 e5e6 c11f8 c6c9 f8e7 g5e7 e10e7 e6e7 "
    "b10c10 c9b9 c10c4+ b9b12 f10d10 b12d10 h10d10 e2d3 c4e6 e3e6 g7e6 c3c12+ e6e7,e7d6 j3h3 "
    "h7g6 g4g5 h9j7 f3f2 g6g7 f2e4 d8d7 k2j3 d10e10 e4f5 e10e7 g5g6 e7f8 j2f6 j7i8 j1j2 "
    "j10c10 d4d5 d6d5,d5d6 d2d4 d6e8 h3e3 e8d10 c12c10 d10c10,c10d11 d4e5 k10k11 e5e7 g7g8 "
    "e7f8 f9f8 f5d7 i8j7 d7f5 g8i6 c1d2 f8f7",
    "e2d2 d8d7 k1k2 g10h8 b1b2 i12i11 c4c5 e9e8 f3f5 d9d8 f5e6 h8h6 e6d7,d7c7 h6i5,i5i6 "
    "c7d8,d8d7 d10j4+ j3j4 c11j4+ d7e8,e8d7 h9h8 e4e5 i10f7 d3b5 e10d11 d7f5 j4i3 j2i3 i6j5 "
    "h4h5 j5i4,i4j5 f5h6 j5l7 c2g6 f7f8 h6j6 f10c7 i3j4 f8j4+ j6j4 c7g7 j4k5 c10f10 b5e8 g7i7 "
    "g3j6 i7c7 j6i5 e11d10 e8d8 c7k7 i5k7 l7k7,k7j8 k3j3 j8i7 g6d9+ j11g8 d9f11 f10f11 h3i4 "
    "i7g7 d8d9+ d11e10 k5i5 g7f8 d9g6 e10e8 j3j7 e8f7 g6d6 f8f10",
};

}  // namespace

std::vector<std::string> bench_move_lists() { return {std::begin(BENCH_MOVES), std::end(BENCH_MOVES)}; }

Parsed<Position> bench_position(const std::string& moves) {
    Position pos = Position::start();
    std::istringstream in(moves);
    for (std::string text; in >> text;) {
        Parsed<Move> m = parse_xboard_move(pos, text);
        if (!m) return Parsed<Position>::fail("move '" + text + "': " + m.error);
        pos.make(*m);
    }
    return Parsed<Position>::ok(std::move(pos));
}

std::vector<std::string> bench_commands(int depth, int threads, const std::string& use_nnue) {
    std::vector<std::string> lines = {
        "usi",
        "setoption name USI_Hash value " + std::to_string(BENCH_HASH_MB),
        "setoption name Threads value " + std::to_string(threads),
        // The positions' moves are the book's (bench_position); lishogi's rules, USI's
        // default, would judge repetitions and bare kings differently.
        "setoption name Rules value book",
    };
    if (!use_nnue.empty()) lines.push_back("setoption name Use_NNUE value " + use_nnue);
    lines.push_back("isready");
    for (const char* moves : BENCH_MOVES) {
        std::string position = "position startpos";
        if (const Parsed<Position> pos = bench_position(moves)) {
            if (pos.value->plies() > 0) position += " moves";
            for (int i = 0; i < pos.value->plies(); ++i) {
                position += ' ';  // (not += " " + text: GCC 12 warns falsely, -Wrestrict)
                position += move_to_usi(pos.value->history(i).move);
            }
        } else {
            position += " moves " + std::string(moves);  // refused by the session, with a note
        }
        lines.push_back("usinewgame");  // a fresh table for each position
        lines.push_back(position);
        lines.push_back("go depth " + std::to_string(depth));
    }
    lines.push_back("quit");
    return lines;
}

namespace {

// What the last `info` line before a `bestmove` said (the finished iteration's).
struct BenchAnswer {
    int depth = 0;
    int score = 0;
    uint64_t nodes = 0;
    std::string best = "none";  // XBoard's move text
};

// The score of an `info` line's "cp N" / "mate N" in the searcher's own scale.
int searcher_score(std::string_view kind, int64_t n) {
    if (kind != "mate") return int(n);
    const int plies = int(n < 0 ? -n : n);  // usi_info.cpp: plies = SCORE_MATE - |score| + 1
    return n < 0 ? -(SCORE_MATE - plies + 1) : SCORE_MATE - plies + 1;
}

// Reads the session's lines until the `bestmove` answering a `go`; notes (`info string`) are
// passed on to `out`.
BenchAnswer read_answer(LineQueue& lines, const Position& root, std::ostream& out) {
    BenchAnswer a;
    for (;;) {
        const std::string line = lines.wait_line();
        const std::vector<std::string_view> w = split_words(line);
        if (w.empty()) continue;
        if (w[0] == "bestmove") {
            if (w.size() > 1)
                if (const Parsed<Move> m = parse_usi_move(root, w[1])) a.best = move_to_xboard(*m);
            return a;
        }
        if (w[0] != "info") continue;
        if (w.size() > 1 && w[1] == "string") {
            out << "note: " << line.substr(line.find("string") + 7) << "\n";
            continue;
        }
        for (size_t i = 1; i + 1 < w.size(); ++i) {
            auto number = [&](size_t at) {
                return parse_integer(w[at], INT64_MIN / 2, INT64_MAX / 2, Sign::MINUS).value_or(0);
            };
            if (w[i] == "depth")
                a.depth = int(number(i + 1));
            else if (w[i] == "nodes")
                a.nodes = uint64_t(number(i + 1));
            else if (w[i] == "score" && i + 2 < w.size())
                a.score = searcher_score(w[i + 1], number(i + 2));
        }
    }
}

// Passes on the notes the session has written so far (a clamped option, a refused command).
// The evaluation's name from USI `eval` ("info string evaluation N cp by NAME") is printed
// as "eval NAME".
void pass_notes(LineQueue& lines, std::ostream& out) {
    constexpr std::string_view EVAL = "info string evaluation ", BY = " cp by ";
    while (const std::optional<std::string> line = lines.try_line()) {
        if (line->rfind(EVAL, 0) == 0 && line->find(BY) != std::string::npos)
            out << "eval " << line->substr(line->find(BY) + BY.size()) << "\n";
        else if (line->rfind("info string ", 0) == 0)
            out << "note: " << line->substr(12) << "\n";
    }
}

}  // namespace

uint64_t run_bench(int depth, std::ostream& out, int threads, const std::string& use_nnue) {
    LineQueue lines;  // before the session: it writes here until it is gone
    std::ostream session_out(&lines);
    std::unique_ptr<LineSession> session = make_usi_session(session_out);
    uint64_t total = 0;
    std::chrono::steady_clock::time_point t0;
    int searched = 0;
    for (const std::string& command : bench_commands(depth, threads, use_nnue)) {
        if (command == "usinewgame" && searched == 0) t0 = std::chrono::steady_clock::now();  // set up (hash)
        if (command.rfind("go ", 0) != 0) {
            session->handle_line(command);
            if (command == "isready") session->handle_line("eval");
            pass_notes(lines, out);
            continue;
        }
        const int index = ++searched;
        // The root, for the bestmove's XBoard text (a bad list: the session's note says why,
        // and its answer is `bestmove resign`). Made before the search starts: the first
        // search builds the evaluation's tables, which making a Position reads (TSan).
        const Parsed<Position> parsed = bench_position(BENCH_MOVES[index - 1]);
        const Position root = parsed ? *parsed : Position::start();
        session->handle_line(command);
        const BenchAnswer a = read_answer(lines, root, out);
        total += a.nodes;
        out << "position " << index << " depth " << a.depth << " nodes " << a.nodes << " score " << a.score << " best "
            << a.best << "\n";
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    session.reset();  // joins the search thread before `lines` goes
    out << "nodes " << total << "\n";
    out << "nps " << uint64_t(secs > 0 ? double(total) / secs : 0.0) << std::endl;
    return total;
}

}  // namespace shishi
