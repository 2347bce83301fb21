// USI mode: the handshake, isready, setoption, unknown commands, quit and end of input.
#include <catch2/catch.hpp>

#include <sstream>

#include "shishi/protocol/engine.hpp"
#include "shishi/protocol/usi_options.hpp"
#include "shishi/protocol/usi_text.hpp"
#include "usi_harness.hpp"

using namespace usi_test;

TEST_CASE("usi: answers the opening usi with id, options and usiok", "[usi]") {
    int rc = -1;
    auto out = run_script("", &rc);
    REQUIRE(rc == 0);
    REQUIRE(out.size() >= 3);
    CHECK(starts_with(out[0], "id name Shishi "));
    CHECK(starts_with(out[1], "id author "));
    CHECK(out.back() == "usiok");
    // The maxima are what this machine can honour: half its memory, its hardware threads.
    CHECK(first_with(out, "option name USI_Hash ") ==
          "option name USI_Hash type spin default 64 min 1 max " + std::to_string(shishi::max_hash_mb()));
    CHECK(first_with(out, "option name Threads ") ==
          "option name Threads type spin default 1 min 1 max " + std::to_string(shishi::max_threads()));
    CHECK(first_with(out, "option name Move_Overhead ") ==
          "option name Move_Overhead type spin default 100 min 0 max 60000");
    CHECK(first_with(out, "option name USI_Variant ") ==
          "option name USI_Variant type combo default chushogi var chushogi var chu");
    CHECK(first_with(out, "option name USI_Ponder ") == "option name USI_Ponder type check default false");
    CHECK(first_with(out, "option name Contempt ") == "option name Contempt type spin default 0 min -1000 max 1000");
    // The rule options (core/rule_options.hpp), lishogi's rules by default under USI.
    CHECK(first_with(out, "option name Rules ") ==
          "option name Rules type combo default lishogi var book var xboard var lishogi");
    CHECK(first_with(out, "option name Okazaki_rule ") == "option name Okazaki_rule type check default false");
    CHECK(first_with(out, "option name Lance_promotes_on_last_rank ") ==
          "option name Lance_promotes_on_last_rank type check default true");
    CHECK(first_with(out, "option name Lion_victim_protects ") ==
          "option name Lion_victim_protects type check default true");
    CHECK(first_with(out, "option name Repetition_rule ") ==
          "option name Repetition_rule type combo default lishogi var XBoard var JCSA var Draw var lishogi");
    CHECK(first_with(out, "option name Bare_King ") ==
          "option name Bare_King type combo default lishogi var Off var Book var lishogi");
    CHECK(first_with(out, "option name Host_mate_test ") == "option name Host_mate_test type check default false");
    CHECK(first_with(out, "option name Reversible_ply_limit ") ==
          "option name Reversible_ply_limit type spin default 0 min 0 max 10000");
    CHECK(first_with(out, "option name SFEN_counter-strike_at_capture ") ==
          "option name SFEN_counter-strike_at_capture type check default true");
    // every line before usiok is an id or option line
    for (size_t i = 0; i + 1 < out.size(); ++i)
        CHECK((starts_with(out[i], "id ") || starts_with(out[i], "option name ")));
}

TEST_CASE("usi: isready is answered with readyok, also after setoption", "[usi]") {
    auto out = run_script("setoption name USI_Hash value 1\nisready\nusinewgame\nisready\nquit\n");
    CHECK(count_prefix(out, "readyok") == 2);
    CHECK(count_prefix(out, "info string") == 0);
}

TEST_CASE("usi: a second usi repeats the handshake", "[usi]") {
    auto out = run_script("usi\n");
    CHECK(count_prefix(out, "usiok") == 2);
    CHECK(count_prefix(out, "id name Shishi") == 2);
}

TEST_CASE("usi: quit ends the loop and ignores the rest of the input", "[usi]") {
    int rc = -1;
    auto out = run_script("quit\nisready\n", &rc);
    CHECK(rc == 0);
    CHECK(count_prefix(out, "readyok") == 0);
}

TEST_CASE("usi: unknown commands and blank lines get at most an info string", "[usi]") {
    auto out = run_script("\n   \nxyzzy 1 2\nisready\n");
    CHECK(first_with(out, "info string") == "info string unknown command 'xyzzy'");
    CHECK(count_prefix(out, "info string") == 1);
    CHECK(count_prefix(out, "readyok") == 1);
}

TEST_CASE("usi: setoption accepts every declared option and the host's USI_Ponder and USI_Variant", "[usi]") {
    const char* script =
        "setoption name USI_Hash value 2\n"
        "setoption name Threads value 1\n"
        "setoption name Contempt value -25\n"
        "setoption name Rules value book\n"
        "setoption name Okazaki rule value true\n"
        "setoption name Bare King value true\n"
        "setoption name Repetition rule value JCSA\n"
        "setoption name Repetition value draw\n"  // the older USI names still work
        "setoption name Okazaki value false\n"
        "setoption name BareKing value false\n"
        "setoption name Bare King value Book\n"
        "setoption name Lance promotes on last rank value false\n"
        "setoption name Lion victim protects value false\n"
        "setoption name Host mate test value true\n"
        "setoption name Reversible ply limit value 102\n"
        "setoption name SFEN counter-strike at capture value false\n"
        "setoption name USI_Ponder value true\n"
        "setoption name USI_Variant value chushogi\n"
        "isready\n";
    auto out = run_script(script);
    CHECK(count_prefix(out, "info string") == 0);
    CHECK(count_prefix(out, "readyok") == 1);
}

namespace {
// An engine's option table with the USI options, as a USI session has it (no search is made).
struct UsiTable {
    std::ostringstream sink;
    shishi::Engine engine{sink, [](std::string_view n) { return std::string(n); }, shishi::lishogi_rules()};
    UsiTable() { shishi::usi::add_usi_options(engine.options()); }
    shishi::OptionTable& table() { return engine.options(); }
};
}  // namespace

TEST_CASE("usi: setoption with a bad name or value says so and changes nothing", "[usi]") {
    using shishi::usi::apply_setoption;
    using shishi::usi::split_words;
    UsiTable t;
    REQUIRE(apply_setoption(split_words("name USI_Hash value 8"), t.table()).error.empty());
    auto values = [&] {
        std::string v;
        for (const auto& o : t.table().options())
            v += o.usi_name + "=" + o.value + ";";
        return v;
    };
    const std::string before = values();
    const std::string hash_range = "an integer from 1 to " + std::to_string(shishi::max_hash_mb());
    const std::string threads_range = "an integer from 1 to " + std::to_string(shishi::max_threads());
    struct Case {
        std::string args;
        std::string error;
        std::string stays;  // the option whose value the error says stays in force
    };
    const Case cases[] = {
        {"", "setoption: expected 'name <option> [value <value>]'", ""},
        {"value 3", "setoption: expected 'name <option> [value <value>]'", ""},
        {"name", "setoption: no option name", ""},
        {"name USI_Hash", "setoption: USI_Hash needs " + hash_range + ", got nothing", "USI_Hash"},
        {"name USI_Hash value", "setoption: no value after 'value' for USI_Hash", ""},
        {"name USI_Hash value 0", "setoption: USI_Hash needs " + hash_range + ", got '0'", "USI_Hash"},
        {"name USI_Hash value 12abc", "setoption: USI_Hash needs " + hash_range + ", got '12abc'", "USI_Hash"},
        {"name Threads value -1", "setoption: Threads needs " + threads_range + ", got '-1'", "Threads"},
        {"name Contempt value 1001", "setoption: Contempt needs an integer from -1000 to 1000, got '1001'", "Contempt"},
        {"name Move Overhead value -1", "setoption: Move_Overhead needs an integer from 0 to 60000, got '-1'",
         "Move_Overhead"},
        {"name Okazaki value yes", "setoption: Okazaki_rule needs true or false, got 'yes'", "Okazaki_rule"},
        {"name Repetition value Chess", "setoption: Repetition_rule needs XBoard, JCSA, Draw or lishogi, got 'Chess'",
         "Repetition_rule"},
        {"name Bare King value maybe", "setoption: Bare_King needs Off, Book or lishogi, got 'maybe'", "Bare_King"},
        {"name Reversible ply limit value -1",
         "setoption: Reversible_ply_limit needs an integer from 0 to 10000, got '-1'", "Reversible_ply_limit"},
        {"name Host mate test value 2", "setoption: Host_mate_test needs true or false, got '2'", "Host_mate_test"},
        {"name Rules value chess", "setoption: Rules needs book, xboard or lishogi, got 'chess'", "Rules"},
        {"name Rules", "setoption: Rules needs book, xboard or lishogi, got nothing", "Rules"},
        {"name NoSuchOption value 1", "setoption: unknown option 'NoSuchOption'", ""},
        {"name Resign value true", "setoption: unknown option 'Resign'", ""},  // an XBoard option only
        {"name USI_Variant value shogi", "setoption: this engine plays only chushogi, not 'shogi'", "USI_Variant"},
    };
    for (const Case& c : cases) {
        INFO(c.args);
        const std::string stays = c.stays.empty() ? "" : "; " + c.stays + " stays " + t.table().value(c.stays);
        CHECK(apply_setoption(split_words(c.args), t.table()).error == c.error + stays);
        CHECK(values() == before);
    }
    // and a good one does change the setting, case-insensitively; names may hold spaces
    CHECK(apply_setoption(split_words("name usi_hash value 16"), t.table()).error.empty());
    CHECK(t.table().as_int("USI_Hash") == 16);
    CHECK(apply_setoption(split_words("name okazaki value TRUE"), t.table()).error.empty());
    CHECK(t.engine.rules().okazaki);
    CHECK(apply_setoption(split_words("name Repetition value JCSA"), t.table()).error.empty());
    CHECK(t.engine.rules().repetition == shishi::RepetitionRule::JCSA);
    // Every rule field is an option of its own.
    CHECK(apply_setoption(split_words("name Lance promotes on last rank value false"), t.table()).error.empty());
    CHECK_FALSE(t.engine.rules().lance_promotes_on_last_rank);
    CHECK(apply_setoption(split_words("name Lion victim protects value false"), t.table()).error.empty());
    CHECK_FALSE(t.engine.rules().lion_victim_protects);
    CHECK(apply_setoption(split_words("name Bare King value book"), t.table()).error.empty());
    CHECK(t.engine.rules().bare_king == shishi::BareKingRule::BOOK);
    CHECK(t.table().value("Bare King") == "Book");
    CHECK(apply_setoption(split_words("name Bare King value false"), t.table()).error.empty());  // it was a check
    CHECK(t.engine.rules().bare_king == shishi::BareKingRule::OFF);
    CHECK(t.table().value("Bare King") == "Off");
    CHECK(apply_setoption(split_words("name Host mate test value true"), t.table()).error.empty());
    CHECK(t.engine.rules().host_mate_test);
    CHECK(apply_setoption(split_words("name Reversible ply limit value 40"), t.table()).error.empty());
    CHECK(t.engine.rules().reversible_ply_limit == 40);
    CHECK(apply_setoption(split_words("name SFEN counter-strike at capture value false"), t.table()).error.empty());
    CHECK_FALSE(t.engine.rules().sfen_counter_strike_at_capture);
    CHECK(t.table().value("Rules") == "lishogi");  // the preset it was made from
    CHECK(apply_setoption(split_words("name Move Overhead value 5000"), t.table()).error.empty());
    CHECK(t.engine.move_overhead_ms() == 5000);
    // A preset resets every rule.
    CHECK(apply_setoption(split_words("name Rules value XBoard"), t.table()).error.empty());
    CHECK(t.engine.rules() == shishi::xboard_rules());
    CHECK(t.table().value("Repetition rule") == "XBoard");
    CHECK(apply_setoption(split_words("name Hash value 32"), t.table()).error.empty());  // Lishogi-Bot's name
    CHECK(t.table().as_int("USI_Hash") == 32);
}

TEST_CASE("usi: resource options above the machine's maximum are clamped with an info string", "[usi]") {
    using shishi::usi::apply_setoption;
    using shishi::usi::split_words;
    UsiTable t;
    auto r = apply_setoption(split_words("name USI_Hash value 65536"), t.table());
    CHECK(r.error.empty());
    if (shishi::max_hash_mb() < 65536) {
        CHECK(r.note == "USI_Hash 65536 is above the maximum; using " + std::to_string(shishi::max_hash_mb()));
        CHECK(t.table().as_int("USI_Hash") == int64_t(shishi::max_hash_mb()));
    }
    r = apply_setoption(split_words("name Threads value 100000"), t.table());
    CHECK(r.error.empty());
    CHECK(r.note == "Threads 100000 is above the maximum; using " + std::to_string(shishi::max_threads()));
    CHECK(t.table().as_int("Threads") == shishi::max_threads());
    // A number beyond any integer type is above the maximum too: clamped alike, not refused.
    REQUIRE(apply_setoption(split_words("name USI_Hash value 8"), t.table()).error.empty());
    r = apply_setoption(split_words("name USI_Hash value 99999999999999999999"), t.table());
    CHECK(r.error.empty());
    CHECK(r.note ==
          "USI_Hash 99999999999999999999 is above the maximum; using " + std::to_string(shishi::max_hash_mb()));
    CHECK(t.table().as_int("USI_Hash") == int64_t(shishi::max_hash_mb()));
    // Where nothing is clamped, such a number is refused like any value out of range.
    r = apply_setoption(split_words("name Contempt value -99999999999999999999"), t.table());
    CHECK(r.error ==
          "setoption: Contempt needs an integer from -1000 to 1000, got '-99999999999999999999'; Contempt stays 0");
}

TEST_CASE("usi: every option is advertised in Fairy-Stockfish's USI spelling, any spelling accepted",
          "[usi][lishogi]") {
    // shoginet reads an option's name up to its first space: no advertised name has one, and
    // each is found under it, under its plain name and with spaces for underscores.
    using shishi::usi::apply_setoption;
    using shishi::usi::split_words;
    UsiTable t;
    // An option added later follows the same rule without naming it anywhere else.
    t.table().add(shishi::EngineOption::check("Some New Option", "Some New Option", true));
    const auto lines = t.table().usi_lines();
    REQUIRE(lines.size() == t.table().options().size());
    for (const std::string& l : lines) {
        INFO(l);
        const std::string name = l.substr(12, l.find(" type ") - 12);
        CHECK(name.find(' ') == std::string::npos);
        const shishi::EngineOption* o = t.table().find(name);
        REQUIRE(o);
        CHECK(shishi::usi_spelling(o->usi_name) == name);
        CHECK(t.table().find(o->usi_name) == o);
    }
    CHECK(first_with(lines, "option name Some_New_Option ") == "option name Some_New_Option type check default true");
    CHECK(first_with(lines, "option name USI_MultiPV ") == "option name USI_MultiPV type spin default 1 min 1 max 50");
    CHECK(first_with(lines, "option name Skill_Level ") != "");
    CHECK(first_with(lines, "option name Move_Overhead ") != "");
    // Every spelling sets it, and the messages use the advertised one.
    for (const char* n : {"MultiPV", "USI_MultiPV", "multipv"})
        CHECK(apply_setoption(split_words(std::string("name ") + n + " value 2"), t.table()).error.empty());
    CHECK(apply_setoption(split_words("name MultiPV value 0"), t.table()).error ==
          "setoption: USI_MultiPV needs an integer from 1 to 50, got '0'; USI_MultiPV stays 2");
    // XBoard keeps its names.
    bool xboard_skill = false;
    for (const std::string& f : t.table().xboard_features())
        xboard_skill |= f.rfind("feature option=\"Skill Level ", 0) == 0;
    CHECK(xboard_skill);
}

TEST_CASE("usi: a bad setoption in a session is reported as info string", "[usi]") {
    auto out = run_script("setoption name Threads value many\nisready\n");
    CHECK(first_with(out, "info string") ==
          "info string setoption: Threads needs an integer from 1 to " + std::to_string(shishi::max_threads()) +
              ", got 'many'; Threads stays 1");
    CHECK(count_prefix(out, "readyok") == 1);
}

TEST_CASE("usi: the option lines follow the current values", "[usi]") {
    UsiTable t;
    REQUIRE(t.table().set("Okazaki", "true").ok());
    REQUIRE(t.table().set("Repetition", "draw").ok());
    auto lines = t.table().usi_lines();
    CHECK(first_with(lines, "option name Okazaki") == "option name Okazaki_rule type check default true");
    CHECK(first_with(lines, "option name Repetition") ==
          "option name Repetition_rule type combo default Draw var XBoard var JCSA var Draw var lishogi");
}

TEST_CASE("usi: parse_integer reads bounded decimal integers only", "[usi]") {
    using shishi::usi::parse_integer;
    CHECK(parse_integer("0", 0, 10) == 0);
    CHECK(parse_integer("-5", -10, 10) == -5);
    CHECK(parse_integer("10", 0, 10) == 10);
    CHECK_FALSE(parse_integer("11", 0, 10));
    CHECK_FALSE(parse_integer("", 0, 10));
    CHECK_FALSE(parse_integer("-", -10, 10));
    CHECK_FALSE(parse_integer("+3", 0, 10));
    CHECK_FALSE(parse_integer("3.0", 0, 10));
    CHECK_FALSE(parse_integer("1234567890123456789012", 0, INT64_MAX));
}
