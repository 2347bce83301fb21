// Protocol-independent parts of the engine adapters: start-up (handshake, name, options),
// the factory, score parsing.
#include "shishi/match/engine_process.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <sstream>

#include "shishi/core/text.hpp"
#include "shishi/core/text_compare.hpp"

namespace shishi::match {

std::unique_ptr<EngineProcess> make_xboard_engine(const EngineConfig& config);
std::unique_ptr<EngineProcess> make_usi_engine(const EngineConfig& config);

const char* protocol_name(Protocol p) { return p == Protocol::USI ? "usi" : "xboard"; }

std::optional<Protocol> parse_protocol(const std::string& text) {
    if (text == "xboard" || text == "cecp") return Protocol::XBOARD;
    if (text == "usi") return Protocol::USI;
    return std::nullopt;
}

bool EngineProcess::read_answer_line(std::string& line, TimePoint asked, TimePoint deadline, EngineReply& reply) {
    const auto st = process_.read_line(line, deadline);
    reply.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - asked).count();
    switch (st) {
        case ChildProcess::ReadStatus::LINE: return true;
        case ChildProcess::ReadStatus::CLOSED: reply.kind = EngineReply::CRASHED; break;
        case ChildProcess::ReadStatus::TIMEOUT: reply.kind = EngineReply::TIMEOUT; break;
        case ChildProcess::ReadStatus::INTERRUPTED: reply.kind = EngineReply::INTERRUPTED; break;
    }
    return false;
}

namespace {

// The engine's own spelling of an option it offers, or null: case aside, a space and an
// underscore are the same (USI engines list Fairy-Stockfish's spelling, `Okazaki_rule`).
const std::string* offered_as(const std::vector<std::string>& offered, std::string_view name) {
    auto same = [](char a, char b) {
        auto norm = [](char c) { return c == '_' ? ' ' : char(std::tolower(static_cast<unsigned char>(c))); };
        return norm(a) == norm(b);
    };
    for (const std::string& o : offered)
        if (o.size() == name.size() && std::equal(o.begin(), o.end(), name.begin(), same)) return &o;
    return nullptr;
}

}  // namespace

bool EngineProcess::start(std::string& error) {
    name_.clear();
    offered_.clear();
    option_warnings_.clear();
    if (!process_.start(config_.command, config_.dir, config_.stderr_path, error)) return false;
    if (!handshake(error)) return false;
    for (const std::string& line : config_.init_strings)
        process_.write_line(line);
    if (!config_.name.empty()) name_ = config_.name;
    if (name_.empty()) name_ = config_.command;
    for (const RuleOptionSpec& o : config_.rule_options)
        if (const std::string* name = offered_as(offered_, o.name))
            send_option(*name, o.value, o.type == RuleOptionSpec::Type::CHECK);
    for (const auto& [key, value] : config_.options) {
        if (!offered_as(offered_, key))
            option_warnings_.push_back("option '" + key + "' is not among the options it advertises");
        send_option(key, value, false);
    }
    return finish_start(error);
}

void EngineProcess::quit() { process_.stop(std::chrono::milliseconds(300)); }

bool EngineProcess::alive() { return process_.running() && !process_.exited(); }

std::unique_ptr<EngineProcess> make_engine(const EngineConfig& config) {
    if (config.protocol == Protocol::USI) return make_usi_engine(config);
    return make_xboard_engine(config);
}

namespace {

// At most 12 characters as XBoard writes them: a longer number is no score, time or count.
std::optional<long long> to_integer(const std::string& word) {
    if (word.size() > 12) return std::nullopt;
    return parse_integer(word, INT64_MIN, INT64_MAX, Sign::PLUS_MINUS);
}

}  // namespace

std::optional<int> xboard_post_score(const std::string& line) {
    std::istringstream in(line);
    std::string depth, score;
    if (!(in >> depth >> score)) return std::nullopt;
    // The depth may carry a selective-depth suffix in some engines ("12." or "12&"): plain only.
    auto d = to_integer(depth);
    auto s = to_integer(score);
    if (!d || !s || *d < 0) return std::nullopt;
    std::string time, nodes;
    if (!(in >> time >> nodes) || !to_integer(time) || !to_integer(nodes)) return std::nullopt;
    // XBoard's mate convention: 100000 + N is mate in N moves, -100000 - N being mated in N.
    // As plies to mate (the form MATE_CP - plies of usi_info_score): N moves of the side that
    // mates are 2N - 1 plies, of the side being mated 2N.
    const long long v = *s;
    if (v >= MATE_CP) return MATE_CP - int(std::max<long long>(0, 2 * std::min<long long>(v - MATE_CP, 500) - 1));
    if (v <= -MATE_CP) return -MATE_CP + int(2 * std::min<long long>(-v - MATE_CP, 500));
    return int(v);
}

std::optional<int> xboard_post_depth(const std::string& line) {
    if (!xboard_post_score(line)) return std::nullopt;
    std::istringstream in(line);
    std::string depth;
    in >> depth;
    return int(*to_integer(depth));
}

std::optional<int> usi_info_depth(const std::string& line) {
    std::istringstream in(line);
    std::string word;
    if (!(in >> word) || word != "info") return std::nullopt;
    while (in >> word) {
        if (word == "string") return std::nullopt;
        if (word != "depth") continue;
        if (!(in >> word)) return std::nullopt;
        auto d = to_integer(word);
        if (!d || *d < 0 || *d > 10'000) return std::nullopt;
        return int(*d);
    }
    return std::nullopt;
}

std::optional<int> usi_info_score(const std::string& line) {
    std::istringstream in(line);
    std::string word;
    if (!(in >> word) || word != "info") return std::nullopt;
    while (in >> word) {
        if (word == "string") return std::nullopt;  // free text follows
        if (word != "score") continue;
        std::string unit, value;
        if (!(in >> unit >> value)) return std::nullopt;
        if (unit == "cp") {
            auto v = to_integer(value);
            if (!v) return std::nullopt;
            return int(std::max<long long>(-MATE_CP, std::min<long long>(MATE_CP, *v)));
        }
        if (unit == "mate") {
            // "mate N" (N plies, negative = being mated), or "mate +" / "mate -".
            if (value == "+" || value == "+0") return MATE_CP;
            if (value == "-" || value == "-0") return -MATE_CP;
            auto v = to_integer(value);
            if (!v) return std::nullopt;
            if (*v >= 0) return MATE_CP - int(std::min<long long>(*v, 1000));
            return -MATE_CP + int(std::min<long long>(-*v, 1000));
        }
        return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace shishi::match
