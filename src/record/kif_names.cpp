#include "shishi/record/kif_names.hpp"

#include <array>

#include "shishi/core/pieces.hpp"

namespace shishi::record {
namespace {

struct KindNames {
    std::string_view move;  // scalashogi's first name for the role
    std::string_view board;  // diagram cell
    std::array<std::string_view, 6> other;  // other spellings lishogi reads
};

// Indexed by Kind (see board_types.hpp for the order).
constexpr KindNames NAMES[KIND_NB] = {
    {"", "", {}},
    {"玉将", "玉", {"王将", "王"}},
    {"醉象", "象", {}},
    {"盲虎", "虎", {}},
    {"猛豹", "豹", {}},
    {"金将", "金", {}},
    {"銀将", "銀", {}},
    {"銅将", "銅", {}},
    {"仲人", "仲", {}},
    {"歩兵", "歩", {"兵"}},
    {"香車", "香", {}},
    {"反車", "反", {}},
    {"横行", "横", {}},
    {"竪行", "竪", {}},
    {"角行", "角", {}},
    {"飛車", "飛", {}},
    {"龍馬", "馬", {"竜馬"}},
    {"龍王", "龍", {"竜王", "龍玉", "竜玉", "竜"}},
    {"麒麟", "麒", {}},
    {"鳳凰", "鳳", {}},
    {"奔王", "奔", {}},
    {"獅子", "獅", {"師"}},
    {"太子", "太", {}},  // +e
    {"飛鹿", "鹿", {}},  // +t
    {"小角", "成角", {"角行", "角"}},  // +f moves as a Bishop
    {"金飛車", "成飛", {"飛車", "飛"}},  // +g moves as a Rook
    {"竪行", "成竪", {"竪"}},  // +s
    {"横行", "成横", {"横"}},  // +c
    {"醉象", "成象", {"象"}},  // +i
    {"金将", "杏", {"金", "と", "と金", "个", "成歩", "成兵"}},  // +p
    {"白駒", "駒", {}},  // +l
    {"鯨鯢", "鯨", {}},  // +a
    {"奔猪", "猪", {}},  // +m
    {"飛牛", "牛", {}},  // +v
    {"龍馬", "成馬", {"竜馬", "馬"}},  // +b
    {"龍王", "成龍", {"竜王", "龍玉", "竜玉", "竜", "龍", "成竜"}},  // +r
    {"角鷹", "鷹", {}},  // +h
    {"飛鷲", "鷲", {}},  // +d
    {"獅子", "成獅", {"獅", "師", "成師"}},  // +o
    {"奔王", "成奔", {"奔"}},  // +x
};

constexpr std::string_view DIGITS[10] = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr std::string_view TEN = "十";

struct KeyTag {
    std::string_view key, tag;
};
constexpr KeyTag KEYS[] = {
    {"開始日時", "Date"},
    {"終了日時", "End"},
    {"棋戦", "Event"},
    {"場所", "Site"},
    {"持ち時間", "TimeControl"},
    {"先手", "White"},
    {"後手", "Black"},
    {"下手", "White"},
    {"上手", "Black"},
    {"先手チーム", "WhiteTeam"},
    {"後手チーム", "BlackTeam"},
    {"戦型", "Opening"},
    // lishogi's analysis board names the teams so (read only: the first key of a tag is written)
    {"先手のチーム", "WhiteTeam"},
    {"後手のチーム", "BlackTeam"},
};

}  // namespace

std::string_view kif_move_name(Kind k) { return NAMES[k].move; }
std::string_view kif_board_name(Kind k) { return NAMES[k].board; }

bool kif_name_fits(std::string_view name, Kind k) {
    if (k == NO_KIND || name.empty()) return false;
    const KindNames& n = NAMES[k];
    if (name == n.move || name == n.board) return true;
    for (std::string_view o : n.other)
        if (!o.empty() && name == o) return true;
    return false;
}

Kind kind_from_kif_board_name(std::string_view name) {
    for (int k = 1; k < KIND_NB; ++k)
        if (name == NAMES[k].board) return Kind(k);
    if (name == "成歩" || name == "と") return TOKIN;
    if (name == "王") return KING;
    if (name == "竜") return DRAGON_KING;
    return NO_KIND;
}

std::string kanji_number(int n) {
    if (n <= 0) return std::string(DIGITS[0]);
    std::string out;
    if (n >= 100) {
        if (n / 100 > 1) out += DIGITS[n / 100 % 10];
        out += "百";
        n %= 100;
    }
    if (n >= 10) {
        if (n / 10 > 1) out += DIGITS[n / 10];
        out += TEN;
        n %= 10;
    }
    if (n > 0) out += DIGITS[n];
    return out;
}

std::optional<int> parse_kanji_number(std::string_view s) {
    if (s.empty()) return std::nullopt;
    // ASCII or full-width digits
    int value = 0;
    bool digits = true;
    for (size_t i = 0; i < s.size() && digits;) {
        if (s[i] >= '0' && s[i] <= '9') {
            value = value * 10 + (s[i] - '0');
            ++i;
        } else if (s.substr(i, 2) == "\xEF\xBC" && i + 2 < s.size() && uint8_t(s[i + 2]) >= 0x90 &&
                   uint8_t(s[i + 2]) <= 0x99) {
            value = value * 10 + (uint8_t(s[i + 2]) - 0x90);
            i += 3;
        } else {
            digits = false;
        }
        if (value > 100000) return std::nullopt;
    }
    if (digits) return value;
    // kanji: [digit]百[digit]十[digit]
    int total = 0, pending = -1;
    size_t i = 0;
    while (i < s.size()) {
        bool matched = false;
        for (int d = 0; d < 10 && !matched; ++d)
            if (s.substr(i, DIGITS[d].size()) == DIGITS[d]) {
                if (pending >= 0) return std::nullopt;
                pending = d, i += DIGITS[d].size(), matched = true;
            }
        if (matched) continue;
        if (s.substr(i, TEN.size()) == TEN) {
            total += (pending < 0 ? 1 : pending) * 10, pending = -1, i += TEN.size();
        } else if (s.substr(i, 3) == "百") {
            total += (pending < 0 ? 1 : pending) * 100, pending = -1, i += 3;
        } else {
            return std::nullopt;
        }
    }
    return total + (pending < 0 ? 0 : pending);
}

std::string kif_square(Square s) {
    const int file = BOARD_SIZE - file_of(s);  // 12 on the left .. 1 on the right
    const int rank = BOARD_SIZE - rank_of(s);  // 1 at the top
    return std::to_string(file) + kanji_number(rank);
}

std::optional<Square> parse_kif_square(std::string_view s, size_t& used) {
    size_t i = 0;
    int file = 0, nd = 0;
    while (nd < 2 && i < s.size()) {
        if (s[i] >= '0' && s[i] <= '9') {
            file = file * 10 + (s[i] - '0'), ++i, ++nd;
        } else if (s.substr(i, 2) == "\xEF\xBC" && i + 2 < s.size() && uint8_t(s[i + 2]) >= 0x90 &&
                   uint8_t(s[i + 2]) <= 0x99) {
            file = file * 10 + (uint8_t(s[i + 2]) - 0x90), i += 3, ++nd;
        } else {
            break;
        }
    }
    if (nd == 0 || file < 1 || file > BOARD_SIZE) return std::nullopt;
    // rank: 十一, 十二, 十, or one digit
    int rank = 0;
    if (s.substr(i, TEN.size()) == TEN) {
        i += TEN.size();
        rank = 10;
        if (s.substr(i, DIGITS[1].size()) == DIGITS[1])
            rank = 11, i += DIGITS[1].size();
        else if (s.substr(i, DIGITS[2].size()) == DIGITS[2])
            rank = 12, i += DIGITS[2].size();
    } else {
        for (int d = 1; d <= 9 && rank == 0; ++d)
            if (s.substr(i, DIGITS[d].size()) == DIGITS[d]) rank = d, i += DIGITS[d].size();
    }
    if (rank == 0) return std::nullopt;
    used = i;
    return make_square(BOARD_SIZE - file, BOARD_SIZE - rank);
}

std::string_view pgn_tag_for_kif_key(std::string_view key) {
    for (const KeyTag& k : KEYS)
        if (k.key == key) return k.tag;
    return {};
}

std::string_view kif_key_for_pgn_tag(std::string_view tag) {
    for (const KeyTag& k : KEYS)
        if (k.tag == tag) return k.key;
    return {};
}

}  // namespace shishi::record
