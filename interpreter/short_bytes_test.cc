#include "interpreter/short_bytes.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <numeric>
#include <vector>

namespace angler {
namespace {

// Every length up to past the library's threshold, every shift either way
// (overlapping or not): MoveBytes leaves the buffer as std::memmove does,
// and touches no byte outside the span it writes.
TEST_CASE("MoveBytes moves as memmove does, overlapping either way", "[short_bytes]") {
  constexpr int kRoom = 120;
  for (int n = 0; n <= 40; ++n) {
    for (int from = 0; from + n <= 60; from += 3) {
      for (int to = 0; to + n <= 60; ++to) {
        std::vector<uint8_t> got(kRoom), want(kRoom);
        std::iota(got.begin(), got.end(), uint8_t{1});
        want = got;
        MoveBytes(got.data() + to, got.data() + from, static_cast<size_t>(n));
        std::memmove(want.data() + to, want.data() + from, static_cast<size_t>(n));
        INFO("n " << n << " from " << from << " to " << to);
        REQUIRE(got == want);
      }
    }
  }
}

TEST_CASE("SameBytes tells every single differing byte", "[short_bytes]") {
  for (int n = 0; n <= 40; ++n) {
    std::vector<uint8_t> a(static_cast<size_t>(n) + 1), b;
    std::iota(a.begin(), a.end(), uint8_t{7});
    b = a;
    INFO("n " << n);
    CHECK(SameBytes(a.data(), b.data(), static_cast<size_t>(n)));
    for (int k = 0; k < n; ++k) {
      b[static_cast<size_t>(k)] ^= 0x40;
      INFO("byte " << k);
      CHECK_FALSE(SameBytes(a.data(), b.data(), static_cast<size_t>(n)));
      b[static_cast<size_t>(k)] ^= 0x40;
    }
    b[static_cast<size_t>(n)] ^= 1;  // past the span: not compared
    CHECK(SameBytes(a.data(), b.data(), static_cast<size_t>(n)));
  }
}

}  // namespace
}  // namespace angler
