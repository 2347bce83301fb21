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
    ProofNumbers open;  // a proof or a disproof that holds comes before the numbers of an open search
    for (int i = 0; i < BUCKET; ++i) {
        const Entry& e = b[i];
        if (e.key != key || (e.pn == 0 && e.dn == 0)) continue;
        if (e.pn == 0 && e.length <= bound) return {0, PN_INFINITE, e.length};
        if (e.dn == 0 && e.bound >= bound) return {PN_INFINITE, 0, 0};
        if (e.bound == bound && e.pn != 0 && e.dn != 0) open = {e.pn, e.dn, 0};
    }
    return open;
}

// A proof and a disproof of one position are kept side by side (a mate within one length, none
// within a shorter one: the shortening searches need both). A new proof or disproof replaces the
// entry of its own kind (the search runs only where that entry did not answer, so the new one is
// stronger) or an unsettled one; an unsettled entry replaces only the unsettled one of its bound.
void MateTable::store(uint64_t key, int bound, ProofNumbers pn, uint32_t work) {
    const auto kind = [](uint32_t p, uint32_t d) { return p == 0 ? 0 : d == 0 ? 1 : 2; };
    const int new_kind = kind(pn.pn, pn.dn);
    Entry* b = bucket(key);
    Entry* victim = nullptr;
    for (int i = 0; i < BUCKET; ++i) {
        Entry& e = b[i];
        const bool used = e.pn != 0 || e.dn != 0;
        if (used && e.key == key) {
            const int old_kind = kind(e.pn, e.dn);
            if ((old_kind == new_kind && (new_kind != 2 || e.bound == bound)) || (new_kind != 2 && old_kind == 2)) {
                victim = &e;
                break;
            }
            if (old_kind != 2) continue;  // the other kind of this position is kept
        }
        if (!victim || e.work < victim->work) victim = &e;
    }
    if (victim) *victim = Entry{key, pn.pn, pn.dn, work, pn.length, uint16_t(bound)};
}

}  // namespace shishi::mate
