#include "shishi/core/text.hpp"
#include "shishi/record/usi_list.hpp"

#include <sstream>
#include <vector>

namespace shishi::record {

std::string write_usi_list(const Record& r) {
    std::string out = r.start_is_initial ? "startpos\n" : "sfen " + to_sfen(r.start) + "\n";
    std::string line = "moves";
    for (const Ply& p : r.plies) {
        const std::string m = move_to_usi(p.move);
        if (line.size() + 1 + m.size() > 79) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + m;
    }
    if (!r.plies.empty()) out += line + "\n";
    if (r.result != "*") out += "result " + r.result + "\n";
    return out;
}

Parsed<Record> read_usi_list(std::string_view text) {
    Record r;
    std::vector<std::pair<int, std::string>> words;  // line, word
    {
        std::istringstream in{std::string(text)};
        std::string line;
        int n = 0;
        while (std::getline(in, line)) {
            ++n;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            const size_t first = line.find_first_not_of(" \t");
            if (first == std::string::npos || line[first] == '#') continue;
            std::istringstream ws(line);
            std::string w;
            while (ws >> w)
                words.emplace_back(n, w);
        }
    }
    auto fail = [](int line, const std::string& why) {
        return Parsed<Record>::fail("line " + std::to_string(line) + ": " + why);
    };
    if (words.empty()) return Parsed<Record>::fail("empty record: expected 'startpos' or 'sfen ...'");
    size_t i = 0;
    if (words[i].second == "position") ++i;
    if (i >= words.size()) return fail(words.back().first, "'position' without 'startpos' or 'sfen'");
    if (words[i].second == "startpos") {
        ++i;
    } else if (words[i].second == "sfen") {
        const int line = words[i].first;
        std::string sfen;
        for (++i; i < words.size() && words[i].second != "moves" && words[i].second != "result"; ++i)
            sfen += (sfen.empty() ? "" : " ") + words[i].second;
        auto p = parse_sfen(sfen);
        if (!p) return fail(line, "bad SFEN: " + p.error);
        r.start = *p;
        r.start_is_initial = to_sfen(*p) == to_sfen(Position::start());
    } else {
        return fail(words[i].first, "expected 'startpos' or 'sfen ...', not '" + quote_excerpt(words[i].second) + "'");
    }
    Position pos = r.start;
    if (i < words.size() && words[i].second == "moves") {
        for (++i; i < words.size() && words[i].second != "result"; ++i) {
            auto m = parse_usi_move(pos, words[i].second);
            if (!m)
                return fail(words[i].first,
                            "move " + std::to_string(r.plies.size() + 1) + " '" + quote_excerpt(words[i].second) +
                                "' is not legal here: " + m.error);
            Move played = *m;
            if (played.is_pass()) {  // keep the piece and square written ("7g7f7g")
                const std::string& t = words[i].second;
                size_t cut = 0;
                while (cut < t.size() && !(t[cut] >= 'a' && t[cut] <= 'l'))
                    ++cut;
                auto from = parse_usi_square(t.substr(0, cut + 1));
                const size_t second = cut + 1;
                size_t cut2 = second;
                while (cut2 < t.size() && !(t[cut2] >= 'a' && t[cut2] <= 'l'))
                    ++cut2;
                auto via = parse_usi_square(t.substr(second, cut2 + 1 - second));
                if (from && via) played = Move::pass(*from, *via);
            }
            pos.make(played);
            r.plies.push_back({played, "", NAG_NONE, -1, -1, {}});
        }
    }
    if (i < words.size() && words[i].second == "result") {
        if (i + 1 >= words.size() || !is_result_text(words[i + 1].second))
            return fail(words[i].first, "'result' needs 1-0, 0-1, 1/2-1/2 or *");
        r.result = words[i + 1].second;
        i += 2;
    }
    if (i < words.size()) return fail(words[i].first, "unexpected '" + quote_excerpt(words[i].second) + "'");
    return Parsed<Record>::ok(r);
}

}  // namespace shishi::record
