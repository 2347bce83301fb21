#include "shishi/record/record.hpp"

#include <fstream>
#include <sstream>

#include "shishi/record/kif.hpp"
#include "shishi/record/pgn.hpp"
#include "shishi/record/text_encoding.hpp"
#include "shishi/record/usi_list.hpp"

namespace shishi::record {

const char* format_name(Format f) {
    switch (f) {
        case Format::KIF: return "KIF";
        case Format::PGN: return "PGN";
        case Format::USI: return "USI move list";
    }
    return "?";
}

std::optional<Format> format_for_path(std::string_view path) {
    const size_t dot = path.rfind('.');
    if (dot == std::string_view::npos) return std::nullopt;
    std::string ext;
    for (char c : path.substr(dot + 1)) ext += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (ext == "kif" || ext == "kifu") return Format::KIF;
    if (ext == "pgn") return Format::PGN;
    if (ext == "usi" || ext == "sfen") return Format::USI;
    return std::nullopt;
}

bool is_result_text(std::string_view s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"; }

const std::string* Record::tag(std::string_view name) const {
    for (const Tag& t : tags)
        if (t.name == name) return &t.value;
    return nullptr;
}

void Record::set_tag(const std::string& name, const std::string& value) {
    for (Tag& t : tags)
        if (t.name == name) {
            t.value = value;
            return;
        }
    tags.push_back({name, value});
}

std::vector<Position> Record::positions() const {
    std::vector<Position> out;
    Position pos = start;
    out.push_back(pos);
    for (const Ply& p : plies) {
        pos.make(p.move);
        out.push_back(pos);
    }
    return out;
}

Parsed<Record> read_record(std::string_view text, Format format, int game_number) {
    switch (format) {
        case Format::KIF: return read_kif(text);
        case Format::PGN: return read_pgn(text, game_number);
        case Format::USI: return read_usi_list(text);
    }
    return Parsed<Record>::fail("unknown format");
}

Parsed<Record> read_record_file(const std::string& path, std::optional<Format> format, int game_number) {
    if (!format) format = format_for_path(path);
    if (!format) return Parsed<Record>::fail(path + ": unknown record format (use .kif, .pgn or .usi)");
    std::ifstream in(path, std::ios::binary);
    if (!in) return Parsed<Record>::fail(path + ": cannot open");
    std::ostringstream bytes;
    bytes << in.rdbuf();
    auto text = to_utf8(bytes.str());
    if (!text) return Parsed<Record>::fail(path + ": " + text.error);
    auto r = read_record(*text, *format, game_number);
    if (!r) return Parsed<Record>::fail(path + ": " + r.error);
    return r;
}

std::string write_record(const Record& record, Format format) {
    switch (format) {
        case Format::KIF: return write_kif(record);
        case Format::PGN: return write_pgn(record);
        case Format::USI: return write_usi_list(record);
    }
    return {};
}

std::string write_record_file(const Record& record, const std::string& path, Format format) {
    std::ofstream out(path, std::ios::binary);
    if (!out) return path + ": cannot create";
    out << write_record(record, format);
    out.close();
    if (!out) return path + ": write failed";
    return {};
}

}  // namespace shishi::record
