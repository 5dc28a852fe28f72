// The engine's only source of randomness. Records must replay bit-for-bit on every
// machine, so everything here is integer arithmetic with fully specified results;
// std:: distributions are implementation-defined and must never be used.
//
// REQUIRES: Below(n) needs n > 0; Shuffle(first, n) needs n <= UINT32_MAX.
#ifndef ANGLER_INTERPRETER_RNG_H_
#define ANGLER_INTERPRETER_RNG_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "interpreter/limits.h"

namespace angler {

// splitmix64 step: advances state, returns next output.
uint64_t SplitMix64(uint64_t& state);

// xoshiro256** seeded by four splitmix64 outputs of the seed.
class Rng {
 public:
  explicit Rng(uint64_t seed = 0);
  // A place for a stream nobody draws from (GameStreams' seats past the
  // game's players), left unseeded: seeding takes four SplitMix64 steps.
  // REQUIRES: never drawn from (its all-zero state yields only zeros).
  static Rng Unused() { return Rng(UnusedTag{}); }

  // Written here, not in rng.cc, so that a shuffle's loop and a bot's draw
  // make no call per number.
  uint64_t Next() {
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

  // Uniform integer in [0, n). Lemire's multiply-shift with rejection: exact, portable.
  uint32_t Below(uint32_t n) {
    // The high bits of xoshiro output are the strongest, so draw from the top 32.
    uint64_t m = (Next() >> 32) * n;
    uint32_t low = static_cast<uint32_t>(m);
    if (low < n) [[unlikely]] {
      // Reject the 2^32 mod n draws that would bias the result.
      const uint32_t threshold = (0u - n) % n;
      while (low < threshold) {
        m = (Next() >> 32) * n;
        low = static_cast<uint32_t>(m);
      }
    }
    return static_cast<uint32_t>(m >> 32);
  }

  // Durstenfeld's shuffle from the back, using Below(i + 1).
  template <typename T>
  void Shuffle(T* first, std::size_t n) {
    for (std::size_t i = n; i > 1; --i) {
      const std::size_t j = Below(static_cast<uint32_t>(i));
      using std::swap;
      swap(first[i - 1], first[j]);
    }
  }

 private:
  struct UnusedTag {};
  explicit Rng(UnusedTag) : s_{} {}
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  uint64_t s_[4];
};

// Game state snapshots copy the generator by value.
static_assert(std::is_trivially_copyable_v<Rng> && sizeof(Rng) == 32);

// The index-th seed of the SplitMix64 sequence that starts at seed: game i of a
// simulation, or stream i of one game.
uint64_t DeriveSeed(uint64_t seed, uint64_t index);

// The one way a game's seed becomes a game: every shuffle and chance pick
// comes from `chance`, each seat's own choices (a bot's, or a scenario's `run
// until`) from `seats[p]`, so a seat that draws more or fewer numbers does
// not change the deal. `play --seed S`, a record's seed, a simulation's game
// seed and a scenario's `seed S` all deal through here.
// A game of `players` seats seeds only theirs: a seat's stream is the same
// whatever the count (seats[p] is stream 1 + p of the seed).
// REQUIRES: 0 <= players <= kMaxPlayers; seats[p] for p >= players is never
// drawn from.
struct GameStreams {
  explicit GameStreams(uint64_t game_seed, int players = kMaxPlayers);

  Rng chance;
  std::array<Rng, kMaxPlayers> seats;
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_RNG_H_
