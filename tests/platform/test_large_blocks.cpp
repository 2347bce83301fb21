// platform::allocate_large: the transposition table and the net's first layer rely on it giving
// zero-filled memory (an all-zero table entry is an empty one) aligned for the net's vector
// loads, and on free_large taking it back at any size.
#include <catch2/catch.hpp>

#include <cstdint>

#include "resident_memory.hpp"
#include "shishi/platform/platform.hpp"

using namespace shishi;

TEST_CASE("a large block is zero-filled, aligned to 64 bytes and writable to its last byte", "[platform]") {
    for (bool huge : {true, false})
        for (size_t bytes : {size_t(1), size_t(4096), size_t(3) << 20, (size_t(8) << 20) + 123}) {
            CAPTURE(huge, bytes);
            auto* p = static_cast<unsigned char*>(platform::allocate_large(bytes, huge));
            REQUIRE(p != nullptr);
            CHECK(reinterpret_cast<uintptr_t>(p) % 64 == 0);
            bool zero = true;
            for (size_t i = 0; i < bytes; i += 4093)
                zero &= p[i] == 0;
            zero &= p[bytes - 1] == 0;
            CHECK(zero);
            p[bytes - 1] = 2;
            p[0] = 1;
            CHECK(int(p[0]) == 1);
            CHECK(int(p[bytes - 1]) == (bytes == 1 ? 1 : 2));
            platform::free_large(p, bytes);
        }
}

TEST_CASE("a block given back leaves no memory behind: a hundred 16 MB blocks written in turn", "[platform]") {
    // Each block is written at three places, which makes up to three pages of it resident (2 MB
    // each where huge pages serve): a hundred blocks kept would hold hundreds of MB.
    const long before = test::resident_mb();
    REQUIRE(before > 0);
    bool all_zero = true;
    for (int i = 0; i < 100; ++i) {
        const bool huge = i % 2 == 0;
        const size_t bytes = size_t(16) << 20;
        auto* p = static_cast<unsigned char*>(platform::allocate_large(bytes, huge));
        REQUIRE(p != nullptr);
        all_zero &= p[0] == 0 && p[bytes / 2] == 0 && p[bytes - 1] == 0;
        p[0] = p[bytes / 2] = p[bytes - 1] = 0xFF;
        platform::free_large(p, bytes);
    }
    CHECK(all_zero);
    CHECK(test::resident_mb() - before < 64);
}
