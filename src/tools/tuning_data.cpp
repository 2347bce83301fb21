// Reading the tuner's data file: one "<XBoard FEN> | <result>" per line.
#include <cstdlib>
#include <istream>
#include <ostream>
#include <string>

#include "shishi/core/notation.hpp"
#include "shishi/tools/tuning.hpp"

namespace shishi {
namespace {

std::string trim(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos) return {};
    const size_t b = s.find_last_not_of(" \t\r");
    return s.substr(a, b - a + 1);
}

// 1, 0.5 or 0 (any decimal spelling); anything else is malformed.
bool parse_result(const std::string& text, double& out) {
    if (text.empty()) return false;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (*end != '\0') return false;
    if (v != 0.0 && v != 0.5 && v != 1.0) return false;
    out = v;
    return true;
}

}  // namespace

TuningData read_tuning_data(std::istream& in, std::ostream& warnings) {
    TuningData data;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        const std::string t = trim(line);
        if (t.empty() || t[0] == '#') continue;
        const size_t bar = t.rfind('|');
        double result = 0;
        if (bar == std::string::npos || !parse_result(trim(t.substr(bar + 1)), result)) {
            warnings << "line " << number << ": expected '<fen> | <1, 0.5 or 0>'\n";
            ++data.rejected;
            continue;
        }
        auto pos = parse_xboard_fen(trim(t.substr(0, bar)));
        if (!pos) {
            warnings << "line " << number << ": " << pos.error << "\n";
            ++data.rejected;
            continue;
        }
        data.samples.push_back({*pos, result});
    }
    return data;
}

void write_eval_params(std::ostream& out, const EvalParams& p) {
    for (int i = 0; i < EVAL_PARAM_NB; ++i)
        out << EVAL_PARAM_INFO[i].name << ' ' << p[i] << '\n';
}

}  // namespace shishi
