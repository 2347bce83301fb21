// Helpers for the match runner's tests: commands for the scripted fake engine, started engines.
#pragma once

#include <memory>
#include <string>
#include <unistd.h>

#include "shishi/match/engine.hpp"

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

inline std::unique_ptr<shishi::match::Engine> started(const shishi::match::EngineConfig& c) {
    auto e = shishi::match::make_engine(c);
    std::string error;
    if (!e->start(error)) return nullptr;
    return e;
}

// A legal 16-ply start: White's and Black's moves in XBoard notation.
inline const char* const WHITE_MOVES = "h4h5 e4e5 d1d2 i1i2 c4c5 j4j5 b1b2 k1k2";
inline const char* const BLACK_MOVES = "e9e8 h9h8 d12d11 i12i11 c9c8 j9j8 b12b11 k12k11";

}  // namespace match_test
