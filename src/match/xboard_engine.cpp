// The XBoard (CECP) adapter. The engine stays in force mode until its first turn of a game, then
// `go`; afterwards each opponent move (preceded by time/otim) makes it think. Multi-leg moves
// arrive as several `move` lines whose non-final legs end with a comma, or as one line.
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "shishi/match/engine_process.hpp"

namespace shishi::match {
namespace {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// "key=value" or key="quoted value" pairs of a `feature` line.
std::vector<std::pair<std::string, std::string>> parse_features(const std::string& line) {
    std::vector<std::pair<std::string, std::string>> out;
    size_t i = std::string("feature").size();
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ')
            ++i;
        size_t eq = line.find('=', i);
        if (eq == std::string::npos) break;
        std::string key = line.substr(i, eq - i);
        std::string value;
        i = eq + 1;
        if (i < line.size() && line[i] == '"') {
            size_t close = line.find('"', i + 1);
            if (close == std::string::npos) close = line.size();
            value = line.substr(i + 1, close - i - 1);
            i = close + 1;
        } else {
            size_t sp = line.find(' ', i);
            if (sp == std::string::npos) sp = line.size();
            value = line.substr(i, sp - i);
            i = sp;
        }
        out.emplace_back(key, value);
    }
    return out;
}

// XBoard `level` base time: minutes, or minutes:seconds (whole seconds, at least one).
std::string level_base(int64_t ms) {
    int64_t s = (ms + 999) / 1000;
    if (s < 1) s = 1;
    return std::to_string(s / 60) + ":" + (s % 60 < 10 ? "0" : "") + std::to_string(s % 60);
}

std::string seconds_decimal(int64_t ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", double(ms) / 1000.0);
    return buf;
}

// "1-0 {White mates}" and the like.
bool is_result_claim(const std::string& line, std::string& result, std::string& comment) {
    for (const char* r : {"1-0", "0-1", "1/2-1/2"}) {
        if (starts_with(line, r)) {
            size_t n = std::string(r).size();
            if (line.size() > n && line[n] != ' ' && line[n] != '\t') continue;
            result = r;
            size_t open = line.find('{'), close = line.rfind('}');
            if (open != std::string::npos && close != std::string::npos && close > open)
                comment = line.substr(open + 1, close - open - 1);
            return true;
        }
    }
    return false;
}

class XBoardEngine : public EngineProcess {
public:
    using EngineProcess::EngineProcess;

    bool handshake(std::string& error) override {
        process_.write_line("xboard");
        process_.write_line("protover 2");
        auto deadline = SteadyClock::now() + std::chrono::milliseconds(config_.handshake_timeout_ms);
        bool done = false;
        std::string line;
        while (!done) {
            auto st = process_.read_line(line, deadline);
            if (st == ChildProcess::ReadStatus::CLOSED) {
                error = "engine exited during the handshake";
                process_.stop();
                return false;
            }
            if (st == ChildProcess::ReadStatus::INTERRUPTED) {
                error = "interrupted";
                process_.stop();
                return false;
            }
            if (st == ChildProcess::ReadStatus::TIMEOUT) break;
            if (!starts_with(line, "feature ")) continue;
            for (auto& [key, value] : parse_features(line)) {
                bool accept = true;
                if (key == "done") {
                    if (value == "1") done = true;
                    // done=0: the engine needs time; keep waiting until the timeout.
                } else if (key == "usermove")
                    usermove_ = value == "1";
                else if (key == "ping")
                    ping_ = value == "1";
                else if (key == "setboard")
                    setboard_ = value == "1";
                else if (key == "memory")
                    memory_ = value == "1";
                else if (key == "reuse")
                    reuse_ = value != "0";
                else if (key == "myname")
                    name_ = value;
                else if (key == "san")
                    accept = value == "0";  // we speak coordinates only
                else if (key == "option")
                    offered_.push_back(value.substr(0, value.find(" -")));
                process_.write_line((accept ? "accepted " : "rejected ") + key);
            }
        }
        // An engine without `feature done=1` is still accepted (protocol version 1), but it must
        // be alive; one that never answers will lose its first move on time.
        if (!alive()) {
            error = "engine exited during the handshake";
            return false;
        }
        return true;
    }

    void send_option(const std::string& name, const std::string& value, bool check) override {
        process_.write_line("option " + name + "=" + (check ? (value == "true" ? "1" : "0") : value));
    }

    // With options set and ping offered: what the engine says before the pong is its answer to
    // them; its complaints are kept for the runner to show.
    bool finish_start(std::string&) override {
        if (config_.options.empty() || !ping_) return true;
        const int id = ++ping_counter_;
        process_.write_line("ping " + std::to_string(id));
        auto deadline = SteadyClock::now() + std::chrono::milliseconds(config_.handshake_timeout_ms);
        std::string line;
        while (process_.read_line(line, deadline) == ChildProcess::ReadStatus::LINE &&
               line != "pong " + std::to_string(id))
            if (starts_with(line, "Error") || starts_with(line, "telluser"))
                option_warnings_.push_back("it answered '" + line + "'");
        return true;
    }

    SetupResult new_game(const GameStart& start) override {
        SetupResult result;
        if (!alive()) return {SetupResult::FAILED, "engine is not running"};
        drain_stale();
        pending_.clear();
        playing_ = false;
        legs_.clear();
        send("new");
        send("variant chu");
        if (memory_) send("memory " + std::to_string(config_.memory_mb));
        send(config_.ponder ? "hard" : "easy");
        const TimeControl& tc = start.tc;
        send_clock_ = tc.has_clock() && tc.move_time_ms <= 0;
        if (tc.move_time_ms > 0) {
            send("st " + std::to_string(std::max<int64_t>(1, tc.move_time_ms / 1000)));
        } else if (tc.has_clock()) {
            send("level " + std::to_string(tc.moves_per_session) + " " + level_base(tc.base_ms) + " " +
                 seconds_decimal(tc.increment_ms));
        }
        if (tc.depth > 0) send("sd " + std::to_string(tc.depth));
        send("post");
        send("force");
        if (!start.is_initial) {
            if (!setboard_) return {SetupResult::FAILED, "engine does not accept setboard"};
            send("setboard " + to_xboard_fen(start.position));
        }
        for (Move m : start.moves)
            send_move(m);
        if (ping_) {
            // Wait until it has read everything, so a rejected start move is noticed here.
            int id = ++ping_counter_;
            send("ping " + std::to_string(id));
            auto deadline = SteadyClock::now() + std::chrono::milliseconds(config_.handshake_timeout_ms);
            std::string line;
            for (;;) {
                auto st = process_.read_line(line, deadline);
                if (st == ChildProcess::ReadStatus::CLOSED) return {SetupResult::FAILED, "engine exited"};
                if (st == ChildProcess::ReadStatus::TIMEOUT) return {SetupResult::FAILED, "no pong to ping"};
                if (st == ChildProcess::ReadStatus::INTERRUPTED) return {SetupResult::FAILED, "interrupted"};
                if (line == "pong " + std::to_string(id)) break;
                if (starts_with(line, "Illegal move")) return {SetupResult::REFUSED, line};
            }
        }
        return result;
    }

    void opponent_moved(Move m) override { pending_.push_back(m); }

    EngineReply think(const Position&, const ClockReadings& clocks, TimePoint deadline) override {
        EngineReply reply;
        // The clock runs from here, before the request is written: an engine may read it, think
        // and answer while a loaded host is still coming back from the write.
        const TimePoint asked = SteadyClock::now();
        // Output left from before (a claim or resignation after its last move, a refusal).
        // The deadline bounds this too: an engine flooding while its opponent thought uses its
        // own time here.
        std::string line;
        while (SteadyClock::now() < deadline && process_.poll_line(line)) {
            if (handle_line(line, reply, /*accept_moves=*/false)) return reply;
        }
        if (SteadyClock::now() >= deadline) {
            reply.kind = EngineReply::TIMEOUT;
            reply.elapsed_ms =
                std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - asked).count();
            return reply;
        }
        if (send_clock_) {
            send("time " + std::to_string(std::max<int64_t>(0, clocks.own_ms / 10)));
            send("otim " + std::to_string(std::max<int64_t>(0, clocks.opponent_ms / 10)));
        }
        if (playing_ && pending_.size() == 1) {
            send_move(pending_.front());
        } else {
            if (playing_) send("force");
            for (Move m : pending_)
                send_move(m);
            send("go");
            playing_ = true;
        }
        pending_.clear();
        legs_.clear();
        while (read_answer_line(line, asked, deadline, reply))
            if (handle_line(line, reply, true)) return reply;
        return reply;
    }

    Parsed<Move> parse_move(const Position& pos, const std::string& text) const override {
        return parse_xboard_move(pos, text);
    }

    void game_over(const std::string& result, const std::string& reason) override {
        if (!alive()) return;
        send("result " + result + " {" + reason + "}");
        send("force");
        playing_ = false;
    }

    bool wants_restart() const override { return !reuse_; }

private:
    void send(const std::string& line) { process_.write_line(line); }

    void send_move(Move m) { send((usermove_ ? "usermove " : "") + move_to_xboard(m)); }

    void drain_stale() {
        process_.discard_pending(SteadyClock::now() + std::chrono::milliseconds(config_.handshake_timeout_ms));
    }

    // Interprets one output line; true when it ends the wait (reply filled in).
    bool handle_line(const std::string& line, EngineReply& reply, bool accept_moves) {
        std::string result, comment;
        if (starts_with(line, "move ")) {
            if (!accept_moves) return false;  // stale output from an earlier turn
            std::string leg = line.substr(5);
            while (!leg.empty() && (leg.back() == ' ' || leg.back() == '\t'))
                leg.pop_back();
            while (!leg.empty() && leg.front() == ' ')
                leg.erase(0, 1);
            legs_ += leg;
            if (!leg.empty() && leg.back() == ',') return false;  // more legs follow
            reply.kind = EngineReply::MOVE;
            reply.text = legs_;
            legs_.clear();
            return true;
        }
        if (starts_with(line, "Illegal move")) {
            reply.kind = EngineReply::REFUSED;
            reply.text = line;
            return true;
        }
        if (line == "resign" || starts_with(line, "resign ")) {
            reply.kind = EngineReply::RESIGN;
            return true;
        }
        if (is_result_claim(line, result, comment)) {
            reply.kind = EngineReply::CLAIM;
            reply.text = result;
            reply.comment = comment;
            return true;
        }
        if (auto s = xboard_post_score(line)) {
            reply.score = s;
            reply.depth = xboard_post_depth(line).value_or(0);
        }
        return false;
    }

    bool usermove_ = false;
    bool ping_ = false;
    bool setboard_ = false;
    bool memory_ = false;
    bool reuse_ = true;
    bool playing_ = false;
    bool send_clock_ = false;
    int ping_counter_ = 0;
    std::vector<Move> pending_;
    std::string legs_;
};

}  // namespace

std::unique_ptr<EngineProcess> make_xboard_engine(const EngineConfig& config) {
    return std::make_unique<XBoardEngine>(config);
}

}  // namespace shishi::match
