#include "interpreter/state.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "interpreter/rng.h"

namespace angler {
namespace {

// A State whose every byte is drawn from `seed`: a copy that missed a block,
// or the last one, leaves bytes of the other State behind.
std::unique_ptr<State> Noise(uint64_t seed) {
  auto s = std::make_unique<State>();
  Rng rng(seed);
  uint8_t bytes[sizeof(State)];
  for (auto& b : bytes) b = static_cast<uint8_t>(rng.Next());
  std::memcpy(static_cast<void*>(s.get()), bytes, sizeof bytes);
  return s;
}

bool SameBytes(const State& a, const State& b) {
  return std::memcmp(&a, &b, sizeof(State)) == 0;
}

TEST_CASE("A State copy copies every byte", "[state]") {
  const auto from = Noise(1);
  auto to = Noise(2);
  REQUIRE_FALSE(SameBytes(*from, *to));
  *to = *from;
  CHECK(SameBytes(*from, *to));

  const auto made = std::make_unique<State>(*Noise(3));
  CHECK(SameBytes(*made, *Noise(3)));
}

TEST_CASE("A State copied onto itself is unchanged", "[state]") {
  auto s = Noise(4);
  const auto kept = Noise(4);
  State& same = *s;
  *s = same;
  CHECK(SameBytes(*s, *kept));
}

TEST_CASE("States are aligned to the copy's blocks wherever they live", "[state]") {
  CHECK(alignof(State) == kStateBlock);
  CHECK(sizeof(State) % kStateBlock == 0);
  std::vector<State> states(3);
  for (const State& s : states) CHECK(reinterpret_cast<uintptr_t>(&s) % kStateBlock == 0);
  State on_stack;
  CHECK(reinterpret_cast<uintptr_t>(&on_stack) % kStateBlock == 0);
}

TEST_CASE("A value-initialized State is all zero but its set defaults", "[state]") {
  // The fields without a default are zero, which memcmp comparisons rely on.
  const auto s = std::make_unique<State>();
  State blank{};
  CHECK(blank.pc == 0);
  CHECK(blank.chosen_value == kNone);
  CHECK(blank.fault_at == -1);
  for (uint8_t b : blank.unused) CHECK(b == 0);
  CHECK(SameBytes(*s, blank));
}

}  // namespace
}  // namespace angler
