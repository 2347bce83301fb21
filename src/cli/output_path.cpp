#include "shishi/cli/output_path.hpp"

#include <filesystem>

#include "shishi/platform/platform.hpp"

namespace shishi::cli {

std::string output_path_problem(const std::string& path) {
    namespace fs = std::filesystem;
    if (path == "-") return "";
    if (path.empty()) return "empty output file name";
    std::error_code ec;
    const fs::path p(path);
    if (fs::is_directory(p, ec)) return path + ": is a folder";
    if (fs::exists(p, ec)) return platform::can_write(path) ? "" : path + ": cannot write (permission denied)";
    const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
    if (!fs::is_directory(dir, ec)) return path + ": cannot write (no folder " + dir.string() + ")";
    if (!platform::can_write(dir.string())) return path + ": cannot write (folder " + dir.string() + " is not writable)";
    return "";
}

}  // namespace shishi::cli
