#include "shishi/match/file_identity.hpp"

#include <filesystem>

namespace shishi::match {

bool same_file(const std::string& a, const std::string& b) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::equivalent(a, b, ec)) return true;  // both exist: the same inode
    auto resolved = [](const std::string& p) {
        std::error_code e;
        fs::path full = fs::weakly_canonical(fs::absolute(p, e), e);
        return e ? fs::path(p).lexically_normal() : full;
    };
    return resolved(a) == resolved(b);
}

}  // namespace shishi::match
