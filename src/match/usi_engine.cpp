// The USI adapter: the whole game is sent with every `position` command, so the engine keeps no
// state between turns; times go by colour (b = sente = the first player).
#include <sstream>

#include "shishi/match/engine_adapter.hpp"

namespace shishi::match {
namespace {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

class UsiEngine : public Engine {
public:
    using Engine::Engine;

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
        return true;
    }

    void send_option(const std::string& name, const std::string& value, bool) override {
        send("setoption name " + name + " value " + value);
    }

    bool finish_start(std::string& error) override { return sync(error); }

    SetupResult new_game(const GameStart& start) override {
        if (!alive()) return {SetupResult::FAILED, "engine is not running"};
        process_.discard_pending(SteadyClock::now() + std::chrono::milliseconds(config_.handshake_timeout_ms));
        start_ = start;
        moves_ = start.moves;
        send("usinewgame");
        std::string error;
        if (!sync(error)) return {SetupResult::FAILED, error};
        return {};
    }

    void opponent_moved(Move m) override { moves_.push_back(m); }
    void own_move_accepted(Move m) override { moves_.push_back(m); }

    EngineReply think(const Position&, const ClockReadings& clocks, TimePoint deadline) override {
        EngineReply reply;
        std::string line;
        process_.discard_pending(deadline);
        std::string pos = "position startpos";
        if (!start_.is_initial) pos = std::string("position sfen ").append(to_sfen(start_.position));
        if (!moves_.empty()) {
            pos += " moves";
            for (Move m : moves_) pos.append(" ").append(move_to_usi(m));
        }
        send(pos);
        const TimeControl& tc = start_.tc;
        std::string go = "go";
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
        if (go == "go") go += " infinite";  // cannot happen: the runner always sets some limit
        send(go);
        thinking_ = true;
        auto sent = SteadyClock::now();
        while (read_answer_line(line, sent, deadline, reply)) {
            if (starts_with(line, "bestmove")) {
                thinking_ = false;
                std::istringstream in(line);
                std::string word, move;
                in >> word >> move;
                if (move == "resign") reply.kind = EngineReply::RESIGN;
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

    Parsed<Move> parse_move(const Position& pos, const std::string& text) const override {
        return parse_usi_move(pos, text);
    }

    void game_over(const std::string& result, const std::string&) override {
        if (!alive()) return;
        if (thinking_) send("stop");
        thinking_ = false;
        const char* outcome = "draw";
        if (result == "1-0") outcome = start_.engine_color == WHITE ? "win" : "lose";
        else if (result == "0-1") outcome = start_.engine_color == BLACK ? "win" : "lose";
        send(std::string("gameover ") + outcome);
    }

private:
    void send(const std::string& line) { process_.write_line(line); }

    bool read_until_deadline(std::string& line, std::string& error, const char* waiting_for) {
        auto deadline = deadline_ ? *deadline_
                                  : SteadyClock::now() + std::chrono::milliseconds(config_.handshake_timeout_ms);
        deadline_ = deadline;
        auto st = process_.read_line(line, deadline);
        if (st == ChildProcess::ReadStatus::LINE) return true;
        deadline_.reset();
        if (st == ChildProcess::ReadStatus::CLOSED) error = "engine exited before sending " + std::string(waiting_for);
        else if (st == ChildProcess::ReadStatus::TIMEOUT) error = "no " + std::string(waiting_for) + " within " +
                                                                  std::to_string(config_.handshake_timeout_ms) + " ms";
        else error = "interrupted";
        process_.stop();
        return false;
    }

    // isready / readyok with the handshake timeout.
    bool sync(std::string& error) {
        deadline_.reset();
        send("isready");
        std::string line;
        for (;;) {
            if (!read_until_deadline(line, error, "readyok")) return false;
            if (line == "readyok") break;
        }
        deadline_.reset();
        return true;
    }

    GameStart start_;
    std::vector<Move> moves_;
    bool thinking_ = false;
    std::optional<TimePoint> deadline_;
};

}  // namespace

std::unique_ptr<Engine> make_usi_engine(const EngineConfig& config) { return std::make_unique<UsiEngine>(config); }

}  // namespace shishi::match
