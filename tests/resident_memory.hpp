// This process's resident memory, for tests that a table is not touched or a block is given back.
#pragma once

#include <fstream>
#include <string>

namespace shishi::test {

// Resident memory in MB (Linux: VmRSS of /proc/self/status); -1 where the system does not say.
inline long resident_mb() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6)) / 1024;
    return -1;
}

}  // namespace shishi::test
