// Transposition table: a fixed-size array of two-entry buckets indexed by the Zobrist key.
// Sized in megabytes, replaced (and cleared) on resize. Mate scores are stored relative to the
// node ("mate in n from here") and converted back with the probing node's ply.
// probe and store may run on several search threads at once (lock-free; a torn entry reads as
// a miss); resize, clear and new_search only while no search runs.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "shishi/core/types.hpp"

namespace shishi {

// Table sizes beyond this are clamped (no machine this engine runs on holds more).
constexpr size_t MAX_TT_MB = size_t(1) << 20;

enum Bound : uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTHit {
    Move move;
    int score = 0;   // already converted to the probing node's ply
    int depth = 0;
    Bound bound = BOUND_NONE;
};

// Mate scores count plies from the root; in the table they count from the stored node.
int score_to_tt(int score, int ply);
int score_from_tt(int score, int ply);

// The high 64 bits of the 96-bit product key * n, from two 64-bit products (key * n =
// hi * n * 2^32 + lo * n; the sum below cannot overflow): the table index of targets without
// 128-bit arithmetic, equal to the 128-bit one, so a search visits the same nodes everywhere.
constexpr uint64_t mul_high_u32(uint64_t key, uint32_t n) {
    return ((key >> 32) * n + ((key & 0xffffffffu) * n >> 32)) >> 32;
}

class TranspositionTable {
public:
    explicit TranspositionTable(size_t mb = 64);
    // A new, empty table of mb megabytes (at most MAX_TT_MB; 0 = one bucket); when that cannot
    // be allocated, of the largest halved size that can. Returns the size in MB.
    size_t resize(size_t mb);
    void clear();
    void new_search();         // ages entries so older searches are replaced first
    bool probe(uint64_t key, int ply, TTHit& hit) const;
    void store(uint64_t key, int ply, Move move, int score, int depth, Bound bound);
    int hashfull() const;      // per mille of a sample holding entries from this search
    size_t bucket_count() const { return buckets_; }

private:
    // The fields of an entry packed in one word: move in bits 0-31, score 32-47, depth 48-55,
    // generation (high six bits) and Bound (low two) in 56-63.
    struct Data {
        uint32_t move;
        int16_t score;
        int8_t depth;
        uint8_t gen_bound;
        uint64_t pack() const;
        static Data unpack(uint64_t d);
    };
    // Stored as the key XOR the data word next to the data word: a reader that sees the two
    // words from different stores (threads writing the same entry at once) gets a key that does
    // not match, so a torn entry is a miss, never a wrong move or score. Relaxed atomics keep
    // concurrent access defined; on x86-64 they are plain loads and stores.
    struct Entry {
        std::atomic<uint64_t> check;  // key ^ data
        std::atomic<uint64_t> data;
    };
    struct Bucket {
        Entry e[2];
    };
    static_assert(sizeof(Entry) == 16);

    // The high half of key * buckets: an index without a modulo. 32-bit targets (WebAssembly)
    // have no fast 128-bit product: mul_high_u32 gives the same index there.
    size_t index(uint64_t key) const {
#if SIZE_MAX > UINT32_MAX
        __extension__ using u128 = unsigned __int128;
        return size_t((u128(key) * buckets_) >> 64);
#else
        return size_t(mul_high_u32(key, uint32_t(buckets_)));
#endif
    }

    struct FreeBuckets {
        void operator()(Bucket* b) const;
    };
    std::unique_ptr<Bucket[], FreeBuckets> table_;
    size_t buckets_ = 0;
    uint8_t generation_ = 0;  // multiples of 4
};

}  // namespace shishi
