// Transposition table: a fixed-size array of two-entry buckets indexed by the Zobrist key.
// Sized in megabytes, replaced (and cleared) on resize. Mate scores are stored relative to the
// node ("mate in n from here") and converted back with the probing node's ply.
// probe and store may run on several search threads at once (lock-free; a torn entry reads as
// a miss); resize, clear and new_search only while no search runs.
// clear() takes constant time at any size (a new game must not wait seconds for gigabytes to
// be zeroed): it starts a new epoch, and entries of an older epoch read as empty. The memory
// itself comes zeroed from the operating system and is touched only where entries are stored.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "shishi/core/board_types.hpp"

namespace shishi {

// Table sizes beyond this are clamped (no machine this engine runs on holds more).
constexpr size_t MAX_TT_MB = size_t(1) << 20;

enum Bound : uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTHit {
    Move move;
    int score = 0;  // already converted to the probing node's ply
    int depth = 0;
    Bound bound = BOUND_NONE;
};

// Mate scores count plies from the root; in the table they count from the stored node.
int score_to_tt(int score, int ply);
int score_from_tt(int score, int ply);

// The high 64 bits of the 96-bit product key * n (n < 2^32), from two 64-bit products (key * n =
// hi * n * 2^32 + lo * n; the sum below cannot overflow): the table index of targets without
// 128-bit arithmetic (WebAssembly, 32-bit), equal to the 128-bit one, so a search visits the same
// nodes everywhere.
constexpr uint64_t mul_high_u32(uint64_t key, uint32_t n) {
    return ((key >> 32) * n + ((key & 0xffffffffu) * n >> 32)) >> 32;
}
inline size_t bucket_index_portable(uint64_t key, size_t n) { return size_t(mul_high_u32(key, uint32_t(n))); }
// The bucket of a key among n: the high half of key * n (no division).
inline size_t bucket_index(uint64_t key, size_t n) {
#if defined(__SIZEOF_INT128__) && SIZE_MAX > UINT32_MAX
    __extension__ using u128 = unsigned __int128;
    return size_t((u128(key) * n) >> 64);
#else
    return bucket_index_portable(key, n);
#endif
}

class TranspositionTable {
public:
    explicit TranspositionTable(size_t mb = 64);
    // A new, empty table of mb megabytes (at most MAX_TT_MB; 0 = one bucket); when that cannot
    // be allocated, of the largest halved size that can. Returns the size in MB.
    size_t resize(size_t mb);
    void clear();  // constant time: entries stored before it read as empty
    void new_search();  // ages entries so older searches are replaced first
    bool probe(uint64_t key, int ply, TTHit& hit) const;
    // Starts loading key's bucket into the cache, so a probe soon after does not wait for memory.
    void prefetch(uint64_t key) const { __builtin_prefetch(&table_[index(key)]); }
    void store(uint64_t key, int ply, Move move, int score, int depth, Bound bound);
    int hashfull() const;  // per mille of a sample holding entries from this search
    size_t bucket_count() const { return buckets_; }

private:
    // The fields of an entry packed in one word: move in bits 0-25, the epoch's tag in 26-31,
    // score 32-47, depth 48-55, generation (high six bits) and Bound (low two) in 56-63.
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
    // concurrent access defined; on x86-64 they are plain loads and stores. The key is salted
    // with the epoch (key ^ salt_): an entry from before a clear() never matches a probe, even
    // after the six-bit tag has wrapped round.
    struct Entry {
        std::atomic<uint64_t> check;  // key ^ data
        std::atomic<uint64_t> data;
    };
    struct Bucket {
        Entry e[2];
    };
    static_assert(sizeof(Entry) == 16);

    size_t index(uint64_t key) const { return bucket_index(key, buckets_); }
    bool stale(const Data& d) const { return (d.move >> MOVE_BITS) != tag_; }

    static constexpr size_t HUGE_PAGES_MAX_MB = 256;
    struct FreeBuckets {
        size_t bytes;
        void operator()(Bucket* b) const;
    };
    std::unique_ptr<Bucket[], FreeBuckets> table_{nullptr, FreeBuckets{0}};
    size_t buckets_ = 0;
    size_t mb_ = 0;  // the size granted, in MB
    uint8_t generation_ = 0;  // multiples of 4
    uint64_t epoch_ = 0;  // clear() counts up
    uint64_t salt_ = 0;  // from epoch_; 0 in the first epoch
    uint32_t tag_ = 0;  // epoch_'s low six bits, kept in each entry
    // Every Move fits below the epoch tag (board_types.hpp: squares in bits 0-23, promotion 24, pass 25).
    static constexpr int MOVE_BITS = 26;
    static constexpr uint32_t MOVE_MASK = (1u << MOVE_BITS) - 1;
    static_assert((Move::double_step(0xFF, 0xFF, 0xFF).raw() | Move::normal(0xFF, 0xFF, true).raw() |
                   Move::pass(0xFF, 0xFF).raw()) == MOVE_MASK);
};

}  // namespace shishi
