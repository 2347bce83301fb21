// Game records: one game as its start position, its moves with comments and annotation marks,
// its tags and result, and the three file formats Shishi reads and writes (lishogi KIF, XBoard
// PGN, and a plain SFEN + USI move list). Readers check every move against the rules core and
// hand back either a whole record or an error naming the line; never a half-read game.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "shishi/core/notation.hpp"
#include "shishi/core/position.hpp"

namespace shishi::record {

enum class Format { KIF, PGN, USI };
const char* format_name(Format f);
// By file name: .kif/.kifu -> KIF, .pgn -> PGN, .usi/.sfen -> USI.
std::optional<Format> format_for_path(std::string_view path);

// PGN's annotation glyphs as numeric annotation glyphs ($n).
enum Nag : int {
    NAG_NONE = 0,
    NAG_GOOD = 1,
    NAG_MISTAKE = 2,
    NAG_BRILLIANT = 3,
    NAG_BLUNDER = 4,
    NAG_INTERESTING = 5,
    NAG_INACCURACY = 6
};

struct Tag {
    std::string name;  // PGN tag names: Event, Site, Date, Time, Round, White, Black, ...
    std::string value;  // (or a KIF header's key without a PGN tag: "解説")
};

// Letters, digits and '_' (PGN's tag names; the PGN and "#pgn" readers take no other name).
bool is_pgn_tag_name(std::string_view name);

struct Ply {
    Move move;
    std::string comment;  // after the move; empty when none
    int nag = NAG_NONE;
    // KIF clock times in seconds: this move's and the mover's total so far; -1 when not given.
    int seconds = -1, total_seconds = -1;
    // Alternatives to this move, each a line of play from the position before it (KIF "変化").
    std::vector<std::vector<Ply>> variations;
};

struct Record {
    // Tags other than the ones the writers make themselves (Result, Variant, SetUp, FEN,
    // PlyCount), in the order they came.
    std::vector<Tag> tags;
    Position start = Position::start();
    bool start_is_initial = true;
    std::vector<Ply> plies;
    std::string result = "*";  // "1-0" (first player wins), "0-1", "1/2-1/2", "*"
    std::string start_comment;  // before the first move
    std::string final_comment;  // how the game ended, e.g. "Black's king captured"

    const std::string* tag(std::string_view name) const;
    void set_tag(const std::string& name, const std::string& value);
    // Position before ply i (0 .. plies.size()), replayed from the start.
    std::vector<Position> positions() const;
};

bool is_result_text(std::string_view s);

// Reads text (UTF-8) in the given format; game_number picks a game of a multi-game PGN (1 =
// the first); 0 asks for the only game, and a PGN holding several is refused.
Parsed<Record> read_record(std::string_view text, Format format, int game_number = 1);
// Reads a file ("-": standard input, whose format must be given): encoding detected (UTF-8 with
// or without BOM, else Shift-JIS), format from the file name unless given.
Parsed<Record> read_record_file(const std::string& path, std::optional<Format> format = std::nullopt,
                                int game_number = 1);
// Every game of a file, read as read_record_file reads one (a PGN may hold several, a KIF or USI
// list holds one), or the first thing that cannot be read: the tools that take many games (the
// tuner's data) fail on it rather than keep part of a game.
Parsed<std::vector<Record>> read_all_records_file(const std::string& path, std::optional<Format> format = std::nullopt);
// The two KIF layouts lishogi writes: its server's export (scalashogi; the default) and its
// analysis board's (shogiops), see kif.hpp.
enum class KifStyle { LISHOGI_SERVER, LISHOGI_CLIENT };
struct WriteOptions {
    KifStyle kif_style = KifStyle::LISHOGI_SERVER;
};
// "lishogi-server" / "lishogi-client"; nullopt for anything else.
std::optional<KifStyle> kif_style_by_name(std::string_view name);

std::string write_record(const Record& record, Format format, const WriteOptions& options = {});
// Writes UTF-8 to the file, or to standard output when path is "-"; the error message, or empty
// on success.
std::string write_record_file(const Record& record, const std::string& path, Format format,
                              const WriteOptions& options = {});

}  // namespace shishi::record
