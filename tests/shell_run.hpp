// Runs a shell command for the tests that drive the built executables: its output (standard
// error joined to it) and its exit status.
#pragma once

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace shell_test {

struct ShellResult {
    int status = -1;  // the exit status, or -1 when the command did not exit normally
    std::string out;
};

inline ShellResult run(const std::string& command) {
    ShellResult r;
    FILE* p = popen((command + " 2>&1").c_str(), "r");
    REQUIRE(p);
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0)
        r.out.append(buf.data(), n);
    const int st = pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return r;
}

}  // namespace shell_test
