#include "interpreter/display.h"

#include <catch2/catch.hpp>
#include <string>

#include "interpreter/loader.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::FormatErrors;

const char* const kMini = R"(name: mini
players: 2..3
suits: [red, blue]
zones:
  deck: {setup: true}
  hand: {per_player: true}
  won: {per_player: true}
  trick: {}
variables:
  score: {per_player: true}
  lead_suit: {type: suit, init: none}
cards:
  - {suits: [red, blue], values: 1..4}
setup: |
  shuffle deck
  deal deck to hand
round:
  tricks: count(hand(0))
  end: |
    for p in seats { score(p) += count(won(p)) }
    if score(0) > 6 { end_game "swept" }
trick:
  may_play: true
  winner: highest(played).player
  end: move trick to won(winner)
game:
  end_when: round == 1
  rank: score(p)
)";

Result<RulesetPtr> LoadWith(const std::string& display) {
  return LoadRulesetText("mini.yaml", std::string(kMini) + display, "");
}

TEST_CASE("display: defaults without the key", "[display]") {
  auto r = LoadWith("");
  INFO(FormatErrors(r));
  REQUIRE(r.ok());
  const Display& d = r.value()->display;
  CHECK(d.score == -1);
  CHECK(d.status.empty());
  CHECK(d.IsEarlyEnd(1));  // every named end reason
  CHECK_FALSE(d.IsEarlyEnd(0));
  CHECK(CardBack(*r.value(), 0) == "");
}

TEST_CASE("display: score, status, early ends, colours, backs", "[display]") {
  auto r = LoadWith(
      "display:\n  score: score\n  status: [lead_suit]\n  early_end: swept\n"
      "  colours: {red: red, blue: blue}\n  back: suit\n");
  INFO(FormatErrors(r));
  REQUIRE(r.ok());
  const Ruleset& rules = *r.value();
  CHECK(rules.display.score == rules.FindVariable("score"));
  CHECK(rules.display.status == std::vector<int>{rules.FindVariable("lead_suit")});
  CHECK(rules.display.IsEarlyEnd(1));
  CHECK(rules.display.colours == std::vector<std::string>{"red", "blue"});
  CHECK(CardBack(rules, rules.FindCard("blue 3")) == "blue");
}

TEST_CASE("display: errors name the place and suggest", "[display]") {
  auto unknown = LoadWith("display:\n  scor: score\n");
  REQUIRE_FALSE(unknown.ok());
  CHECK_THAT(FormatErrors(unknown), Catch::Contains("mini.yaml:30:3"));
  CHECK_THAT(FormatErrors(unknown), Catch::Contains("did you mean 'score'?"));
  auto variable = LoadWith("display:\n  status: [lead_siut]\n");
  CHECK_THAT(FormatErrors(variable), Catch::Contains("did you mean 'lead_suit'?"));
  auto end = LoadWith("display:\n  early_end: swep\n");
  CHECK_THAT(FormatErrors(end), Catch::Contains("no end_game statement names 'swep'"));
  CHECK_THAT(FormatErrors(end), Catch::Contains("did you mean 'swept'?"));
  auto score = LoadWith("display:\n  score: lead_suit\n");
  CHECK_THAT(FormatErrors(score), Catch::Contains("per-player whole-number"));
  auto colour = LoadWith("display:\n  colours: {red: rde}\n");
  CHECK_THAT(FormatErrors(colour), Catch::Contains("did you mean 'red'?"));
  auto back = LoadWith("display:\n  back: siut\n");
  CHECK_THAT(FormatErrors(back), Catch::Contains("did you mean 'suit'?"));
}

TEST_CASE("display: tell and zone names", "[display]") {
  auto r = LoadWith(
      "display:\n  tell: {lead_suit: \"the lead is {value}\"}\n"
      "  zones: {won: \"tricks won\"}\n");
  INFO(FormatErrors(r));
  REQUIRE(r.ok());
  const Ruleset& rules = *r.value();
  CHECK(rules.display.tell[static_cast<size_t>(rules.FindVariable("lead_suit"))] ==
        "the lead is {value}");
  CHECK(ZoneFamilyTitle(rules, rules.FindFamily("won")) == "tricks won");
  CHECK(ZoneFamilyTitle(rules, rules.FindFamily("hand")) == "hand");
  auto variable = LoadWith("display:\n  tell: {lead_siut: \"x\"}\n");
  CHECK_THAT(FormatErrors(variable), Catch::Contains("did you mean 'lead_suit'?"));
  auto braces = LoadWith("display:\n  tell: {lead_suit: \"the lead is {suit}\"}\n");
  CHECK_THAT(FormatErrors(braces), Catch::Contains("mini.yaml:30:"));
  CHECK_THAT(FormatErrors(braces), Catch::Contains("may name only {value}"));
  auto zone = LoadWith("display:\n  zones: {wno: \"x\"}\n");
  CHECK_THAT(FormatErrors(zone), Catch::Contains("did you mean 'won'?"));
}

}  // namespace
}  // namespace angler
