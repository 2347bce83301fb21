#include "shishi/cli/output_path.hpp"

#include <filesystem>

#include "shishi/platform/platform.hpp"

namespace shishi::cli {

std::string output_path_problem(const std::string& path) {
    namespace fs = std::filesystem;
    if (path == "-") return "";
    if (path.empty()) return "empty output file name";
    std::error_code ec;
    const fs::path p = platform::file_path(path);
    if (fs::is_directory(p, ec)) return path + ": is a folder";
    if (fs::exists(p, ec)) return platform::can_write(path) ? "" : path + ": cannot write (permission denied)";
    const std::string dir = p.has_parent_path() ? platform::file_name(p.parent_path()) : ".";
    if (!fs::is_directory(platform::file_path(dir), ec)) return path + ": cannot write (no folder " + dir + ")";
    if (!platform::can_write(dir)) return path + ": cannot write (folder " + dir + " is not writable)";
    return "";
}

}  // namespace shishi::cli
