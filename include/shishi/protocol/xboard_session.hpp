// The state of one XBoard session (game, mode, clocks, options, the search in progress) and
// one method per group of commands. xboard_loop.cpp reads the lines and dispatches them here.
//
// Threads: the command loop owns the session; a search runs on `worker_`. The loop changes
// the game only while no game search runs (it stops and joins first); the worker plays its
// move under `mutex_`, which the loop also holds while it handles a command.
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "shishi/protocol/line_output.hpp"
#include "shishi/protocol/search_thread.hpp"
#include "shishi/protocol/xboard_clock.hpp"
#include "shishi/protocol/xboard_highlight.hpp"
#include "shishi/core/rules.hpp"
#include "shishi/search/search.hpp"

namespace shishi {

class XboardSession {
public:
    explicit XboardSession(std::ostream& out);
    ~XboardSession();

    // Handles one input line. Returns false when the session should end (quit).
    bool handle(std::string_view line);
    // End of input or quit: stop any search without moving.
    void shutdown();

private:
    using Args = std::vector<std::string_view>;

    // --- search control (called without mutex_ held) -------------------------------------
    void abort_search();       // stop without moving and wait
    void move_now();           // `?`: stop a game search; its move is played
    void wait_for_move();      // let a game search finish (ping while thinking)
    bool game_search_running() const { return worker_.active() && !analysing_search_; }

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
    void cmd_hint();
    void cmd_lift(const Args& a);
    void cmd_put(const Args& a);
    void cmd_hover(const Args& a);

    // --- helpers --------------------------------------------------------------------------
    void error(std::string_view type, std::string_view command);
    bool report_if_over();            // sends RESULT when the game has ended by rule
    void after_position_change();     // start thinking or analysing as the mode asks
    void start_game_search();
    void start_analysis();
    void finish_game_search(const SearchResult& r);  // worker thread, mutex_ held
    void set_rules(const RuleSet& r);
    int own_moves_made() const;
    bool parse_square_arg(const Args& a, Square& s);

    LineOutput out_;
    std::mutex mutex_;
    Searcher searcher_;
    SearchThread worker_;
    std::atomic<bool> aborting_{false};
    std::atomic<bool> post_{false};
    bool analysing_search_ = false;   // the worker runs an analysis (never moves)

    RuleSet rules_ = xboard_rules();  // XBoard's host rules by default
    Game game_;
    bool force_ = true;               // play neither side
    Color engine_side_ = BLACK;
    bool analyse_mode_ = false;
    XboardClock clock_;
    int contempt_ = 0;
    bool resign_enabled_ = false;
    int bad_scores_in_row_ = 0;       // own searches in a row scoring below the resign bar
    Move last_ponder_;                // the expected reply from the last search (for hint)
    uint64_t last_ponder_key_ = 0;    // position key the ponder move belongs to

    Square lifted_ = NO_SQUARE;       // highlight state: the piece being moved
    Square first_leg_ = NO_SQUARE;    // and the square of its first step, once taken
    BoardMarks shown_;                // the marks last sent
};

}  // namespace shishi
