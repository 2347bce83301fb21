// The command line of shishi-match, read into one settings value with clear errors.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "shishi/match/engine.hpp"
#include "shishi/match/referee.hpp"
#include "shishi/match/stats.hpp"

namespace shishi::match {

struct MatchOptions {
    EngineConfig first, second;
    int games = 0;
    RefereeSettings referee;
    int concurrency = 1;
    std::string openings_path;     // empty: the initial setup
    int random_plies = 0;
    uint64_t seed = 1;
    std::string pgn_path;
    std::optional<SprtConfig> sprt;
    std::string event = "shishi-match";
    bool help = false;
    bool debug = false;            // log all engine traffic to standard error
};

// Reads the arguments (without the program name); on error prints why to err and returns nullopt.
std::optional<MatchOptions> parse_match_args(const std::vector<std::string>& args, std::ostream& err);
void print_match_usage(std::ostream& out);

}  // namespace shishi::match
