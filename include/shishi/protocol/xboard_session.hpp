// The state of one XBoard session (mode, clocks, pondering, highlights; the game and the
// options are the engine layer's) and one method per group of commands. xboard_loop.cpp
// dispatches each line here.
//
// Threads: the command loop owns the session; a search runs on the engine layer's thread
// (`engine_`). The loop changes the game only while no game search runs (it stops and joins
// first); the search thread plays its move under `mutex_`, which the loop also holds while it
// handles a command.
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "shishi/protocol/engine.hpp"
#include "shishi/protocol/line_session.hpp"
#include "shishi/protocol/startup_options.hpp"
#include "shishi/protocol/xboard_clock.hpp"
#include "shishi/protocol/xboard_highlight.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/game.hpp"
#include "shishi/search/search.hpp"
#include "shishi/mate/solver.hpp"

namespace shishi {

// The options only XBoard offers (Resign), added to the engine's table.
void add_xboard_options(OptionTable& table);

class XboardSession;

// One row of the XBoard command table (xboard_loop.cpp). A new command is one more row.
struct XboardCommand {
    // A command line split: its name, its words after the name, and the text after the name.
    struct Line {
        std::string_view name;
        std::vector<std::string_view> args;
        std::string_view rest;
    };
    // How the command meets a search under way.
    enum class Meets {
        PASSES,  // leaves it running (clock and display commands, queries)
        STOPS,  // changes the game or the mode: the search ends without moving
        WAITS,  // changes a setting searches use: a game search moves first, pondering
        // and analysis stop (analysis restarts with the new setting)
        STOPS_ANALYSIS,  // stops an analysis (leaving it, or changing what it searches); passes otherwise
        STOPS_PONDERING,  // stops a ponder search; passes otherwise
        MOVES_FIRST,  // a game search moves first; pondering and analysis go on (ping)
        MOVES_NOW,  // a game search stops and its move is played (`?`); nothing else
        ENDS,  // every search stops without moving and the session ends (quit)
    };
    std::string_view name;
    Meets meets = Meets::PASSES;
    // Sends the refusal and returns true when the command cannot be carried out as given, so
    // nothing stops; null: nothing to refuse. Called with the session's mutex held.
    bool (*check)(XboardSession&, const Line&) = nullptr;
    // Carries the command out, with the session's mutex held.
    void (*run)(XboardSession&, const Line&) = nullptr;
};

class XboardSession : public LineSession {
public:
    explicit XboardSession(LineSink out);
    ~XboardSession() override;

    // Handles one input line. Returns false when the session should end (quit).
    bool handle(std::string_view line);
    bool handle_line(std::string_view line) override { return handle(line); }
    void end_of_input() override { shutdown(); }
    // End of input or quit: stop any search without moving.
    void shutdown();
    // Command-line options, applied before the first command.
    void startup_options(const StartupOptions& options) { engine_.apply_startup_options(options); }

private:
    using Args = std::vector<std::string_view>;
    // The command table: its rows reach the session's commands and state.
    static const std::vector<XboardCommand>& commands();

    // --- search control (called without mutex_ held) -------------------------------------
    void abort_search();  // stop without moving and wait
    void move_now();  // `?`: stop a game search; its move is played
    void wait_for_move();  // let a game search finish (ping while thinking)
    // A search that will play a move now (not analysis, not pondering before its hit).
    bool game_search_running() const { return engine_.active() && !analysing_search_ && !engine_.pondering(); }
    // The opponent played the move being pondered on: the ponder search goes on as the game
    // search. True when `text` was that move (it is then played).
    bool try_ponder_hit(std::string_view text);

    // --- commands (called with mutex_ held) ----------------------------------------------
    void cmd_protover();
    void cmd_new();
    void cmd_variant(const Args& a);
    void cmd_go();
    void cmd_playother();
    void cmd_usermove(std::string_view text);
    void cmd_setboard(std::string_view fen);
    void cmd_undo(int plies, std::string_view name);
    void cmd_option(std::string_view setting);
    void cmd_memory(const Args& a);
    void cmd_cores(const Args& a);
    void cmd_time(const Args& a, bool own);
    void cmd_level(const Args& a);
    void cmd_move_time(const Args& a);
    void cmd_depth(const Args& a);
    void cmd_hint();
    void cmd_lift(const Args& a);
    void cmd_put(const Args& a);
    void cmd_hover(const Args& a);
    void cmd_exclude(const Args& a, bool exclude);

    // --- checks before anything stops (mutex_ held) ---------------------------------------
    // Each sends the refusal and returns true when the command cannot be carried out as given,
    // so nothing is stopped.
    // A `usermove` with no single move, malformed, illegal, or sent while the engine thinks
    // about its own move.
    bool usermove_refused(const XboardCommand::Line& l);
    bool setboard_refused(std::string_view fen);
    // `undo` or `remove` with fewer plies played than it takes back.
    bool undo_refused(int plies, std::string_view name);
    // `memory` or `cores` without one number of at least 1.
    bool count_refused(const XboardCommand::Line& l);
    // `exclude` or `include` naming neither `all` nor a legal move.
    bool exclude_refused(const XboardCommand::Line& l);
    // An `option NAME=VALUE` naming no XBoard option, or a check not given as 1 or 0.
    bool option_refused(std::string_view setting);
    // The move a `usermove` names in the current position, or why it cannot be played.
    Parsed<Move> user_move(std::string_view text) const;

    // --- helpers --------------------------------------------------------------------------
    // "Error (type): command", the command quoted through echo_text.
    void error(std::string_view type, std::string_view command);
    bool report_if_over();  // sends RESULT when the game has ended by rule
    bool report_if_over(const GameStatus& status);  // the same, the game's status known
    void after_position_change();  // start thinking or analysing as the mode asks
    void start_game_search();
    Engine::Job game_job(Engine::Job job);  // the game search's callbacks added to the engine's job
    bool ponder_job(Engine::Job& next);  // search thread, mutex_ held: ponder on the expected reply
    void start_analysis();
    void finish_game_search(const SearchResult& r, const BestMove& bm);  // search thread, mutex_ held
    int own_moves_made() const;
    bool parse_square_arg(const Args& a, Square& s);

    Engine engine_;  // the game too: commands play, take back and set it there
    LineOutput& out_ = engine_.out();
    std::mutex mutex_;
    std::atomic<bool> post_{false};
    bool analysing_search_ = false;  // the worker runs an analysis (never moves)

    bool force_ = true;  // play neither side
    Color engine_side_ = BLACK;
    bool analyse_mode_ = false;
    XboardClock clock_;
    int bad_scores_in_row_ = 0;  // own searches in a row scoring below the resign bar
    bool ponder_enabled_ = false;  // `hard`: think on the opponent's time
    Move pondering_on_;  // the reply the running ponder search assumes
    Move last_ponder_;  // the expected reply from the last search (for hint)
    uint64_t last_ponder_key_ = 0;  // position key the ponder move belongs to

    std::vector<Move> excluded_;  // analysis: root moves set aside by `exclude`
    // The Tsume option's solver, made when first needed; used on the search thread only.
    std::shared_ptr<mate::MateSolver> mate_solver_;
    void add_tsume(Engine::Job& job);

    Square lifted_ = NO_SQUARE;  // highlight state: the piece being moved
    Square first_leg_ = NO_SQUARE;  // and the square of its first step, once taken
    Square pending_lift_ = NO_SQUARE;  // lifted while the engine thought: marks after its move
    BoardMarks shown_;  // the marks last sent
};

}  // namespace shishi
