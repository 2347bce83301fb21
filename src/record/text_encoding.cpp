#include "shishi/record/text_encoding.hpp"

#include <algorithm>

namespace shishi::record {
namespace {

void append_utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | cp >> 6);
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | cp >> 12);
        out += char(0x80 | (cp >> 6 & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | cp >> 18);
        out += char(0x80 | (cp >> 12 & 0x3F));
        out += char(0x80 | (cp >> 6 & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

int line_at(std::string_view bytes, size_t pos) {
    return 1 + int(std::count(bytes.begin(), bytes.begin() + long(pos), '\n'));
}

}  // namespace

bool is_valid_utf8(std::string_view s) { return first_invalid_utf8(s) == s.size(); }

size_t first_invalid_utf8(std::string_view s) {
    size_t i = 0;
    while (i < s.size()) {
        const auto c = uint8_t(s[i]);
        int extra;
        uint32_t cp;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            extra = 1, cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            extra = 2, cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            extra = 3, cp = c & 0x07;
        } else {
            return i;
        }
        if (i + size_t(extra) >= s.size()) return i;  // cut off
        for (int k = 1; k <= extra; ++k) {
            const auto t = uint8_t(s[i + size_t(k)]);
            if ((t & 0xC0) != 0x80) return i;
            cp = cp << 6 | (t & 0x3F);
        }
        // Overlong forms, surrogates and values beyond Unicode are not UTF-8.
        static constexpr uint32_t MIN[4] = {0, 0x80, 0x800, 0x10000};
        if (cp < MIN[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
        i += size_t(extra) + 1;
    }
    return s.size();
}

Encoding detect_encoding(std::string_view bytes) {
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF") return Encoding::UTF8_BOM;
    const size_t bad = first_invalid_utf8(bytes);
    if (bad == bytes.size()) return Encoding::UTF8;
    // Text whose first non-ASCII character is a whole UTF-8 sequence of three or four bytes (all
    // Japanese is) is UTF-8 with a fault, not Shift-JIS: a Shift-JIS pair is two bytes, and
    // three bytes in a row that form UTF-8 are rare in it.
    size_t first = 0;
    while (first < bytes.size() && uint8_t(bytes[first]) < 0x80)
        ++first;
    if (first < bad && uint8_t(bytes[first]) >= 0xE0) return Encoding::UTF8;
    return Encoding::SHIFT_JIS;
}

Parsed<std::string> decode_shift_jis(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size() * 3 / 2);
    for (size_t i = 0; i < bytes.size(); ++i) {
        const auto b = uint8_t(bytes[i]);
        if (b < 0x80) {
            out += char(b);
        } else if (b >= 0xA1 && b <= 0xDF) {
            append_utf8(out, 0xFF61 + (b - 0xA1));  // half-width katakana
        } else if ((b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC)) {
            if (i + 1 >= bytes.size())
                return Parsed<std::string>::fail("line " + std::to_string(line_at(bytes, i)) +
                                                 ": Shift-JIS text ends inside a character");
            const auto t = uint8_t(bytes[i + 1]);
            if (t < 0x40 || t == 0x7F || t > 0xFC)
                return Parsed<std::string>::fail("line " + std::to_string(line_at(bytes, i)) +
                                                 ": not Shift-JIS (byte 0x" + "0123456789ABCDEF"[b >> 4] +
                                                 "0123456789ABCDEF"[b & 15] + " followed by an invalid byte)");
            const uint16_t code = uint16_t(b << 8 | t);
            const SjisEntry* end = SJIS_TABLE + SJIS_TABLE_SIZE;
            const SjisEntry* e =
                std::lower_bound(SJIS_TABLE, end, code, [](const SjisEntry& x, uint16_t c) { return x.code < c; });
            append_utf8(out, e != end && e->code == code ? e->unicode : 0xFFFD);
            ++i;
        } else {
            return Parsed<std::string>::fail("line " + std::to_string(line_at(bytes, i)) +
                                             ": neither UTF-8 nor Shift-JIS (byte 0x" + "0123456789ABCDEF"[b >> 4] +
                                             "0123456789ABCDEF"[b & 15] + ")");
        }
    }
    return Parsed<std::string>::ok(std::move(out));
}

Parsed<std::string> to_utf8(std::string_view bytes) {
    // UTF-16 (a Windows "Unicode" save) would otherwise be taken for broken Shift-JIS.
    if (bytes.substr(0, 2) == "\xFF\xFE" || bytes.substr(0, 2) == "\xFE\xFF")
        return Parsed<std::string>::fail(
            "line 1: the file is UTF-16 (it starts with a UTF-16 byte-order mark): "
            "save it as UTF-8 or Shift-JIS");
    const Encoding e = detect_encoding(bytes);
    if (e == Encoding::SHIFT_JIS) return decode_shift_jis(bytes);
    const std::string_view text = e == Encoding::UTF8_BOM ? bytes.substr(3) : bytes;
    const size_t bad = first_invalid_utf8(text);
    if (bad < text.size()) {
        const auto b = uint8_t(text[bad]);
        // A sequence cut by the end of the file (or of a line) is a truncated file.
        size_t need = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
        size_t have = 1;
        while (have < need && bad + have < text.size() && (uint8_t(text[bad + have]) & 0xC0) == 0x80)
            ++have;
        const size_t at = bad + (e == Encoding::UTF8_BOM ? 3 : 0);
        if (have < need && bad + have == text.size())
            return Parsed<std::string>::fail("line " + std::to_string(line_at(bytes, at)) +
                                             ": the UTF-8 text ends inside a character (is the file cut short?)");
        return Parsed<std::string>::fail("line " + std::to_string(line_at(bytes, at)) + ": not UTF-8 (byte 0x" +
                                         "0123456789ABCDEF"[b >> 4] + "0123456789ABCDEF"[b & 15] + " at byte " +
                                         std::to_string(at + 1) + ")");
    }
    return Parsed<std::string>::ok(std::string(text));
}

std::string encode_shift_jis(std::string_view s) {
    std::string out;
    size_t i = 0;
    while (i < s.size()) {
        const auto c = uint8_t(s[i]);
        uint32_t cp;
        int len;
        if (c < 0x80)
            cp = c, len = 1;
        else if ((c & 0xE0) == 0xC0)
            cp = c & 0x1F, len = 2;
        else if ((c & 0xF0) == 0xE0)
            cp = c & 0x0F, len = 3;
        else
            cp = c & 0x07, len = 4;
        for (int k = 1; k < len && i + size_t(k) < s.size(); ++k)
            cp = cp << 6 | (uint8_t(s[i + size_t(k)]) & 0x3F);
        i += size_t(len);
        if (cp < 0x80) {
            out += char(cp);
            continue;
        }
        if (cp >= 0xFF61 && cp <= 0xFF9F) {
            out += char(0xA1 + (cp - 0xFF61));
            continue;
        }
        const SjisEntry* hit = nullptr;
        for (int k = 0; k < SJIS_TABLE_SIZE && !hit; ++k)
            if (SJIS_TABLE[k].unicode == cp) hit = &SJIS_TABLE[k];
        if (hit) {
            out += char(hit->code >> 8);
            out += char(hit->code & 0xFF);
        } else {
            out += '?';
        }
    }
    return out;
}

}  // namespace shishi::record
