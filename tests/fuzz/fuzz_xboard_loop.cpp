// Fuzz target: the XBoard (CECP) command loop fed a whole command stream. Every search is kept
// short by `sd 2` after each fuzzed line (the fuzzed `sd` and `new` are still read, then capped;
// `new` clears the depth limit, hence after every line), the stream ends with `quit`, and
// `memory`/`cores` above a small cap are left out (see command_stream.hpp). Checks: the loop
// returns (no crash, hang or uncaught exception; ASan/UBSan watch memory and arithmetic) with
// exit code 0.
#include <sstream>

#include "command_stream.hpp"
#include "fuzz_support.hpp"
#include "shishi/protocol/xboard.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace shishi::fuzz;
    std::string stream = "xboard\nprotover 2\nmemory 1\nsd 2\n";
    for (std::string_view line : lines_of(as_text(data, size))) {
        const std::string cmd = lower(first_word(line));
        if (cmd == "memory" && largest_number(line) > CAP_HASH_MB) continue;
        if (cmd == "cores" && largest_number(line) > CAP_THREADS) continue;
        stream.append(line).append("\nsd 2\n");
    }
    stream += "quit\n";
    std::istringstream in(stream);
    std::ostringstream out;
    SHISHI_FUZZ_CHECK(shishi::run_xboard(in, out) == 0);
    return 0;
}
