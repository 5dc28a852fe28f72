// The engine's only source of randomness. Records must replay bit-for-bit on every
// machine, so everything here is integer arithmetic with fully specified results;
// std:: distributions are implementation-defined and must never be used.
//
// REQUIRES: Below(n) needs n > 0; Shuffle(first, n) needs n <= UINT32_MAX.
#ifndef ANGLER_INTERPRETER_RNG_H_
#define ANGLER_INTERPRETER_RNG_H_

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace angler {

// splitmix64 step: advances state, returns next output.
uint64_t SplitMix64(uint64_t& state);

// xoshiro256** seeded by four splitmix64 outputs of the seed.
class Rng {
 public:
  explicit Rng(uint64_t seed = 0);

  uint64_t Next();

  // Uniform integer in [0, n). Lemire's multiply-shift with rejection: exact, portable.
  uint32_t Below(uint32_t n);

  // Fisher-Yates from the back, using Below(i + 1).
  template <typename T>
  void Shuffle(T* first, std::size_t n) {
    for (std::size_t i = n; i > 1; --i) {
      const std::size_t j = Below(static_cast<uint32_t>(i));
      using std::swap;
      swap(first[i - 1], first[j]);
    }
  }

 private:
  uint64_t s_[4];
};

// Game state snapshots copy the generator by value.
static_assert(std::is_trivially_copyable_v<Rng> && sizeof(Rng) == 32);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_RNG_H_
