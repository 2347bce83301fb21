// The USI adapter: the whole game is sent with every `position` command, so the engine keeps no
// state between turns; times go by colour (b = sente = the first player). With pondering on, it
// searches its predicted reply between its turns (`go ponder`, then `ponderhit` or `stop`).
#include <algorithm>
#include <sstream>

#include "shishi/match/engine_process.hpp"

namespace shishi::match {
namespace {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

class UsiEngine : public EngineProcess {
public:
    using EngineProcess::EngineProcess;

    bool handshake(std::string& error) override {
        process_.write_line("usi");
        std::string line;
        bool has_hash = false;
        for (;;) {
            if (!read_until_deadline(line, error, "usiok")) return false;
            if (line == "usiok") break;
            if (starts_with(line, "id name ")) name_ = line.substr(8);
            if (starts_with(line, "option name USI_Hash ")) has_hash = true;
            if (starts_with(line, "option name ")) offered_.push_back(line.substr(12, line.find(" type ") - 12));
        }
        if (has_hash) send("setoption name USI_Hash value " + std::to_string(config_.memory_mb));
        // USI's GUI sends USI_Ponder whether or not the engine lists it; off only to engines that do.
        const bool lists_ponder = std::find(offered_.begin(), offered_.end(), "USI_Ponder") != offered_.end();
        if (config_.ponder || lists_ponder)
            send(std::string("setoption name USI_Ponder value ") + (config_.ponder ? "true" : "false"));
        return true;
    }

    void send_option(const std::string& name, const std::string& value, bool) override {
        send("setoption name " + name + " value " + value);
    }

    // readyok after the options: what the engine said meanwhile is its answer to them.
    bool finish_start(std::string& error) override {
        return sync(error, config_.options.empty() ? nullptr : &option_warnings_);
    }

    SetupResult new_game(const GameStart& start) override {
        if (!alive()) return {SetupResult::FAILED, "engine is not running"};
        process_.discard_pending(SteadyClock::now() + std::chrono::milliseconds(config_.handshake_timeout_ms));
        start_ = start;
        moves_ = start.moves;
        ponder_move_.clear();
        pondering_on_.reset();
        thinking_ = false;
        send("usinewgame");
        std::string error;
        if (!sync(error)) return {SetupResult::FAILED, error};
        return {};
    }

    void opponent_moved(Move m) override { moves_.push_back(m); }
    void own_move_accepted(Move m) override { moves_.push_back(m); }

    // After its own move: with pondering on, it searches the reply it predicted (`bestmove X
    // ponder Y`) on the opponent's time, with the clocks as they stand now.
    void start_pondering(const Position& pos, const ClockReadings& clocks) override {
        std::string guess;
        guess.swap(ponder_move_);
        if (!config_.ponder || guess.empty() || !alive()) return;
        Parsed<Move> reply = parse_usi_move(pos, guess);
        if (!reply) return;  // no legal prediction: nothing to ponder on
        moves_.push_back(*reply);
        send(position_command());
        moves_.pop_back();
        send(go_command(clocks, "go ponder"));
        pondering_on_ = move_to_usi(*reply);
        thinking_ = true;
    }

    EngineReply think(const Position&, const ClockReadings& clocks, TimePoint deadline) override {
        const TimePoint asked = SteadyClock::now();
        if (pondering_on_) {
            const bool hit = !moves_.empty() && move_to_usi(moves_.back()) == *pondering_on_;
            pondering_on_.reset();
            // A hit: the ponder search becomes this move's search, its output so far included.
            if (hit) {
                send("ponderhit");
                return read_bestmove(clocks, asked, deadline);
            }
            // A miss: the ponder search's bestmove is read and thrown away before the real `go`,
            // so it cannot be taken for the answer. The time it takes to stop is the engine's.
            EngineReply stopped = end_ponder_search(asked, deadline);
            if (stopped.kind != EngineReply::MOVE) return stopped;
        }
        process_.discard_pending(deadline);
        send(position_command());
        send(go_command(clocks, "go"));
        thinking_ = true;
        return read_bestmove(clocks, asked, deadline);
    }

    Parsed<Move> parse_move(const Position& pos, const std::string& text) const override {
        return parse_usi_move(pos, text);
    }

    void game_over(const std::string& result, const std::string&) override {
        if (!alive()) return;
        if (thinking_) send("stop");  // its bestmove is skipped when the next game is set up
        thinking_ = false;
        pondering_on_.reset();
        const char* outcome = "draw";
        if (result == "1-0")
            outcome = start_.engine_color == WHITE ? "win" : "lose";
        else if (result == "0-1")
            outcome = start_.engine_color == BLACK ? "win" : "lose";
        send(std::string("gameover ") + outcome);
    }

private:
    void send(const std::string& line) { process_.write_line(line); }

    // `position` with the whole game so far.
    std::string position_command() const {
        std::string pos = "position startpos";
        if (!start_.is_initial) pos = std::string("position sfen ").append(to_sfen(start_.position));
        if (!moves_.empty()) {
            pos += " moves";
            for (Move m : moves_)
                pos.append(" ").append(move_to_usi(m));
        }
        return pos;
    }

    // `go` (or `go ponder`) with this engine's limits and both clocks, by colour.
    std::string go_command(const ClockReadings& clocks, std::string go) const {
        const std::string bare = go;
        const TimeControl& tc = start_.tc;
        if (tc.move_time_ms > 0) {
            go += " btime 0 wtime 0 byoyomi " + std::to_string(tc.move_time_ms);
        } else if (tc.has_clock()) {
            int64_t first = clocks.own_is_first_player ? clocks.own_ms : clocks.opponent_ms;
            int64_t second = clocks.own_is_first_player ? clocks.opponent_ms : clocks.own_ms;
            int64_t first_inc = clocks.own_is_first_player ? clocks.own_increment_ms : clocks.opponent_increment_ms;
            int64_t second_inc = clocks.own_is_first_player ? clocks.opponent_increment_ms : clocks.own_increment_ms;
            go += " btime " + std::to_string(first) + " wtime " + std::to_string(second);
            if (first_inc > 0 || second_inc > 0)
                go += " binc " + std::to_string(first_inc) + " winc " + std::to_string(second_inc);
            if (clocks.moves_to_go > 0) go += " movestogo " + std::to_string(clocks.moves_to_go);
        }
        if (tc.depth > 0) go += " depth " + std::to_string(tc.depth);
        if (tc.nodes > 0) go += " nodes " + std::to_string(tc.nodes);
        if (go == bare) go += " infinite";  // cannot happen: the runner always sets some limit
        return go;
    }

    // Reads the answer to the running search up to its `bestmove`, keeping the last score.
    EngineReply read_bestmove(const ClockReadings& clocks, TimePoint asked, TimePoint deadline) {
        EngineReply reply;
        std::string line;
        while (read_answer_line(line, asked, deadline, reply)) {
            if (starts_with(line, "bestmove")) {
                thinking_ = false;
                std::istringstream in(line);
                std::string word, move, ponder_word, ponder;
                in >> word >> move >> ponder_word >> ponder;
                ponder_move_ = ponder_word == "ponder" ? ponder : "";
                if (move == "resign")
                    reply.kind = EngineReply::RESIGN;
                else if (move == "win") {
                    reply.kind = EngineReply::CLAIM;
                    reply.text = clocks.own_is_first_player ? "1-0" : "0-1";
                    reply.comment = "bestmove win";
                } else {
                    reply.kind = EngineReply::MOVE;
                    reply.text = move;
                }
                return reply;
            }
            if (auto s = usi_info_score(line)) {
                reply.score = s;
                reply.depth = usi_info_depth(line).value_or(0);
            }
        }
        return reply;
    }

    // Ends a ponder search on a missed prediction: its bestmove may already be waiting (a
    // search that ended early), else `stop` asks for it. MOVE when it has been read; otherwise
    // why not (crash, time, interruption).
    EngineReply end_ponder_search(TimePoint asked, TimePoint deadline) {
        EngineReply reply;
        std::string line;
        while (SteadyClock::now() < deadline && process_.poll_line(line))
            if (starts_with(line, "bestmove")) {
                thinking_ = false;
                reply.kind = EngineReply::MOVE;
                return reply;
            }
        send("stop");
        while (read_answer_line(line, asked, deadline, reply))
            if (starts_with(line, "bestmove")) {
                thinking_ = false;
                reply.kind = EngineReply::MOVE;
                return reply;
            }
        return reply;
    }

    bool read_until_deadline(std::string& line, std::string& error, const char* waiting_for) {
        auto deadline =
            deadline_ ? *deadline_ : SteadyClock::now() + std::chrono::milliseconds(config_.handshake_timeout_ms);
        deadline_ = deadline;
        auto st = process_.read_line(line, deadline);
        if (st == ChildProcess::ReadStatus::LINE) return true;
        deadline_.reset();
        if (st == ChildProcess::ReadStatus::CLOSED)
            error = "engine exited before sending " + std::string(waiting_for);
        else if (st == ChildProcess::ReadStatus::TIMEOUT)
            error =
                "no " + std::string(waiting_for) + " within " + std::to_string(config_.handshake_timeout_ms) + " ms";
        else
            error = "interrupted";
        process_.stop();
        return false;
    }

    // isready / readyok with the handshake timeout; the engine's `info string` lines before
    // readyok go to `complaints` when given.
    bool sync(std::string& error, std::vector<std::string>* complaints = nullptr) {
        deadline_.reset();
        send("isready");
        std::string line;
        for (;;) {
            if (!read_until_deadline(line, error, "readyok")) return false;
            if (line == "readyok") break;
            if (complaints && starts_with(line, "info string ")) complaints->push_back("it answered '" + line + "'");
        }
        deadline_.reset();
        return true;
    }

    GameStart start_;
    std::vector<Move> moves_;
    bool thinking_ = false;  // a search (a ponder search too) is running
    std::string ponder_move_;  // the reply its last bestmove predicted
    std::optional<std::string> pondering_on_;  // the reply the running ponder search assumes
    std::optional<TimePoint> deadline_;
};

}  // namespace

std::unique_ptr<EngineProcess> make_usi_engine(const EngineConfig& config) {
    return std::make_unique<UsiEngine>(config);
}

}  // namespace shishi::match
