// Squares and positions as text. The board field is the same in XBoard FEN and SFEN; only the
// side-to-move letter and the trailing fields differ.
#include "shishi/core/notation.hpp"

#include <cctype>
#include <cstdint>
#include <sstream>

#include "shishi/core/text.hpp"

namespace shishi {

const char* const START_XBOARD_FEN =
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
    "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1";
const char* const START_SFEN =
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
    "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

namespace {

// Move numbers and clocks count plies from here on, so they must leave room to grow: a game
// from a FEN with move 2^31 - 1 would overflow on its first move. No game comes near this.
constexpr int MAX_PLY_COUNT = 100'000'000;

// Board fields, move numbers and counters: digits only, as an int.
std::optional<int> parse_number(std::string_view t) {
    const std::optional<int64_t> n = parse_integer(t, 0, INT32_MAX, Sign::NONE);
    return n ? std::optional<int>(int(*n)) : std::nullopt;
}

// Fills pos with the board field; returns an error message or "".
std::string parse_board_field(std::string_view field, Position& pos) {
    int rank = BOARD_SIZE - 1, file = 0;
    size_t i = 0;
    auto where = [&] { return " in rank " + std::to_string(rank + 1) + " of the board field"; };
    while (i < field.size()) {
        char c = field[i];
        if (c == '/') {
            if (file != BOARD_SIZE)
                return "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " files instead of 12";
            if (--rank < 0) return "the board field has more than 12 ranks";
            file = 0;
            ++i;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            size_t j = i;
            while (j < field.size() && std::isdigit(static_cast<unsigned char>(field[j])))
                ++j;
            auto n = parse_number(field.substr(i, j - i));
            if (!n || *n < 1 || file + *n > BOARD_SIZE)
                return "bad empty-square count '" + quote_excerpt(field.substr(i, j - i)) + "'" + where();
            file += *n;
            i = j;
        } else {
            bool promoted = false;
            if (c == '+') {
                promoted = true;
                if (++i >= field.size()) return "'+' at the end of the board field";
                c = field[i];
            }
            if (!std::isalpha(static_cast<unsigned char>(c)))
                return std::string("unexpected character '") + c + "'" + where();
            Kind k = kind_from_letter(char(std::tolower(static_cast<unsigned char>(c))), promoted);
            if (k == NO_KIND) return std::string("unknown piece '") + (promoted ? "+" : "") + c + "'" + where();
            if (file >= BOARD_SIZE) return "too many files" + where();
            Color color = std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK;
            pos.put_piece(make_square(file, rank), make_piece(color, k));
            ++file;
            ++i;
        }
    }
    if (rank != 0) return "the board field has " + std::to_string(BOARD_SIZE - rank) + " ranks instead of 12";
    if (file != BOARD_SIZE) return "rank 1 has " + std::to_string(file) + " files instead of 12";
    return "";
}

// The counter-strike square holds the piece of the side that just moved that made the capture
// (this engine's record), or is empty (lishogi's record after a Falcon or Eagle took the Lion
// on its first step: the square where the Lion was taken). Either way no Lion stands there, or
// the capturer became one; the rule reads the same.
std::string check_counter_strike(const Position& pos) {
    Square cs = pos.counter_strike();
    if (cs == NO_SQUARE) return "";
    Piece p = pos.piece_on(cs);
    if (p != EMPTY && color_of(p) == pos.side_to_move())
        return "counter-strike square " + square_to_xboard(cs) +
            " must be empty or hold a piece of the side that just moved";
    return "";
}

// Where the Lion behind the position's counter-strike square was captured: the square itself,
// except after a Falcon or Eagle took it on its first step (then that emptied square).
Square lion_capture_square(const Position& pos) {
    const Square cs = pos.counter_strike();
    if (cs == NO_SQUARE || pos.plies() == 0) return cs;
    const UndoRecord& u = pos.history(pos.plies() - 1);
    const bool lion_on_to = u.captured_to != EMPTY && is_lion(kind_of(u.captured_to));
    const bool lion_on_mid = u.captured_mid != EMPTY && is_lion(kind_of(u.captured_mid));
    return !lion_on_to && lion_on_mid ? u.move.mid() : cs;
}

}  // namespace

Position Position::start() { return *parse_xboard_fen(START_XBOARD_FEN).value; }

std::string square_to_xboard(Square s) {
    return std::string(1, char('a' + file_of(s))) + std::to_string(rank_of(s) + 1);
}

std::string square_to_usi(Square s) {
    return std::to_string(BOARD_SIZE - file_of(s)) + std::string(1, char('a' + (BOARD_SIZE - 1 - rank_of(s))));
}

std::optional<Square> parse_xboard_square(std::string_view t) {
    if (t.size() < 2 || t.size() > 3 || t[0] < 'a' || t[0] >= 'a' + BOARD_SIZE) return std::nullopt;
    if (t[1] == '0') return std::nullopt;
    auto r = parse_number(t.substr(1));
    if (!r || *r < 1 || *r > BOARD_SIZE) return std::nullopt;
    return make_square(t[0] - 'a', *r - 1);
}

std::optional<Square> parse_usi_square(std::string_view t) {
    if (t.size() < 2 || t.size() > 3) return std::nullopt;
    char letter = t.back();
    if (letter < 'a' || letter >= 'a' + BOARD_SIZE || t[0] == '0') return std::nullopt;
    auto f = parse_number(t.substr(0, t.size() - 1));
    if (!f || *f < 1 || *f > BOARD_SIZE) return std::nullopt;
    return make_square(BOARD_SIZE - *f, BOARD_SIZE - 1 - (letter - 'a'));
}

Parsed<Position> parse_xboard_fen(std::string_view text, const RuleSet& rules) {
    auto w = split_words(text);
    if (w.empty()) return Parsed<Position>::fail("empty FEN");
    if (w.size() < 2) return Parsed<Position>::fail("FEN has no side-to-move field");
    Position pos;
    if (std::string e = parse_board_field(w[0], pos); !e.empty()) return Parsed<Position>::fail(e);
    if (w[1] != "w" && w[1] != "b")
        return Parsed<Position>::fail("side to move must be 'w' or 'b', not '" + quote_excerpt(w[1]) + "'");
    pos.set_side_to_move(w[1] == "w" ? WHITE : BLACK);
    // Trailing fields: up to two non-numeric (castling, then counter-strike square) and up
    // to two numbers (halfmove clock, fullmove number). XBoard itself omits the square field.
    std::vector<std::string_view> marks;
    std::vector<int> numbers;
    for (size_t i = 2; i < w.size(); ++i) {
        if (auto n = parse_number(w[i])) {
            numbers.push_back(*n);
        } else {
            if (!numbers.empty() || marks.size() == 2)
                return Parsed<Position>::fail("unexpected FEN field '" + quote_excerpt(w[i]) + "'");
            marks.push_back(w[i]);
        }
    }
    if (numbers.size() > 2) return Parsed<Position>::fail("too many numeric FEN fields");
    if (marks.size() == 2 && marks[1] != "-") {
        auto s = parse_xboard_square(marks[1]);
        if (!s) return Parsed<Position>::fail("bad counter-strike square '" + quote_excerpt(marks[1]) + "'");
        pos.set_counter_strike(*s);
    }
    int halfmove = numbers.size() >= 1 ? numbers[0] : 0;
    int fullmove = numbers.size() >= 2 ? numbers[1] : 1;
    if (fullmove < 1) fullmove = 1;
    if (halfmove > MAX_PLY_COUNT)
        return Parsed<Position>::fail("halfmove clock " + std::to_string(halfmove) + " is too large (at most " +
                                      std::to_string(MAX_PLY_COUNT) + ")");
    if (fullmove > MAX_PLY_COUNT / 2)
        return Parsed<Position>::fail("move number " + std::to_string(fullmove) + " is too large (at most " +
                                      std::to_string(MAX_PLY_COUNT / 2) + ")");
    pos.set_move_counters(halfmove, 2 * fullmove - 1 + (pos.side_to_move() == BLACK ? 1 : 0));
    if (std::string e = check_counter_strike(pos); !e.empty()) return Parsed<Position>::fail(e);
    pos.set_rules(rules);
    return Parsed<Position>::ok(std::move(pos));
}

Parsed<Position> parse_sfen(std::string_view text, const RuleSet& rules) {
    auto w = split_words(text);
    if (w.empty()) return Parsed<Position>::fail("empty SFEN");
    if (w.size() < 2) return Parsed<Position>::fail("SFEN has no side-to-move field");
    if (w.size() > 4) return Parsed<Position>::fail("SFEN has more than 4 fields");
    Position pos;
    if (std::string e = parse_board_field(w[0], pos); !e.empty()) return Parsed<Position>::fail(e);
    if (w[1] != "w" && w[1] != "b")
        return Parsed<Position>::fail("side to move must be 'b' or 'w', not '" + quote_excerpt(w[1]) + "'");
    pos.set_side_to_move(w[1] == "b" ? WHITE : BLACK);
    if (w.size() >= 3 && w[2] != "-") {
        auto s = parse_usi_square(w[2]);
        if (!s) return Parsed<Position>::fail("bad counter-strike square '" + quote_excerpt(w[2]) + "'");
        pos.set_counter_strike(*s);
    }
    int number = 1;
    if (w.size() == 4) {
        auto n = parse_number(w[3]);
        if (!n || *n < 1) return Parsed<Position>::fail("bad move number '" + quote_excerpt(w[3]) + "'");
        if (*n > MAX_PLY_COUNT)
            return Parsed<Position>::fail("move number " + std::to_string(*n) + " is too large (at most " +
                                          std::to_string(MAX_PLY_COUNT) + ")");
        number = *n;
    }
    pos.set_move_counters(0, number);
    if (std::string e = check_counter_strike(pos); !e.empty()) return Parsed<Position>::fail(e);
    pos.set_rules(rules);
    return Parsed<Position>::ok(std::move(pos));
}

std::string board_to_fen_field(const Position& pos) {
    std::string out;
    for (int r = BOARD_SIZE - 1; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < BOARD_SIZE; ++f) {
            Piece p = pos.piece_on(make_square(f, r));
            if (p == EMPTY) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            const KindInfo& ki = kind_info(kind_of(p));
            if (ki.promoted) out += '+';
            out += color_of(p) == WHITE ? char(std::toupper(static_cast<unsigned char>(ki.letter))) : ki.letter;
        }
        if (empty) out += std::to_string(empty);
        if (r) out += '/';
    }
    return out;
}

std::string to_xboard_fen(const Position& pos) {
    std::string cs = pos.counter_strike() == NO_SQUARE ? "-" : square_to_xboard(pos.counter_strike());
    return board_to_fen_field(pos) + (pos.side_to_move() == WHITE ? " w - " : " b - ") + cs + " " +
        std::to_string(pos.halfmove_clock()) + " " + std::to_string((pos.move_number() + 1) / 2);
}

std::string to_sfen(const Position& pos) {
    const Square at = pos.rules().sfen_counter_strike_at_capture ? lion_capture_square(pos) : pos.counter_strike();
    std::string cs = at == NO_SQUARE ? "-" : square_to_usi(at);
    return board_to_fen_field(pos) + (pos.side_to_move() == WHITE ? " b " : " w ") + cs + " " +
        std::to_string(pos.move_number());
}

std::string diagram_cell(Piece p) {
    if (p == EMPTY) return "  .";
    const KindInfo& ki = kind_info(kind_of(p));
    const char letter = color_of(p) == WHITE ? char(std::toupper(static_cast<unsigned char>(ki.letter))) : ki.letter;
    return std::string(1, ' ') + (ki.promoted ? '+' : ' ') + letter;
}

std::string board_diagram(const Position& pos) {
    std::ostringstream out;
    for (int r = BOARD_SIZE - 1; r >= 0; --r) {
        out << (r + 1 < 10 ? " " : "") << r + 1 << " ";
        for (int f = 0; f < BOARD_SIZE; ++f)
            out << diagram_cell(pos.piece_on(make_square(f, r)));
        out << '\n';
    }
    out << "   ";
    for (int f = 0; f < BOARD_SIZE; ++f)
        out << "  " << char('a' + f);
    out << '\n';
    return out.str();
}

}  // namespace shishi
