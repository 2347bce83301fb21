#include "shishi/cli/options.hpp"

#include "shishi/core/notation.hpp"
#include "shishi/core/rules_argument.hpp"
#include "shishi/core/text.hpp"

namespace shishi::cli {

ArgReader::ArgReader(const std::vector<std::string>& args)
    : rest_(args.size() > 1 ? std::vector<std::string>(args.begin() + 1, args.end()) : std::vector<std::string>{}) {}

static std::optional<int> to_int(const std::string& s) {
    const std::optional<int64_t> n = parse_integer(s, 0, INT32_MAX, Sign::NONE);
    return n ? std::optional<int>(int(*n)) : std::nullopt;
}

std::optional<int> ArgReader::positional_int(const char* what, int lo, int hi) {
    for (size_t i = 0; i < rest_.size(); ++i) {
        if (rest_[i].rfind("--", 0) == 0) {
            ++i;  // skip the option's value
            continue;
        }
        auto v = to_int(rest_[i]);
        if (!v || *v < lo || *v > hi) {
            errors_.push_back(std::string("bad ") + what + " '" + rest_[i] + "' (expected " + std::to_string(lo) +
                              ".." + std::to_string(hi) + ")");
            rest_.erase(rest_.begin() + long(i));
            return std::nullopt;
        }
        rest_.erase(rest_.begin() + long(i));
        return v;
    }
    errors_.push_back(std::string("missing ") + what);
    return std::nullopt;
}

bool ArgReader::has_positional() const {
    for (size_t i = 0; i < rest_.size(); ++i) {
        if (rest_[i].rfind("--", 0) == 0) {
            ++i;
            continue;
        }
        return true;
    }
    return false;
}

std::optional<std::string> ArgReader::positional_string(const char* what) {
    for (size_t i = 0; i < rest_.size(); ++i) {
        if (rest_[i].rfind("--", 0) == 0) {
            ++i;
            continue;
        }
        std::string v = rest_[i];
        rest_.erase(rest_.begin() + long(i));
        return v;
    }
    errors_.push_back(std::string("missing ") + what);
    return std::nullopt;
}

std::optional<std::string> ArgReader::string_option(const char* name) {
    for (size_t i = 0; i < rest_.size(); ++i) {
        if (rest_[i] != name) continue;
        if (i + 1 >= rest_.size()) {
            errors_.push_back(std::string(name) + " needs a value");
            rest_.erase(rest_.begin() + long(i));
            return std::nullopt;
        }
        std::string v = rest_[i + 1];
        rest_.erase(rest_.begin() + long(i), rest_.begin() + long(i) + 2);
        return v;
    }
    return std::nullopt;
}

std::optional<int> ArgReader::int_option(const char* name, int lo, int hi) {
    auto s = string_option(name);
    if (!s) return std::nullopt;
    auto v = to_int(*s);
    if (!v || *v < lo || *v > hi) {
        errors_.push_back(std::string("bad value '") + *s + "' for " + name + " (expected " + std::to_string(lo) +
                          ".." + std::to_string(hi) + ")");
        return std::nullopt;
    }
    return v;
}

const RuleSet* ArgReader::rules_option(const RuleSet& base) {
    auto text = string_option("--rules");
    if (!text) return &base;
    RuleSet r = base;
    if (std::string e = apply_rules_argument(r, *text); !e.empty()) {
        errors_.push_back("--rules: " + e);
        return nullptr;
    }
    return &stable(r);
}

std::optional<Position> ArgReader::position_option(const RuleSet& rules) {
    auto fen = string_option("--fen");
    auto sfen = string_option("--sfen");
    if (fen && sfen) {
        errors_.push_back("give --fen or --sfen, not both");
        return std::nullopt;
    }
    if (fen) {
        auto p = parse_xboard_fen(*fen, rules);
        if (!p) errors_.push_back("bad --fen: " + p.error);
        return p.value;
    }
    if (sfen) {
        auto p = parse_sfen(*sfen, rules);
        if (!p) errors_.push_back("bad --sfen: " + p.error);
        return p.value;
    }
    Position start = Position::start();
    start.set_rules(rules);
    return start;
}

void ArgReader::error(std::string message) { errors_.push_back(std::move(message)); }

bool ArgReader::finish(std::ostream& err) {
    for (auto& r : rest_)
        errors_.push_back("unexpected argument '" + r + "'");
    rest_.clear();
    for (auto& e : errors_)
        err << "error: " << e << "\n";
    return errors_.empty();
}

std::optional<record::Format> format_option(ArgReader& args, const char* name) {
    auto v = args.string_option(name);
    if (!v) return std::nullopt;
    if (*v == "kif") return record::Format::KIF;
    if (*v == "pgn") return record::Format::PGN;
    if (*v == "usi") return record::Format::USI;
    args.error(std::string(name) + " takes kif, pgn or usi, not '" + *v + "'");
    return std::nullopt;
}

record::KifStyle kif_style_option(ArgReader& args) {
    auto v = args.string_option("--kif-style");
    if (!v) return record::KifStyle::LISHOGI_SERVER;
    if (auto s = record::kif_style_by_name(*v)) return *s;
    args.error("--kif-style takes lishogi-server or lishogi-client, not '" + *v + "'");
    return record::KifStyle::LISHOGI_SERVER;
}

}  // namespace shishi::cli
