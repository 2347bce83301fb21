// Buckets of two entries: probing checks both; storing overwrites the same key, else the entry
// that is empty (never written, or from before the last clear), from an older search or, within
// the same search, the shallower one. Each entry is two relaxed atomic words (key ^ data, data)
// so search threads can share the table.
#include "shishi/search/tt.hpp"

#include <algorithm>
#include <cstdlib>
#include <new>

#include "shishi/core/splitmix.hpp"
#include "shishi/platform/platform.hpp"
#include "shishi/search/search_limits.hpp"

namespace shishi {
namespace {

// A well-mixed 64-bit value for each epoch (splitmix64's finaliser); epoch 0 gives 0.
uint64_t salt_of(uint64_t epoch) {
    if (epoch == 0) return 0;
    return mix64(epoch * 0x9E3779B97F4A7C15ull);
}

}  // namespace

int score_to_tt(int score, int ply) {
    if (score > SCORE_MATE_BOUND) return score + ply;
    if (score < -SCORE_MATE_BOUND) return score - ply;
    return score;
}

int score_from_tt(int score, int ply) {
    if (score > SCORE_MATE_BOUND) return score - ply;
    if (score < -SCORE_MATE_BOUND) return score + ply;
    return score;
}

TranspositionTable::TranspositionTable(size_t mb) { resize(mb); }

size_t TranspositionTable::resize(size_t mb) {
    mb = std::min(mb, MAX_TT_MB);  // 0: a single bucket (tests)
    // The same size again (a host's `memory` before every game): cleared, not made anew, as
    // mapping a huge-page table costs milliseconds.
    if (table_ && mb == mb_) {
        clear();
        return mb_;
    }
    table_.reset();  // free the old table first so two never coexist at full size
    buckets_ = 0;
    // A size the allocator refuses is halved until it is granted; 1 MB always is (or the
    // process could not run at all), so the engine never searches without a table.
    for (;; mb = std::max<size_t>(1, mb / 2)) {
        const size_t n = std::max<size_t>(1, mb * 1024 * 1024 / sizeof(Bucket));
        // Zero pages mapped on first use, so a table of many gigabytes is ready at once
        // (touching it all took 27 s for 12 GB) and an all-zero entry is an empty one
        // (BOUND_NONE). Relaxed atomics of uint64_t are plain words on every target of this
        // engine. Huge pages spare a TLB miss on most probes, but they are all mapped at once:
        // above HUGE_PAGES_MAX_MB that would cost a new game or a resize seconds and make the
        // whole table resident for a short analysis, so large tables keep small pages.
        const size_t bytes = n * sizeof(Bucket);
        table_ = {static_cast<Bucket*>(platform::allocate_large(bytes, mb <= HUGE_PAGES_MAX_MB)), FreeBuckets{bytes}};
        if (table_) {
            buckets_ = n;
            mb_ = mb;
            break;
        }
        if (mb <= 1) throw std::bad_alloc();
    }
    generation_ = 0;
    epoch_ = salt_ = tag_ = 0;  // fresh zero pages: every entry empty
    return mb;
}

void TranspositionTable::FreeBuckets::operator()(Bucket* b) const { platform::free_large(b, bytes); }

uint64_t TranspositionTable::Data::pack() const {
    return uint64_t(move) | uint64_t(uint16_t(score)) << 32 | uint64_t(uint8_t(depth)) << 48 |
        uint64_t(gen_bound) << 56;
}

TranspositionTable::Data TranspositionTable::Data::unpack(uint64_t d) {
    return Data{uint32_t(d), int16_t(uint16_t(d >> 32)), int8_t(uint8_t(d >> 48)), uint8_t(d >> 56)};
}

void TranspositionTable::clear() {
    // Writing zeros over the table cost 16 s for 4 GB and touched every page of it (12 GB of
    // resident memory for a 3-ply analysis); a new epoch costs nothing and touches nothing.
    ++epoch_;
    salt_ = salt_of(epoch_);
    tag_ = uint32_t(epoch_ & 63);
    generation_ = 0;
}

void TranspositionTable::new_search() { generation_ = uint8_t(generation_ + 4); }

bool TranspositionTable::probe(uint64_t key, int ply, TTHit& hit) const {
    const Bucket& b = table_[index(key)];
    for (const Entry& e : b.e) {
        const uint64_t d = e.data.load(std::memory_order_relaxed);
        const Data data = Data::unpack(d);
        if ((e.check.load(std::memory_order_relaxed) ^ d) == (key ^ salt_) && (data.gen_bound & 3) != BOUND_NONE) {
            hit.move = Move::from_raw(data.move & MOVE_MASK);
            hit.score = score_from_tt(data.score, ply);
            hit.depth = data.depth;
            hit.bound = Bound(data.gen_bound & 3);
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(uint64_t key, int ply, Move move, int score, int depth, Bound bound) {
    Bucket& b = table_[index(key)];
    key ^= salt_;
    // A snapshot of both entries; another thread may change them meanwhile, which at worst
    // loses one of the two stores.
    uint64_t keys[2];
    Data old[2];
    for (int i = 0; i < 2; ++i) {
        const uint64_t d = b.e[i].data.load(std::memory_order_relaxed);
        keys[i] = b.e[i].check.load(std::memory_order_relaxed) ^ d;
        old[i] = Data::unpack(d);
    }
    int target = -1;
    for (int i = 0; i < 2; ++i)
        if (keys[i] == key) target = i;
    if (target < 0) {
        // Replace the less useful entry: an empty or older one first, then the shallower.
        auto worth = [&](const Data& e) {
            if ((e.gen_bound & 3) == BOUND_NONE || stale(e)) return -1000;
            bool current = (e.gen_bound & ~3) == generation_;
            return e.depth + (current ? 256 : 0);
        };
        target = worth(old[0]) <= worth(old[1]) ? 0 : 1;
    } else if (move.is_none() && (old[target].move & MOVE_MASK) != 0) {
        move = Move::from_raw(old[target].move & MOVE_MASK);  // keep a known best move for this position
    }
    const Data& t = old[target];
    // A shallower result for the same position does not overwrite an exact deeper one.
    if (keys[target] == key && (t.gen_bound & 3) == BOUND_EXACT && bound != BOUND_EXACT && t.depth > depth + 2 &&
        (t.gen_bound & ~3) == generation_)
        return;
    const Data data{move.raw() | tag_ << MOVE_BITS, int16_t(score_to_tt(score, ply)),
                    int8_t(std::clamp(depth, -100, 127)), uint8_t(generation_ | bound)};
    const uint64_t d = data.pack();
    b.e[target].data.store(d, std::memory_order_relaxed);
    b.e[target].check.store(key ^ d, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    const size_t sample = std::min<size_t>(buckets_, 500);
    int used = 0;
    for (size_t i = 0; i < sample; ++i)
        for (const Entry& e : table_[i].e) {
            const Data d = Data::unpack(e.data.load(std::memory_order_relaxed));
            if ((d.gen_bound & 3) != BOUND_NONE && (d.gen_bound & ~3) == generation_ && !stale(d)) ++used;
        }
    return int(used * 1000 / (sample * 2));
}

}  // namespace shishi
