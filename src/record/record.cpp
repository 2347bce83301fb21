#include "shishi/record/record.hpp"

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "shishi/record/kif.hpp"
#include "shishi/record/pgn.hpp"
#include "shishi/platform/platform.hpp"
#include "shishi/record/text_encoding.hpp"
#include "shishi/record/usi_list.hpp"

namespace shishi::record {

bool is_pgn_tag_name(std::string_view name) {
    if (name.empty()) return false;
    for (char c : name)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    return true;
}

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
    for (char c : path.substr(dot + 1))
        ext += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
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

std::optional<KifStyle> kif_style_by_name(std::string_view name) {
    if (name == "lishogi-server") return KifStyle::LISHOGI_SERVER;
    if (name == "lishogi-client") return KifStyle::LISHOGI_CLIENT;
    return std::nullopt;
}

Parsed<Record> read_record(std::string_view text, Format format, int game_number) {
    // Game 0: the file's only game. Only a PGN holds more than one; picking the first of several
    // silently would lose the others.
    if (format == Format::PGN && game_number == 0) {
        const int games = count_pgn_games(text);
        if (games > 1)
            return Parsed<Record>::fail("the file holds " + std::to_string(games) +
                                        " games: choose one with --game N (1 to " + std::to_string(games) + ")");
        game_number = 1;
    }
    if (game_number > 1 && format != Format::PGN)
        return Parsed<Record>::fail("there is no game " + std::to_string(game_number) + " (a " + format_name(format) +
                                    " holds one game)");
    switch (format) {
        case Format::KIF: return read_kif(text);
        case Format::PGN: return read_pgn(text, std::max(1, game_number));
        case Format::USI: return read_usi_list(text);
    }
    return Parsed<Record>::fail("unknown format");
}

namespace {

// A record file's text in UTF-8 and its format, or why it cannot be read ("-": standard input).
struct FileText {
    std::string name;  // as messages name it
    Format format = Format::PGN;
    std::string text;
};
Parsed<FileText> read_file_text(const std::string& path, std::optional<Format> format) {
    const bool stdin_path = path == "-";
    FileText f;
    f.name = stdin_path ? "standard input" : path;
    if (!format) format = format_for_path(path);
    if (!format)
        return Parsed<FileText>::fail(stdin_path ? f.name + ": give its format with --from kif|pgn|usi"
                                                 : path + ": unknown record format (use .kif, .pgn or .usi)");
    f.format = *format;
    std::ostringstream bytes;
    if (stdin_path) {
        bytes << std::cin.rdbuf();
    } else {
        // A folder opens as a stream on some systems and reads as nothing.
        std::error_code ec;
        if (std::filesystem::is_directory(platform::file_path(path), ec))
            return Parsed<FileText>::fail(path + ": is a folder");
        std::ifstream in(platform::file_path(path), std::ios::binary);
        if (!in) return Parsed<FileText>::fail(path + ": cannot open");
        bytes << in.rdbuf();
    }
    auto text = to_utf8(bytes.str());
    if (!text) return Parsed<FileText>::fail(f.name + ": " + text.error);
    f.text = std::move(*text.value);
    return Parsed<FileText>::ok(std::move(f));
}

}  // namespace

Parsed<Record> read_record_file(const std::string& path, std::optional<Format> format, int game_number) {
    auto file = read_file_text(path, format);
    if (!file) return Parsed<Record>::fail(file.error);
    auto r = read_record(file.value->text, file.value->format, game_number);
    if (!r) return Parsed<Record>::fail(file.value->name + ": " + r.error);
    return r;
}

Parsed<std::vector<Record>> read_all_records_file(const std::string& path, std::optional<Format> format) {
    auto file = read_file_text(path, format);
    if (!file) return Parsed<std::vector<Record>>::fail(file.error);
    const std::string& name = file.value->name;
    if (file.value->format == Format::PGN) {
        auto all = read_all_pgn(file.value->text);
        if (!all) return Parsed<std::vector<Record>>::fail(name + ": " + all.error);
        return all;
    }
    auto r = read_record(file.value->text, file.value->format, 1);
    if (!r) return Parsed<std::vector<Record>>::fail(name + ": " + r.error);
    return Parsed<std::vector<Record>>::ok({std::move(*r.value)});
}

std::string write_record(const Record& record, Format format, const WriteOptions& options) {
    switch (format) {
        case Format::KIF: return write_kif(record, options.kif_style);
        case Format::PGN: return write_pgn(record);
        case Format::USI: return write_usi_list(record);
    }
    return {};
}

std::string write_record_file(const Record& record, const std::string& path, Format format,
                              const WriteOptions& options) {
    if (path == "-") {
        std::cout << write_record(record, format, options) << std::flush;
        return std::cout ? "" : "standard output: write failed";
    }
    std::ofstream out(platform::file_path(path), std::ios::binary);
    if (!out) return path + ": cannot create";
    out << write_record(record, format, options);
    out.close();
    if (!out) return path + ": write failed";
    return {};
}

}  // namespace shishi::record
