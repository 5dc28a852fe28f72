#include "tools/bots.h"

#include <catch2/catch.hpp>
#include <set>

#include "interpreter/loader.h"
#include "tools/runner.h"

namespace angler {
namespace {

RulesetPtr Fishing() {
  Result<RulesetPtr> rules = LoadRuleset("fishing");
  REQUIRE(rules.ok());
  return rules.value();
}

// Wraps a bot and checks every choice against the legal list it was given.
class CheckedBot : public Bot {
 public:
  explicit CheckedBot(Bot& inner) : inner_(inner) {}
  Action Choose(const Game& game, const State& state, const ActionList& legal,
                Rng& rng) override {
    const Action chosen = inner_.Choose(game, state, legal, rng);
    bool found = false;
    for (const Action& a : legal) found |= (a == chosen);
    if (!found) ++illegal;
    ++choices;
    kinds.insert(chosen.kind);
    return chosen;
  }
  std::string name() const override { return inner_.name(); }
  void Observe(const Game& game, int seat, const Action& action,
               const State& after) override {
    inner_.Observe(game, seat, action, after);
  }
  bool observes() const override { return inner_.observes(); }
  void NewGame() override { inner_.NewGame(); }
  // The copy plays as the wrapped bot does, unchecked.
  std::unique_ptr<Bot> Clone() const override { return inner_.Clone(); }

  int choices = 0;
  int illegal = 0;
  std::set<ActionKind> kinds;

 private:
  Bot& inner_;
};

TEST_CASE("Random and greedy bots choose only legal actions", "[bots]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 4);
  RandomBot random;
  GreedyBot greedy(2);
  CheckedBot checked_random(random);
  CheckedBot checked_greedy(greedy);
  const std::vector<Bot*> seats = {&checked_greedy, &checked_random, &checked_greedy,
                                   &checked_random};
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    Result<GameResult> played = PlayGame(game, seats, seed);
    REQUIRE(played.ok());
    CHECK(played.value().final_state.over);
  }
  CHECK(checked_random.choices > 100);
  CHECK(checked_greedy.choices > 100);
  CHECK(checked_random.illegal == 0);
  CHECK(checked_greedy.illegal == 0);
  CHECK(checked_greedy.kinds.count(ActionKind::kPlay) == 1);
}

TEST_CASE("Greedy beats random in most games", "[bots]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 4);
  RandomBot random;
  GreedyBot greedy;
  int greedy_wins = 0;
  const int games = 40;
  for (uint64_t seed = 0; seed < games; ++seed) {
    Result<GameResult> played =
        PlayGame(game, {&greedy, &random, &random, &random}, seed);
    REQUIRE(played.ok());
    for (int w : played.value().winners) greedy_wins += (w == 0);
  }
  // A random seat wins about a quarter of the games.
  CHECK(greedy_wins > games / 3);
}

// Wraps the greedy bot and checks its plus-pile choices in Fat Fish: when it
// picks among cards of the row just taken (the zone `catch`), the card for the
// plus pile is the highest of them (plus minus minus: a card of value v there
// instead of w gains 2 * (v - w) points).
class PlusPileCheck : public Bot {
 public:
  PlusPileCheck(Bot& inner, const Ruleset& rules)
      : inner_(inner), rules_(rules), catch_family_(rules.FindFamily("catch")) {}
  Action Choose(const Game& game, const State& state, const ActionList& legal,
                Rng& rng) override {
    const Action chosen = inner_.Choose(game, state, legal, rng);
    if (chosen.kind != ActionKind::kChoose) return chosen;
    bool from_catch = true;
    int highest = 0;
    for (const Action& a : legal) {
      from_catch &= rules_.ZoneFamilyOf(state.zone_of[a.value]) == catch_family_;
      highest = std::max<int>(highest, rules_.cards[static_cast<size_t>(a.value)].value);
    }
    const int value = rules_.cards[static_cast<size_t>(chosen.value)].value;
    if (from_catch && legal.count > 1) {
      ++choices;
      if (value != highest) ++lower;
      for (const Action& a : legal) {
        if (rules_.cards[static_cast<size_t>(a.value)].value != value)
          ++with_a_difference;
      }
    }
    return chosen;
  }
  std::string name() const override { return inner_.name(); }
  void Observe(const Game& game, int seat, const Action& action,
               const State& after) override {
    inner_.Observe(game, seat, action, after);
  }
  bool observes() const override { return inner_.observes(); }
  void NewGame() override { inner_.NewGame(); }
  // The copy plays as the wrapped bot does, unchecked.
  std::unique_ptr<Bot> Clone() const override { return inner_.Clone(); }

  int choices = 0;
  int lower = 0;
  int with_a_difference = 0;

 private:
  Bot& inner_;
  const Ruleset& rules_;
  int catch_family_;
};

TEST_CASE("Greedy puts the higher card of a colour on the Fat Fish plus pile", "[bots]") {
  Result<RulesetPtr> rules = LoadRuleset("fatfish");
  REQUIRE(rules.ok());
  const Game game(*rules.value(), 3);
  RandomBot random;
  GreedyBot greedy;
  PlusPileCheck checked(greedy, *rules.value());
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    Result<GameResult> played = PlayGame(game, {&checked, &random, &random}, seed);
    REQUIRE(played.ok());
    CHECK(played.value().final_state.over);
  }
  CHECK(checked.choices >= 10);
  CHECK(checked.with_a_difference >= 10);
  CHECK(checked.lower == 0);
}

TEST_CASE("Greedy beats random in most games of Fat Fish, and quickly", "[bots]") {
  Result<RulesetPtr> rules = LoadRuleset("fatfish");
  REQUIRE(rules.ok());
  const Game game(*rules.value(), 4);
  RandomBot random;
  GreedyBot greedy;
  CheckedBot checked(greedy);
  int greedy_wins = 0;
  const int games = 20;
  for (uint64_t seed = 0; seed < games; ++seed) {
    Result<GameResult> played =
        PlayGame(game, {&checked, &random, &random, &random}, seed);
    REQUIRE(played.ok());
    for (int w : played.value().winners) greedy_wins += (w == 0);
  }
  CHECK(checked.illegal == 0);
  CHECK(checked.kinds.count(ActionKind::kLay) == 1);
  CHECK(checked.kinds.count(ActionKind::kChoose) == 1);
  // A random seat wins about a quarter of the games.
  CHECK(greedy_wins > games / 2);
}

TEST_CASE("The same bot and stream choose the same action", "[bots]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 3);
  GameRun run(game, 9);
  while (game.IsChance(run.state())) REQUIRE(run.Apply(run.SampleChance()).ok());
  GreedyBot greedy;
  Rng a(17), b(17);
  CHECK(greedy.Choose(game, run.state(), run.legal(), a) ==
        greedy.Choose(game, run.state(), run.legal(), b));
}

TEST_CASE("SeatMemory deals positions that keep what the seat sees and every size",
          "[bots]") {
  const RulesetPtr rules = Fishing();
  const Ruleset& r = *rules;
  const Game game(r, 4);
  RandomBot random;
  Result<GameResult> played = PlayGame(game, {&random, &random, &random, &random}, 2);
  REQUIRE(played.ok());
  // A mid-game position at a player's decision.
  const std::vector<Action>& actions = played.value().actions;
  size_t length = 60;
  while (actions[length].kind == ActionKind::kChance) ++length;
  Result<State> position =
      ReplayActions(game, std::vector<Action>(actions.begin(), actions.begin() + length));
  REQUIRE(position.ok());
  const State before = position.value();
  const int viewer = game.CurrentPlayer(before);
  REQUIRE(viewer >= 0);
  // The seat is told every action on the way.
  SeatMemory memory;
  State replay = game.NewInitialState();
  for (size_t i = 0; i < length; ++i) {
    REQUIRE(game.Apply(replay, actions[i]));
    memory.Observe(game, viewer, actions[i], replay);
  }
  State after;
  Rng rng(3);
  memory.For(game, viewer, before).Sample(before, after, rng);

  bool others_changed = false;
  for (int z = 0; z < r.zone_count; ++z) {
    CHECK(before.ZoneSize(z) == after.ZoneSize(z));
    for (uint8_t card : after.Zone(z)) CHECK(after.zone_of[card] == z);
    const Visibility v = r.zones[static_cast<size_t>(r.ZoneFamilyOf(z))].visibility;
    const bool seen =
        v == Visibility::kPublic || (v == Visibility::kOwner && r.ZoneSeat(z) == viewer);
    const bool same =
        std::equal(before.Zone(z).begin(), before.Zone(z).end(), after.Zone(z).begin());
    if (seen) CHECK(same);
    if (v == Visibility::kOwner && r.ZoneSeat(z) != viewer && !same)
      others_changed = true;
  }
  CHECK(others_changed);
  // The viewer's decision is still open and each of its actions applies.
  ActionList legal;
  game.LegalActions(after, legal);
  REQUIRE(legal.count > 0);
  for (const Action& a : legal) {
    State trial = after;
    CHECK(game.Apply(trial, a).ok());
  }
}

TEST_CASE("MakeBot knows random, greedy and greedy:N", "[bots]") {
  CHECK(MakeBot("random").value()->name() == "random");
  CHECK(MakeBot("greedy").value()->name() == "greedy");
  CHECK(MakeBot("greedy:9").value()->name() == "greedy:9");
  CHECK(MakeBot("greedy:4").value()->name() == "greedy");
}

TEST_CASE("MakeBot rejects unknown names with a suggestion", "[bots]") {
  auto gredy = MakeBot("gredy");
  REQUIRE_FALSE(gredy.ok());
  CHECK_THAT(gredy.error().message,
             Catch::StartsWith("unknown bot 'gredy' (did you mean 'greedy'?)"));
  CHECK_FALSE(MakeBot("greedy:0").ok());
  CHECK_FALSE(MakeBot("greedy:x").ok());
  CHECK_FALSE(MakeBot("random:3").ok());
  CHECK_FALSE(MakeBot("").ok());
}

TEST_CASE("a searcher plays search games only", "[bots]") {
  auto bots = MakeSeatBots("greedy,spot:careful", 3);
  REQUIRE(bots.ok());
  const Status fit = BotsFit(bots.value(), *Fishing());
  REQUIRE_FALSE(fit.ok());
  CHECK(fit.error().message ==
        "bot 'spot:careful' searches, and fishing has no search: try greedy, random or "
        "ismcts");
  CHECK(BotsFit(bots.value(), *LoadRuleset("falscher-hering").value()).ok());
  CHECK(BotsFit(MakeSeatBots("greedy,random", 3).value(), *Fishing()).ok());
}

TEST_CASE("MakeSeatBots repeats the last bot and counts seats", "[bots]") {
  auto bots = MakeSeatBots("greedy,random", 4);
  REQUIRE(bots.ok());
  REQUIRE(bots.value().size() == 4);
  CHECK(bots.value()[0]->name() == "greedy");
  CHECK(bots.value()[1]->name() == "random");
  CHECK(bots.value()[3]->name() == "random");
  auto defaults = MakeSeatBots("", 3);
  REQUIRE(defaults.ok());
  CHECK(defaults.value()[2]->name() == "random");
  CHECK(MakeSeatBots("random,random,random", 2).error().message ==
        "3 bots given for 2 players");
  // Beside a person (play, serve) the count is of the other seats.
  CHECK(
      MakeSeatBots("random,random,random", 2, BotSeats::kBesidePerson).error().message ==
      "3 bots given for the 2 seats beside yours");
  CHECK(MakeSeatBots("random,random", 1, BotSeats::kBesidePerson).error().message ==
        "2 bots given for the 1 seat beside yours");
  CHECK_FALSE(MakeSeatBots("random,,greedy", 3).ok());
  CHECK_FALSE(MakeSeatBots("random,", 3).ok());
  auto typo = MakeSeatBots("random,randon", 3);
  REQUIRE_FALSE(typo.ok());
  CHECK(typo.errors().size() == 1);
}

}  // namespace
}  // namespace angler
