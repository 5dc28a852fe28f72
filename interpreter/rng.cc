#include "interpreter/rng.h"

#include <array>
#include <utility>

namespace angler {

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

namespace {

// Each seat's stream made in its place (an array of Rng made by default and
// then assigned would seed every seat twice).
template <size_t... P>
std::array<Rng, sizeof...(P)> SeatStreams(uint64_t game_seed, int players,
                                          std::index_sequence<P...>) {
  return {(static_cast<int>(P) < players ? Rng(DeriveSeed(game_seed, 1 + P))
                                         : Rng::Unused())...};
}

}  // namespace

GameStreams::GameStreams(uint64_t game_seed, int players)
    : chance(DeriveSeed(game_seed, 0)),
      seats(SeatStreams(game_seed, players, std::make_index_sequence<kMaxPlayers>{})) {}

Rng::Rng(uint64_t seed) {
  // splitmix64 never yields four zero words, so the state is always valid.
  for (uint64_t& word : s_) word = SplitMix64(seed);
}

}  // namespace angler
