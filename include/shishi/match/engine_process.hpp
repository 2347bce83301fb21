// An engine as the match runner sees it: a process speaking XBoard (CECP) or USI, driven turn by
// turn. The adapters translate; the referee (referee.hpp) decides what a reply means for the game.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "shishi/core/notation.hpp"
#include "shishi/core/position.hpp"
#include "shishi/core/rule_options.hpp"
#include "shishi/match/process.hpp"
#include "shishi/match/time_control.hpp"

namespace shishi::match {

enum class Protocol { XBOARD, USI };
const char* protocol_name(Protocol p);
std::optional<Protocol> parse_protocol(const std::string& text);

struct EngineConfig {
    std::string command;  // shell command line
    std::string name;  // for the PGN; empty: the engine's own name, else the command
    Protocol protocol = Protocol::XBOARD;
    std::string dir;  // working directory, empty = current
    std::string stderr_path;  // where its standard error goes, empty = discarded
    std::vector<std::pair<std::string, std::string>> options;  // engine options name=value
    // The referee's rules as options: each is sent (before `options`) only when the engine
    // offers an option of that name, so engines that know the rule options play by them.
    std::vector<RuleOptionSpec> rule_options;
    int memory_mb = 64;  // XBoard `memory`, USI `USI_Hash`
    // It reports scores from White's (the first player's) view, not its own (cutechess-cli's
    // whitepov): the referee turns them round when it plays Black.
    bool white_pov = false;
    int64_t handshake_timeout_ms = 10'000;
    // Lines sent as they are right after the handshake, before the options (cutechess-cli's
    // initstr=; a `\n` in the word separates lines).
    std::vector<std::string> init_strings;
    // Between games (cutechess-cli's restart=): AUTO restarts it when it asks (XBoard reuse=0),
    // ON always, OFF never. After a forfeit (crash, hang, illegal move) it is restarted anyway:
    // its state is unknown.
    enum class Restart { AUTO, ON, OFF } restart = Restart::AUTO;
    // It may think on the opponent's time (cutechess-cli's ponder): XBoard `hard` (else `easy`);
    // USI `USI_Ponder`, and `go ponder` on the reply its bestmove predicts.
    bool ponder = false;
    // This engine's own limits (--first-tc, tc=... of --engine): clock, time per move, depth,
    // nodes. None: the match's (RefereeSettings::tc).
    std::optional<TimeControl> tc;
};

// What the engine's position at game start is: a start position (sent as FEN/SFEN when it is
// not the initial setup) plus moves played from it before the engine thinks for the first time.
struct GameStart {
    Position position;
    bool is_initial = true;
    std::vector<Move> moves;
    TimeControl tc;
    Color engine_color = WHITE;  // the side this engine plays (USI `gameover` needs it)
};

// How preparing a game went. REFUSED: the engine rejected one of the legal start moves.
struct SetupResult {
    enum Status { OK, FAILED, REFUSED } status = OK;
    std::string error;
    bool ok() const { return status == OK; }
};

// One answer to "your move".
struct EngineReply {
    enum Kind {
        MOVE,  // text holds the move (XBoard legs joined by commas, or USI)
        RESIGN,
        CLAIM,  // an XBoard result claim "1-0 {...}"; USI "bestmove win"; text = result
        REFUSED,  // the engine called the opponent's last move illegal; text = its reply
        TIMEOUT,  // no move before the deadline
        CRASHED,  // its output closed
        INTERRUPTED  // the match is being stopped
    } kind = TIMEOUT;
    std::string text;
    std::string comment;  // claim comment
    std::optional<int> score;  // last score it reported for this move, its own view (cp)
    int depth = 0;  // the depth of that score (0: not given)
    int64_t elapsed_ms = 0;  // from just before the request is written to the reply's arrival
};

struct ClockReadings {
    int64_t own_ms = 0;
    int64_t opponent_ms = 0;
    int64_t own_increment_ms = 0;
    int64_t opponent_increment_ms = 0;
    int moves_to_go = 0;
    bool own_is_first_player = true;  // USI sends times by colour
};

class EngineProcess {
public:
    explicit EngineProcess(EngineConfig config) : config_(std::move(config)) {}
    virtual ~EngineProcess() = default;
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Starts the process, completes the handshake (the protocol's), settles the name (the
    // configured one, else the engine's own, else the command) and sends the options: each rule
    // option the engine offers, then every configured one. False with a reason otherwise.
    bool start(std::string& error);
    // Prepares a new game; the engine waits (does not think) until think().
    virtual SetupResult new_game(const GameStart& start) = 0;
    // Tells it the opponent's move (sent when it next has to think, or right away).
    virtual void opponent_moved(Move m) = 0;
    // Its own move was accepted by the referee (USI sends the whole game each time).
    virtual void own_move_accepted(Move) {}
    // Its own move was played and the opponent is to move, with `clocks` from its own view: a USI
    // engine with pondering on starts searching its predicted reply. XBoard engines ponder by
    // themselves (`hard`).
    virtual void start_pondering(const Position&, const ClockReadings&) {}
    // Asks for a move in `pos` (the position after every move so far) and waits until deadline.
    virtual EngineReply think(const Position& pos, const ClockReadings& clocks, TimePoint deadline) = 0;
    // Parses a MOVE reply in this engine's notation (legality is checked too).
    virtual Parsed<Move> parse_move(const Position& pos, const std::string& text) const = 0;
    // The game is over (result "1-0", "0-1", "1/2-1/2" from the first player's view).
    virtual void game_over(const std::string& result, const std::string& reason) = 0;

    void quit();  // stops the process (politely, then for sure)
    bool alive();  // process still running
    // EngineProcess asked not to be reused between games (XBoard reuse=0).
    virtual bool wants_restart() const { return false; }
    // Is it to be restarted before its next game (its restart mode, and what it asked for)?
    bool restart_after_game() const {
        return config_.restart == EngineConfig::Restart::ON ||
            (config_.restart == EngineConfig::Restart::AUTO && wants_restart());
    }
    const std::string& name() const { return name_; }
    void set_name(std::string name) { name_ = std::move(name); }
    void set_log_label(std::string label) { process_.set_label(std::move(label)); }
    const EngineConfig& config() const { return config_; }
    // What went wrong with the configured options at the last start: each option the engine did
    // not advertise, and each complaint it answered them with (USI `info string`, XBoard
    // `Error` / `telluser`). The runner shows them before the first game.
    const std::vector<std::string>& option_warnings() const { return option_warnings_; }

protected:
    // The protocol's part of start(), as in cutechess's ChessEngine: the wire format only.
    // handshake: after the process started, up to the engine's list of features or options;
    // sets name_ to the name it gives and offered_ to the names of the options it offers.
    virtual bool handshake(std::string& error) = 0;
    // One option; `check`: a boolean option (value "true" or "false").
    virtual void send_option(const std::string& name, const std::string& value, bool check) = 0;
    // After the options (USI waits for readyok here).
    virtual bool finish_start(std::string&) { return true; }

    // Next line of the engine's answer to a move request made at `asked` (taken before its first
    // line is written): true with a line, or false with reply.kind set to CRASHED, TIMEOUT or
    // INTERRUPTED; reply.elapsed_ms is kept current either way.
    bool read_answer_line(std::string& line, TimePoint asked, TimePoint deadline, EngineReply& reply);

    EngineConfig config_;
    ChildProcess process_;
    std::string name_;
    std::vector<std::string> offered_;  // option names the engine offers
    std::vector<std::string> option_warnings_;
};

std::unique_ptr<EngineProcess> make_engine(const EngineConfig& config);

// Parses a thinking-output line for a score in centipawns from the engine's side, or nullopt.
// XBoard: "depth score time nodes pv..."; USI: "info ... score cp N | score mate N ...".
std::optional<int> xboard_post_score(const std::string& line);
std::optional<int> usi_info_score(const std::string& line);
// The search depth of the same lines ("depth ..." first word for XBoard, "depth N" for USI).
std::optional<int> xboard_post_depth(const std::string& line);
std::optional<int> usi_info_depth(const std::string& line);

// Scores at or beyond this (from MATE_CP - 1000) are mate scores: MATE_CP - plies to mate.
constexpr int MATE_CP = 100'000;

}  // namespace shishi::match
