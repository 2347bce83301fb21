// bench through the engine layer: the USI lines it sends are a host's, and what it totals is
// what the session reported.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "shishi/core/text.hpp"
#include "shishi/eval/nnue_network.hpp"
#include "shishi/protocol/engine.hpp"
#include "shishi/tools/bench.hpp"
#include "usi_harness.hpp"

using namespace shishi;

namespace {

// The nodes of the last `info` line with a node count before each `bestmove`.
std::vector<uint64_t> nodes_per_answer(const std::vector<std::string>& lines) {
    std::vector<uint64_t> nodes;
    uint64_t last = 0;
    for (const std::string& line : lines) {
        const std::vector<std::string_view> w = split_words(line);
        if (!w.empty() && w[0] == "bestmove") nodes.push_back(last);
        for (size_t i = 0; i + 1 < w.size(); ++i)
            if (w[0] == "info" && w[i] == "nodes") last = parse_integer(w[i + 1], 0, INT64_MAX).value_or(0);
    }
    return nodes;
}

}  // namespace

TEST_CASE("bench's USI lines, sent by a host, get the searches bench reports", "[bench]") {
    const std::vector<std::string> commands = bench_commands(3, 1);
    REQUIRE(commands.front() == "usi");
    REQUIRE(commands.back() == "quit");
    usi_test::Session host;
    int searches = 0;
    for (const std::string& line : commands) {
        host.send(line);
        if (line.rfind("go depth 3", 0) != 0) continue;
        ++searches;
        REQUIRE_FALSE(host.expect("bestmove").empty());  // the next position waits for the answer
    }
    REQUIRE(host.finish() == 0);
    CHECK(searches == 8);
    const std::vector<std::string> lines = host.lines();
    std::string transcript;
    for (const std::string& l : lines)
        transcript += l + "\n";
    INFO(transcript);
    CHECK(usi_test::count_prefix(lines, "info string") == 0);  // every option and position accepted
    const std::vector<uint64_t> nodes = nodes_per_answer(lines);
    REQUIRE(nodes.size() == 8);

    std::ostringstream out;
    const uint64_t total = run_bench(3, out);
    INFO(out.str());
    uint64_t sum = 0;
    for (size_t i = 0; i < nodes.size(); ++i) {
        sum += nodes[i];
        CHECK(out.str().find("position " + std::to_string(i + 1) + " depth 3 nodes " + std::to_string(nodes[i]) +
                             " score ") != std::string::npos);
    }
    CHECK(total == sum);
    CHECK(out.str().find("nodes " + std::to_string(sum) + "\n") != std::string::npos);
}

TEST_CASE("bench's threads are the engine's Threads option: beyond the machine's, a note", "[bench]") {
    std::ostringstream out;
    const uint64_t total = run_bench(1, out, max_threads() + 1);
    INFO(out.str());
    CHECK(total > 0);
    CHECK(out.str().find("note: ") != std::string::npos);
    CHECK(out.str().find("Threads") != std::string::npos);
    CHECK(out.str().find("position 8 depth 1") != std::string::npos);
}

TEST_CASE("bench names the evaluation in use: the embedded net by default, the hand one when asked", "[bench][nnue]") {
    REQUIRE(nnue::embedded_network() != nullptr);
    std::ostringstream by_default, by_net, by_hand;
    run_bench(1, by_default);
    run_bench(1, by_net, 1, "true");  // the Use_NNUE option's value
    run_bench(1, by_hand, 1, "false");
    const std::string net_line = "eval " + nnue::embedded_network()->name() + "\n";
    CHECK(net_line.rfind("eval nnue ", 0) == 0);
    INFO(by_default.str() << by_net.str() << by_hand.str());
    CHECK(by_default.str().rfind(net_line, 0) == 0);  // the first line, before the searches
    CHECK(by_net.str().rfind(net_line, 0) == 0);
    CHECK(by_hand.str().rfind("eval hand\n", 0) == 0);
}
