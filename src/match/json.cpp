#include "shishi/match/json.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace shishi::match {
namespace {

class Parser {
public:
    explicit Parser(const std::string& text) : s_(text) {}

    JsonParse run() {
        JsonParse r;
        skip_space();
        if (!value(r.value, 0)) {
            r.error = where() + error_;
            return r;
        }
        skip_space();
        if (i_ < s_.size()) {
            r.error = where() + "unexpected text after the value";
            return r;
        }
        r.ok = true;
        return r;
    }

private:
    static constexpr int max_depth = 64;

    std::string where() const {
        int line = 1, column = 1;
        for (size_t k = 0; k < i_ && k < s_.size(); ++k) {
            if (s_[k] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": ";
    }

    bool fail(const std::string& why) {
        error_ = why;
        return false;
    }

    void skip_space() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
    }

    bool literal(const char* word) {
        size_t n = std::char_traits<char>::length(word);
        if (s_.compare(i_, n, word) != 0) return false;
        i_ += n;
        return true;
    }

    bool value(JsonValue& out, int depth) {
        if (depth > max_depth) return fail("nesting deeper than 64 levels");
        if (i_ >= s_.size()) return fail("unexpected end of input");
        char c = s_[i_];
        if (c == '{') return object(out, depth);
        if (c == '[') return array(out, depth);
        if (c == '"') {
            std::string str;
            if (!string(str)) return false;
            out = JsonValue::of_string(std::move(str));
            return true;
        }
        if (c == '-' || (c >= '0' && c <= '9')) return number(out);
        if (literal("true")) {
            out = JsonValue::of_bool(true);
            return true;
        }
        if (literal("false")) {
            out = JsonValue::of_bool(false);
            return true;
        }
        if (literal("null")) {
            out = JsonValue::null();
            return true;
        }
        return fail(std::string("unexpected character '") + c + "'");
    }

    bool number(JsonValue& out) {
        size_t start = i_;
        if (s_[i_] == '-') ++i_;
        auto digits = [&] {
            size_t from = i_;
            while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
            return i_ > from;
        };
        if (i_ < s_.size() && s_[i_] == '0') ++i_;
        else if (!digits()) return fail("malformed number");
        if (i_ < s_.size() && s_[i_] == '.') {
            ++i_;
            if (!digits()) return fail("malformed number: no digits after '.'");
        }
        if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
            ++i_;
            if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
            if (!digits()) return fail("malformed number: no exponent digits");
        }
        std::string text = s_.substr(start, i_ - start);
        double v = std::strtod(text.c_str(), nullptr);
        if (!std::isfinite(v)) return fail("number out of range");
        out = JsonValue::of_number(v, text);
        return true;
    }

    static void append_utf8(std::string& out, unsigned cp) {
        if (cp < 0x80) out += char(cp);
        else if (cp < 0x800) {
            out += char(0xC0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += char(0xE0 | (cp >> 12));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        } else {
            out += char(0xF0 | (cp >> 18));
            out += char(0x80 | ((cp >> 12) & 0x3F));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        }
    }

    bool hex4(unsigned& v) {
        if (i_ + 4 > s_.size()) return fail("truncated \\u escape");
        v = 0;
        for (int k = 0; k < 4; ++k) {
            char h = s_[i_++];
            v <<= 4;
            if (h >= '0' && h <= '9') v |= unsigned(h - '0');
            else if (h >= 'a' && h <= 'f') v |= unsigned(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') v |= unsigned(h - 'A' + 10);
            else return fail("bad hex digit in \\u escape");
        }
        return true;
    }

    bool string(std::string& out) {
        ++i_;  // the opening quote
        for (;;) {
            if (i_ >= s_.size()) return fail("unterminated string");
            char c = s_[i_++];
            if (c == '"') return true;
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in a string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i_ >= s_.size()) return fail("unterminated string");
            char e = s_[i_++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    unsigned cp;
                    if (!hex4(cp)) return false;
                    if (cp >= 0xD800 && cp < 0xDC00) {  // a surrogate pair
                        unsigned low;
                        if (!literal("\\u") || !hex4(low) || low < 0xDC00 || low >= 0xE000)
                            return fail("unpaired surrogate in \\u escape");
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    } else if (cp >= 0xDC00 && cp < 0xE000) {
                        return fail("unpaired surrogate in \\u escape");
                    }
                    append_utf8(out, cp);
                    break;
                }
                default: return fail(std::string("bad escape '\\") + e + "'");
            }
        }
    }

    bool array(JsonValue& out, int depth) {
        ++i_;
        std::vector<JsonValue> items;
        skip_space();
        if (i_ < s_.size() && s_[i_] == ']') {
            ++i_;
            out = JsonValue::array(std::move(items));
            return true;
        }
        for (;;) {
            skip_space();
            JsonValue v = JsonValue::null();
            if (!value(v, depth + 1)) return false;
            items.push_back(std::move(v));
            skip_space();
            if (i_ >= s_.size()) return fail("unterminated array");
            if (s_[i_] == ',') {
                ++i_;
                continue;
            }
            if (s_[i_] == ']') {
                ++i_;
                out = JsonValue::array(std::move(items));
                return true;
            }
            return fail("expected ',' or ']' in an array");
        }
    }

    bool object(JsonValue& out, int depth) {
        ++i_;
        std::vector<std::pair<std::string, JsonValue>> members;
        skip_space();
        if (i_ < s_.size() && s_[i_] == '}') {
            ++i_;
            out = JsonValue::object(std::move(members));
            return true;
        }
        for (;;) {
            skip_space();
            if (i_ >= s_.size() || s_[i_] != '"') return fail("expected a member name in quotes");
            std::string key;
            if (!string(key)) return false;
            skip_space();
            if (i_ >= s_.size() || s_[i_] != ':') return fail("expected ':' after a member name");
            ++i_;
            skip_space();
            JsonValue v = JsonValue::null();
            if (!value(v, depth + 1)) return false;
            members.emplace_back(std::move(key), std::move(v));
            skip_space();
            if (i_ >= s_.size()) return fail("unterminated object");
            if (s_[i_] == ',') {
                ++i_;
                continue;
            }
            if (s_[i_] == '}') {
                ++i_;
                out = JsonValue::object(std::move(members));
                return true;
            }
            return fail("expected ',' or '}' in an object");
        }
    }

    const std::string& s_;
    size_t i_ = 0;
    std::string error_;
};

}  // namespace

const JsonValue* JsonValue::find(const std::string& key) const {
    for (const auto& [k, v] : members_)
        if (k == key) return &v;
    return nullptr;
}

JsonValue JsonValue::of_bool(bool b) {
    JsonValue v(BOOL);
    v.boolean_ = b;
    v.text_ = b ? "true" : "false";
    return v;
}

JsonValue JsonValue::of_number(double n, std::string text) {
    JsonValue v(NUMBER);
    v.number_ = n;
    v.text_ = std::move(text);
    return v;
}

JsonValue JsonValue::of_string(std::string s) {
    JsonValue v(STRING);
    v.text_ = std::move(s);
    return v;
}

JsonValue JsonValue::array(std::vector<JsonValue> items) {
    JsonValue v(ARRAY);
    v.items_ = std::move(items);
    return v;
}

JsonValue JsonValue::object(std::vector<std::pair<std::string, JsonValue>> members) {
    JsonValue v(OBJECT);
    v.members_ = std::move(members);
    return v;
}

JsonParse parse_json(const std::string& text) { return Parser(text).run(); }

std::string json_quote(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(static_cast<unsigned char>(c)));
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    return out + "\"";
}

std::string json_number(double v, int digits) {
    if (!std::isfinite(v)) return "null";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    std::string s = buf;
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return s;
}

}  // namespace shishi::match
