// Makes opening lines for a match book: random plausible quiet sequences from the start
// position (forward or sideways moves of non-royal pieces to squares the opponent does not
// attack), deduplicated by final position, optionally kept only when an engine's short search
// finds the position balanced.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "shishi/match/engine_process.hpp"
#include "shishi/match/openings.hpp"

namespace shishi::match {

struct GeneratorOptions {
    int count = 50;
    int min_plies = 4, max_plies = 8;
    uint64_t seed = 1;
    std::optional<EngineConfig> judge;  // engine for the balance check; none: material only
    int64_t judge_ms = 500;  // thinking time per candidate
    int margin_cp = 80;  // keep when |score| <= margin
    int max_candidates = 2000;
};

// A random plausible opening of the given length.
Opening random_plausible_opening(int plies, std::mt19937_64& rng);
// Writes `count` lines of XBoard moves to out (with a header comment); false on engine failure.
bool generate_openings(const GeneratorOptions& o, std::ostream& out, std::ostream& err);
// `shishi-match --generate-openings ...` command line.
int generate_openings_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace shishi::match
