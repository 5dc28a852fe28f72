// A chance action's outcome, stated as cards, is what the game then does.
#include "interpreter/chance_outcome.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/rng.h"
#include "interpreter/view.h"
#include "replay/record.h"
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

namespace angler {
namespace {

// Random seeded games of every shipped ruleset, told as a table tells them
// (unseen shuffles, cards stated when the rules need them), end the same.
TEST_CASE("chance stated as cards: a seeded game told card by card ends the same",
          "[chance_outcome][table]") {
  for (const std::string& name : ShippedRulesets(true)) {
    const RulesetPtr rules = testing::LoadOrFail(name);
    for (int players = rules->min_players; players <= rules->max_players; ++players) {
      const Game game(*rules, players);
      for (uint64_t seed : {3u, 11u}) {
        INFO(name << " with " << players << " players, seed " << seed);
        const std::vector<Action> seeded = RandomPlayout(game, seed);
        Result<std::vector<Action>> told = StatedAsCards(game, seeded);
        INFO((told.ok() ? std::string() : told.error().message));
        REQUIRE(told.ok());
        State a = game.NewInitialState(), b = a;
        for (const Action& x : seeded) REQUIRE(game.Apply(a, x).ok());
        int reveals = 0;
        for (const Action& x : told.value()) {
          REQUIRE(game.Apply(b, x).ok());
          reveals += x.kind == ActionKind::kReveal;
        }
        CHECK(reveals > 0);
        CHECK(b.over == a.over);
        CHECK(b.error == a.error);
        CHECK(std::equal(std::begin(a.vars), std::end(a.vars), std::begin(b.vars)));
        for (int p = 0; p < players; ++p) CHECK(game.Rank(a, p) == game.Rank(b, p));
        CHECK(a.unstated_count == 0);
      }
    }
  }
}

struct Table {
  const Ruleset& rules = testing::Fishing();
  Game game{rules, 4};
  State s = game.NewInitialState();
  int Zone(const std::string& name, int seat = -1) const {
    for (int z = 0; z < rules.zone_count; ++z) {
      const ZoneFamily& f = rules.zones[static_cast<size_t>(rules.ZoneFamilyOf(z))];
      if (f.name == name && rules.ZoneSeat(z) == seat) return z;
    }
    FAIL("no zone " << name);
    return -1;
  }
  int Card(const std::string& name) const {
    for (size_t i = 0; i < rules.card_names.size(); ++i) {
      if (rules.card_names[i] == name) return static_cast<int>(i);
    }
    FAIL("no card " << name);
    return -1;
  }
  // Every shuffle unseen, until the rules ask for a card.
  void ShuffleUnseen() {
    while (game.IsChance(s)) REQUIRE(game.Apply(s, UnseenShuffle()).ok());
  }
};

TEST_CASE("chance stated as cards: an unseen deal asks for the first card the rules read",
          "[chance_outcome][table]") {
  Table t;
  t.ShuffleUnseen();
  // Anne leads: any card of her hand may be played, and no rule read one.
  REQUIRE(t.s.decision.kind == DecisionKind::kPlay);
  const int hand = t.Zone("hand", 0);
  CHECK(t.s.unstated_count > 0);
  ActionList legal;
  // Anne's cards are 0-star cards of the last shuffle: any of them may be hers.
  std::vector<int> stated;
  for (int c = 0; c < static_cast<int>(t.rules.cards.size()); ++c) {
    if (t.rules.cards[static_cast<size_t>(c)].stars == 0 && t.s.unstated[c] &&
        stated.size() < 9) {
      stated.push_back(c);
    }
  }
  for (int c : stated) REQUIRE(t.game.Apply(t.s, RevealAction(t.rules, c, hand)).ok());
  for (int c : stated) CHECK(t.s.zone_of[c] == hand);
  // She leads one; Bob's play rule reads his hand (must he follow?): the game asks.
  REQUIRE(
      t.game.Apply(t.s, Action{ActionKind::kPlay, 0, static_cast<int16_t>(stated[0]), 0})
          .ok());
  REQUIRE(t.s.decision.kind == DecisionKind::kReveal);
  CHECK(t.s.decision.zone == t.Zone("hand", 1));
  t.game.LegalActions(t.s, legal);
  CHECK(legal.count == 0);
  CHECK_FALSE(t.game.IsChance(t.s));
  // The same card stated in Bob's hand too: dealt twice.
  Status twice = t.game.Apply(t.s, RevealAction(t.rules, stated[1], t.Zone("hand", 1)));
  REQUIRE_FALSE(twice.ok());
  CHECK_THAT(twice.error().message, Catch::Contains("is known to be in hand(0)"));
}

TEST_CASE(
    "chance stated as cards: a card that cannot be where the record says is refused",
    "[chance_outcome][table]") {
  Table t;
  t.ShuffleUnseen();
  const int ocean = t.Zone("ocean");
  // The 1-star cards were shuffled onto the ocean last: its top is one of them.
  int five_star = -1, one_star = -1;
  for (int c = 0; c < static_cast<int>(t.rules.cards.size()); ++c) {
    const int stars = t.rules.cards[static_cast<size_t>(c)].stars;
    if (stars == 5 && five_star < 0) five_star = c;
    if (stars == 1 && one_star < 0) one_star = c;
  }
  Status wrong = t.game.Apply(t.s, RevealAction(t.rules, five_star, ocean, 1));
  REQUIRE_FALSE(wrong.ok());
  CHECK_THAT(wrong.error().message, Catch::Contains("came from another shuffle"));
  State before = t.s;
  REQUIRE(t.game.Apply(t.s, RevealAction(t.rules, one_star, ocean, 1)).ok());
  CHECK(t.s.order[t.s.start[ocean + 1] - 1] == one_star);
  CHECK(t.s.unstated[one_star] == 0);
  CHECK(t.s.unstated_count == before.unstated_count - 1);
  // A card in the box was never shuffled: it is known to be there.
  const int box = t.Zone("box");
  if (t.s.ZoneSize(box) > 0) {
    const int boxed = t.s.Zone(box)[0];
    Status known = t.game.Apply(t.s, RevealAction(t.rules, boxed, t.Zone("hand", 2)));
    REQUIRE_FALSE(known.ok());
    CHECK_THAT(known.error().message, Catch::Contains("is known to be in box"));
  }
}

TEST_CASE("chance stated as cards: a card nobody stated cannot be chosen or played",
          "[chance_outcome][table]") {
  Table t;
  t.ShuffleUnseen();
  const Action play{ActionKind::kPlay, 0,
                    static_cast<int16_t>(t.s.Zone(t.Zone("hand", 0))[0]), 0};
  Status refused = t.game.Apply(t.s, play);
  REQUIRE_FALSE(refused.ok());
  CHECK_THAT(refused.error().message,
             Catch::Contains("must be revealed before it is played or chosen"));
}

TEST_CASE("chance stated as cards: games with seeds never hold an unstated card",
          "[chance_outcome][table]") {
  const Game game(testing::Fishing(), 4);
  State s = game.NewInitialState();
  for (const Action& a : RandomPlayout(game, 5)) {
    REQUIRE(game.Apply(s, a).ok());
    REQUIRE(s.unstated_count == 0);
  }
}

TEST_CASE("chance stated as cards: a view shows an unstated card as unknown",
          "[chance_outcome][table][view]") {
  Table t;
  t.ShuffleUnseen();
  const int hand = t.Zone("hand", 0);
  std::vector<int> stated;
  for (int c = 0; c < static_cast<int>(t.rules.cards.size()) && stated.size() < 9; ++c) {
    if (t.rules.cards[static_cast<size_t>(c)].stars == 0 && t.s.unstated[c])
      stated.push_back(c);
  }
  for (int c : stated) REQUIRE(t.game.Apply(t.s, RevealAction(t.rules, c, hand)).ok());
  const PositionView view =
      ViewPosition(t.game, t.s, Viewpoint::Everything(), {"Anne", "Bob", "Carl", "Dora"});
  int anne_named = 0, bob_named = 0, bob_cards = 0;
  for (const ZoneView& z : view.zones) {
    if (z.family != "hand") continue;
    for (const CardView& c : z.cards) {
      if (z.seat == 0) anne_named += !c.name.empty();
      if (z.seat == 1) {
        ++bob_cards;
        bob_named += !c.name.empty();
        CHECK(c.back.empty());
      }
    }
  }
  CHECK(anne_named == 9);  // stated: seen by name
  CHECK(bob_cards == 9);   // Bob holds nine cards nobody has stated
  CHECK(bob_named == 0);
}

}  // namespace
}  // namespace angler
