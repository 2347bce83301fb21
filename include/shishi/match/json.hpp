// A small JSON reader and writer helpers (standard library only) for the engines file and the
// --json results file. The reader keeps objects in file order and reports the line and column
// of the first error; it refuses trailing text, bad escapes, unbalanced brackets and nesting
// deeper than 64 levels.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace shishi::match {

class JsonValue {
public:
    enum Kind { NUL, BOOL, NUMBER, STRING, ARRAY, OBJECT };

    Kind kind() const { return kind_; }
    bool is(Kind k) const { return kind_ == k; }
    bool boolean() const { return boolean_; }
    double number() const { return number_; }
    // A string's text, or a number or boolean as written ("16", "true").
    const std::string& text() const { return text_; }
    const std::vector<JsonValue>& items() const { return items_; }
    const std::vector<std::pair<std::string, JsonValue>>& members() const { return members_; }
    // The member of an object by name, or nullptr.
    const JsonValue* find(const std::string& key) const;

    static JsonValue null() { return JsonValue(NUL); }
    static JsonValue of_bool(bool b);
    static JsonValue of_number(double v, std::string text);
    static JsonValue of_string(std::string s);
    static JsonValue array(std::vector<JsonValue> items);
    static JsonValue object(std::vector<std::pair<std::string, JsonValue>> members);

private:
    explicit JsonValue(Kind k) : kind_(k) {}
    Kind kind_ = NUL;
    bool boolean_ = false;
    double number_ = 0;
    std::string text_;
    std::vector<JsonValue> items_;
    std::vector<std::pair<std::string, JsonValue>> members_;
};

struct JsonParse {
    bool ok = false;
    JsonValue value = JsonValue::null();
    std::string error;  // "line L, column C: what"
};

JsonParse parse_json(const std::string& text);

// A JSON string literal for s (quotes, backslash, control characters escaped).
std::string json_quote(const std::string& s);
// A number for JSON: finite values with up to `digits` decimals, null for inf and nan.
std::string json_number(double v, int digits = 2);

}  // namespace shishi::match
