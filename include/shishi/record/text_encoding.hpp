// Text encodings of game records: everything inside Shishi is UTF-8; KIF files may also come
// in Shift-JIS (Japanese Windows tools). The decoder holds a table of the characters Chu Shogi
// records use (piece names, numbers, header words, marks, kana, full-width Latin letters).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "shishi/core/notation.hpp"

namespace shishi::record {

enum class Encoding { UTF8, UTF8_BOM, SHIFT_JIS };

struct SjisEntry {
    uint16_t code;  // lead byte << 8 | trail byte
    uint16_t unicode;
};
extern const SjisEntry SJIS_TABLE[];
extern const int SJIS_TABLE_SIZE;

bool is_valid_utf8(std::string_view bytes);
// The offset of the first byte that does not start a valid UTF-8 sequence; bytes.size() when
// there is none.
size_t first_invalid_utf8(std::string_view bytes);
// UTF-8 with a byte-order mark; UTF-8 when valid or when the first non-ASCII character is a whole
// three- or four-byte UTF-8 sequence (then a later fault is reported as one); otherwise Shift-JIS.
Encoding detect_encoding(std::string_view bytes);
// Shift-JIS to UTF-8. A double-byte character outside the table becomes U+FFFD; a broken
// sequence (a lead byte without its trail byte) is an error naming the line.
Parsed<std::string> decode_shift_jis(std::string_view bytes);
// Any of the three to UTF-8 without a byte-order mark; UTF-8 with a fault (a file cut inside a
// character, a stray byte) is an error naming the line.
Parsed<std::string> to_utf8(std::string_view bytes);
// UTF-8 to Shift-JIS (for tests and for writing legacy files); characters outside the table
// become '?'.
std::string encode_shift_jis(std::string_view utf8);

}  // namespace shishi::record
