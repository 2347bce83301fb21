// The pages a reader takes as reference (README.md and docs/*.md) name only files that exist and
// only options their commands accept. docs/results/ is left out: it is the record of past runs,
// and names what existed at each entry's commit.
//
// Paths: every word of a `code span` that starts like a path of this repository (src/, tests/,
// docs/, ...) or like a module file (core/movegen.cpp: under include/shishi/, src/ or tests/), and
// every relative link target and its #anchor (a heading of that page). A path of another
// project (shoginet's src/work/move.ts) is recognised by that project's name shortly before it.
// Options: every `--option` after `shishi COMMAND` (checked against `shishi COMMAND --help`),
// after `shishi-match` (its --help) and after a bare `shishi` (the engine options), in code spans
// and in fenced code (a line ending in a backslash goes on to the next).
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "shishi/cli/commands.hpp"
#include "usi_harness.hpp"
#ifdef SHISHI_MATCH_EXE
#include "shishi/match/match_options.hpp"
#endif

namespace fs = std::filesystem;

namespace {

const fs::path ROOT = SHISHI_SOURCE_DIR;

struct Doc {
    std::string name;  // relative to the root, e.g. docs/rules.md
    std::vector<std::string> lines;
};

std::vector<Doc> reference_docs() {
    std::vector<fs::path> paths = {ROOT / "README.md"};
    for (const auto& e : fs::directory_iterator(ROOT / "docs"))
        if (e.is_regular_file() && e.path().extension() == ".md") paths.push_back(e.path());
    std::sort(paths.begin(), paths.end());
    std::vector<Doc> docs;
    for (const fs::path& p : paths) {
        Doc d{fs::relative(p, ROOT).generic_string(), {}};
        std::ifstream in(p);
        for (std::string l; std::getline(in, l);)
            d.lines.push_back(l);
        docs.push_back(d);
    }
    return docs;
}

// Code spans and the text outside fenced blocks; fenced lines joined at a trailing backslash.
struct Pieces {
    struct Span {
        int line;
        std::string text, before;  // before: up to 150 characters of the doc before the span
    };
    std::vector<Span> spans;
    std::vector<std::pair<int, std::string>> prose, code;
};

Pieces pieces(const Doc& d) {
    Pieces p;
    bool fence = false;
    std::string flow, joined;
    int joined_from = 0;
    for (size_t i = 0; i < d.lines.size(); ++i) {
        const std::string& l = d.lines[i];
        const int n = int(i) + 1;
        if (l.rfind("```", 0) == 0) {
            fence = !fence;
            continue;
        }
        if (fence) {
            if (joined.empty()) joined_from = n;
            joined += l;
            if (!joined.empty() && joined.back() == '\\') {
                joined.back() = ' ';
                continue;
            }
            p.code.emplace_back(joined_from, joined);
            joined.clear();
            continue;
        }
        p.prose.emplace_back(n, l);
        for (size_t at = l.find('`'); at != std::string::npos;) {
            const size_t end = l.find('`', at + 1);
            if (end == std::string::npos) break;
            const std::string before = flow + l.substr(0, at);
            p.spans.push_back({n, l.substr(at + 1, end - at - 1),
                               before.substr(before.size() - std::min<size_t>(150, before.size()))});
            at = l.find('`', end + 1);
        }
        flow = (flow + l + "\n");
        if (flow.size() > 150) flow = flow.substr(flow.size() - 150);
    }
    return p;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

bool repository_path(const std::string& w) {
    for (const char* p : {"src/", "tests/", "scripts/", "docs/", "include/", "data/", "web/", "cmake/", ".ci/"})
        if (starts_with(w, p)) return true;
    return false;
}

bool module_file(const std::string& w) {
    static const std::regex re(
        R"(^(core|eval|search|protocol|cli|record|tools|match|platform|wasm)/[\w./-]+\.(hpp|cpp)$)");
    return std::regex_match(w, re);
}

// Another project's path: its name shortly before the span.
bool of_another_project(const std::string& before) {
    std::string b = before;
    std::transform(b.begin(), b.end(), b.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (const char* name : {"shoginet", "shogiops", "scalashogi", "lila", "fairy-stockfish", "stockfish", "cutechess",
                             "wandererxii", "xboard's", "hachu's", "lishogi-bot"})
        if (b.find(name) != std::string::npos) return true;
    return false;
}

// A word of a span as a path: quotes, brackets, punctuation, `:LINE` and `#anchor` dropped; a
// placeholder (<target>, *, $t, ...) leaves the folder before it to check.
std::string as_path(std::string w) {
    while (!w.empty() && std::string("\"'([").find(w.front()) != std::string::npos)
        w.erase(0, 1);
    while (!w.empty() && std::string("\"'),.;:]").find(w.back()) != std::string::npos)
        w.pop_back();
    w = std::regex_replace(w, std::regex(R"(:\d.*$)"), "");
    w = w.substr(0, w.find('#'));
    static const std::regex placeholder(R"([<*{$\[]|\.\.\.)");
    std::smatch m;
    if (std::regex_search(w, m, placeholder)) {
        w = w.substr(0, size_t(m.position(0)));
        w = w.substr(0, w.rfind('/') == std::string::npos ? 0 : w.rfind('/') + 1);
    }
    return w;
}

// The anchors of a page's headings as GitHub makes them: lower case, punctuation dropped,
// spaces made hyphens (letters outside ASCII kept).
std::set<std::string> anchors(const fs::path& page) {
    std::set<std::string> out;
    std::ifstream in(page);
    bool fence = false;
    for (std::string l; std::getline(in, l);) {
        if (l.rfind("```", 0) == 0) fence = !fence;
        if (fence || l.empty() || l[0] != '#') continue;
        const size_t text = l.find_first_not_of('#');
        if (text == std::string::npos || l[text] != ' ') continue;
        std::string a;
        for (char c : l.substr(text + 1)) {
            const auto u = static_cast<unsigned char>(c);
            if (std::isalnum(u) || c == '-' || c == '_' || u >= 0x80)
                a += char(std::tolower(u));
            else if (c == ' ')
                a += '-';
        }
        out.insert(a);
    }
    return out;
}

bool exists_as_named(const std::string& w) {
    if (module_file(w))
        return fs::exists(ROOT / "include/shishi" / w) || fs::exists(ROOT / "src" / w) ||
            fs::exists(ROOT / "tests" / w);
    return fs::exists(ROOT / w);
}

std::string text_of(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    shishi::cli::run_command(args, out, err);
    return out.str();
}

// The options of each `shishi` command, from its --help; "" holds the engine options.
struct Helps {
    std::vector<std::string> commands;
    std::vector<std::string> texts;
    std::set<std::string> engine_options;  // names without case, spaces, '_' and '-'
    std::string match;
};

std::string squeezed(const std::string& name) {
    std::string s;
    for (char c : name)
        if (c != ' ' && c != '_' && c != '-') s += char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

Helps helps() {
    Helps h;
    std::istringstream list(text_of({"help"}));
    static const std::regex command_line(R"(^  shishi ([a-z][a-z-]*))");
    for (std::string l; std::getline(list, l);) {
        std::smatch m;
        if (std::regex_search(l, m, command_line) && m[1] != "help") {
            h.commands.push_back(m[1]);
            h.texts.push_back(text_of({m[1], "--help"}));
        }
    }
    for (const std::string& l : usi_test::run_script("usi\nquit\n"))
        if (starts_with(l, "option name ")) h.engine_options.insert(squeezed(l.substr(12, l.find(" type ") - 12)));
#ifdef SHISHI_MATCH_EXE
    std::ostringstream m;
    shishi::match::print_match_usage(m);
    h.match = m.str();
#endif
    return h;
}

bool help_names(const std::string& help, const std::string& option) {
    for (size_t at = help.find(option); at != std::string::npos; at = help.find(option, at + 1)) {
        const size_t end = at + option.size();
        if (end == help.size() ||
            !(std::isalnum(static_cast<unsigned char>(help[end])) || help[end] == '-' || help[end] == '_'))
            return true;
    }
    return false;
}

// The words of one command line up to its end: a pipe, ;, &&, a redirection or a comment.
// `length` gets how many characters of `rest` they take.
std::vector<std::string> command_words(const std::string& rest, size_t& length) {
    std::vector<std::string> words;
    size_t at = 0;
    length = 0;
    while (true) {
        at = rest.find_first_not_of(" \t", at);
        if (at == std::string::npos) break;
        const size_t end = std::min(rest.find_first_of(" \t", at), rest.size());
        const std::string w = rest.substr(at, end - at);
        if (w == "|" || w == ";" || w == "&&" || w == "||" || w == "#" || w[0] == '>' || w[0] == '<' ||
            starts_with(w, "2>") || w == "\\" || w.find('`') != std::string::npos)
            break;
        words.push_back(w);
        at = length = end;
    }
    return words;
}

// Does a command start where `before` ends? Only words that run a command (nice -n 5, an
// environment setting) may stand between it and the last separator: `shishi` after a script's
// name is that script's argument (`python3 scripts/measure_byoyomi.py build/shishi --moves 100`).
bool starts_command(std::string before) {
    while (!before.empty() && !std::isspace(static_cast<unsigned char>(before.back())) && before.back() != '`')
        before.pop_back();  // the path before the name: ./build/
    size_t from = 0;
    for (const char* sep : {"|", ";", "&&", "(", "`"}) {
        const size_t at = before.rfind(sep);
        if (at != std::string::npos) from = std::max(from, at + std::string(sep).size());
    }
    std::istringstream words(before.substr(from));
    static const std::regex runner(R"(^(\w+=\S*|nice|-n|\d+|exec|time|\$)$)");
    for (std::string w; words >> w;)
        if (!std::regex_match(w, runner)) return false;
    return true;
}

// Each unknown option of a `shishi ...` or `shishi-match ...` in `text`, as "shishi CMD --x".
std::vector<std::string> unknown_options(const std::string& text, const Helps& h) {
    std::vector<std::string> found;
    static const std::regex call(R"((^|[\s/(])shishi(-match)?(?=\s))");
    size_t taken = 0;  // the end of the last command's words: a shishi inside them is an argument
    for (auto it = std::sregex_iterator(text.begin(), text.end(), call); it != std::sregex_iterator(); ++it) {
        const size_t start = size_t(it->position(0) + it->length(0));
        if (size_t(it->position(0)) < taken) continue;
        const bool match = (*it)[2].matched;
        size_t length = 0;
        const auto words = command_words(text.substr(start), length);
        taken = start + length;
        std::string name = match ? "shishi-match" : "shishi";
        const std::string* help = match ? &h.match : nullptr;
        bool engine = false;
        if (!match) {
            if (words.empty()) continue;
            auto c = std::find(h.commands.begin(), h.commands.end(), words[0]);
            if (c != h.commands.end()) {
                help = &h.texts[size_t(c - h.commands.begin())];
                name += " " + words[0];
            } else if (starts_with(words[0], "--") && starts_command(text.substr(0, size_t(it->position(0))))) {
                engine = true;
            } else {
                continue;  // prose about the engine, or a protocol session
            }
        }
#ifndef SHISHI_MATCH_EXE
        if (match) continue;
#endif
        static const std::regex option(R"(^--[A-Za-z][A-Za-z0-9_-]*)");
        for (size_t i = 0; i < words.size(); ++i) {
            std::smatch m;
            if (!std::regex_search(words[i], m, option)) continue;
            const std::string o = m.str(0);
            if (o == "--help" || o == "--version" || o == "--Name" || o == "--NAME") continue;  // --Name: a placeholder
            if (engine) {
                if (!h.engine_options.count(squeezed(o.substr(2)))) found.push_back(name + " " + o);
                continue;
            }
            if (!help_names(*help, o)) found.push_back(name + " " + o);
        }
    }
    return found;
}

}  // namespace

TEST_CASE("docs: every file path a reference page names exists", "[docs][repo]") {
    const auto docs = reference_docs();
    REQUIRE(docs.size() > 10);
    std::vector<std::string> missing;
    int checked = 0;
    for (const Doc& d : docs) {
        const Pieces p = pieces(d);
        for (const auto& s : p.spans) {
            std::istringstream words(s.text);
            for (std::string w; words >> w;) {
                const std::string path = as_path(w);
                if (path.empty() || !(repository_path(path) || module_file(path))) continue;
                if (of_another_project(s.before)) continue;
                ++checked;
                if (!exists_as_named(path)) missing.push_back(d.name + ":" + std::to_string(s.line) + ": " + path);
            }
        }
        static const std::regex link(R"(\]\(([^)\s]+)\))");
        for (const auto& [n, l] : p.prose)
            for (auto it = std::sregex_iterator(l.begin(), l.end(), link); it != std::sregex_iterator(); ++it) {
                const std::string target = (*it)[1];
                if (std::regex_search(target, std::regex("^[a-z]+:"))) continue;
                ++checked;
                const size_t hash = target.find('#');
                const fs::path file =
                    hash == 0 ? ROOT / d.name : (ROOT / d.name).parent_path() / target.substr(0, hash);
                if (!fs::exists(file))
                    missing.push_back(d.name + ":" + std::to_string(n) + ": link " + target);
                else if (hash != std::string::npos && file.extension() == ".md" &&
                         !anchors(file).count(target.substr(hash + 1)))
                    missing.push_back(d.name + ":" + std::to_string(n) + ": no heading for " + target);
            }
    }
    CHECK(checked > 100);
    for (const std::string& m : missing)
        UNSCOPED_INFO(m);
    CHECK(missing.empty());
}

TEST_CASE("docs: every option a reference page gives a command is accepted by it", "[docs][repo]") {
    const Helps h = helps();
    REQUIRE(h.commands.size() >= 8);
    REQUIRE(!h.engine_options.empty());
    std::vector<std::string> unknown;
    for (const Doc& d : reference_docs()) {
        const Pieces p = pieces(d);
        auto check = [&](int line, const std::string& text) {
            for (const std::string& u : unknown_options(text, h))
                unknown.push_back(d.name + ":" + std::to_string(line) + ": " + u);
        };
        for (const auto& s : p.spans)
            check(s.line, s.text);
        for (const auto& [n, l] : p.code)
            check(n, l);
    }
    for (const std::string& u : unknown)
        UNSCOPED_INFO(u);
    CHECK(unknown.empty());
}

TEST_CASE("docs check: the checks find a missing path and an unknown option", "[docs][repo]") {
    // The finders on made-up text, so that a check that finds nothing is known to look.
    const Helps h = helps();
    CHECK(unknown_options("shishi perft 3 --fen x --nonsense", h) ==
          std::vector<std::string>{"shishi perft --nonsense"});
    CHECK(unknown_options("./build/shishi analyze g.kif --depth 3 --out a.kif | tee x --bogus", h).empty());
    CHECK(unknown_options("shishi --Threads=1 --move-overhead 300", h).empty());
    CHECK(unknown_options("shishi --Thread=1", h) == std::vector<std::string>{"shishi --Thread"});
    CHECK(unknown_options("nice -n 5 ./build/shishi --Thread=1", h) == std::vector<std::string>{"shishi --Thread"});
    CHECK(unknown_options("python3 scripts/measure_byoyomi.py build/shishi --moves 100", h).empty());
#ifdef SHISHI_MATCH_EXE
    CHECK(unknown_options("shishi-match --first a --second b --gamez 3", h) ==
          std::vector<std::string>{"shishi-match --gamez"});
#endif
    CHECK(as_path("(tests/fuzz/corpus/<target>/),") == "tests/fuzz/corpus/");
    CHECK(as_path("tests/CMakeLists.txt:15") == "tests/CMakeLists.txt");
    CHECK(exists_as_named("core/movegen.hpp"));
    CHECK_FALSE(exists_as_named("src/eval/piece_values.cpp"));
    CHECK(anchors(ROOT / "docs/search.md").count("bench-signature") == 1);
    CHECK(anchors(ROOT / "docs/search.md").count("speed-shishi-bench") == 1);  // `shishi bench` in the heading
    CHECK(of_another_project("shoginet's sources (github WandererXII/shoginet: "));
    CHECK_FALSE(of_another_project("the move generator, "));
}
