// A zero-filled block aligned to 64 bytes from calloc, for systems without huge pages: calloc
// alone promises only 16, and the net's vector code loads its columns 32 or 64 bytes at a time.
// The pointer calloc gave is kept just below the block, for free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace shishi::platform::detail {

inline void* zeroed_block(size_t bytes) {
    constexpr size_t ALIGN = 64;
    void* raw = std::calloc(bytes + ALIGN + sizeof(void*), 1);
    if (!raw) return nullptr;
    const uintptr_t start = (reinterpret_cast<uintptr_t>(raw) + sizeof(void*) + ALIGN - 1) & ~uintptr_t(ALIGN - 1);
    reinterpret_cast<void**>(start)[-1] = raw;
    return reinterpret_cast<void*>(start);
}

inline void free_zeroed_block(void* block) {
    if (block) std::free(static_cast<void**>(block)[-1]);
}

}  // namespace shishi::platform::detail
