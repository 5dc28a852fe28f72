#include "interpreter/zone_set.h"

#include <catch2/catch.hpp>

#include "interpreter/card_set_test_util.h"

namespace angler {
namespace {

using testing::LoadOrFail;
using testing::OnRandomStates;

// The zone's cards as the state lists them, one by one.
CardSet Walked(const State& s, int zone) {
  CardSet set;
  for (uint8_t c : s.Zone(zone)) set.Add(c);
  return set;
}

TEST_CASE("zone set: every zone's cards, on the states of random games", "[zone_set]") {
  // Fat Fish has 110 cards (a block of 16 read past the last), Hearts 52,
  // Fishing 100: the tail past the cards must stay out, zone 0 included.
  for (const char* name : {"fishing", "fatfish", "hearts", "falscher-hering"}) {
    RulesetPtr rules = LoadOrFail(name);
    INFO(name);
    const int cards = static_cast<int>(rules->cards.size());
    OnRandomStates(*rules, std::max(rules->min_players, 3), 1, [&](const State& s, Rng&) {
      // A set with bits past the cards, as a complement leaves them.
      CardSet even = CardSet::All();
      for (int c = 1; c < cards; c += 2) even.words[c >> 6] &= ~(uint64_t{1} << (c & 63));
      for (int z = 0; z < rules->zone_count; ++z) {
        INFO("zone " << z);
        REQUIRE(ZoneSet(s, z, cards) == Walked(s, z));
        CardSet walked_even = Walked(s, z);
        walked_even &= even;
        REQUIRE(ZoneCount(s, z, cards, even) == walked_even.Count());
      }
    });
  }
}

TEST_CASE("zone set: a ruleset of every size up to the most cards", "[zone_set]") {
  // Zone 0 holds the odd cards, zone 1 the even ones; zone_of past the cards
  // reads 0, as a fresh State's does.
  for (int cards : {0, 1, 15, 16, 17, 63, 64, 65, 100, 110, 128, 200, kMaxCards}) {
    INFO(cards);
    State s{};
    CardSet odd, even;
    for (int c = 0; c < cards; ++c) {
      s.zone_of[c] = static_cast<uint8_t>(c % 2 == 0);
      (c % 2 == 0 ? even : odd).Add(c);
    }
    CHECK(ZoneSet(s, 0, cards) == odd);
    CHECK(ZoneSet(s, 1, cards) == even);
    CHECK(ZoneSet(s, 2, cards).Empty());
  }
}

TEST_CASE("zone set: pays for a large zone, not a hand", "[zone_set]") {
  CHECK_FALSE(ZoneSetPays(4, 110));  // a Fat Fish hand
  CHECK(ZoneSetPays(30, 110));       // a box of unused cards
  CHECK_FALSE(ZoneSetPays(13, 240));
  CHECK(ZoneSetPays(40, 240));
}

}  // namespace
}  // namespace angler
