// A chance action's outcome, stated as cards, is what the game then does.
#include "interpreter/chance_outcome.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/rng.h"
#include "tests/test_util.h"

namespace angler {
namespace {

// The cards of `outcome` still in its zone after the action, in zone order:
// taking from the top after a shuffle leaves the rest as the outcome said.
std::vector<int> StillThere(const ChanceOutcome& outcome, const State& after) {
  std::vector<int> kept;
  for (int c : outcome.cards) {
    if (after.zone_of[c] == outcome.zone) kept.push_back(c);
  }
  return kept;
}

TEST_CASE("chance outcomes: a shuffle's stated order is the zone's order",
          "[chance_outcome]") {
  int shuffles = 0, picks = 0;
  for (const std::string& name : ShippedRulesets(true)) {
    const RulesetPtr rules = testing::LoadOrFail(name);
    const Game game(*rules, rules->min_players);
    Rng rng(17);
    State s = game.NewInitialState();
    ActionList legal;
    for (int steps = 0; !game.IsTerminal(s) && steps < 3000; ++steps) {
      Action a;
      if (game.IsChance(s)) {
        a = game.SampleChance(s, rng);
        const ChanceOutcome outcome = OutcomeOf(s, a.seed);
        State after = s;
        REQUIRE(game.Apply(after, a).ok());
        INFO(name << " ply " << s.ply);
        if (outcome.pick) {
          ++picks;
          const int16_t* begin = s.decision.options;
          const int16_t* end = begin + s.decision.count;
          CHECK(std::find(begin, end, static_cast<int16_t>(outcome.value)) != end);
        } else {
          ++shuffles;
          // The same cards, each once, in an order the zone keeps.
          const auto zone = s.Zone(outcome.zone);
          CHECK(std::multiset<int>(outcome.cards.begin(), outcome.cards.end()) ==
                std::multiset<int>(zone.begin(), zone.end()));
          std::vector<int> now;
          for (uint8_t c : after.Zone(outcome.zone)) {
            if (std::find(outcome.cards.begin(), outcome.cards.end(), c) !=
                outcome.cards.end())
              now.push_back(c);
          }
          CHECK(StillThere(outcome, after) == now);
        }
        s = after;
        continue;
      }
      game.LegalActions(s, legal);
      a = legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
      REQUIRE(game.Apply(s, a).ok());
    }
  }
  CHECK(shuffles > 20);
  CHECK(picks > 0);
}

}  // namespace
}  // namespace angler
