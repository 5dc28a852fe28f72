// House rules on top of a shipped ruleset: named numbers (`numbers:`), card
// groups by name, and the warnings for keys nothing reads.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/rng.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::FormatErrors;

Result<RulesetPtr> Variant(const std::string& text) {
  return LoadRulesetText("house.yaml", text, "");
}

RulesetPtr LoadVariant(const std::string& text) {
  auto r = Variant(text);
  INFO(FormatErrors(r));
  REQUIRE(r.ok());
  return r.value();
}

int NumberOf(const Ruleset& rules, const std::string& name) {
  const int k = rules.FindNumber(name);
  REQUIRE(k >= 0);
  return rules.numbers[static_cast<size_t>(k)].value;
}

int CountNamed(const Ruleset& rules, const std::string& name) {
  int n = 0;
  for (const std::string& c : rules.card_names) n += c == name;
  return n;
}

// Plays a game with the first legal action at each decision and seeded
// chance; returns its end.
State FirstMoves(const Game& game) {
  State s = game.NewInitialState();
  ActionList list;
  Rng rng(7);
  for (int steps = 0; !game.IsTerminal(s) && steps < 100000; ++steps) {
    game.LegalActions(s, list);
    if (game.IsChance(s)) {
      REQUIRE(game.Apply(s, game.SampleChance(s, rng)).ok());
      continue;
    }
    REQUIRE(list.count > 0);
    REQUIRE(game.Apply(s, list.items[0]).ok());
  }
  REQUIRE(game.IsTerminal(s));
  return s;
}

TEST_CASE("house rules: a number's name stands for it in the rules and in YAML",
          "[loader][house_rules]") {
  RulesetPtr fatfish = testing::LoadOrFail("fatfish");
  CHECK(NumberOf(*fatfish, "row_length") == 5);
  CHECK(NumberOf(*fatfish, "row_count") == 3);
  CHECK(fatfish->zones[static_cast<size_t>(fatfish->RowsFamily())].count == 3);

  // One line: four rows; the zone's count and the setup's loop both follow.
  RulesetPtr four = LoadVariant("extends: fatfish\nnumbers: {row_count: 4}\n");
  CHECK(four->zones[static_cast<size_t>(four->RowsFamily())].count == 4);
  Game game(*four, 3);
  State s = game.NewInitialState();
  Rng rng(7);
  while (game.IsChance(s)) {  // the setup's shuffles
    REQUIRE(game.Apply(s, game.SampleChance(s, rng)).ok());
  }
  CHECK(s.decision.kind == DecisionKind::kLay);
  const int first_row = four->zones[static_cast<size_t>(four->RowsFamily())].first;
  for (int row = 0; row < 4; ++row) CHECK(s.ZoneSize(first_row + row) == 1);

  RulesetPtr rows6 = testing::LoadOrFail("fatfish-rows6");
  CHECK(NumberOf(*rows6, "row_length") == 6);
  CHECK(rows6->cards.size() == fatfish->cards.size());
}

TEST_CASE("house rules: a misspelt or clashing number name is an error",
          "[loader][house_rules]") {
  auto typo = Variant("extends: fatfish\nzones:\n  row: {count: row_cout}\n");
  REQUIRE_FALSE(typo.ok());
  CHECK(typo.error().Format() ==
        "house.yaml:3:16: error: expected a whole number, got 'row_cout' (did you "
        "mean 'row_count'?)\n"
        "  3 |   row: {count: row_cout}\n"
        "    |                ^\n");
  auto clash = Variant("extends: fatfish\nnumbers:\n  hand: 5\n");
  REQUIRE_FALSE(clash.ok());
  CHECK(clash.error().message == "'hand' is already a zone");
  CHECK(clash.error().pos.line == 3);
}

// A group the base lacks is new cards: a misspelt name must not add or
// remove nothing in silence.
TEST_CASE("house rules: a misspelt card group is an error, a new one says its cards",
          "[loader][house_rules]") {
  auto renamed = Variant("extends: fishing\ncards:\n  minus_11: {name: \"-5 points\"}\n");
  REQUIRE_FALSE(renamed.ok());
  CHECK(renamed.error().Format() ==
        "house.yaml:3:3: error: a new card group 'minus_11' names its cards' suit or "
        "kind (the base has no group of that name) (did you mean 'minus_1'?)\n"
        "  3 |   minus_11: {name: \"-5 points\"}\n"
        "    |   ^\n");
  auto removed = Variant("extends: fishing\ncards:\n  minus_11: ~\n");
  REQUIRE_FALSE(removed.ok());
  CHECK(removed.error().message ==
        "no card group 'minus_11' to remove (did you mean 'minus_1'?)");
  CHECK(removed.error().pos.line == 3);
  // A new group that says what its cards are is new cards.
  RulesetPtr more = LoadVariant(
      "extends: fishing\ncards:\n  minus_5: {kind: buoy, name: \"-5 points\", effect: "
      "minus_three, stars: 5}\n");
  CHECK(more->cards.size() == testing::LoadOrFail("fishing")->cards.size() + 1);
}

TEST_CASE("house rules: card groups by name are changed, removed and added one by one",
          "[loader][house_rules]") {
  RulesetPtr fishing = testing::LoadOrFail("fishing");
  CHECK(CountNamed(*fishing, "buoy \"-3 points\"") == 2);

  // fishing-short renames both buoys and keeps every card in its place.
  RulesetPtr short_game = testing::LoadOrFail("fishing-short");
  CHECK(CountNamed(*short_game, "buoy \"-3 points\"") == 0);
  CHECK(CountNamed(*short_game, "buoy \"-5 points\"") == 2);
  REQUIRE(short_game->cards.size() == fishing->cards.size());
  CHECK(NumberOf(*short_game, "minus_points") == 5);
  CHECK(NumberOf(*short_game, "rounds") == 6);

  RulesetPtr gentle = testing::LoadOrFail("fishing-gentle");
  CHECK(gentle->cards.size() == fishing->cards.size() - 1);
  CHECK(CountNamed(*gentle, "buoy \"-3 points\"") == 1);

  // A list appended with cards+: comes after the base's named groups.
  RulesetPtr more = LoadVariant(
      "extends: fishing\ncards+:\n  - {suit: green, value: 20, stars: 5}\n"
      "  - {suit: green, value: 21, stars: 5}\n");
  REQUIRE(more->cards.size() == fishing->cards.size() + 2);
  CHECK(more->card_names[fishing->cards.size()] == "green 20");
  CHECK(more->card_names[fishing->cards.size() + 1] == "green 21");
}

TEST_CASE("house rules: the canonical text keeps the cards in order, without names",
          "[loader][house_rules]") {
  for (const char* name : {"fishing", "fishing-gentle", "fatfish"}) {
    INFO(name);
    RulesetPtr rules = testing::LoadOrFail(name);
    auto again = LoadRulesetText("again", rules->canonical_text, "");
    INFO(FormatErrors(again));
    REQUIRE(again.ok());
    CHECK(again.value()->content_hash == rules->content_hash);
    CHECK(again.value()->card_names == rules->card_names);
  }
}

TEST_CASE("house rules: rows of 6 play a game of their own to its end",
          "[loader][house_rules]") {
  RulesetPtr fatfish = testing::LoadOrFail("fatfish");
  RulesetPtr rows6 = testing::LoadOrFail("fatfish-rows6");
  Game a(*fatfish, 3), b(*rows6, 3);
  const State sa = FirstMoves(a), sb = FirstMoves(b);
  CHECK_FALSE(sa.error);
  CHECK_FALSE(sb.error);
  CHECK(sa.ply != sb.ply);
}

TEST_CASE("house rules: keys nothing reads are warnings that name the place",
          "[loader][house_rules]") {
  for (const std::string& name : ShippedRulesets(true)) {
    INFO(name);
    RulesetPtr rules = testing::LoadOrFail(name);
    for (const Diagnostic& d : rules->warnings) INFO(d.Format("warning"));
    CHECK(rules->warnings.empty());
  }

  RulesetPtr typo = LoadVariant("extends: fatfish\nnumbers:\n  row_lenght: 6\n");
  REQUIRE(typo->warnings.size() == 1);
  CHECK(typo->warnings[0].Format("warning") ==
        "house.yaml:3:3: warning: nothing reads the number 'row_lenght' (did you mean "
        "'row_length'?)\n"
        "  3 |   row_lenght: 6\n"
        "    |   ^\n");

  RulesetPtr unread = LoadVariant(
      "extends: fishing\n"
      "tables:\n  hand_size:\n    6: [7, 7, 8, 8, 9, 9, 10, 10]\n"
      "define:\n  unused_rule: round == 1\n"
      "variables:\n  spare: {init: 0}\n"
      "effects:\n  bonus:\n    when: on_play\n    do: score(owner) += 1\n");
  std::vector<std::string> messages;
  for (const Diagnostic& d : unread->warnings) messages.push_back(d.message);
  auto has = [&](const std::string& m) {
    return std::find(messages.begin(), messages.end(), m) != messages.end();
  };
  CHECK(has("nothing reads the definition 'unused_rule'"));
  CHECK(
      has("nothing reads the row for 6 players of the table 'hand_size': the game is for "
          "3..5 players"));
  CHECK(has("nothing reads the variable 'spare'"));
  CHECK(has("no card carries the effect 'bonus'"));
  CHECK(messages.size() == 4);
}

}  // namespace
}  // namespace angler
