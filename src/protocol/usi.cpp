// The USI command loop: reads commands, keeps the current position and settings, hands `go`
// to the search thread, and answers everything else itself (also while a search runs).
#include "shishi/protocol/usi.hpp"

#include "shishi/protocol/line_output.hpp"

#include <istream>
#include <string>

#include "shishi/core/notation.hpp"
#include "shishi/protocol/usi_debug.hpp"
#include "shishi/protocol/usi_go.hpp"
#include "shishi/protocol/usi_options.hpp"
#include "shishi/protocol/usi_position.hpp"
#include "shishi/protocol/usi_search_thread.hpp"
#include "shishi/protocol/usi_text.hpp"
#include "shishi/protocol/usi_writer.hpp"
#include "shishi/version.hpp"

namespace shishi {
namespace usi {
namespace {

constexpr int MAX_PERFT_DEPTH = 6;

class Session {
public:
    explicit Session(std::ostream& out) : out_(out), search_(out_) {
        position_.set_rules(settings_.rules);
    }

    // Handles one line; false once the loop should end (`quit`).
    bool handle(std::string_view line);

private:
    using Words = std::vector<std::string_view>;
    void usi();
    void go(const Words& args);
    void perft(const Words& args);
    void write_lines(std::string_view text);
    // Commands that change the engine's state wait until the search has answered.
    bool refuse_while_busy(std::string_view command);

    LineWriter out_;
    Settings settings_;
    Position position_ = Position::start();
    // Why the last `position` could not be set ("" when it was): until the next good one,
    // `go` answers `bestmove resign` rather than a move from an older position.
    std::string position_error_;
    SearchThread search_;
};

bool Session::refuse_while_busy(std::string_view command) {
    if (!search_.busy()) {
        search_.join();
        return false;
    }
    out_.info_string(std::string(command) + " ignored: a search is running (send stop first)");
    return true;
}

void Session::usi() {
    out_.line(std::string("id name ") + ENGINE_NAME + " " + ENGINE_VERSION);
    out_.line("id author the Shishi developers");
    for (const std::string& l : option_lines(settings_)) out_.line(l);
    out_.line("usiok");
}

void Session::go(const Words& args) {
    if (refuse_while_busy("go")) return;
    Parsed<GoCommand> go = parse_go_command(args, position_.side_to_move());
    if (!go) {
        out_.info_string(go.error);
        return;
    }
    if (go.value->mate) {
        out_.line("checkmate notimplemented");
        return;
    }
    if (!position_error_.empty()) {
        out_.info_string("no position to search: " + position_error_);
        out_.line("bestmove resign");
        return;
    }
    search_.configure(settings_);
    position_.set_rules(settings_.rules);
    // A host should not ask, but if it does the engine still answers; saying why helps.
    std::string over = game_over_text(game_of(position_, settings_.rules).status());
    if (!over.empty()) out_.info_string(over);
    search_.start(position_, go.value->limits);
}

void Session::perft(const Words& args) {
    if (refuse_while_busy("perft")) return;
    auto depth = args.size() == 1 ? parse_integer(args[0], 1, MAX_PERFT_DEPTH) : std::nullopt;
    if (!depth) {
        out_.info_string("perft: expected one depth from 1 to " + std::to_string(MAX_PERFT_DEPTH));
        return;
    }
    std::string text;
    Position pos = position_;
    perft_divide(pos, int(*depth), text);
    write_lines(text);
}

void Session::write_lines(std::string_view text) {
    while (!text.empty()) {
        size_t end = text.find('\n');
        out_.line(text.substr(0, end));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
}

bool Session::handle(std::string_view line) {
    Words words = split_words(line);
    if (words.empty()) return true;
    std::string_view cmd = words[0];
    Words args(words.begin() + 1, words.end());

    if (cmd == "usi") {
        usi();
    } else if (cmd == "isready") {
        if (!search_.busy()) {
            search_.join();
            search_.configure(settings_);
        }
        out_.line("readyok");
    } else if (cmd == "setoption") {
        if (refuse_while_busy("setoption")) return true;
        Settings changed = settings_;
        std::string error = apply_setoption(args, changed);
        if (!error.empty()) {
            out_.info_string(error);
            return true;
        }
        settings_ = changed;
        position_.set_rules(settings_.rules);
    } else if (cmd == "usinewgame") {
        if (refuse_while_busy("usinewgame")) return true;
        search_.configure(settings_);
        search_.new_game();
    } else if (cmd == "position") {
        Parsed<Position> pos = parse_position_command(args, settings_.rules);
        if (!pos) {
            position_error_ = pos.error;
            out_.info_string(pos.error + "; the next go answers bestmove resign");
            return true;
        }
        position_ = *pos;
        position_error_.clear();
    } else if (cmd == "go") {
        go(args);
    } else if (cmd == "stop") {
        search_.stop();
        search_.join();
    } else if (cmd == "ponderhit") {
        search_.ponderhit();
    } else if (cmd == "gameover") {
        // The game has ended (win, lose or draw): nothing more will be played in it.
        search_.stop();
        search_.join();
    } else if (cmd == "quit") {
        search_.stop();
        search_.join();
        return false;
    } else if (cmd == "d") {
        write_lines(display(position_));
    } else if (cmd == "perft") {
        perft(args);
    } else {
        out_.info_string("unknown command '" + std::string(cmd) + "'");
    }
    return true;
}

}  // namespace
}  // namespace usi

int run_usi(std::istream& in, std::ostream& out) {
    untie_from_output(in);
    usi::Session session(out);
    session.handle("usi");
    std::string line;
    while (std::getline(in, line))
        if (!session.handle(line)) return 0;
    // End of input: the host is gone, so finish as on `quit` rather than think on for nobody.
    session.handle("quit");
    return 0;
}

}  // namespace shishi
