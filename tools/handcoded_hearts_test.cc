#include "tools/handcoded_hearts.h"

#include <bit>
#include <catch2/catch.hpp>

#include "interpreter/loader.h"
#include "tools/handcoded_hearts_check.h"

namespace angler {
namespace {

using namespace handcoded;

TEST_CASE("hand-coded Hearts plays the ruleset's rules move by move", "[handcoded]") {
  Result<RulesetPtr> rules = LoadRuleset("hearts");
  REQUIRE(rules.ok());
  const Game game(*rules.value(), 4);
  int64_t decisions = 0;
  for (uint64_t seed = 1; seed <= 1500; ++seed) {
    Result<int> checked = CheckHandcodedHearts(game, seed);
    INFO((checked.ok() ? "" : checked.error().message));
    REQUIRE(checked.ok());
    decisions += checked.value();
  }
  // 52 plays a game, 12 picks when cards are passed (three hands in four).
  CHECK(decisions > 1500 * 52);
}

TEST_CASE("hand-coded Hearts: first trick, breaking hearts, the moon", "[handcoded]") {
  // Seat s holds the whole suit s; no passing.
  HeartsDeal deal;
  deal.direction = kKeep;
  for (int s = 0; s < 4; ++s) deal.hands[static_cast<size_t>(s)] = kSuitMask << (13 * s);
  HeartsGame g(deal);
  CHECK(!g.passing());
  CHECK(g.to_move() == 0);
  CHECK(g.Legal() == kTwoOfClubs);
  g.Apply(CardBit(kClubs, 2));
  // Seat 1 (all diamonds) is void in clubs: any card without points.
  CHECK(g.Legal() == g.hand(1));
  g.Apply(CardBit(kDiamonds, 5));
  // Seat 2 (all spades): anything but the queen in the first trick.
  CHECK(g.Legal() == (g.hand(2) & ~kQueenOfSpades));
  g.Apply(CardBit(kSpades, 3));
  // Seat 3 holds only hearts: they may go in the first trick.
  CHECK(g.Legal() == g.hand(3));
  g.Apply(CardBit(kHearts, 9));
  // Seat 0 won with the only club; it leads again and holds only clubs.
  CHECK(g.to_move() == 0);
  CHECK(g.Legal() == g.hand(0));
  int guard = 0;
  while (!g.over() && ++guard < 100) g.Apply(NthCard(g.Legal(), 0));
  REQUIRE(g.over());
  // Seat 0 wins every trick (nobody else has a club): all 26 points, the moon.
  CHECK(g.score(0) == 0);
  CHECK(g.score(1) == 26);
  CHECK(g.score(3) == 26);
}

TEST_CASE("hand-coded Hearts: random games end with 26 points or a moon", "[handcoded]") {
  Rng rng(5);
  for (int i = 0; i < 200; ++i) {
    std::array<int64_t, kSeats> scores{};
    const int choices = PlayRandomHearts(rng, scores);
    CHECK(choices >= 52);
    const int64_t total = scores[0] + scores[1] + scores[2] + scores[3];
    CHECK((total == 26 || total == 78));
  }
  CHECK(CountCards(0) == 0);
  CHECK(CountCards(~Cards{0}) == 64);
  CHECK(CountCards(kHeartsMask | kQueenOfSpades) == 14);
  CHECK(NthCard(0b101100, 0) == 2);
  CHECK(NthCard(0b101100, 2) == 5);
}

}  // namespace
}  // namespace angler
