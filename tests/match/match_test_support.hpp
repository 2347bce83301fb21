// Helpers for the match runner's tests: commands for the scripted fake engine, started engines,
// and reading what a match wrote (PGN files, summaries).
#pragma once

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>
#include <unistd.h>

#include "shishi/match/cutechess_args.hpp"
#include "shishi/match/engine_process.hpp"
#include "shishi/match/match_options.hpp"
#include "shishi/match/runner.hpp"

namespace match_test {

// The system interpreter when there is one: wrappers such as pyenv shims take seconds to start.
inline std::string python() { return access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3"; }

inline std::string fake(const std::string& protocol, const std::string& args) {
    return "exec " + python() + " " SHISHI_SOURCE_DIR "/tests/fake_engines/fake_engine.py " + protocol + " " + args;
}

inline shishi::match::EngineConfig fake_config(const std::string& protocol, const std::string& args,
                                               int64_t handshake_ms = 5000) {
    shishi::match::EngineConfig c;
    c.command = fake(protocol, args);
    c.protocol = protocol == "usi" ? shishi::match::Protocol::USI : shishi::match::Protocol::XBOARD;
    c.handshake_timeout_ms = handshake_ms;
    return c;
}

inline std::unique_ptr<shishi::match::EngineProcess> started(const shishi::match::EngineConfig& c) {
    auto e = shishi::match::make_engine(c);
    std::string error;
    if (!e->start(error)) return nullptr;
    return e;
}

// A file's whole text ("" when it cannot be read).
inline std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// How many times `what` occurs in `text` (overlaps included).
inline int count_of(const std::string& text, const std::string& what) {
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

// The whole line of `text` holding `what`, or "" when there is none.
inline std::string line_containing(const std::string& text, const std::string& what) {
    size_t at = text.find(what);
    if (at == std::string::npos) return "";
    size_t begin = text.rfind('\n', at);
    begin = begin == std::string::npos ? 0 : begin + 1;
    return text.substr(begin, text.find('\n', at) - begin);
}

// A PGN path in /tmp unique to this test process.
inline std::string temp_pgn(const std::string& stem) {
    return "/tmp/shishi_match_test_" + stem + "_" + std::to_string(::getpid()) + ".pgn";
}

// A legal 16-ply start: White's and Black's moves in XBoard notation.
inline const char* const WHITE_MOVES = "h4h5 e4e5 d1d2 i1i2 c4c5 j4j5 b1b2 k1k2";
inline const char* const BLACK_MOVES = "e9e8 h9h8 d12d11 i12i11 c9c8 j9j8 b12b11 k12k11";

// What a whole run_match printed and wrote; the PGN file is removed after reading.
struct Run {
    int code;
    std::string out, err, pgn;
};

inline Run run(const shishi::match::MatchOptions& o) {
    std::ostringstream out, err;
    int code = shishi::match::run_match(o, out, err);
    Run r{code, out.str(), err.str(), slurp(o.pgn_path)};
    std::remove(o.pgn_path.c_str());
    return r;
}

// Command-line arguments that must parse.
inline shishi::match::MatchOptions parsed(std::vector<std::string> args) {
    std::ostringstream err;
    auto o = shishi::match::parse_match_args(args, err);
    INFO(err.str());
    REQUIRE(o);
    return *o;
}

// A command line in cutechess-cli's spelling, translated and parsed; `extra` (shishi-match's own
// spelling) is added after the translation.
inline shishi::match::MatchOptions parsed_cutechess(const std::vector<std::string>& args,
                                                    const std::vector<std::string>& extra = {}) {
    REQUIRE(shishi::match::uses_cutechess_spelling(args));
    std::string error;
    auto translated = shishi::match::from_cutechess(args, error);
    INFO(error);
    REQUIRE(translated);
    translated->insert(translated->end(), extra.begin(), extra.end());
    return parsed(*translated);
}

}  // namespace match_test
