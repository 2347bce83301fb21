// The checkout stands alone: no file of the source tree names a folder beside the repository
// or a path of one developer's machine. The file list comes from walking the source tree (not
// from git), so the test also runs in a source tarball.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

namespace fs = std::filesystem;

namespace {

// Folders that are build output or installed packages, not sources (dist: what an npm package's
// prepack copies from the build, web/engine-package/dist).
bool skipped_folder(const fs::path& p) {
    const std::string name = p.filename().string();
    return name.rfind("build", 0) == 0 || name == "node_modules" || name == "dist" || (!name.empty() && name[0] == '.');
}

std::vector<fs::path> source_files(const fs::path& root) {
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
        if (it->is_directory() && skipped_folder(it->path())) {
            it.disable_recursion_pending();
            continue;
        }
        // A git worktree's .git is a file naming the main repository's folder: not a source.
        if (it->is_regular_file() && it->path().filename() != ".git") files.push_back(it->path());
    }
    return files;
}

// The patterns are spelled in pieces so that this file does not match itself.
const std::vector<std::string>& forbidden() {
    static const std::vector<std::string> words = {
        std::string("../") + "shared",  // the folder the project once read beside it
        std::string("shared folder ") + "beside",
        std::string("/wo") + "rk/",  // the development machines' work folder
        std::string("/ho") + "me/",  // someone's home folder
        std::string("/ro") + "ot/",
    };
    return words;
}

// An absolute path such as /wo + rk/ counts only where it starts a path, not inside another one
// (shoginet's src/wo + rk/move.ts is a file of that project).
size_t find_path(const std::string& s, const std::string& w) {
    for (size_t at = s.find(w); at != std::string::npos; at = s.find(w, at + 1)) {
        if (w[0] != '/' || at == 0) return at;
        const char before = s[at - 1];
        if (!(std::isalnum(static_cast<unsigned char>(before)) || before == '.' || before == '_' || before == '-'))
            return at;
    }
    return std::string::npos;
}

}  // namespace

TEST_CASE("no file names a folder beside the repository or a machine's own path", "[repo]") {
    const fs::path root = SHISHI_SOURCE_DIR;
    auto files = source_files(root);
    REQUIRE(files.size() > 100);  // the walk found the tree
    std::vector<std::string> found;
    for (const fs::path& f : files) {
        std::ifstream in(f, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        const std::string s = text.str();
        if (s.find('\0') != std::string::npos) continue;  // binary: no paths to read
        for (const std::string& w : forbidden()) {
            size_t at = find_path(s, w);
            if (at == std::string::npos) continue;
            int line = 1 + int(std::count(s.begin(), s.begin() + long(at), '\n'));
            found.push_back(fs::relative(f, root).string() + ":" + std::to_string(line) + ": " + w);
        }
    }
    for (const std::string& f : found)
        UNSCOPED_INFO(f);
    CHECK(found.empty());
}

TEST_CASE("the perft references are in the repository", "[repo][perft]") {
    const fs::path data = fs::path(SHISHI_SOURCE_DIR) / "tests" / "data" / "perft";
    CHECK(fs::is_regular_file(data / "reference.tsv"));
    CHECK(fs::is_regular_file(data / "reference-lishogi.tsv"));
    CHECK(fs::is_regular_file(data / "README.md"));
}
