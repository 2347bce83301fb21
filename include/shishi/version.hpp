// The engine's name and version, as reported by both protocols and `shishi help`.
// SHISHI_VERSION comes from project(... VERSION ...) in CMakeLists.txt.
#pragma once

namespace shishi {

inline constexpr const char* ENGINE_NAME = "Shishi";
inline constexpr const char* ENGINE_VERSION = SHISHI_VERSION;

}  // namespace shishi
