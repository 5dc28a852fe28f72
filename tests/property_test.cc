// Random playouts of every shipped ruleset (variants included) at every
// player count, checking the engine's invariants after every action and the
// ruleset's declared ones (`invariants:`, checked by the engine at their
// moments), then replaying each game from its action list.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/rng.h"
#include "interpreter/runtime_error.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::CheckZones;
using testing::SameBytes;

constexpr int kGamesPerCount = 40;
constexpr int kMaxSteps = 50000;

struct Playout {
  std::vector<Action> actions;
  State final_state;
};

// One random game; every check failure stops the test with the game's seed.
Playout RandomGame(const Game& game, uint64_t seed) {
  const Ruleset& rules = game.rules();
  Rng rng(seed);
  Playout out;
  State s = game.NewInitialState();
  REQUIRE(CheckZones(rules, s) == "");
  REQUIRE_FALSE(s.error);
  ActionList list;
  int steps = 0;
  while (!game.IsTerminal(s)) {
    REQUIRE(steps++ < kMaxSteps);
    Action a;
    game.LegalActions(s, list);
    if (game.IsChance(s)) {
      REQUIRE(list.count == 0);
      a = game.SampleChance(s, rng);
    } else {
      INFO(game.DecisionText(s));
      REQUIRE(list.count > 0);
      REQUIRE(s.decision.kind != DecisionKind::kNone);
      a = list.items[rng.Below(static_cast<uint32_t>(list.count))];
      // One player decides, or (a search) the decision is open to several.
      if (game.CurrentPlayer(s) >= 0) REQUIRE(a.player == game.CurrentPlayer(s));
      if (a.kind == ActionKind::kPlay) {
        // A card to play comes from the player's hand.
        int hand = rules.zones[static_cast<size_t>(rules.hand_family)].first + a.player;
        for (const Action& b : list) REQUIRE(s.zone_of[b.value] == hand);
      }
    }
    auto st = game.Apply(s, a);
    INFO(game.ActionText(s, a) << ": " << testing::FormatErrors(st));
    REQUIRE(st.ok());
    out.actions.push_back(a);
    INFO((s.error ? RuntimeError(rules, s).Format() : ""));
    REQUIRE_FALSE(s.error);
    REQUIRE(s.ply == out.actions.size());
    std::string zones = CheckZones(rules, s);
    INFO(zones);
    REQUIRE(zones.empty());
  }
  REQUIRE(s.decision.kind == DecisionKind::kNone);
  game.LegalActions(s, list);
  REQUIRE(list.count == 0);
  out.final_state = s;
  return out;
}

TEST_CASE("property: random playouts of every shipped ruleset keep the invariants",
          "[property]") {
  auto names = ShippedRulesets(true);
  REQUIRE_FALSE(names.empty());
  int games = 0;
  for (const std::string& name : names) {
    RulesetPtr rules = testing::LoadOrFail(name);
    for (int players = rules->min_players; players <= rules->max_players; ++players) {
      Game game(*rules, players);
      for (int k = 0; k < kGamesPerCount; ++k) {
        const uint64_t seed =
            1000u * static_cast<uint64_t>(players) + static_cast<uint64_t>(k);
        INFO(name << ", " << players << " players, seed " << seed);
        Playout p = RandomGame(game, seed);
        ++games;

        // The record replays to the same state, byte for byte.
        State replay = game.NewInitialState();
        for (const Action& a : p.actions) REQUIRE(game.Apply(replay, a).ok());
        REQUIRE(game.IsTerminal(replay));
        CHECK(SameBytes(replay, p.final_state));

        // The winners are exactly the players with the best rank.
        std::vector<int64_t> ranks;
        for (int q = 0; q < players; ++q) ranks.push_back(game.Rank(p.final_state, q));
        int64_t best = rules->rank_higher_wins
                           ? *std::max_element(ranks.begin(), ranks.end())
                           : *std::min_element(ranks.begin(), ranks.end());
        std::vector<int> expected;
        for (int q = 0; q < players; ++q) {
          if (ranks[static_cast<size_t>(q)] == best) expected.push_back(q);
        }
        CHECK(game.Winners(p.final_state) == expected);
      }
    }
  }
  CHECK(games >= 3 * kGamesPerCount);
}

TEST_CASE("property: every shipped ruleset declares what its games keep", "[property]") {
  for (const std::string& name : ShippedRulesets(true)) {
    INFO(name);
    RulesetPtr rules = testing::LoadOrFail(name);
    CHECK(rules->invariants.size() >= 2);
    bool round_end = false;
    for (const Invariant& inv : rules->invariants) {
      CHECK_FALSE(inv.says.empty());
      round_end = round_end || inv.at == Moment::kRoundEnd;
    }
    if (rules->trick) CHECK(round_end);
  }
}

// Fischen 2 as it was before issue 12 (D2): "1 Handkarte fangen" took a trick
// off even with every hand empty, so with "1 Karte ziehen" in the last trick
// the round ended with a card in every hand. A declared invariant catches it
// in random playouts (already when the buoy is played alone in a last trick);
// the shipped ruleset never breaks it (the first test).
TEST_CASE("property: a declared invariant catches a round ending with cards in hand",
          "[property]") {
  auto old = LoadRulesetText("fischen2-before-d2.yaml", R"(
extends: fischen2
name: fischen2-before-d2
effects:
  catch_hand_card:
    when: end_of_trick
    do: |
      for p in seats { move choose(p, 1, hand(p)) to fisher(p) }
      tricks -= 1
)");
  REQUIRE(old.ok());
  Game game(*old.value(), 5);
  std::string broken;
  for (uint64_t seed = 1; seed <= 2000 && broken.empty(); ++seed) {
    Rng rng(seed);
    State s = game.NewInitialState();
    ActionList list;
    while (!s.over) {
      game.LegalActions(s, list);
      Action a = game.IsChance(s)
                     ? game.SampleChance(s, rng)
                     : list.items[rng.Below(static_cast<uint32_t>(list.count))];
      REQUIRE(game.Apply(s, a).ok());
    }
    if (s.error) broken = RuntimeError(game.rules(), s).message;
  }
  CHECK(broken.starts_with(
      "ruleset error: the invariant 'after each trick every player holds one "
      "card for each trick left to play'"));
}

// Fishing in particular: the card count of a game is conserved in the
// scores: every card caught is a point, each -3 buoy caught takes 3.
TEST_CASE("property: Fishing scores are the cards caught, less 3 per -3 buoy",
          "[property]") {
  const Ruleset& rules = testing::Fishing();
  for (int players = 3; players <= 5; ++players) {
    Game game(rules, players);
    for (uint64_t seed : {1u, 2u, 3u}) {
      INFO(players << " players, seed " << seed);
      Playout p = RandomGame(game, seed);
      const State& s = p.final_state;
      // Count the plays, and the rounds that were played to their end.
      int plays = 0;
      for (const Action& a : p.actions) plays += a.kind == ActionKind::kPlay;
      int64_t total = 0;
      for (int q = 0; q < players; ++q) total += game.Rank(s, q);
      // Every played card ends on a fisher and is scored once at its round's
      // end; -3 buoys subtract 3 when caught. An overfished game scores every
      // finished round.
      int minus = 0;
      for (const Action& a : p.actions) {
        if (a.kind == ActionKind::kPlay &&
            rules.card_names[static_cast<size_t>(a.value)] == "buoy \"-3 points\"") {
          ++minus;  // each play of it is one catch of it
        }
      }
      CHECK(total == plays - 3 * minus);
      const std::string reason = rules.end_reasons[s.end_reason];
      CHECK((reason == "" || reason == "overfished"));
      if (reason == "") {
        CHECK(s.vars[rules.builtin.round] == 8);
      }
    }
  }
}

}  // namespace
}  // namespace angler
