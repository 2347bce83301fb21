// The .sgames record format (training_data.hpp): one self-checking record per game.
#include "shishi/tools/training_data.hpp"

#include <array>
#include <istream>
#include <ostream>

namespace shishi {

namespace {

constexpr size_t PLY_BYTES = 8;
constexpr size_t FIXED_BYTES = 8 + 1 + 1 + 2 + 2 + 4;  // seed .. ply_count, and the checksum
// A game longer than this is not one Shishi plays (the ply field is 16 bits anyway); a record
// claiming more is damaged.
constexpr uint32_t MAX_RECORD_BYTES = FIXED_BYTES + 4096 + 65535 * PLY_BYTES;

uint32_t fnv1a32(const std::string& bytes) {
    uint32_t h = 2166136261u;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 16777619u;
    }
    return h;
}

template <typename T>
void put(std::string& s, T v) {
    for (size_t i = 0; i < sizeof(T); ++i)
        s.push_back(char(uint64_t(v) >> (8 * i) & 0xFF));
}

template <typename T>
T get(const std::string& s, size_t& at) {
    uint64_t v = 0;
    for (size_t i = 0; i < sizeof(T); ++i)
        v |= uint64_t(uint8_t(s[at + i])) << (8 * i);
    at += sizeof(T);
    return T(v);
}

}  // namespace

void write_training_game(std::ostream& out, const TrainingGame& g) {
    std::string body;
    body.reserve(FIXED_BYTES + g.sfen.size() + g.plies.size() * PLY_BYTES);
    put<uint64_t>(body, g.seed);
    put<uint8_t>(body, uint8_t(g.result));
    put<uint8_t>(body, uint8_t(g.rules));
    put<uint16_t>(body, uint16_t(g.sfen.size()));
    body += g.sfen;
    put<uint16_t>(body, uint16_t(g.plies.size()));
    for (const TrainingPly& p : g.plies) {
        put<uint32_t>(body, p.move.raw());
        put<uint16_t>(body, uint16_t(p.score));
        put<uint8_t>(body, p.keep ? 1 : 0);
        put<uint8_t>(body, 0);
    }
    put<uint32_t>(body, fnv1a32(body));
    std::string head;
    put<uint32_t>(head, TRAINING_GAME_MAGIC);
    put<uint32_t>(head, uint32_t(body.size()));
    out.write(head.data(), std::streamsize(head.size()));
    out.write(body.data(), std::streamsize(body.size()));
}

bool read_training_game(std::istream& in, TrainingGame& g, std::string& error) {
    error.clear();
    const std::streamoff start = in.tellg();
    std::array<char, 8> head{};
    in.read(head.data(), 8);
    if (in.gcount() == 0 && in.eof()) return false;  // the end, between records
    const std::string where = "record at byte " + std::to_string(start);
    if (in.gcount() != 8) {
        error = where + ": cut short";
        return false;
    }
    size_t at = 0;
    const std::string h(head.data(), 8);
    if (get<uint32_t>(h, at) != TRAINING_GAME_MAGIC) {
        error = where + ": not a Shishi game record (bad magic)";
        return false;
    }
    const uint32_t size = get<uint32_t>(h, at);
    if (size < FIXED_BYTES || size > MAX_RECORD_BYTES) {
        error = where + ": bad length " + std::to_string(size);
        return false;
    }
    std::string body(size, '\0');
    in.read(body.data(), std::streamsize(size));
    if (uint32_t(in.gcount()) != size) {
        error = where + ": cut short";
        return false;
    }
    at = size - 4;
    if (get<uint32_t>(body, at) != fnv1a32(body.substr(0, size - 4))) {
        error = where + ": checksum mismatch";
        return false;
    }
    at = 0;
    g.seed = get<uint64_t>(body, at);
    g.result = get<uint8_t>(body, at);
    g.rules = get<uint8_t>(body, at);
    const size_t sfen_len = get<uint16_t>(body, at);
    if (at + sfen_len + 2 > size - 4 || g.result > 2 || g.rules > 2) {
        error = where + ": bad fields";
        return false;
    }
    g.sfen = body.substr(at, sfen_len);
    at += sfen_len;
    const size_t plies = get<uint16_t>(body, at);
    if (at + plies * PLY_BYTES != size - 4) {
        error = where + ": ply count does not match the length";
        return false;
    }
    g.plies.resize(plies);
    for (TrainingPly& p : g.plies) {
        p.move = Move::from_raw(get<uint32_t>(body, at));
        p.score = int16_t(get<uint16_t>(body, at));
        p.keep = get<uint8_t>(body, at) & 1;
        at += 1;
    }
    return true;
}

}  // namespace shishi
