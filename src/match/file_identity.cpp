#include "shishi/match/file_identity.hpp"

#include <filesystem>

#include "shishi/platform/platform.hpp"

namespace shishi::match {

bool same_file(const std::string& a, const std::string& b) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::equivalent(platform::file_path(a), platform::file_path(b), ec)) return true;  // both exist: the same inode
    auto resolved = [](const std::string& p) {
        std::error_code e;
        const fs::path name = platform::file_path(p);
        fs::path full = fs::weakly_canonical(fs::absolute(name, e), e);
        return e ? name.lexically_normal() : full;
    };
    return resolved(a) == resolved(b);
}

}  // namespace shishi::match
