#include "tools/ismcts_bot.h"

#include <catch2/catch.hpp>
#include <string>

#include "interpreter/information.h"
#include "tests/test_util.h"
#include "tools/bots.h"
#include "tools/runner.h"

namespace angler {
namespace {

TEST_CASE("ismcts: names and bad parameters", "[ismcts]") {
  auto plain = MakeBot("ismcts");
  REQUIRE(plain.ok());
  REQUIRE(plain.value()->name() == "ismcts");
  auto counted = MakeBot("ismcts:50");
  REQUIRE(counted.ok());
  REQUIRE(counted.value()->name() == "ismcts:50");
  for (const char* bad : {"ismcts:0", "ismcts:x", "ismcts:100001", "ismcts:"}) {
    INFO(bad);
    auto made = MakeBot(bad);
    REQUIRE_FALSE(made.ok());
    REQUIRE(made.error().message.find("ismcts:N") != std::string::npos);
  }
  auto typo = MakeBot("ismct");
  REQUIRE_FALSE(typo.ok());
  REQUIRE(typo.error().message.find("did you mean 'ismcts'") != std::string::npos);
}

TEST_CASE("ismcts: plays every ruleset legally, the same way for a seed", "[ismcts]") {
  for (const char* name : {"fishing", "fischen2", "fatfish", "hearts"}) {
    INFO(name);
    const RulesetPtr rules = testing::LoadOrFail(name);
    const Game game(*rules, 4);
    auto bots = MakeSeatBots("ismcts:20,greedy", 4);
    REQUIRE(bots.ok());
    std::vector<Bot*> seats;
    for (auto& b : bots.value()) seats.push_back(b.get());
    auto first = PlayGame(game, seats, 42);
    INFO((first.ok() ? "" : first.error().message));
    REQUIRE(first.ok());
    REQUIRE_FALSE(first.value().final_state.error);
    auto again = PlayGame(game, seats, 42);
    REQUIRE(again.ok());
    REQUIRE(again.value().actions == first.value().actions);
  }
}

// The bot's choice cannot depend on a card its seat does not see: in a
// position dealt differently where the seat cannot tell, it chooses the same.
TEST_CASE("ismcts: never reads a card its seat cannot see", "[ismcts]") {
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 4);
  IsmctsBot bot(100);
  Information info(game, 2);  // told what the bot is told
  Rng chance(8);
  State s = game.NewInitialState();
  int compared = 0, differ = 0;
  while (!game.IsTerminal(s) && compared < 10) {
    ActionList legal;
    game.LegalActions(s, legal);
    Action a;
    if (game.IsChance(s)) {
      a = game.SampleChance(s, chance);
    } else if (game.CurrentPlayer(s) == 2 && legal.count > 1) {
      State other;
      info.Sample(s, other, chance);
      ActionList other_legal;
      game.LegalActions(other, other_legal);
      REQUIRE(other_legal.count == legal.count);
      Rng r1(99), r2(99);
      a = bot.Choose(game, s, legal, r1);
      REQUIRE(bot.Choose(game, other, other_legal, r2) == a);
      for (int c = 0; c < static_cast<int>(rules.cards.size()); ++c) {
        differ += other.zone_of[c] != s.zone_of[c];
      }
      ++compared;
    } else {
      a = legal.items[chance.Below(static_cast<uint32_t>(legal.count))];
    }
    REQUIRE(game.Apply(s, a));
    bot.Observe(game, 2, a, s);
    info.Observe(a, s);
  }
  REQUIRE(compared == 10);
  REQUIRE(differ > 0);  // the positions compared did differ in hidden cards
}

// The first decision of seat `seat` in a game of random moves from `seed`.
State FirstDecisionOf(const Game& game, int seat, uint64_t seed) {
  Rng rng(seed);
  State s = game.NewInitialState();
  ActionList legal;
  while (!game.IsTerminal(s)) {
    game.LegalActions(s, legal);
    if (!game.IsChance(s) && game.CurrentPlayer(s) == seat && legal.count > 1) break;
    const Action a = game.IsChance(s)
                         ? game.SampleChance(s, rng)
                         : legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
    REQUIRE(game.Apply(s, a));
  }
  return s;
}

TEST_CASE("ismcts: a work budget ends the search early; ismcts:N plays N", "[ismcts]") {
  const Game game(testing::Fishing(), 4);
  const State s = FirstDecisionOf(game, 1, 3);
  ActionList legal;
  game.LegalActions(s, legal);
  REQUIRE(legal.count > 1);
  Information info(game, 1);
  info.Forget(s);
  auto visits = [&](IsmctsBot& bot) {
    Rng rng(1);
    int total = 0;
    for (const auto& m : bot.Search(game, info, s, legal, rng)) total += m.visits;
    return total;
  };
  IsmctsBot counted(300, 0);
  CHECK(visits(counted) == 300);
  IsmctsBot budgeted(300, 1);  // the first playout spends it all
  CHECK(visits(budgeted) == 1);
  // The move played gets a tenth of the playouts when asked, however bad.
  IsmctsBot analyst(300, 0, /*to_game_end=*/true);
  Rng rng(2);
  const auto moves = analyst.Search(game, info, s, legal, rng, &legal.items[0]);
  CHECK(moves[0].visits >= 30);
  for (const auto& m : moves) CHECK((m.visits == 0 || (m.value >= 0 && m.value <= 1)));
}

}  // namespace
}  // namespace angler
