#include "interpreter/information.h"

#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/rng.h"
#include "interpreter/runtime_error.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::CheckZones;
using testing::LoadOrFail;

const char* const kRulesets[] = {"fishing", "fischen2", "fatfish", "hearts",
                                 "falscher-hering"};

// One random step: a chance outcome or a random legal action.
Action RandomStep(const Game& game, const State& s, Rng& rng) {
  if (game.IsChance(s)) return game.SampleChance(s, rng);
  ActionList legal;
  game.LegalActions(s, legal);
  REQUIRE(legal.count > 0);
  return legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
}

// Every card the seat sees lies where it lies in `s`, each zone keeps its size,
// every card is in one of its places, and the State invariants hold.
void CheckSample(const Game& game, const Information& info, const State& s,
                 const State& sample) {
  const Ruleset& rules = game.rules();
  REQUIRE(CheckZones(rules, sample) == "");
  for (int z = 0; z < rules.zone_count; ++z) {
    REQUIRE(sample.ZoneSize(z) == s.ZoneSize(z));
    if (!info.Sees(z)) continue;
    for (int i = s.start[z]; i < s.start[z + 1]; ++i)
      REQUIRE(sample.order[i] == s.order[i]);
  }
  for (int c = 0; c < static_cast<int>(rules.cards.size()); ++c) {
    INFO(rules.card_names[static_cast<size_t>(c)]);
    REQUIRE(info.Places(c).test(sample.zone_of[c]));
  }
}

TEST_CASE("Information holds the truth and samples keep what the seat sees",
          "[information]") {
  for (const char* name : kRulesets) {
    INFO(name);
    const RulesetPtr rules = LoadOrFail(name);
    const Game game(*rules, 4);
    std::vector<Information> seats;
    for (int p = 0; p < game.players(); ++p) seats.emplace_back(game, p);
    Rng rng(11);
    State s = game.NewInitialState();
    for (int step = 0; !game.IsTerminal(s) && step < 3000; ++step) {
      const Action a = RandomStep(game, s, rng);
      REQUIRE(game.Apply(s, a));
      for (Information& info : seats) {
        info.Observe(a, s);
        REQUIRE(info.Follows(s));
        for (int c = 0; c < static_cast<int>(rules->cards.size()); ++c) {
          REQUIRE(info.Places(c).test(s.zone_of[c]));
        }
      }
      if (step % 25 != 0 || game.IsTerminal(s)) continue;
      for (const Information& info : seats) {
        State sample;
        info.Sample(s, sample, rng);
        CheckSample(game, info, s, sample);
        // Play goes on legally from the sample.
        Rng dice(static_cast<uint64_t>(step));
        for (int k = 0; k < 200 && !game.IsTerminal(sample); ++k) {
          const Action b = RandomStep(game, sample, dice);
          INFO(game.ActionText(sample, b));
          REQUIRE(game.Apply(sample, b));
          REQUIRE(CheckZones(*rules, sample) == "");
          INFO((sample.error ? RuntimeError(*rules, sample).Format() : ""));
          REQUIRE_FALSE(sample.error);
        }
      }
    }
  }
}

// Plays `seat`'s first decision in Fishing: hands dealt, nothing played.
State FirstPlay(const Game& game, Information& info, Rng& rng) {
  State s = game.NewInitialState();
  while (s.decision.kind != DecisionKind::kPlay) {
    const Action a = RandomStep(game, s, rng);
    REQUIRE(game.Apply(s, a));
    info.Observe(a, s);
  }
  return s;
}

TEST_CASE("Information: other hands unknown, played cards followed", "[information]") {
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 4);
  Information info(game, 0);
  Rng rng(5);
  State s = FirstPlay(game, info, rng);
  const int hand0 = rules.zones[static_cast<size_t>(rules.hand_family)].first;
  for (int c = 0; c < static_cast<int>(rules.cards.size()); ++c) {
    const int z = s.zone_of[c];
    if (z == hand0) REQUIRE(info.Knows(c));
    if (z > hand0 && z < hand0 + 4) REQUIRE_FALSE(info.Knows(c));
  }
  // A whole trick: its cards leave for a zone nobody sees, and seat 0 knows where.
  std::vector<int> played;
  const int trick = rules.zones[static_cast<size_t>(rules.trick->family)].first;
  while (true) {
    const Action a = RandomStep(game, s, rng);
    if (a.kind == ActionKind::kPlay) played.push_back(a.value);
    REQUIRE(game.Apply(s, a));
    info.Observe(a, s);
    if (played.size() == 4) break;
  }
  for (int c : played) {
    INFO(rules.card_names[static_cast<size_t>(c)]);
    REQUIRE(s.zone_of[c] != trick);
    REQUIRE_FALSE(info.Sees(s.zone_of[c]));
    REQUIRE(info.Knows(c));
    REQUIRE(info.Places(c).test(s.zone_of[c]));
  }
  // Told nothing, a seat knows only what it sees.
  Information blind(game, 0);
  blind.Forget(s);
  for (int c : played) REQUIRE_FALSE(blind.Knows(c));
}

TEST_CASE("Information: every unknown card lands in every place it may be",
          "[information]") {
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 4);
  Information info(game, 0);
  Rng rng(9);
  const State s = FirstPlay(game, info, rng);
  std::map<std::pair<int, int>, int> landed;  // (card, zone) -> samples
  State sample;
  for (int i = 0; i < 3000; ++i) {
    info.Sample(s, sample, rng);
    for (int c = 0; c < static_cast<int>(rules.cards.size()); ++c) {
      if (!info.Knows(c)) ++landed[{c, sample.zone_of[c]}];
    }
  }
  int unknown = 0;
  for (int c = 0; c < static_cast<int>(rules.cards.size()); ++c) {
    if (info.Knows(c)) continue;
    ++unknown;
    for (int z = 0; z < rules.zone_count; ++z) {
      if (!info.Places(c).test(static_cast<size_t>(z))) continue;
      INFO(rules.card_names[static_cast<size_t>(c)] << " in " << rules.ZoneName(z));
      REQUIRE(landed[{c, z}] > 0);
    }
  }
  REQUIRE(unknown >= 3 * 9);  // at least the other three hands
}

TEST_CASE("Information: a sample depends only on what the seat knows", "[information]") {
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 4);
  Information info(game, 1);
  Rng rng(3);
  const State s = FirstPlay(game, info, rng);
  State other;
  info.Sample(s, other, rng);  // the hidden cards elsewhere, all else the same
  State a, b;
  Rng r1(77), r2(77);
  info.Sample(s, a, r1);
  info.Sample(other, b, r2);
  REQUIRE(testing::SameBytes(a, b));
}

}  // namespace
}  // namespace angler
