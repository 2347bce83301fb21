// USI-only options and `setoption`, parsed against the engine's option table. A value the
// table refuses changes nothing; the error names the value still in force.
#include "shishi/protocol/usi_options.hpp"

#include "shishi/core/text.hpp"
#include "shishi/protocol/option_list.hpp"

namespace shishi::usi {

void add_usi_options(OptionTable& table) {
    add_declared_options(table, OfferedBy::USI, book_rules());
    table.name_in_usi_spelling();
}

SetoptionResult apply_setoption(const std::vector<std::string_view>& args, OptionTable& table) {
    SetoptionResult r;
    if (args.empty() || args[0] != "name") {
        r.error = "setoption: expected 'name <option> [value <value>]'";
        return r;
    }
    size_t value_at = args.size();
    for (size_t i = 1; i < args.size(); ++i)
        if (args[i] == "value") {
            value_at = i;
            break;
        }
    const std::string name = join_words(args, 1, value_at);
    const std::string value = join_words(args, value_at + 1, args.size());
    if (name.empty()) {
        r.error = "setoption: no option name";
    } else if (value_at < args.size() && value.empty()) {
        r.error = "setoption: no value after 'value' for " + name;
    } else if (const EngineOption* o = table.find(name); !o || o->usi_name.empty()) {
        r.error = "setoption: unknown option '" + name + "'";
    } else {
        OptionSetResult set = table.set(name, value);
        // A refused value changes nothing, and the answer says what stays in force.
        if (!set.ok())
            r.error = (o->usi_name == "USI_Variant" ? "setoption: this engine plays only chushogi, not '" + value + "'"
                                                    : "setoption: " + set.error) +
                "; " + table.shown_name(*o) + " stays " + o->value;
        r.note = set.note;
    }
    return r;
}

}  // namespace shishi::usi
