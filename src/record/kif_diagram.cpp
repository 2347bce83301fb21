// The KIF start diagram: 12 rows of 12 cells, "・" empty, "v" before the second player's pieces.
#include "kif_detail.hpp"

#include "shishi/core/text.hpp"
#include "shishi/core/pieces.hpp"
#include "shishi/record/kif_names.hpp"

namespace shishi::record::kif_detail {

Parsed<Position> diagram_position(const std::vector<std::pair<int, std::string>>& rows, bool second_to_move) {
    if (rows.size() != size_t(BOARD_SIZE))
        return Parsed<Position>::fail("line " + std::to_string(rows.empty() ? 0 : rows.front().first) +
                                      ": the diagram has " + std::to_string(rows.size()) + " rows, not 12");
    std::string fen;
    for (const auto& [line_no, row] : rows) {
        const std::string at = "line " + std::to_string(line_no) + ": ";
        size_t i = 1;  // after '|'
        int cells = 0, empty = 0;
        std::string fen_row;
        while (i < row.size() && row[i] != '|') {
            if (row[i] == ' ') {
                ++i;
                continue;
            }
            if (eat(row, i, "・")) {
                ++empty, ++cells;
                continue;
            }
            const bool second = row[i] == 'v' || row[i] == 'V';
            if (second) ++i;
            std::string name;
            if (eat(row, i, "成")) name = "成";
            size_t len = 1;
            while (i + len < row.size() && (uint8_t(row[i + len]) & 0xC0) == 0x80)
                ++len;
            name += row.substr(i, len);
            i += len;
            const Kind k = kind_from_kif_board_name(name);
            if (k == NO_KIND)
                return Parsed<Position>::fail(at + "unknown piece '" + quote_excerpt(name) + "' in the diagram");
            if (empty) fen_row += std::to_string(empty), empty = 0;
            const KindInfo& info = kind_info(k);
            if (info.promoted) fen_row += '+';
            fen_row += second ? info.letter : char(info.letter - 'a' + 'A');
            ++cells;
        }
        if (i >= row.size()) return Parsed<Position>::fail(at + "a diagram row ends with '|' and the rank");
        if (cells != BOARD_SIZE)
            return Parsed<Position>::fail(at + "the diagram row has " + std::to_string(cells) + " squares, not 12");
        if (empty) fen_row += std::to_string(empty);
        fen += (fen.empty() ? "" : "/") + fen_row;
    }
    fen += second_to_move ? " b - 0 1" : " w - 0 1";
    auto p = parse_xboard_fen(fen);
    if (!p) return Parsed<Position>::fail("line " + std::to_string(rows.front().first) + ": bad diagram: " + p.error);
    return p;
}

}  // namespace shishi::record::kif_detail
