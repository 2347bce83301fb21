// Engines as the command line (`--engine name=A cmd=./a proto=usi tc=10+0.1 option.Hash=16`,
// cutechess-cli's shape) or an engines file (JSON) define them: the engine's configuration and
// its own limits, which the match's fill in later (limits.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "shishi/match/engine_process.hpp"
#include "shishi/match/limits.hpp"

namespace shishi::match {

struct EngineSpec {
    EngineConfig config;
    LimitSpec limits;
};

// One key: name, cmd (or command), proto (or protocol), tc, st, depth, nodes, dir, stderr,
// whitepov (on|off), option.NAME. False with an error for an unknown key or a bad value.
bool apply_engine_key(EngineSpec& spec, const std::string& key, const std::string& value, std::string& error);

// The words after --engine, each KEY=VALUE; cmd is required.
std::optional<EngineSpec> parse_engine_words(const std::vector<std::string>& words, std::string& error);

// A JSON file holding an array of engine objects, or an object whose "engines" member is one.
// Members are the keys above (strings or numbers); "options" may be an object of NAME: VALUE.
std::optional<std::vector<EngineSpec>> load_engines_file(const std::string& path, std::string& error);

}  // namespace shishi::match
