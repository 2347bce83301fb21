// Board squares read as one word, a byte each, so eight squares are tested at once (own piece,
// enemy piece, empty): eight squares in a row (the evaluation's box around a royal) and the
// eight neighbours of a square in direction order (move generation's steps).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "shishi/core/board_types.hpp"

namespace shishi {

namespace detail {
constexpr uint64_t BYTE_LOW_BITS = 0x0101010101010101;
inline constexpr bool ROW_WORD = std::endian::native == std::endian::little;
}  // namespace detail

// Squares b[from] .. b[from + 7], square i in byte i.
inline uint64_t square_bytes(const Piece* b, int from) {
    uint64_t w = 0;
    if constexpr (detail::ROW_WORD)
        std::memcpy(&w, b + from, 8);
    else
        for (int i = 0; i < 8; ++i)
            w |= uint64_t(b[from + i]) << (8 * i);
    return w;
}

// The low bit of byte i set where byte i of w holds a piece of colour c (a guard square, EDGE,
// has both colour bits and counts for neither), or an empty square.
inline uint64_t colour_bytes(uint64_t w, Color c) {
    const uint64_t black = w >> 7 & detail::BYTE_LOW_BITS, white = w >> 6 & detail::BYTE_LOW_BITS;
    return c == WHITE ? white & ~black : black & ~white;
}
inline uint64_t empty_bytes(uint64_t w) { return ~(w >> 7 | w >> 6) & detail::BYTE_LOW_BITS; }

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
            for (int d = 0; d < DIRECTION_NB; ++d)
                w_ |= uint64_t(b[s + DIRECTION_OFFSET[d]]) << (8 * d);
        }
    }
    // Whether any neighbour of s (which must not hold a piece of colour c) holds one, read from
    // the three rows as they lie, without building the word: capture generation asks it of
    // every stepper, and most have none. Tested as the word is.
    static bool any_owned_by(const Piece* b, Square s, Color c) {
        if constexpr (detail::ROW_WORD) {
            uint32_t above, middle, below;
            std::memcpy(&above, b + s + 15, 4);
            std::memcpy(&middle, b + s - 1, 4);
            std::memcpy(&below, b + s - 17, 4);
            const uint64_t rows = above | uint64_t(below) << 32;
            constexpr uint64_t three = 0x00FFFFFF00FFFFFF;  // the fourth byte of each row is no neighbour
            const uint64_t bit = detail::BYTE_LOW_BITS * (c == WHITE ? WHITE_BIT : BLACK_BIT);
            if (c == WHITE)
                return ((rows & ~(rows >> 1) & bit & three) | (middle & ~(middle >> 1) & bit & 0xFFFFFF)) != 0;
            return ((rows & ~(rows << 1) & bit & three) | (middle & ~(middle << 1) & bit & 0xFFFFFF)) != 0;
        } else {
            return Neighbours(b, s).any_owned_by(c);
        }
    }
    // Pieces of colour c (not the guard squares).
    unsigned owned_by(Color c) const { return directions(colour_bytes(w_, c)); }
    // Whether any neighbour holds one (no reordering of the bits when none does).
    // Tested on the colour bits where they stand: c's bit set and the other clear in a byte.
    bool any_owned_by(Color c) const {
        constexpr uint64_t high = detail::BYTE_LOW_BITS * BLACK_BIT, low = detail::BYTE_LOW_BITS * WHITE_BIT;
        return (c == WHITE ? w_ & ~(w_ >> 1) & low : w_ & ~(w_ << 1) & high) != 0;
    }
    unsigned empty() const { return directions(empty_bytes(w_)); }
    // Empty squares and pieces of ~c: where a piece of colour c may step.
    unsigned open_to(Color c) const { return directions(empty_bytes(w_) | colour_bytes(w_, ~c)); }

private:
    static unsigned directions(uint64_t low_bits) {
        const unsigned bits = unsigned(low_bits * 0x0102040810204080 >> 56);  // byte i's low bit to bit i
        if constexpr (detail::ROW_WORD) return detail::ROW_ORDER.to_directions[bits];
        return bits;
    }
    uint64_t w_ = 0;
};

}  // namespace shishi
