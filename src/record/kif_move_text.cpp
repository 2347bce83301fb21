// The KIF reader's pieces: text helpers and a move line's move text.
#include "kif_detail.hpp"

#include "shishi/record/kif_names.hpp"

namespace shishi::record::kif_detail {

bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

std::string normalize(std::string_view raw) {
    std::string s;
    for (size_t i = 0; i < raw.size(); ++i) {
        if (raw.substr(i, 3) == "　") {  // full-width space
            s += ' ';
            i += 2;
        } else if (raw[i] == '\t' || raw[i] == '\r') {
            s += ' ';
        } else {
            s += raw[i];
        }
    }
    const size_t a = s.find_first_not_of(' ');
    if (a == std::string::npos) return {};
    const size_t b = s.find_last_not_of(' ');
    return s.substr(a, b - a + 1);
}

void skip_spaces(std::string_view s, size_t& i) {
    while (i < s.size() && s[i] == ' ') ++i;
}

bool eat(std::string_view s, size_t& i, std::string_view word) {
    if (s.substr(i, word.size()) != word) return false;
    i += word.size();
    return true;
}

Parsed<MoveText> parse_move_text(std::string_view s) {
    MoveText mt;
    size_t i = 0;
    if (eat(s, i, "仝") || eat(s, i, "同")) {
        mt.same = true;
    } else {
        size_t used = 0;
        auto sq = parse_kif_square(s, used);
        if (!sq) return Parsed<MoveText>::fail("no destination square");
        mt.dest = *sq;
        i += used;
    }
    skip_spaces(s, i);
    while (i < s.size()) {
        const std::string_view rest = s.substr(i);
        if (starts(rest, "成") || starts(rest, "不成") || starts(rest, "（") || starts(rest, "(") ||
            starts(rest, "←") || starts(rest, " ") || starts(rest, "居") || starts(rest, "じっと") || starts(rest, "まで"))
            break;
        size_t len = 1;
        while (i + len < s.size() && (uint8_t(s[i + len]) & 0xC0) == 0x80) ++len;
        mt.name += std::string(s.substr(i, len));
        i += len;
    }
    if (mt.name.empty()) return Parsed<MoveText>::fail("no piece name");
    if (eat(s, i, "不成")) {
    } else if (eat(s, i, "成")) {
        mt.promote = true;
    }
    for (bool more = true; more;) {
        skip_spaces(s, i);
        more = eat(s, i, "（居食い）") || eat(s, i, "(居食い)") || eat(s, i, "居食い");
        if (more) {
            mt.igui = true;
            continue;
        }
        more = eat(s, i, "(じっと)") || eat(s, i, "（じっと）") || eat(s, i, "じっと");
        if (more) {
            mt.pass = true;
            continue;
        }
        more = eat(s, i, "まで");
    }
    skip_spaces(s, i);
    const bool wide = eat(s, i, "（");
    const bool narrow = !wide && eat(s, i, "(");
    eat(s, i, "←");
    size_t used = 0;
    auto from = parse_kif_square(s.substr(i), used);
    if (!from) return Parsed<MoveText>::fail("no origin square (written \"（←7七）\")");
    mt.origin = *from;
    i += used;
    if ((wide && !eat(s, i, "）")) || (narrow && !eat(s, i, ")")))
        return Parsed<MoveText>::fail("the origin square's bracket is not closed");
    skip_spaces(s, i);
    // A clock "( 0:01/00:00:01)" may follow; anything else is not KIF.
    if (i < s.size() && (s[i] == '(' || starts(s.substr(i), "（"))) i = s.size();
    if (i < s.size()) return Parsed<MoveText>::fail("unexpected text '" + std::string(s.substr(i)) + "'");
    return Parsed<MoveText>::ok(mt);
}

}  // namespace shishi::record::kif_detail
