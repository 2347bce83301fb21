#include "shishi/protocol/option_list.hpp"

#include <string_view>
#include <utility>

#include "shishi/core/rule_options.hpp"
#include "shishi/core/text.hpp"
#include "shishi/protocol/engine.hpp"
#include "shishi/search/skill.hpp"

namespace shishi {
namespace {

// A build may choose its own default (the WebAssembly builds start small: a browser tab's
// memory grows with the table, and the user can raise it).
#ifndef SHISHI_DEFAULT_HASH_MB
#define SHISHI_DEFAULT_HASH_MB 64
#endif
constexpr int64_t DEFAULT_HASH_MB = SHISHI_DEFAULT_HASH_MB;
constexpr int64_t MAX_CONTEMPT = 1000;
// Lishogi holds a bot's move a little and the network adds its own delay; 100 ms keeps a
// byoyomi move inside the period with room to spare (docs/protocols.md has the measurement).
constexpr int64_t DEFAULT_MOVE_OVERHEAD_MS = 100;
constexpr int64_t MAX_MOVE_OVERHEAD_MS = 60000;
constexpr int64_t MAX_MULTIPV = 50;
// The learned evaluation (docs/nnue.md) is the default: the shipped net beats the hand evaluation.
constexpr bool DEFAULT_USE_NNUE = true;

}  // namespace

std::vector<DeclaredOption> declared_options(const RuleSet& rules) {
    using O = EngineOption;
    std::vector<DeclaredOption> list;
    auto engine = [&](EngineOption o) { list.push_back({OfferedBy::ENGINE, std::move(o)}); };
    engine(O::spin("USI_Hash", "", DEFAULT_HASH_MB, 1, int64_t(max_hash_mb())).clamped().aka("Hash"));
    engine(O::spin("Threads", "", 1, 1, max_threads()).clamped());
    engine(O::spin("Contempt", "Contempt", 0, -MAX_CONTEMPT, MAX_CONTEMPT));
    engine(O::spin("Move Overhead", "Move Overhead", DEFAULT_MOVE_OVERHEAD_MS, 0, MAX_MOVE_OVERHEAD_MS));
    // USI advertises every name in Fairy-Stockfish's spelling (usi_spelling: USI_MultiPV,
    // Skill_Level), which lishogi's shoginet sends.
    engine(O::spin("MultiPV", "MultiPV", 1, 1, MAX_MULTIPV));
    // A level out of range reads as the nearest one offered (with a note): a host asking for
    // a weaker level than exists gets the weakest, never the level some earlier game left.
    engine(O::spin("Skill Level", "Skill Level", SKILL_FULL, SKILL_MIN, SKILL_FULL).clamped_both_ways());
    // Analysis (shoginet sets it for its analysis work): draws score 0 whatever Contempt says,
    // so the scores are the position's, not the engine's preference. Applied at each go.
    engine(O::check("USI_AnalyseMode", "", false).aka("UCI_AnalyseMode"));
    // The evaluation: the net (EvalFile's, or the embedded one when it is empty or
    // <embedded>) or, off, the hand evaluation. USI names as Fairy-Stockfish spells them.
    engine(O::check("Use_NNUE", "Use NNUE", DEFAULT_USE_NNUE));
    engine(O::string("EvalFile", "EvalFile", "", true));
    // A short mate probe before each game search (docs/mate.md): off until a match shows it gains.
    engine(O::check("Mate_Probe", "Mate Probe", false));
    // The rule options, as the core's table of rule fields describes them (shared with
    // shishi-match).
    for (const RuleOptionSpec& spec : rule_option_specs(rules)) {
        using T = RuleOptionSpec::Type;
        EngineOption o = spec.type == T::CHECK ? O::check(spec.name, spec.name, spec.value == "true")
            : spec.type == T::SPIN
            ? O::spin(spec.name, spec.name, parse_integer(spec.value, spec.min, spec.max).value_or(spec.min), spec.min,
                      spec.max)
            : O::combo(spec.name, spec.name, spec.value, spec.choices);
        o.more_values = spec.more_values;
        if (!spec.older_name.empty()) o.aka(spec.older_name);
        engine(std::move(o));
    }
    list.push_back({OfferedBy::USI, O::check("USI_Ponder", "", false)});
    // Multi-variant hosts (Lishogi-Bot) name the game; this engine plays only Chu Shogi.
    list.push_back({OfferedBy::USI, O::combo("USI_Variant", "", "chushogi", {"chushogi", "chu"}).aka("UCI_Variant")});
    // USI's `go mate` is a tsume search answered by `checkmate ...`; with this option on it is
    // Fairy-Stockfish's limit instead (a win in N moves, answered by `bestmove`).
    list.push_back({OfferedBy::USI, O::check("Go_Mate_In_Moves", "", false)});
    list.push_back({OfferedBy::XBOARD, O::check("", "Resign", false)});
    // HaChu's tsume mode: the mate solver runs first for the side named (docs/mate.md).
    list.push_back({OfferedBy::XBOARD, O::combo("", "Tsume", "No", {"No", "Sente mates", "Gote mates"})});
    return list;
}

void add_declared_options(OptionTable& table, OfferedBy by, const RuleSet& rules) {
    for (DeclaredOption& d : declared_options(rules))
        if (d.by == by) table.add(std::move(d.option));
}

}  // namespace shishi
