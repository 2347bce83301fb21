// The KIF reader's pieces: text helpers and a move line's move text.
#include "kif_detail.hpp"

#include "shishi/core/text.hpp"
#include "shishi/record/kif_names.hpp"

namespace shishi::record::kif_detail {

bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

std::string plain_spaces(std::string_view raw) {
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
    return s;
}

std::string normalize(std::string_view raw) {
    const std::string s = plain_spaces(raw);
    const size_t a = s.find_first_not_of(' ');
    if (a == std::string::npos) return {};
    const size_t b = s.find_last_not_of(' ');
    return s.substr(a, b - a + 1);
}

void skip_spaces(std::string_view s, size_t& i) {
    while (i < s.size() && s[i] == ' ')
        ++i;
}

bool eat(std::string_view s, size_t& i, std::string_view word) {
    if (s.substr(i, word.size()) != word) return false;
    i += word.size();
    return true;
}

namespace {

// "h:mm:ss" or "m:ss" (any number of leading digits) in seconds; -1 when it is not one.
int clock_seconds(std::string_view t) {
    int value = 0, fields = 0;
    size_t i = 0;
    while (i < t.size()) {
        size_t j = i;
        int field = 0;
        while (j < t.size() && t[j] >= '0' && t[j] <= '9' && j - i < 6)
            field = field * 10 + (t[j++] - '0');
        if (j == i) return -1;
        value = value * 60 + field, ++fields;
        if (j == t.size()) break;
        if (t[j] != ':' || fields == 3) return -1;
        i = j + 1;
        if (i == t.size()) return -1;
    }
    return fields >= 2 ? value : -1;
}

}  // namespace

std::string parse_clock(std::string_view s, int& seconds, int& total) {
    size_t i = 0;
    const bool wide = eat(s, i, "（");
    if (!wide && !eat(s, i, "(")) return "unexpected text '" + quote_excerpt(s) + "'";
    const size_t close = s.find(wide ? "）" : ")", i);
    if (close == std::string_view::npos) return "the clock '" + quote_excerpt(s) + "' is not closed";
    std::string inner = normalize(s.substr(i, close - i));
    const size_t slash = inner.find('/');
    const std::string spent = normalize(inner.substr(0, slash));
    const std::string sum = slash == std::string::npos ? "" : normalize(inner.substr(slash + 1));
    seconds = clock_seconds(spent);
    total = sum.empty() ? -1 : clock_seconds(sum);
    if (seconds < 0 || (!sum.empty() && total < 0)) return "the clock '" + quote_excerpt(s) + "' is not (m:ss/h:mm:ss)";
    std::string_view rest = s.substr(close + (wide ? 3 : 1));
    if (!rest.empty() && rest != "+") return "unexpected text '" + quote_excerpt(rest) + "' after the clock";
    return {};
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
            starts(rest, "←") || starts(rest, " ") || starts(rest, "居") || starts(rest, "じっと") ||
            starts(rest, "まで"))
            break;
        size_t len = 1;
        while (i + len < s.size() && (uint8_t(s[i + len]) & 0xC0) == 0x80)
            ++len;
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
    if (i < s.size()) {
        auto clock = parse_clock(s.substr(i), mt.seconds, mt.total_seconds);
        if (!clock.empty()) return Parsed<MoveText>::fail(clock);
    }
    return Parsed<MoveText>::ok(mt);
}

}  // namespace shishi::record::kif_detail
