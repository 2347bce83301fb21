// The mate solver's own table: proof and disproof numbers per position, allocated once (its size
// fixed when it is made), never per node. Each entry records the length bound it was searched
// under: a proof holds for any bound at least its mate length, a disproof for any bound at most
// the one it was found under; other entries are read as unknown under another bound. A position
// may hold a proof and a disproof at once (a mate within one length, none within a shorter one).
#pragma once

#include <cstdint>
#include <vector>

#include "shishi/core/board_types.hpp"

namespace shishi::mate {

constexpr uint32_t PN_INFINITE = 1u << 30;

struct ProofNumbers {
    uint32_t pn = 1, dn = 1;
    uint16_t length = 0;  // plies of the mate found, when pn == 0
    bool proven() const { return pn == 0; }
    bool disproven() const { return dn == 0; }
};

class MateTable {
public:
    explicit MateTable(std::size_t megabytes);
    void clear();
    // The entry of this position under length bound `bound`, or 1/1 when there is none.
    ProofNumbers probe(uint64_t key, int bound) const;
    // `work` (nodes spent below) decides what a full bucket gives up.
    void store(uint64_t key, int bound, ProofNumbers pn, uint32_t work);
    std::size_t entries() const { return entries_.size(); }

private:
    struct Entry {
        uint64_t key;
        uint32_t pn, dn;
        uint32_t work;
        uint16_t length;
        uint16_t bound;
    };
    static constexpr int BUCKET = 4;
    const Entry* bucket(uint64_t key) const { return &entries_[(key & mask_) * BUCKET]; }
    Entry* bucket(uint64_t key) { return &entries_[(key & mask_) * BUCKET]; }

    std::vector<Entry> entries_;
    uint64_t mask_ = 0;
};

}  // namespace shishi::mate
