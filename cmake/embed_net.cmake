# Writes OUT, a C++ source holding the bytes of the net file IN as one string literal (the
# compilers read a long literal far faster than a brace list of numbers). Run at build time by
# CMakeLists.txt (cmake -P), so every toolchain, cross builds included, embeds the same bytes.
# An empty IN embeds nothing: the build then has no net, and says so when one is asked for.
file(SIZE "${IN}" size)
if(size GREATER 0)
  file(READ "${IN}" hex HEX)
else()
  message(WARNING "${IN} is empty: this build embeds no net (shishi nnue-placeholder writes one)")
  set(hex "")
endif()
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" escaped "${hex}")
file(WRITE "${OUT}.tmp"
"// Generated from ${IN} by cmake/embed_net.cmake: do not edit.
#include \"shishi/eval/nnue_network.hpp\"

namespace {
alignas(64) const char NET[] = \"${escaped}\";
}  // namespace

std::string_view shishi::nnue::embedded_network_bytes() { return {NET, sizeof NET - 1}; }
")
file(RENAME "${OUT}.tmp" "${OUT}")
