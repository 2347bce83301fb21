// A learned evaluation network (the shape of nnue_arch.hpp): its weights, reading and writing
// the net file with its header and hash, and the embedded default net every build carries.
// The engine owns one Network and hands it to the search workers as a const pointer; nothing
// here is global or mutable after loading.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "shishi/eval/nnue_arch.hpp"

namespace shishi::nnue {

// The quantised weights, plain so a trainer can fill them: sizes L1, FEATURES * L1 (feature
// major: the L1 weights of feature f start at f * L1) and 2 * L1 (side to move first).
struct NetworkWeights {
    std::vector<int16_t> l1_bias = std::vector<int16_t>(L1);
    std::vector<int16_t> l1_weights = std::vector<int16_t>(size_t(FEATURES) * L1);
    std::vector<int16_t> out_weights = std::vector<int16_t>(2 * L1);
    int32_t out_bias = 0;
};

// FNV-1a 64 of bytes (the file's payload hash).
uint64_t fnv1a64(const void* data, size_t size, uint64_t h = 0xcbf29ce484222325ull);

// The payload hash of these weights (as written to a file).
uint64_t payload_hash(const NetworkWeights& w);

// Writes the file format of nnue_arch.hpp (header, description, hash, payload). Returns false
// when the stream fails or a size is wrong.
bool write_network(std::ostream& out, const NetworkWeights& w, std::string_view description);

// A loaded network, its weights aligned for the vector code.
class Network {
public:
    static constexpr size_t ALIGN = 64;

    const int16_t* l1_bias() const { return l1_bias_; }
    const int16_t* l1_column(int feature) const { return l1_weights_.get() + size_t(feature) * L1; }
    const int16_t* out_weights() const { return out_weights_; }
    int32_t out_bias() const { return out_bias_; }
    uint64_t hash() const { return hash_; }
    const std::string& description() const { return description_; }
    // "nnue <16 hex digits of the hash> <description>": how bench and the engine name it.
    std::string name() const;

    // From weights in memory (tests, the trainer's check). Sizes must be right.
    static std::shared_ptr<const Network> from_weights(const NetworkWeights& w, std::string description);

private:
    friend struct NetworkBuilder;
    struct AlignedFree {
        void operator()(int16_t* p) const;
    };
    std::unique_ptr<int16_t[], AlignedFree> l1_weights_;
    alignas(ALIGN) int16_t l1_bias_[L1];
    alignas(ALIGN) int16_t out_weights_[2 * L1];
    int32_t out_bias_ = 0;
    uint64_t hash_ = 0;
    std::string description_;
};

// The outcome of reading a net: the network, or an error saying what is wrong.
struct NetworkLoad {
    std::shared_ptr<const Network> net;
    std::string error;
    bool ok() const { return net != nullptr; }
};

// Reads and checks a net (magic, version, feature count, L1, QA/QB/SCALE, hash, size).
NetworkLoad read_network(std::string_view bytes);
NetworkLoad read_network(std::istream& in);
// From a file; the error names the file.
NetworkLoad load_network_file(const std::string& path);

// The net compiled into every executable (data/nnue/shishi.nnue), read once on first use.
std::shared_ptr<const Network> embedded_network();
// Its raw bytes (nnue_embedded.cpp, generated at build time).
std::string_view embedded_network_bytes();

// How a search's evaluation is named (bench, the USI `eval` answer, analyze): the net's name,
// or "hand" for none (the hand evaluation).
std::string evaluation_name(const Network* net);

// The EvalFile value that names the embedded net ("" or "<embedded>", any case).
bool names_embedded(std::string_view eval_file);

}  // namespace shishi::nnue
