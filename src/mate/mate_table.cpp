#include "shishi/mate/mate_table.hpp"

#include <algorithm>

namespace shishi::mate {

MateTable::MateTable(std::size_t megabytes) {
    std::size_t buckets = 1;
    const std::size_t wanted = std::max<std::size_t>(1, megabytes) * (1u << 20) / (sizeof(Entry) * BUCKET);
    while (buckets * 2 <= wanted)
        buckets *= 2;
    entries_.assign(buckets * BUCKET, Entry{});
    mask_ = buckets - 1;
}

void MateTable::clear() { std::fill(entries_.begin(), entries_.end(), Entry{}); }

ProofNumbers MateTable::probe(uint64_t key, int bound) const {
    const Entry* b = bucket(key);
    for (int i = 0; i < BUCKET; ++i) {
        const Entry& e = b[i];
        if (e.key != key || (e.pn == 0 && e.dn == 0)) continue;
        if (e.pn == 0 && e.length <= bound) return {0, PN_INFINITE, e.length};
        if (e.dn == 0 && e.bound >= bound) return {PN_INFINITE, 0, 0};
        if (e.bound == bound && e.pn != 0 && e.dn != 0) return {e.pn, e.dn, 0};
    }
    return {};
}

void MateTable::store(uint64_t key, int bound, ProofNumbers pn, uint32_t work) {
    Entry* b = bucket(key);
    Entry* victim = nullptr;
    for (int i = 0; i < BUCKET; ++i) {
        Entry& e = b[i];
        // One entry per position: a proof or a disproof replaces what was known of it.
        if (e.key == key && (e.bound == bound || pn.pn == 0 || pn.dn == 0)) {
            victim = &e;
            break;
        }
        if (!victim || e.work < victim->work) victim = &e;
    }
    *victim = Entry{key, pn.pn, pn.dn, work, pn.length, uint16_t(bound)};
}

}  // namespace shishi::mate
