#include "shishi/match/engine_spec.hpp"

#include <fstream>
#include <sstream>

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "shishi/core/text_compare.hpp"
#include "shishi/platform/platform.hpp"

namespace shishi::match {
namespace {

constexpr int MAX_JSON_DEPTH = 64;

// Parses a whole engines file; throws nlohmann's parse error (which names line and column), or
// a runtime_error for nesting deeper than MAX_JSON_DEPTH levels.
nlohmann::ordered_json parse_json_text(const std::string& text) {
    auto limit_depth = [](int depth, nlohmann::ordered_json::parse_event_t, nlohmann::ordered_json&) {
        if (depth > MAX_JSON_DEPTH)
            throw std::runtime_error("nested deeper than " + std::to_string(MAX_JSON_DEPTH) + " levels");
        return true;
    };
    return nlohmann::ordered_json::parse(text, limit_depth);
}

// "line L, column C: what" from nlohmann's "[json.exception.parse_error.101] parse error at
// line L, column C: what".
std::string json_error_text(const std::exception& e) {
    std::string what = e.what();
    const size_t at = what.find(" at line ");
    return at == std::string::npos ? what : what.substr(at + 4);
}

// A string's text; a number or boolean as JSON writes it ("16", "0.5", "true").
std::string scalar_text(const nlohmann::ordered_json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

}  // namespace

bool apply_engine_key(EngineSpec& spec, const std::string& key, const std::string& value, std::string& error) {
    EngineConfig& c = spec.config;
    if (key == "name")
        c.name = value;
    else if (key == "cmd" || key == "command")
        c.command = value;
    else if (key == "proto" || key == "protocol") {
        auto p = parse_protocol(value);
        if (!p) {
            error = "unknown protocol '" + value + "' (xboard or usi)";
            return false;
        }
        c.protocol = *p;
    } else if (key == "tc" || key == "st" || key == "depth" || key == "nodes") {
        return set_limit(spec.limits, key, value, key + "=", error);
    } else if (key == "whitepov" || key == "ponder") {
        const std::optional<bool> on = parse_switch(value);
        if (!on) {
            error = "bad " + key + " value '" + value + "' (on or off; a bare " + key + " means on)";
            return false;
        }
        (key == "whitepov" ? c.white_pov : c.ponder) = *on;
    } else if (key == "restart") {
        if (value != "auto" && value != "on" && value != "off") {
            error = "bad restart value '" + value + "' (auto, on or off)";
            return false;
        }
        c.restart = value == "on" ? EngineConfig::Restart::ON
            : value == "off"      ? EngineConfig::Restart::OFF
                                  : EngineConfig::Restart::AUTO;
    } else if (key == "initstr") {
        // cutechess-cli reads "\n" in the word as a line break.
        for (size_t from = 0;;) {
            const size_t at = value.find("\\n", from);
            c.init_strings.push_back(value.substr(from, at == std::string::npos ? std::string::npos : at - from));
            if (at == std::string::npos) break;
            from = at + 2;
        }
    } else if (key == "dir")
        c.dir = value;
    else if (key == "stderr")
        c.stderr_path = value;
    else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
        c.options.emplace_back(key.substr(7), value);
    } else {
        error = "unknown engine key '" + key +
            "' (name, cmd, proto, tc, st, depth, nodes, dir, stderr, whitepov, ponder, restart, initstr, "
            "option.NAME)";
        return false;
    }
    return true;
}

std::optional<EngineSpec> parse_engine_words(const std::vector<std::string>& words, std::string& error) {
    EngineSpec spec;
    for (const std::string& w : words) {
        size_t eq = w.find('=');
        if (w == "whitepov" || w == "ponder") {  // cutechess-cli's flag words
            if (!apply_engine_key(spec, w, "on", error)) return std::nullopt;
            continue;
        }
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
    std::ifstream in(platform::file_path(path));
    if (!in) {
        error = "cannot read engines file '" + path + "'";
        return std::nullopt;
    }
    std::stringstream text;
    text << in.rdbuf();
    using Json = nlohmann::ordered_json;  // members in file order
    Json parsed;
    try {
        parsed = parse_json_text(text.str());
    } catch (const std::exception& e) {
        error = path + ": " + json_error_text(e);
        return std::nullopt;
    }
    const Json* list = &parsed;
    if (list->is_object()) list = list->contains("engines") ? &(*list)["engines"] : nullptr;
    if (!list || !list->is_array()) {
        error = path + ": want an array of engines (or {\"engines\": [...]})";
        return std::nullopt;
    }
    std::vector<EngineSpec> out;
    int number = 0;
    for (const Json& e : *list) {
        const std::string where = path + ": engine " + std::to_string(++number) + ": ";
        if (!e.is_object()) {
            error = where + "not an object";
            return std::nullopt;
        }
        EngineSpec spec;
        for (const auto& [key, value] : e.items()) {
            if (key == "options") {
                if (!value.is_object()) {
                    error = where + "\"options\" must be an object of NAME: VALUE";
                    return std::nullopt;
                }
                for (const auto& [name, v] : value.items()) {
                    if (!v.is_primitive() || v.is_null()) {
                        error = where + "option '" + name + "' must be a string, number or boolean";
                        return std::nullopt;
                    }
                    spec.config.options.emplace_back(name, scalar_text(v));
                }
                continue;
            }
            if (!value.is_string() && !value.is_number()) {
                error = where + "\"" + key + "\" must be a string or a number";
                return std::nullopt;
            }
            if (!apply_engine_key(spec, key, scalar_text(value), error)) {
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
