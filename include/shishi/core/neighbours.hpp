// The eight neighbours of a square read as one word, a byte each, so a loop over directions can
// test all eight at once (own piece, enemy piece, empty) and visit only the directions that
// matter, still in direction order. Move generation's steps use it.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "shishi/core/types.hpp"

namespace shishi {

namespace detail {
// On a little-endian machine the word comes from three loads of the rows around the square, so
// its bytes are in row order (+15 +16 +17, -1 +1, -17 -16 -15); this table turns a mask of
// those bytes into one of directions.
struct RowOrder {
    uint8_t to_directions[256];
    constexpr RowOrder() : to_directions{} {
        constexpr int direction_of[8] = {7, 0, 1, 6, 2, 5, 4, 3};
        for (int m = 0; m < 256; ++m)
            for (int i = 0; i < 8; ++i)
                if (m >> i & 1) to_directions[m] = uint8_t(to_directions[m] | 1u << direction_of[i]);
    }
};
inline constexpr RowOrder ROW_ORDER{};
inline constexpr bool ROW_WORD = std::endian::native == std::endian::little;
}  // namespace detail

// Which neighbours of a square hold what: masks with bit d for direction d.
class Neighbours {
public:
    Neighbours(const Piece* b, Square s) {
        if constexpr (detail::ROW_WORD) {
            uint32_t above, middle, below;
            std::memcpy(&above, b + s + 15, 4);
            std::memcpy(&middle, b + s - 1, 4);
            std::memcpy(&below, b + s - 17, 4);
            w_ = (above & 0xFFFFFF) | uint64_t(middle & 0xFF) << 24 | uint64_t(middle & 0xFF0000) << 16 |
                 uint64_t(below & 0xFFFFFF) << 40;
        } else {
            for (int d = 0; d < DIRECTION_NB; ++d) w_ |= uint64_t(b[s + DIRECTION_OFFSET[d]]) << (8 * d);
        }
    }
    // Pieces of colour c (not the guard squares, whose EDGE has both colour bits).
    unsigned owned_by(Color c) const { return directions(c == WHITE ? white() & ~black() : black() & ~white()); }
    unsigned empty() const { return directions(~(black() | white()) & LOW); }
    // Empty squares and pieces of ~c: where a piece of colour c may step.
    unsigned open_to(Color c) const { return directions(~(c == WHITE ? white() : black()) & LOW); }

private:
    static constexpr uint64_t LOW = 0x0101010101010101;
    uint64_t black() const { return w_ >> 7 & LOW; }
    uint64_t white() const { return w_ >> 6 & LOW; }
    static unsigned directions(uint64_t low_bits) {
        const unsigned bits = unsigned(low_bits * 0x0102040810204080 >> 56);  // byte i's low bit to bit i
        if constexpr (detail::ROW_WORD) return detail::ROW_ORDER.to_directions[bits];
        return bits;
    }
    uint64_t w_ = 0;
};

}  // namespace shishi
