// A file of mating problems (tests/data/mate/suite.tsv, docs/mate.md): one per line, tab-separated
//   id  rules  expect  first  sfen  [line]
// rules is a --rules argument (book, lishogi, xboard, book,okazaki=true ...); expect is `mate`,
// `nomate` (checks exist, no forced mate) or `unsound` (a historical problem without a sound
// solution: solved or not, it is kept out of the count); first is the expected first move in
// USI notation (alternatives separated by '|'), or `-`; line is the published or intended
// solution's main line in USI moves separated by spaces (replayed when the file is read), or `-`.
// The side to move in the SFEN is the side that mates. Blank lines and lines starting with '#'
// are skipped.
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "shishi/core/position.hpp"

namespace shishi::mate {

struct MateProblem {
    enum Expect { MATE, NO_MATE, UNSOUND };
    std::string id;
    std::string rules_text;
    Expect expect = MATE;
    std::vector<Move> first;  // empty when the file gives `-`
    std::string first_text;
    std::vector<Move> line;  // the published or intended main line; empty for `-`
    Position position;
    int line_number = 0;
};

// Every problem that reads; each line that does not is an error ("line N: why").
std::vector<MateProblem> parse_mate_suite(std::istream& in, std::vector<std::string>& errors);

const char* expect_name(MateProblem::Expect e);

}  // namespace shishi::mate
