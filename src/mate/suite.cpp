#include "shishi/mate/suite.hpp"

#include "shishi/core/notation.hpp"
#include "shishi/core/rules_argument.hpp"
#include "shishi/core/text.hpp"

namespace shishi::mate {

const char* expect_name(MateProblem::Expect e) {
    switch (e) {
        case MateProblem::MATE: return "mate";
        case MateProblem::NO_MATE: return "nomate";
        case MateProblem::UNSOUND: return "unsound";
    }
    return "?";
}

std::vector<MateProblem> parse_mate_suite(std::istream& in, std::vector<std::string>& errors) {
    std::vector<MateProblem> problems;
    for (const TsvRow& row : read_tsv_rows(in)) {
        const int number = row.line_number;
        const std::string where = "line " + std::to_string(number) + ": ";
        const std::vector<std::string>& f = row.fields;
        if (f.size() != 5 && f.size() != 6) {
            errors.push_back(where +
                             "expected 5 or 6 tab-separated fields (id rules expect first sfen [line]), found " +
                             std::to_string(f.size()));
            continue;
        }
        MateProblem p;
        p.id = f[0];
        p.rules_text = f[1];
        p.line_number = number;
        RuleSet rules = book_rules();
        if (std::string e = apply_rules_argument(rules, f[1]); !e.empty()) {
            errors.push_back(where + "rules: " + e);
            continue;
        }
        if (f[2] == "mate")
            p.expect = MateProblem::MATE;
        else if (f[2] == "nomate")
            p.expect = MateProblem::NO_MATE;
        else if (f[2] == "unsound")
            p.expect = MateProblem::UNSOUND;
        else {
            errors.push_back(where + "expect must be mate, nomate or unsound, not '" + f[2] + "'");
            continue;
        }
        auto pos = parse_sfen(f[4], rules);
        if (!pos) {
            errors.push_back(where + "bad SFEN: " + pos.error);
            continue;
        }
        p.position = *pos;
        p.first_text = f[3];
        bool ok = true;
        if (f[3] != "-") {
            std::size_t start = 0;
            while (ok) {
                const std::size_t bar = f[3].find('|', start);
                const std::string text = f[3].substr(start, bar == std::string::npos ? std::string::npos : bar - start);
                auto m = parse_usi_move(p.position, text);
                if (!m) {
                    errors.push_back(where + "first move '" + text + "': " + m.error);
                    ok = false;
                } else {
                    p.first.push_back(*m);
                }
                if (bar == std::string::npos) break;
                start = bar + 1;
            }
        }
        if (ok && f.size() == 6 && f[5] != "-") {
            Position replay = p.position;
            for (std::string_view word : split_words(f[5])) {
                auto m = parse_usi_move(replay, word);
                if (!m) {
                    errors.push_back(where + "line move '" + std::string(word) + "': " + m.error);
                    ok = false;
                    break;
                }
                p.line.push_back(*m);
                replay.make(*m);
            }
        }
        if (ok) problems.push_back(std::move(p));
    }
    return problems;
}

}  // namespace shishi::mate
