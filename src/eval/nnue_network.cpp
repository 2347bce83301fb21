// The net file: a fixed little-endian header that states the architecture, a description, the
// payload's FNV-1a 64 hash, then the payload. Every field is checked on reading, so a net of
// another shape, a truncated or a corrupt file is refused with a message saying which.
#include "shishi/eval/nnue_network.hpp"

#include <cctype>
#include <cstring>
#include <fstream>
#include <istream>
#include <iterator>
#include <mutex>
#include <new>
#include <ostream>
#include <sstream>

#include "shishi/platform/platform.hpp"

namespace shishi::nnue {
namespace {

constexpr size_t MAX_DESCRIPTION = 1 << 16;
constexpr size_t PAYLOAD_BYTES = (size_t(L1) + size_t(FEATURES) * L1 + 2 * size_t(L1)) * 2 + 4;

// Little-endian writers and readers, whatever the host's byte order.
void put_u32(std::string& s, uint32_t v) {
    for (int i = 0; i < 4; ++i)
        s += char(v >> (8 * i) & 0xFF);
}
void put_u64(std::string& s, uint64_t v) {
    for (int i = 0; i < 8; ++i)
        s += char(v >> (8 * i) & 0xFF);
}
void put_i16s(std::string& s, const std::vector<int16_t>& v) {
    for (int16_t x : v) {
        const uint16_t u = uint16_t(x);
        s += char(u & 0xFF);
        s += char(u >> 8);
    }
}

struct Reader {
    std::string_view bytes;
    size_t at = 0;
    bool take(size_t n) {
        if (bytes.size() - at < n) return false;
        at += n;
        return true;
    }
    uint64_t le(size_t n) {  // caller has checked the size
        uint64_t v = 0;
        for (size_t i = 0; i < n; ++i)
            v |= uint64_t(uint8_t(bytes[at + i])) << (8 * i);
        at += n;
        return v;
    }
    bool u32(uint32_t& v) {
        if (bytes.size() - at < 4) return false;
        v = uint32_t(le(4));
        return true;
    }
};

std::string payload_bytes(const NetworkWeights& w) {
    std::string s;
    s.reserve(PAYLOAD_BYTES);
    put_i16s(s, w.l1_bias);
    put_i16s(s, w.l1_weights);
    put_i16s(s, w.out_weights);
    put_u32(s, uint32_t(w.out_bias));
    return s;
}

bool sizes_ok(const NetworkWeights& w) {
    return w.l1_bias.size() == size_t(L1) && w.l1_weights.size() == size_t(FEATURES) * L1 &&
        w.out_weights.size() == size_t(2 * L1);
}

}  // namespace

struct NetworkBuilder {
    static std::shared_ptr<Network> make() {
        auto net = std::shared_ptr<Network>(new Network());
        const size_t n = size_t(FEATURES) * L1;
        // Huge pages where there are some: each evaluation update reads columns all over it.
        void* block = platform::allocate_large(n * sizeof(int16_t), true);
        if (!block) throw std::bad_alloc();
        net->l1_weights_.reset(static_cast<int16_t*>(block));
        return net;
    }
    // Fills net from a payload of PAYLOAD_BYTES bytes.
    static void fill(Network& net, std::string_view p) {
        size_t at = 0;
        auto i16 = [&] {
            const uint16_t u = uint16_t(uint8_t(p[at]) | uint16_t(uint8_t(p[at + 1])) << 8);
            at += 2;
            return int16_t(u);
        };
        for (int i = 0; i < L1; ++i)
            net.l1_bias_[i] = i16();
        int16_t* w = net.l1_weights_.get();
        for (size_t i = 0; i < size_t(FEATURES) * L1; ++i)
            w[i] = i16();
        for (int i = 0; i < 2 * L1; ++i)
            net.out_weights_[i] = i16();
        uint32_t b = 0;
        for (int i = 0; i < 4; ++i)
            b |= uint32_t(uint8_t(p[at + size_t(i)])) << (8 * i);
        net.out_bias_ = int32_t(b);
    }
    static void name(Network& net, uint64_t hash, std::string description) {
        net.hash_ = hash;
        net.description_ = std::move(description);
    }
};

void Network::AlignedFree::operator()(int16_t* p) const {
    platform::free_large(p, size_t(FEATURES) * L1 * sizeof(int16_t));
}

uint64_t fnv1a64(const void* data, size_t size, uint64_t h) {
    const auto* b = static_cast<const uint8_t*>(data);
    for (size_t i = 0; i < size; ++i) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

uint64_t payload_hash(const NetworkWeights& w) {
    const std::string p = payload_bytes(w);
    return fnv1a64(p.data(), p.size());
}

bool write_network(std::ostream& out, const NetworkWeights& w, std::string_view description) {
    if (!sizes_ok(w) || description.size() > MAX_DESCRIPTION) return false;
    const std::string payload = payload_bytes(w);
    std::string head(MAGIC, sizeof MAGIC);
    put_u32(head, FILE_VERSION);
    put_u32(head, FEATURES);
    put_u32(head, L1);
    put_u32(head, QA);
    put_u32(head, QB);
    put_u32(head, SCALE);
    put_u32(head, uint32_t(description.size()));
    head += description;
    put_u64(head, fnv1a64(payload.data(), payload.size()));
    out.write(head.data(), std::streamsize(head.size()));
    out.write(payload.data(), std::streamsize(payload.size()));
    return bool(out);
}

std::string Network::name() const {
    static const char* const HEX = "0123456789abcdef";
    std::string h(16, '0');
    for (int i = 0; i < 16; ++i)
        h[size_t(i)] = HEX[hash_ >> (60 - 4 * i) & 15];
    return "nnue " + h + (description_.empty() ? "" : " " + description_);
}

std::shared_ptr<const Network> Network::from_weights(const NetworkWeights& w, std::string description) {
    if (!sizes_ok(w)) return nullptr;
    const std::string payload = payload_bytes(w);
    std::shared_ptr<Network> net = NetworkBuilder::make();
    NetworkBuilder::fill(*net, payload);
    NetworkBuilder::name(*net, fnv1a64(payload.data(), payload.size()), std::move(description));
    return net;
}

NetworkLoad read_network(std::string_view bytes) {
    NetworkLoad r;
    auto fail = [&](std::string why) {
        r.error = std::move(why);
        return r;
    };
    Reader in{bytes};
    if (bytes.size() < sizeof MAGIC || std::memcmp(bytes.data(), MAGIC, sizeof MAGIC) != 0)
        return fail("not a Shishi net (no SHISHINN magic)");
    in.take(sizeof MAGIC);
    struct Field {
        const char* name;
        uint32_t want;
    };
    const Field fields[] = {
        {"version", FILE_VERSION}, {"feature count", FEATURES}, {"L1 size", L1}, {"QA", QA}, {"QB", QB},
        {"SCALE", SCALE}};
    for (const Field& f : fields) {
        uint32_t v = 0;
        if (!in.u32(v)) return fail("truncated header");
        if (v != f.want)
            return fail(std::string("architecture mismatch: ") + f.name + " " + std::to_string(v) +
                        ", this engine reads " + std::to_string(f.want));
    }
    uint32_t desc_len = 0;
    if (!in.u32(desc_len)) return fail("truncated header");
    if (desc_len > MAX_DESCRIPTION) return fail("description too long (" + std::to_string(desc_len) + " bytes)");
    const size_t desc_at = in.at;
    if (!in.take(desc_len)) return fail("truncated header");
    std::string description(bytes.substr(desc_at, desc_len));
    if (bytes.size() - in.at < 8) return fail("truncated header");
    const uint64_t hash = in.le(8);
    const size_t left = bytes.size() - in.at;
    if (left < PAYLOAD_BYTES)
        return fail("truncated: " + std::to_string(left) + " payload bytes, expected " + std::to_string(PAYLOAD_BYTES));
    if (left > PAYLOAD_BYTES)
        return fail("trailing bytes after the payload (" + std::to_string(left - PAYLOAD_BYTES) + ")");
    const std::string_view payload = bytes.substr(in.at);
    if (fnv1a64(payload.data(), payload.size()) != hash) return fail("corrupt: the payload does not match its hash");
    std::shared_ptr<Network> net = NetworkBuilder::make();
    NetworkBuilder::fill(*net, payload);
    NetworkBuilder::name(*net, hash, std::move(description));
    r.net = std::move(net);
    return r;
}

NetworkLoad read_network(std::istream& in) {
    std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    return read_network(std::string_view(bytes));
}

NetworkLoad load_network_file(const std::string& path) {
    std::ifstream in(platform::file_path(path), std::ios::binary);
    if (!in) {
        NetworkLoad r;
        r.error = "cannot open net file '" + path + "'";
        return r;
    }
    NetworkLoad r = read_network(in);
    if (!r.ok()) r.error = "net file '" + path + "': " + r.error;
    return r;
}

std::shared_ptr<const Network> embedded_network() {
    // Built once, by whichever thread asks first (the engine, before any search).
    static const std::shared_ptr<const Network> net = [] {
        NetworkLoad r = read_network(embedded_network_bytes());
        return r.net;  // the build checks the file's header, so this holds (tests check it too)
    }();
    return net;
}

std::string evaluation_name(const Network* net) { return net ? net->name() : "hand"; }

bool names_embedded(std::string_view eval_file) {
    if (eval_file.empty()) return true;
    constexpr std::string_view E = "<embedded>";
    if (eval_file.size() != E.size()) return false;
    for (size_t i = 0; i < E.size(); ++i)
        if (char(std::tolower(static_cast<unsigned char>(eval_file[i]))) != E[i]) return false;
    return true;
}

}  // namespace shishi::nnue
