// The line-at-a-time USI session in inline mode (searches on the caller's thread, input read
// through a poll during the search): what the single-threaded WebAssembly worker relies on.
// Also the table index of 32-bit targets.
#include <catch2/catch.hpp>

#include <deque>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "live_streams.hpp"
#include "usi_harness.hpp"
#include "shishi/core/notation.hpp"
#include "shishi/core/rule_set.hpp"
#include "shishi/protocol/usi.hpp"
#include "shishi/search/search.hpp"
#include "shishi/search/tt.hpp"

namespace {

using stream_test::count_prefix;
using stream_test::starts_with;

// An inline session whose poll hands over scripted lines: the i-th poll call gets script[i]
// (an empty entry: nothing arrived then). Every poll is counted.
struct InlineHost {
    std::ostringstream out;
    std::vector<std::vector<std::string>> script;
    size_t polls = 0;
    std::unique_ptr<shishi::LineSession> session = shishi::make_usi_session(out, {}, [this] {
        std::vector<std::string> lines;
        if (polls < script.size()) lines = script[polls];
        ++polls;
        return lines;
    });

    std::vector<std::string> lines() const { return stream_test::split_lines(out.str()); }
};

// The move of a `bestmove` line is legal in the position given by `position_command`.
bool legal_in(const std::string& bestmove_line, const std::string& sfen_or_start) {
    std::istringstream words(bestmove_line);
    std::string word, move;
    words >> word >> move;
    shishi::Position pos = shishi::Position::start();
    if (sfen_or_start != "startpos") {
        auto p = shishi::parse_sfen(sfen_or_start, shishi::lishogi_rules());
        if (!p) return false;
        pos = *p;
    }
    return word == "bestmove" && bool(shishi::parse_usi_move(pos, move));
}

uint64_t last_nodes(const std::vector<std::string>& lines) {
    uint64_t nodes = 0;
    for (const std::string& l : lines) {
        const size_t at = l.find(" nodes ");
        if (starts_with(l, "info ") && at != std::string::npos) nodes = std::stoull(l.substr(at + 7));
    }
    return nodes;
}

}  // namespace

TEST_CASE("the 32-bit table index equals the 128-bit one", "[tt][wasm]") {
    std::mt19937_64 rng(7);
    const uint32_t sizes[] = {1, 2, 3, 1000, 65536, 4194304, 0x7fffffffu, 0xffffffffu};
    for (uint32_t n : sizes)
        for (int i = 0; i < 2000; ++i) {
            const uint64_t key = i == 0 ? ~uint64_t(0) : rng();
            __extension__ using u128 = unsigned __int128;
            const uint64_t wide = uint64_t((u128(key) * n) >> 64);
            REQUIRE(shishi::mul_high_u32(key, n) == wide);
            REQUIRE(wide < n);
        }
}

TEST_CASE("an inline session offers one thread and answers usi and isready", "[usi][wasm]") {
    InlineHost host;
    REQUIRE(host.session->handle_line("usi"));
    REQUIRE(host.session->handle_line("isready"));
    const auto lines = host.lines();
    CHECK(count_prefix(lines, "option name Threads type spin default 1 min 1 max 1") == 1);
    CHECK(lines.back() == "readyok");
}

TEST_CASE("inline go infinite answers only after a stop read by the poll", "[usi][wasm]") {
    InlineHost host;
    // isready at the first poll is answered during the search; stop comes at the fifth poll.
    host.script = {{"isready"}, {}, {}, {}, {"stop"}};
    REQUIRE(host.session->handle_line("usi"));
    REQUIRE(host.session->handle_line("position startpos"));
    REQUIRE(host.session->handle_line("go infinite"));
    const auto lines = host.lines();
    CHECK(host.polls == 5);  // no poll after the stop: the search ended at once
    REQUIRE(count_prefix(lines, "bestmove ") == 1);
    CHECK(legal_in(lines.back(), "startpos"));
    CHECK(count_prefix(lines, "readyok") == 1);
}

TEST_CASE("inline go ponder holds its answer until ponderhit", "[usi][wasm]") {
    InlineHost host;
    // The depth-2 search ends long before poll 30; the answer waits for the ponderhit.
    host.script.resize(30);
    host.script.push_back({"ponderhit"});
    REQUIRE(host.session->handle_line("usi"));
    REQUIRE(host.session->handle_line("go ponder depth 2"));
    CHECK(host.polls == 31);
    const auto lines = host.lines();
    REQUIRE(count_prefix(lines, "bestmove ") == 1);
    CHECK(legal_in(lines.back(), "startpos"));
}

TEST_CASE("inline: a go during a search stops it; other commands wait for its answer", "[usi][wasm]") {
    InlineHost host;
    const std::string after = "position startpos moves 7i7h";
    host.script = {{}, {after, "go depth 2", "quit"}};
    REQUIRE(host.session->handle_line("usi"));
    // Returns false: the quit that arrived during the search ended the session.
    CHECK_FALSE(host.session->handle_line("go infinite"));
    const auto lines = host.lines();
    std::vector<std::string> answers;
    for (const auto& l : lines)
        if (starts_with(l, "bestmove ")) answers.push_back(l);
    REQUIRE(answers.size() == 2);
    CHECK(legal_in(answers[0], "startpos"));
    // The second search ran on the position sent during the first.
    shishi::Position pos = shishi::Position::start();
    pos.make(*shishi::parse_usi_move(pos, "7i7h"));
    CHECK(legal_in(answers[1], shishi::to_sfen(pos)));
}

TEST_CASE("an inline search visits the same nodes as the threaded one", "[usi][wasm]") {
    // The threaded session, waited on: its input stays open until the answer is in.
    usi_test::Session threaded_session;
    for (const std::string line :
         {"setoption name USI_Hash value 16", "isready", "position startpos moves 7i7h 6d6e", "go depth 6"})
        threaded_session.send(line);
    REQUIRE(!threaded_session.expect("bestmove ").empty());
    const uint64_t threaded = last_nodes(threaded_session.lines());

    InlineHost host;
    for (const std::string line :
         {"setoption name USI_Hash value 16", "isready", "position startpos moves 7i7h 6d6e", "go depth 6"})
        REQUIRE(host.session->handle_line(line));
    REQUIRE(threaded > 1000);
    CHECK(last_nodes(host.lines()) == threaded);
    CHECK(host.polls >= threaded / shishi::NODE_CHECK_INTERVAL);
}

// The single-threaded browser build has no threads for perft (it aborted there): inline, perft
// runs on the caller's thread, reads input after each move's line, and a stop ends it there.
TEST_CASE("inline perft runs on the caller's thread and a stop read by the poll ends it", "[usi][wasm]") {
    InlineHost host;
    REQUIRE(host.session->handle_line("usi"));
    REQUIRE(host.session->handle_line("position startpos"));
    REQUIRE(host.session->handle_line("perft 1"));
    auto lines = host.lines();
    // Answered before handle_line returned: every move's line, then the total.
    REQUIRE(count_prefix(lines, "nodes ") == 1);
    const size_t moves = size_t(count_prefix(lines, "")) - size_t(count_prefix(lines, "option ")) -
        size_t(count_prefix(lines, "id ")) - 2;  // usiok, nodes
    CHECK(lines.back() == "nodes " + std::to_string(moves));
    CHECK(host.polls == moves + 1);  // one poll after each line written, the total's too

    host.out.str("");
    host.polls = 0;
    host.script = {{}, {"isready"}, {"stop"}};
    REQUIRE(host.session->handle_line("perft 3"));
    lines = host.lines();
    CHECK(host.polls == 4);  // the stop at the third; the fourth after the line saying so
    CHECK(count_prefix(lines, "readyok") == 1);
    CHECK(count_prefix(lines, "info string perft stopped: 3 of ") == 1);
    CHECK(count_prefix(lines, "nodes ") == 0);
}
