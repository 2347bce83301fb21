// The command line of shishi-match, read into one settings value with clear errors.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "shishi/match/engine_process.hpp"
#include "shishi/match/openings.hpp"
#include "shishi/match/referee.hpp"
#include "shishi/match/stats.hpp"
#include "shishi/match/tournament.hpp"

namespace shishi::match {

struct MatchOptions {
    // At least two: --first and --second are the first two, then every --engine and the
    // engines of --engines files in command-line order.
    std::vector<EngineConfig> engines;
    TournamentKind tournament = TournamentKind::ROUND_ROBIN;
    int games = 0;  // per pairing (knockout: per encounter, more on a tie)
    int seeds = 0;  // --seeds N: knockout's seeded engines (the first N)
    Colours colours;  // --no-swap, --reverse (cutechess's -noswap, -reverse)
    int wait_ms = 0;  // --wait MS: pause of each worker between two games
    RefereeSettings referee;
    int concurrency = 1;
    std::string openings_path;  // empty: the initial setup
    OpeningsFormat openings_format = OpeningsFormat::BY_NAME;  // --openings-format epd|pgn
    bool openings_random = false;  // --openings-order random: the book shuffled by --seed
    int openings_start = 1;  // --openings-start N: begin at the book's Nth opening
    int openings_plies = 0;  // --openings-plies N: at most N book plies (0 = all)
    int random_plies = 0;
    uint64_t seed = 1;
    std::string pgn_path;
    bool resume = false;  // continue the run whose games are in pgn_path
    Shard shard;  // --shard i/n: play only that slice of the schedule
    std::string json_path;  // results as JSON, rewritten after every game
    std::string plot_path;  // SVG of the Elo estimate (and LLR) against games
    std::string epd_path;  // --epd FILE: each game's end position (cutechess's -epdout)
    std::optional<SprtConfig> sprt;
    std::string event = "shishi-match";
    std::string site;  // PGN Site tag; empty: the host name
    bool pgn_min = false;  // --pgn-min: no evaluation comments (cutechess's -pgnout min)
    bool help = false;
    bool version = false;  // --version: print it and exit
    bool debug = false;  // log all engine traffic to standard error
    bool terminal = false;  // output is a terminal: the progress line updates in place
};

// Reads the arguments (without the program name); on error prints why to err and returns nullopt.
// One table of options drives both (and cutechess_args.cpp's table the cutechess-cli part of
// the usage text).
std::optional<MatchOptions> parse_match_args(const std::vector<std::string>& args, std::ostream& err);
void print_match_usage(std::ostream& out);
// Every spelling of every option of the table ("--first", "-j", "--concurrency", ...).
std::vector<std::string> match_option_names();

}  // namespace shishi::match
