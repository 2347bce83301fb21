#include "shishi/match/engine_spec.hpp"

#include <fstream>
#include <sstream>

#include "shishi/match/json.hpp"

namespace shishi::match {

bool apply_engine_key(EngineSpec& spec, const std::string& key, const std::string& value, std::string& error) {
    EngineConfig& c = spec.config;
    if (key == "name") c.name = value;
    else if (key == "cmd" || key == "command") c.command = value;
    else if (key == "proto" || key == "protocol") {
        auto p = parse_protocol(value);
        if (!p) {
            error = "unknown protocol '" + value + "' (xboard or usi)";
            return false;
        }
        c.protocol = *p;
    } else if (key == "tc" || key == "st" || key == "depth" || key == "nodes") {
        return set_limit(spec.limits, key, value, key + "=", error);
    } else if (key == "dir") c.dir = value;
    else if (key == "stderr") c.stderr_path = value;
    else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
        c.options.emplace_back(key.substr(7), value);
    } else {
        error = "unknown engine key '" + key + "' (name, cmd, proto, tc, st, depth, nodes, dir, stderr, option.NAME)";
        return false;
    }
    return true;
}

std::optional<EngineSpec> parse_engine_words(const std::vector<std::string>& words, std::string& error) {
    EngineSpec spec;
    for (const std::string& w : words) {
        size_t eq = w.find('=');
        if (eq == std::string::npos || eq == 0) {
            error = "--engine wants KEY=VALUE words, got '" + w + "'";
            return std::nullopt;
        }
        if (!apply_engine_key(spec, w.substr(0, eq), w.substr(eq + 1), error)) return std::nullopt;
    }
    if (spec.config.command.empty()) {
        error = "--engine needs cmd=COMMAND";
        return std::nullopt;
    }
    return spec;
}

std::optional<std::vector<EngineSpec>> load_engines_file(const std::string& path, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = "cannot read engines file '" + path + "'";
        return std::nullopt;
    }
    std::stringstream text;
    text << in.rdbuf();
    JsonParse parsed = parse_json(text.str());
    if (!parsed.ok) {
        error = path + ": " + parsed.error;
        return std::nullopt;
    }
    const JsonValue* list = &parsed.value;
    if (list->is(JsonValue::OBJECT)) list = list->find("engines");
    if (!list || !list->is(JsonValue::ARRAY)) {
        error = path + ": want an array of engines (or {\"engines\": [...]})";
        return std::nullopt;
    }
    std::vector<EngineSpec> out;
    int number = 0;
    for (const JsonValue& e : list->items()) {
        const std::string where = path + ": engine " + std::to_string(++number) + ": ";
        if (!e.is(JsonValue::OBJECT)) {
            error = where + "not an object";
            return std::nullopt;
        }
        EngineSpec spec;
        for (const auto& [key, value] : e.members()) {
            if (key == "options") {
                if (!value.is(JsonValue::OBJECT)) {
                    error = where + "\"options\" must be an object of NAME: VALUE";
                    return std::nullopt;
                }
                for (const auto& [name, v] : value.members()) {
                    if (v.is(JsonValue::ARRAY) || v.is(JsonValue::OBJECT) || v.is(JsonValue::NUL)) {
                        error = where + "option '" + name + "' must be a string, number or boolean";
                        return std::nullopt;
                    }
                    spec.config.options.emplace_back(name, v.text());
                }
                continue;
            }
            if (!value.is(JsonValue::STRING) && !value.is(JsonValue::NUMBER)) {
                error = where + "\"" + key + "\" must be a string or a number";
                return std::nullopt;
            }
            if (!apply_engine_key(spec, key, value.text(), error)) {
                error = where + error;
                return std::nullopt;
            }
        }
        if (spec.config.command.empty()) {
            error = where + "needs \"cmd\"";
            return std::nullopt;
        }
        out.push_back(std::move(spec));
    }
    return out;
}

}  // namespace shishi::match
