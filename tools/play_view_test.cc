#include "tools/play_view.h"

#include <catch2/catch.hpp>

#include "interpreter/loader.h"
#include "interpreter/rng.h"

namespace angler {
namespace {

TEST_CASE("play view: the marks' verdict", "[play_view]") {
  CHECK(MarksVerdict(0b0110, 0b1000000) == "right none; wrong 1, 2; missed 6");
  CHECK(MarksVerdict(0b1001, 0b0011) == "right 0; wrong 3; missed 1");
  CHECK(MarksVerdict(0, 0) == "right none; wrong none; missed none");
}

TEST_CASE("play view: the legend names the colours and the signs", "[play_view]") {
  Formation f;
  f.piece = "fish";
  f.colours = {"blue", "silver"};
  CHECK(PictureLegend(f) ==
        "legend: b = blue, s = silver; [ ] your marks\n"
        "        > and < a fish facing right or left, v and ^ down or up, then its "
        "number\n");
}

TEST_CASE("play view: the asking card and who played it", "[play_view]") {
  PositionView view;
  view.players = {"Anne", "Bob"};
  view.viewpoint = Viewpoint::Seat(0);
  CHECK(AskedText(view) == "");
  view.decision = DecisionView{};
  view.decision->prompt = "choose a card to pass to the left";
  CHECK(AskedText(view) == "choose a card to pass to the left");
  view.decision->asker = "buoy \"pass 1 card to the left\"";
  view.decision->asker_owner = 1;
  CHECK(AskedText(view) ==
        "choose a card to pass to the left (buoy \"pass 1 card to the left\", played by "
        "Bob)");
  view.decision->asker_owner = 0;
  CHECK(AskedText(view) ==
        "choose a card to pass to the left (buoy \"pass 1 card to the left\")");
  view.decision->prompt = "pass on for buoy \"pass 1 card to the left\"";
  CHECK(AskedText(view) == "pass on for buoy \"pass 1 card to the left\"");
}

TEST_CASE("play view: a lay picked row first, then card by card", "[play_view]") {
  auto rules = LoadRuleset("fatfish");
  REQUIRE(rules.ok());
  const Game game(*rules.value(), 3);
  State s = game.NewInitialState();
  Rng rng(5);
  while (game.IsChance(s)) REQUIRE(game.Apply(s, game.SampleChance(s, rng)));
  ActionList legal;
  game.LegalActions(s, legal);
  REQUIRE(legal.count > 0);
  LayPicker picker(game, s, {legal.begin(), legal.end()});
  CHECK(picker.Question() == "choose the row to lay on");
  REQUIRE(!picker.options().empty());
  for (const auto& o : picker.options()) CHECK(o.kind == LayPicker::Kind::kRow);
  CHECK(picker.options()[0].text.rfind("row 1: ", 0) == 0);
  CHECK_FALSE(picker.Pick(0));
  CHECK(picker.Question() == "lay on row 1: choose the first card");
  // Every step lists each card once, plus the way back: never the orderings.
  std::optional<Action> lay;
  size_t steps = 0;
  while (!lay) {
    REQUIRE(++steps < 10);
    const auto& options = picker.options();
    CHECK(options.size() <= 6);
    CHECK(options.back().kind == LayPicker::Kind::kBack);
    std::vector<std::string> seen;
    for (const auto& o : options) {
      CHECK(std::find(seen.begin(), seen.end(), o.text) == seen.end());
      seen.push_back(o.text);
    }
    lay = picker.Pick(0);  // the first card each time, until the lay is complete
  }
  CHECK(std::find(legal.begin(), legal.end(), *lay) != legal.end());
  CHECK(lay->value == 1);
  // Back from the first card goes back to the rows.
  LayPicker again(game, s, {legal.begin(), legal.end()});
  again.Pick(0);
  again.Pick(again.options().size() - 1);
  CHECK(again.Question() == "choose the row to lay on");
}

}  // namespace
}  // namespace angler
