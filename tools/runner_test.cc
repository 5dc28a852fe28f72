#include "tools/runner.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "interpreter/loader.h"

namespace angler {
namespace {

RulesetPtr Fishing() {
  Result<RulesetPtr> rules = LoadRuleset("fishing");
  REQUIRE(rules.ok());
  return rules.value();
}

GameResult MustPlay(const Game& game, const std::vector<Bot*>& seats, uint64_t seed) {
  Result<GameResult> played = PlayGame(game, seats, seed);
  REQUIRE(played.ok());
  return std::move(played).value();
}

TEST_CASE("DeriveSeed is the SplitMix64 sequence from the seed", "[runner]") {
  uint64_t state = 42;
  const uint64_t first = SplitMix64(state);
  const uint64_t second = SplitMix64(state);
  CHECK(DeriveSeed(42, 0) == first);
  CHECK(DeriveSeed(42, 1) == second);
  CHECK(DeriveSeed(42, 0) != DeriveSeed(43, 0));
}

TEST_CASE("The same seed plays the same game", "[runner]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 4);
  RandomBot random;
  GreedyBot greedy(1);
  const std::vector<Bot*> seats = {&greedy, &random, &random, &random};
  const GameResult a = MustPlay(game, seats, 7);
  const GameResult b = MustPlay(game, seats, 7);
  CHECK(a.final_state.over);
  CHECK(a.actions.size() > 40);
  CHECK(a.actions == b.actions);
  CHECK(a.winners == b.winners);
  CHECK(std::memcmp(&a.final_state, &b.final_state, sizeof(State)) == 0);
  CHECK(MustPlay(game, seats, 8).actions != a.actions);
}

TEST_CASE("A game played in a kept result is the game played afresh", "[runner]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 4);
  RandomBot random;
  const std::vector<Bot*> seats(4, &random);
  // One result, kept from game to game as a simulation keeps it: nothing of
  // the game before may show in the next (a longer game first, then shorter).
  GameResult kept;
  uint64_t chain = 42;  // a run's hash so far
  for (uint64_t seed : {11u, 12u, 13u, 11u}) {
    INFO("seed " << seed);
    REQUIRE(PlayGame(game, seats, seed, kept, chain).ok());
    const GameResult fresh = MustPlay(game, seats, seed);
    CHECK(kept.seed == seed);
    CHECK(kept.actions == fresh.actions);
    CHECK(kept.winners == fresh.winners);
    CHECK(std::memcmp(&kept.final_state, &fresh.final_state, sizeof(State)) == 0);
    // The hashes taken while playing are those of the actions played.
    uint64_t own = kFnvOffset;
    for (const Action& a : fresh.actions) {
      own = Fnv1aWord(own, ActionWord(a));
      chain = Fnv1aWord(chain, ActionWord(a));
    }
    CHECK(kept.actions_hash == own);
    CHECK(fresh.actions_hash == own);
    CHECK(kept.chained_hash == chain);
  }
}

TEST_CASE("Replaying a game's actions reproduces its final state exactly", "[runner]") {
  const RulesetPtr rules = Fishing();
  for (int players = rules->min_players; players <= rules->max_players; ++players) {
    const Game game(*rules, players);
    RandomBot random;
    const std::vector<Bot*> seats(static_cast<size_t>(players), &random);
    for (uint64_t seed : {1u, 2u, 3u}) {
      const GameResult played = MustPlay(game, seats, seed);
      Result<State> replayed = ReplayActions(game, played.actions);
      REQUIRE(replayed.ok());
      CHECK(std::memcmp(&replayed.value(), &played.final_state, sizeof(State)) == 0);
    }
  }
}

// Counts what it is shown; plays at random.
class CountingBot : public RandomBot {
 public:
  explicit CountingBot(bool observes) : observes_(observes) {}
  void Observe(const Game& /*game*/, int seat, const Action& /*action*/,
               const State& /*after*/) override {
    ++observed;
    last_seat = seat;
  }
  bool observes() const override { return observes_; }
  int observed = 0;
  int last_seat = -1;

 private:
  bool observes_;
};

TEST_CASE("Every action is shown to each bot that observes, and only to those",
          "[runner]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 4);
  CountingBot watcher(true), other_watcher(true), quiet(false);
  RandomBot random;
  const std::vector<Bot*> seats = {&quiet, &watcher, &random, &other_watcher};
  const GameResult played = MustPlay(game, seats, 3);
  const int actions = static_cast<int>(played.actions.size());
  CHECK(actions > 100);
  CHECK(watcher.observed == actions);
  CHECK(watcher.last_seat == 1);
  CHECK(other_watcher.observed == actions);
  CHECK(other_watcher.last_seat == 3);
  CHECK(quiet.observed == 0);
  CHECK_FALSE(random.observes());
  CHECK(GreedyBot().observes());
}

TEST_CASE("Bots draw from their own seat's stream", "[runner]") {
  // Seat 0 changes from random to greedy: the shuffles of round 1 do not move.
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 4);
  RandomBot random;
  GreedyBot greedy(1);
  const GameResult with_random = MustPlay(game, {&random, &random, &random, &random}, 5);
  const GameResult with_greedy = MustPlay(game, {&greedy, &random, &random, &random}, 5);
  REQUIRE(with_random.actions[0].kind == ActionKind::kChance);
  CHECK(with_random.actions[0] == with_greedy.actions[0]);
}

TEST_CASE("A uniform pick drawn from the options plays as one from the listed actions",
          "[runner]") {
  // RandomBot's own Choose, handed the listed actions: the runner's shortcut
  // (Bot::picks_uniformly) off.
  struct ListedRandomBot : RandomBot {
    bool picks_uniformly() const override { return false; }
  };
  RandomBot random;
  ListedRandomBot listed;
  CHECK(random.picks_uniformly());
  for (const std::string& name : ShippedRulesets(true)) {
    Result<RulesetPtr> rules = LoadRuleset(name);
    REQUIRE(rules.ok());
    const int players =
        std::clamp(4, rules.value()->min_players, rules.value()->max_players);
    const Game game(*rules.value(), players);
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      INFO(name << " seed " << seed);
      const GameResult drawn = MustPlay(game, std::vector<Bot*>(players, &random), seed);
      const GameResult chosen = MustPlay(game, std::vector<Bot*>(players, &listed), seed);
      CHECK(drawn.actions == chosen.actions);
      CHECK(std::memcmp(&drawn.final_state, &chosen.final_state, sizeof(State)) == 0);
    }
  }
}

TEST_CASE("An action other than the one AskBot drew is applied as itself", "[runner]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 4);
  RandomBot random;
  GameRun run(game, 9);
  int tried = 0;
  while (!run.over() && tried < 20) {
    if (game.IsChance(run.state())) {
      REQUIRE(run.Apply(run.SampleChance()).ok());
      continue;
    }
    const Action drawn = run.AskBot(random);
    const ActionList& legal = run.legal();
    Action other = drawn;
    for (const Action& a : legal) other = a == drawn ? other : a;
    if (!(other == drawn)) ++tried;
    State expected = run.state();
    REQUIRE(game.Apply(expected, other).ok());
    REQUIRE(run.Apply(other).ok());
    CHECK(std::memcmp(&expected, &run.state(), sizeof(State)) == 0);
    CHECK(run.actions().back() == other);
  }
  CHECK(tried == 20);
}

TEST_CASE("GameRun::Replay keeps the chance outcomes still to come", "[runner]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 3);
  RandomBot random;
  const std::vector<Bot*> seats(3, &random);
  const GameResult whole = MustPlay(game, seats, 17);
  // Half the game replayed into a restarted run, then the rest played by the
  // recorded moves, except that every chance outcome is drawn afresh: they
  // come out as the whole game had them (the first round's deal included,
  // so the replayed half drew the stream as the game did).
  GameRun run(game, 17);
  REQUIRE(run.Apply(run.SampleChance()).ok());
  run.Restart();
  CHECK(run.actions().empty());
  const size_t half = whole.actions.size() / 2;
  for (size_t i = 0; i < half; ++i) REQUIRE(run.Replay(whole.actions[i]).ok());
  int chances = 0;
  for (size_t i = half; i < whole.actions.size(); ++i) {
    if (game.IsChance(run.state())) {
      ++chances;
      CHECK(run.SampleChance() == whole.actions[i]);
    }
    REQUIRE(run.Apply(whole.actions[i]).ok());
  }
  CHECK(chances > 0);
  CHECK(run.over());
}

TEST_CASE("GameRun refuses an illegal action and keeps its state", "[runner]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 3);
  GameRun run(game, 1);
  while (game.IsChance(run.state())) REQUIRE(run.Apply(run.SampleChance()).ok());
  REQUIRE(run.legal().count > 0);
  const State before = run.state();
  const size_t recorded = run.actions().size();
  Action wrong = run.legal().items[0];
  wrong.player = static_cast<int8_t>((wrong.player + 1) % 3);
  CHECK_FALSE(run.Apply(wrong).ok());
  CHECK(std::memcmp(&before, &run.state(), sizeof(State)) == 0);
  CHECK(run.actions().size() == recorded);
}

TEST_CASE("A bot that breaks the rules fails the game with its seat named", "[runner]") {
  struct CheatingBot : Bot {
    // A real card that is not among the options: one already in the trick, or
    // one of the other seats' cards.
    Action Choose(const Game&, const State& state, const ActionList& legal,
                  Rng&) override {
      Action a = legal.items[0];
      for (int card = 0; card < kMaxCards; ++card) {
        bool offered = false;
        for (const Action& b : legal) offered |= (b.value == card);
        if (!offered && state.zone_of[card] != state.zone_of[legal.items[0].value]) {
          a.value = static_cast<int16_t>(card);
          break;
        }
      }
      return a;
    }
    std::string name() const override { return "cheat"; }
    std::unique_ptr<Bot> Clone() const override {
      return std::make_unique<CheatingBot>();
    }
  };
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 3);
  CheatingBot cheat;
  RandomBot random;
  Result<GameResult> played = PlayGame(game, {&random, &cheat, &cheat}, 3);
  REQUIRE_FALSE(played.ok());
  CHECK_THAT(played.error().message, Catch::Contains("(cheat)"));
  CHECK_THAT(played.error().message, Catch::Contains("game seed 3"));
  // In a kept result: the same error, and the game as far as it went.
  GameResult kept;
  const Status failed = PlayGame(game, {&random, &cheat, &cheat}, 3, kept);
  REQUIRE_FALSE(failed.ok());
  CHECK(failed.error().message == played.error().message);
  CHECK_FALSE(kept.final_state.over);
  CHECK(kept.actions.size() == kept.final_state.ply);
}

}  // namespace
}  // namespace angler
