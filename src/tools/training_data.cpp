#include "shishi/tools/training_data.hpp"

#include <istream>
#include <ostream>

namespace shishi {
namespace {

void put_u8(std::string& b, unsigned v) { b.push_back(char(v & 0xFF)); }
void put_u16(std::string& b, unsigned v) {
    put_u8(b, v);
    put_u8(b, v >> 8);
}
void put_u32(std::string& b, uint32_t v) {
    put_u16(b, v & 0xFFFF);
    put_u16(b, v >> 16);
}
void put_u64(std::string& b, uint64_t v) {
    put_u32(b, uint32_t(v));
    put_u32(b, uint32_t(v >> 32));
}

uint32_t fnv1a32(const char* p, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; ++i) {
        h ^= uint8_t(p[i]);
        h *= 16777619u;
    }
    return h;
}

// Little-endian reads from a byte buffer; the caller checks the length first.
struct Bytes {
    const std::string& b;
    size_t at = 0;
    unsigned u8() { return uint8_t(b[at++]); }
    unsigned u16() {
        const unsigned lo = u8();
        return lo | u8() << 8;
    }
    uint32_t u32() {
        const uint32_t lo = u16();
        return lo | uint32_t(u16()) << 16;
    }
    uint64_t u64() {
        const uint64_t lo = u32();
        return lo | uint64_t(u32()) << 32;
    }
};

constexpr size_t FIXED_BYTES = 8 + 1 + 1 + 2 + 2 + 4;  // seed .. ply_count, checksum
constexpr size_t PLY_BYTES = 8;

}  // namespace

void write_training_game(std::ostream& out, const TrainingGame& g) {
    std::string body;
    put_u64(body, g.seed);
    put_u8(body, unsigned(g.result));
    put_u8(body, unsigned(g.rules));
    put_u16(body, unsigned(g.sfen.size()));
    body += g.sfen;
    put_u16(body, unsigned(g.plies.size()));
    for (const TrainingPly& p : g.plies) {
        put_u32(body, p.move.raw());
        put_u16(body, uint16_t(p.score));
        put_u8(body, p.keep ? 1 : 0);
        put_u8(body, 0);
    }
    std::string head;
    put_u32(head, TRAINING_GAME_MAGIC);
    put_u32(head, uint32_t(body.size() + 4));
    put_u32(body, fnv1a32(body.data(), body.size()));
    out.write(head.data(), std::streamsize(head.size()));
    out.write(body.data(), std::streamsize(body.size()));
}

bool read_training_game(std::istream& in, TrainingGame& g, std::string& error) {
    error.clear();
    const std::streamoff start = in.tellg();
    const std::string where = "record at byte " + std::to_string(start < 0 ? 0 : start);
    std::string head(8, '\0');
    in.read(head.data(), 8);
    if (in.gcount() == 0) return false;  // the end of the data
    if (in.gcount() < 8) {
        error = where + ": truncated (the file ends inside the record's header)";
        return false;
    }
    Bytes h{head};
    if (h.u32() != TRAINING_GAME_MAGIC) {
        error = where + ": not a game record (bad magic number)";
        return false;
    }
    const uint32_t count = h.u32();
    if (count < FIXED_BYTES || count > FIXED_BYTES + 0xFFFF + 0xFFFF * PLY_BYTES) {
        error = where + ": bad record length " + std::to_string(count);
        return false;
    }
    std::string body(count, '\0');
    in.read(body.data(), std::streamsize(count));
    if (size_t(in.gcount()) < count) {
        error = where + ": truncated (" + std::to_string(in.gcount()) + " of " + std::to_string(count) +
                " bytes)";
        return false;
    }
    Bytes b{body};
    const size_t checked = count - 4;
    b.at = checked;
    if (b.u32() != fnv1a32(body.data(), checked)) {
        error = where + ": damaged (checksum mismatch)";
        return false;
    }
    b.at = 0;
    TrainingGame r;
    r.seed = b.u64();
    r.result = int(b.u8());
    r.rules = int(b.u8());
    const size_t sfen_len = b.u16();
    if (r.result > 2 || r.rules > 2 || 8 + 1 + 1 + 2 + sfen_len + 2 > checked) {
        error = where + ": damaged (bad result, rules or start position length)";
        return false;
    }
    r.sfen = body.substr(b.at, sfen_len);
    b.at += sfen_len;
    const size_t plies = b.u16();
    if (b.at + plies * PLY_BYTES != checked) {
        error = where + ": damaged (the ply count does not match the record length)";
        return false;
    }
    r.plies.resize(plies);
    for (TrainingPly& p : r.plies) {
        p.move = Move::from_raw(b.u32());
        p.score = int16_t(uint16_t(b.u16()));
        p.keep = (b.u8() & 1) != 0;
        b.u8();
    }
    g = std::move(r);
    return true;
}

}  // namespace shishi
