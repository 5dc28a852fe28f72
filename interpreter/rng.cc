#include "interpreter/rng.h"

namespace angler {
namespace {

uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t DeriveSeed(uint64_t seed, uint64_t index) {
  // SplitMix64's state advances by a constant, so the index-th output is one step
  // from seed + index * increment: no need to run through the earlier ones.
  uint64_t state = seed + index * 0x9e3779b97f4a7c15ULL;
  return SplitMix64(state);
}

GameStreams::GameStreams(uint64_t game_seed) : chance(DeriveSeed(game_seed, 0)) {
  for (size_t p = 0; p < seats.size(); ++p) seats[p] = Rng(DeriveSeed(game_seed, 1 + p));
}

Rng::Rng(uint64_t seed) {
  // splitmix64 never yields four zero words, so the state is always valid.
  for (uint64_t& word : s_) word = SplitMix64(seed);
}

uint64_t Rng::Next() {
  const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = Rotl(s_[3], 45);
  return result;
}

uint32_t Rng::Below(uint32_t n) {
  // The high bits of xoshiro output are the strongest, so draw from the top 32.
  uint64_t m = (Next() >> 32) * n;
  uint32_t low = static_cast<uint32_t>(m);
  if (low < n) {
    // Reject the 2^32 mod n draws that would bias the result.
    const uint32_t threshold = (0u - n) % n;
    while (low < threshold) {
      m = (Next() >> 32) * n;
      low = static_cast<uint32_t>(m);
    }
  }
  return static_cast<uint32_t>(m >> 32);
}

}  // namespace angler
