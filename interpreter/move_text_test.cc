// The move notation reads back what it writes, for every action of every
// shipped ruleset, and says why it refuses a move.
#include "interpreter/move_text.h"

#include <catch2/catch.hpp>

#include "interpreter/chance_outcome.h"
#include "interpreter/loader.h"
#include "interpreter/rng.h"
#include "tests/test_util.h"

namespace angler {
namespace {

constexpr int kGamesPerCount = 3;

// At every decision of random playouts: each legal action's text reads back
// as that action, for whole moves and (at a one-player decision) the thing alone.
TEST_CASE("move text: every legal action reads back, every shipped ruleset",
          "[move_text]") {
  for (const std::string& name : ShippedRulesets(true)) {
    const RulesetPtr rules = testing::LoadOrFail(name);
    for (int players = rules->min_players; players <= rules->max_players; ++players) {
      const Game game(*rules, players);
      const std::vector<std::string> names = SeatNames(players);
      for (uint64_t seed = 1; seed <= kGamesPerCount; ++seed) {
        Rng rng(seed * 7919 + static_cast<uint64_t>(players));
        State s = game.NewInitialState();
        ActionList legal;
        int steps = 0;
        while (!game.IsTerminal(s) && steps++ < 3000) {
          Action a;
          if (game.IsChance(s)) {
            a = game.SampleChance(s, rng);
            const std::string text = MoveText(game, s, a, names);
            INFO(name << " " << players << "p seed " << seed << ": " << text);
            const ReadResult back = ReadMove(game, s, text, names);
            REQUIRE(back.ok());
            REQUIRE(*back.action == a);
          } else {
            game.LegalActions(s, legal);
            REQUIRE(legal.count > 0);
            for (const Action& each : legal) {
              const std::string text = MoveText(game, s, each, names);
              INFO(name << " " << players << "p seed " << seed << ": " << text);
              const ReadResult back = ReadMove(game, s, text, names);
              INFO(back.error.message);
              REQUIRE(back.ok());
              REQUIRE(*back.action == each);
            }
            a = legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
          }
          REQUIRE(game.Apply(s, a).ok());
        }
      }
    }
  }
}

struct Trick {
  const Game game{testing::Fishing(), 3};
  State s = game.NewInitialState();
  const std::vector<std::string> names = {"Anne", "Paul", "Debbie"};
  Rng rng{11};

  Trick() {
    while (game.IsChance(s)) REQUIRE(game.Apply(s, game.SampleChance(s, rng)).ok());
  }
  int Mover() const { return game.CurrentPlayer(s); }
  std::string Name(int p) const { return names[static_cast<size_t>(p)]; }
};

TEST_CASE("move text: refusals say why", "[move_text]") {
  Trick t;
  REQUIRE(t.s.decision.kind == DecisionKind::kPlay);
  const int mover = t.Mover();
  const int other = (mover + 1) % 3;
  ActionList legal;
  t.game.LegalActions(t.s, legal);
  const std::string card = ThingText(t.game, t.s, legal.items[0]);

  const ReadResult wrong_seat =
      ReadMove(t.game, t.s, t.Name(other) + " plays " + card, t.names);
  CHECK(wrong_seat.error.reason == MoveRefusal::kNotYourTurn);
  CHECK_THAT(wrong_seat.error.message, Catch::Contains("it is " + t.Name(mover)));

  // A card another player holds.
  const int other_hand =
      t.game.rules().zones[static_cast<size_t>(t.game.rules().hand_family)].first + other;
  const std::string theirs = t.game.rules().card_names[t.s.Zone(other_hand)[0]];
  const ReadResult not_held =
      ReadMove(t.game, t.s, t.Name(mover) + " plays " + theirs, t.names);
  CHECK(not_held.error.reason == MoveRefusal::kNotInHand);
  CHECK_THAT(not_held.error.message,
             Catch::Contains(theirs + " is not in " + t.Name(mover) + "'s hand"));

  const ReadResult nonsense = ReadMove(t.game, t.s, "hello", t.names);
  CHECK(nonsense.error.reason == MoveRefusal::kUnreadable);
  // The verb alone names nothing, and says so (not "'' is not legal").
  const ReadResult verb_alone = ReadMove(t.game, t.s, "play", t.names, {true, {}});
  CHECK(verb_alone.error.reason == MoveRefusal::kUnreadable);
  CHECK(verb_alone.error.message == "'play' alone names nothing: say what to play");

  // At a prompt: the thing alone, in any case.
  std::string upper = card;
  for (char& c : upper)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const ReadResult prompt = ReadMove(t.game, t.s, upper, t.names, {true, {}});
  REQUIRE(prompt.ok());
  CHECK(*prompt.action == legal.items[0]);
  // Spaces typed twice, or a tab, read as one.
  std::string spaced;
  for (char c : upper) spaced += c == ' ' ? std::string(" \t ") : std::string(1, c);
  INFO(spaced);
  const ReadResult loose = ReadMove(t.game, t.s, spaced, t.names, {true, {}});
  REQUIRE(loose.ok());
  CHECK(*loose.action == legal.items[0]);
}

TEST_CASE("move text: seats without names are P1..Pn", "[move_text]") {
  CHECK(SeatNames(3) == std::vector<std::string>{"P1", "P2", "P3"});
}

TEST_CASE("move text: a draw stated by its value reads as a move that draws it",
          "[move_text][table]") {
  // Hearts draws its passing direction among 0..3 after the deal.
  RulesetPtr hearts = LoadRuleset("hearts").value();
  const Game game(*hearts, 4);
  State s = game.NewInitialState();
  for (uint64_t seed = 1; game.IsChance(s) && !s.decision.chance_pick; ++seed)
    REQUIRE(game.Apply(s, Action{ActionKind::kChance, -1, 0, seed}).ok());
  REQUIRE(s.decision.chance_pick);
  const std::vector<std::string> names = {"A", "B", "C", "D"};
  for (int value = 0; value < 4; ++value) {
    Result<Action> drawn = ParseMove(game, s, "draw " + std::to_string(value), names);
    INFO(testing::FormatErrors(drawn));
    REQUIRE(drawn.ok());
    CHECK(OutcomeOf(s, drawn.value().seed).value == value);
  }
  Result<Action> impossible = ParseMove(game, s, "draw 7", names);
  REQUIRE_FALSE(impossible.ok());
  CHECK(impossible.error().message ==
        "the draw cannot give 7: it draws one of 0, 1, 2, 3");
}

}  // namespace
}  // namespace angler
