// Fuzz target: the USI command loop fed a whole command stream, as a host such as Lishogi-Bot
// would send it. No command blocks on a search (stop and quit end it), so `go` with any limits
// is bounded by the stream itself, which ends with `quit`; `setoption` of the hash size or
// thread count and `perft` above a small cap are left out (see command_stream.hpp). Checks:
// the loop returns (no crash, hang or uncaught exception; ASan/UBSan watch memory and
// arithmetic) with exit code 0, having answered the opening `usi` with `usiok`.
#include <sstream>

#include "command_stream.hpp"
#include "fuzz_support.hpp"
#include "shishi/protocol/usi.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace shishi::fuzz;
    std::string stream = "setoption name USI_Hash value 1\n";
    for (std::string_view line : lines_of(as_text(data, size))) {
        const std::string cmd = lower(first_word(line));
        const std::string text = lower(line);
        if (cmd == "setoption" && text.find("hash") != std::string::npos && largest_number(line) > CAP_HASH_MB)
            continue;
        if (cmd == "setoption" && text.find("threads") != std::string::npos && largest_number(line) > CAP_THREADS)
            continue;
        if (cmd == "perft" && largest_number(line) > CAP_PERFT_DEPTH) continue;
        stream.append(line).append("\n");
    }
    stream += "quit\n";
    std::istringstream in(stream);
    std::ostringstream out;
    SHISHI_FUZZ_CHECK(shishi::run_usi(in, out) == 0);
    SHISHI_FUZZ_CHECK(out.str().find("\nusiok\n") != std::string::npos);
    return 0;
}
