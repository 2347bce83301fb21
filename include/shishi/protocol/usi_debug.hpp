// Debug commands of USI mode: `d` (board diagram in USI coordinates and the SFEN) and
// `perft <depth>` (per-move counts in USI notation, then the total).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>

#include "shishi/core/position.hpp"
#include "shishi/protocol/line_output.hpp"

namespace shishi::usi {

// Diagram with USI coordinates (files 12..1 across, ranks a..l down), then "sfen ...".
std::string display(const Position& pos);

// Calls line("<usi move>: <count>") per legal move as it is counted, then line("nodes <total>").
// With a stop flag that gets set: stops within the move being counted (which is not reported)
// and calls line("info string perft stopped: ...") with the moves and nodes counted so far
// instead of the total. `ending` runs just before that last line is written: a host that has read
// it may send the next perft at once. Returns the nodes of the moves reported.
uint64_t perft_divide(Position& pos, int depth, const std::function<void(const std::string&)>& line,
                      const std::atomic<bool>* stop = nullptr, const std::function<void()>& ending = {});

// `perft` run like a search, so a deep one leaves the loop free for `stop` and `isready`: on its
// own thread, writing its lines as they come, ended by stop().
class PerftRun {
public:
    PerftRun() = default;
    PerftRun(const PerftRun&) = delete;
    PerftRun& operator=(const PerftRun&) = delete;
    ~PerftRun() { stop(); }

    // Counts pos to depth; a previous run must have ended (stop() it first).
    void start(const Position& pos, int depth, LineOutput& out);
    // The same on the caller's thread, for a host without threads (the single-threaded browser
    // build): `poll` runs after each line written, so a `stop` it reads ends the run there.
    void run_here(const Position& pos, int depth, LineOutput& out, const std::function<void()>& poll);
    // Ends the run, if any (the lines it sent stay, and it says how far it got), and joins it.
    void stop();
    // False from just before the run's last line is written.
    bool running() const { return running_.load(); }

private:
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> running_{false};
};

}  // namespace shishi::usi
