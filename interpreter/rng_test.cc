#include "interpreter/rng.h"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <numeric>
#include <vector>

namespace angler {
namespace {

TEST_CASE("SplitMix64 matches the published outputs from state 0", "[rng]") {
  uint64_t state = 0;
  CHECK(SplitMix64(state) == 0xe220a8397b1dcdafULL);
  CHECK(SplitMix64(state) == 0x6e789e6aa1b965f4ULL);
  CHECK(SplitMix64(state) == 0x06c45d188009454fULL);
}

TEST_CASE("Rng output is pinned so records replay", "[rng]") {
  // Values from an independent reference implementation of xoshiro256**.
  Rng rng(42);
  CHECK(rng.Next() == 0x15780b2e0c2ec716ULL);
  CHECK(rng.Next() == 0x6104d9866d113a7eULL);
  CHECK(rng.Next() == 0xae17533239e499a1ULL);
}

TEST_CASE("Below draws are pinned", "[rng]") {
  Rng rng(42);
  std::vector<uint32_t> draws;
  for (int i = 0; i < 10; ++i) draws.push_back(rng.Below(6));
  CHECK(draws == std::vector<uint32_t>{0, 2, 4, 5, 5, 4, 4, 5, 4, 3});
}

TEST_CASE("A copied Rng continues the same sequence", "[rng]") {
  Rng a(7);
  a.Next();
  Rng b = a;
  for (int i = 0; i < 5; ++i) CHECK(a.Next() == b.Next());
}

TEST_CASE("Below stays in range and reaches every value", "[rng]") {
  Rng rng(1);
  for (uint32_t n = 1; n <= 10; ++n) {
    std::vector<int> seen(n, 0);
    for (int i = 0; i < 1000; ++i) {
      const uint32_t v = rng.Below(n);
      REQUIRE(v < n);
      ++seen[v];
    }
    for (uint32_t v = 0; v < n; ++v) {
      INFO("n=" << n << " v=" << v);
      CHECK(seen[v] > 0);
    }
  }
  // Bounds near 2^32 exercise the rejection path.
  for (uint32_t n : {0x80000001u, 0xfffffffbu, 0xffffffffu}) {
    for (int i = 0; i < 1000; ++i) REQUIRE(rng.Below(n) < n);
  }
}

TEST_CASE("Below(6) is uniform by a chi-square test", "[rng]") {
  Rng rng(2024);
  std::array<int, 6> counts{};
  constexpr int kDraws = 60000;
  for (int i = 0; i < kDraws; ++i) ++counts[rng.Below(6)];
  const double expected = kDraws / 6.0;
  double chi_square = 0;
  for (int c : counts) chi_square += (c - expected) * (c - expected) / expected;
  // 20.52 is the p = 0.001 critical value for 5 degrees of freedom.
  CHECK(chi_square < 20.52);
}

std::vector<int> Shuffled(uint64_t seed, int n) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), 0);
  Rng rng(seed);
  rng.Shuffle(v.data(), v.size());
  return v;
}

TEST_CASE("Shuffle is a deterministic permutation", "[rng]") {
  const std::vector<int> deck = Shuffled(7, 52);
  std::vector<int> sorted = deck;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> identity(52);
  std::iota(identity.begin(), identity.end(), 0);
  CHECK(sorted == identity);
  CHECK(deck != identity);
  CHECK(Shuffled(7, 52) == deck);
  CHECK(Shuffled(8, 52) != deck);
  CHECK(Shuffled(42, 10) == std::vector<int>{9, 1, 4, 2, 8, 7, 6, 5, 3, 0});
}

TEST_CASE("Shuffle of zero or one element is a no-op", "[rng]") {
  Rng a(3), b(3);
  int one = 5;
  a.Shuffle(&one, 1);
  a.Shuffle(static_cast<int*>(nullptr), 0);
  CHECK(one == 5);
  CHECK(a.Next() == b.Next());  // consumed no randomness
}

TEST_CASE("A game's streams are the seed's, whatever its number of seats", "[rng]") {
  // The chance stream is stream 0 of the seed, seat p's stream 1 + p: a
  // game of three seeds those three only, and they draw as in a game of eight.
  GameStreams all(99), three(99, 3);
  CHECK(all.chance.Next() == Rng(DeriveSeed(99, 0)).Next());
  CHECK(three.chance.Next() == Rng(DeriveSeed(99, 0)).Next());
  for (int p = 0; p < 3; ++p) {
    Rng expected(DeriveSeed(99, 1 + static_cast<uint64_t>(p)));
    for (int i = 0; i < 4; ++i) {
      const uint64_t want = expected.Next();
      CHECK(all.seats[static_cast<size_t>(p)].Next() == want);
      CHECK(three.seats[static_cast<size_t>(p)].Next() == want);
    }
  }
  for (int p = 3; p < kMaxPlayers; ++p) {
    CHECK(all.seats[static_cast<size_t>(p)].Next() ==
          Rng(DeriveSeed(99, 1 + static_cast<uint64_t>(p))).Next());
  }
}

}  // namespace
}  // namespace angler
