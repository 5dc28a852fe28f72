// Fishing, checked against its rule text (the publisher's English rules) and
// the project's rulings F1-F8 (docs/rulings.md): each test builds
// a position by hand, plays it move by move and asserts what the rules say.
#include "tests/fishing_rulings.h"

namespace angler {
namespace fishing_rulings {
namespace {

// ---------------------------------------------------------------------------
// Setup and F1.

TEST_CASE("F1 the first seat leads the first round; setup as in the rule text",
          "[fishing][F1]") {
  const Ruleset& rules = Fishing();
  struct Case {
    int players, hand, box;
  };
  for (Case c : {Case{3, 10, 10}, Case{4, 9, 4}, Case{5, 8, 0}}) {
    Table t(rules, c.players, rules.entry_setup);
    t.s = t.game.NewInitialState();
    t.Shuffles(100);
    INFO(c.players << " players");
    ExpectDecision(t, DecisionKind::kPlay, 0);
    CHECK(t.Get("round") == 1);
    CHECK(t.Get("tricks") == c.hand);
    for (int p = 0; p < c.players; ++p) CHECK(t.s.ZoneSize(t.Hand(p)) == c.hand);
    CHECK(t.s.ZoneSize(rules.setup_zone) == c.box);
    CHECK(t.s.ZoneSize(Ocean(t)) == 60);
    // The removed starting cards stay in the box.
    if (c.players == 3) {
      CHECK(t.Sorted(rules.setup_zone) ==
            SortedNames({"blue 1", "blue 2", "blue 3", "purple 1", "purple 2", "red 1",
                         "red 2", "red 3", "yellow 1", "yellow 2"}));
    } else if (c.players == 4) {
      CHECK(t.Sorted(rules.setup_zone) ==
            SortedNames({"blue 1", "purple 1", "red 1", "yellow 1"}));
    }
    // The ocean: 5-star cards at the bottom, then 4 stars ... 1 star on top.
    auto ocean = t.s.Zone(Ocean(t));
    for (size_t i = 0; i < ocean.size(); ++i) {
      CHECK(rules.cards[ocean[i]].stars == 5 - static_cast<int>(i / 12));
    }
    // No starting card is in the ocean, no ocean card in a hand.
    for (int p = 0; p < c.players; ++p) {
      for (uint8_t card : t.s.Zone(t.Hand(p))) CHECK(rules.cards[card].stars == 0);
    }
  }
}

// ---------------------------------------------------------------------------
// Following suit, F2 and F3.

TEST_CASE("F2 a buoy lead: the first colour card played after it sets the suit",
          "[fishing][F2]") {
  Table t = MidRound(3);
  t.Give(0, {kMinus3, "blue 4"});
  t.Give(1, {"red 5", "blue 2", "green 1"});
  t.Give(2, {"red 7", "blue 9", "green 3"});
  t.Continue();
  ExpectDecision(t, DecisionKind::kPlay, 0);
  t.Play(0, kMinus3);
  // Only a buoy in the trick: nothing to follow yet.
  CHECK(t.LegalSorted() == SortedNames({"red 5", "blue 2", "green 1"}));
  t.Play(1, "red 5");
  CHECK(t.Legal() == Names{"red 7"});
  t.Play(2, "red 7");
  // Red was led by the first colour card: the red 7 wins.
  CHECK(t.Get("winner") == 2);
  CHECK(t.Sorted(Fisher(t, 2)) == SortedNames({kMinus3, "red 5", "red 7"}));
  CHECK(t.Get("score", 2) == -3);
  ExpectDecision(t, DecisionKind::kPlay, 2);
}

TEST_CASE("F2 a trick of buoys only is caught by the first buoy", "[fishing][F2]") {
  Table t = MidRound(3);
  t.Give(0, {kMinus3, "blue 4", "red 4"});  // the red 4 keeps a card for trick 3
  t.Give(1, {kLowest, "blue 2"});
  t.Give(2, {kPlayFirst, "blue 9"});
  t.Continue();
  t.Play(0, kMinus3);
  t.Play(1, kLowest);
  t.Play(2, kPlayFirst);
  CHECK(t.Get("winner") == 0);
  CHECK(t.Sorted(Fisher(t, 0)) == SortedNames({kMinus3, kLowest, kPlayFirst}));
  CHECK(t.Get("score", 0) == -3);
  // Their next-trick effects: seat 2 leads, the lowest card wins.
  ExpectDecision(t, DecisionKind::kPlay, 2);
  CHECK(t.Get("lowest_value_wins") == 1);
  t.Play(2, "blue 9");
  t.Play(0, "blue 4");
  t.Play(1, "blue 2");
  CHECK(t.Get("winner") == 1);
}

TEST_CASE("F3 a player who cannot follow may play any card, trump included",
          "[fishing][F3]") {
  Table t = MidRound(3);
  t.Give(0, {"red 5", "green 5"});
  t.Give(1, {"blue 3", "green 2", "yellow 4"});
  t.Give(2, {"red 9", "green 9", "blue 1"});
  t.Continue();
  t.Play(0, "red 5");
  CHECK(t.LegalSorted() == SortedNames({"blue 3", "green 2", "yellow 4"}));
  t.Play(1, "green 2");
  // Whoever holds the led colour must follow it, even to lose to a trump.
  CHECK(t.Legal() == Names{"red 9"});
  t.Play(2, "red 9");
  CHECK(t.Get("winner") == 1);  // trump beats colour
  CHECK(t.Sorted(Fisher(t, 1)) == SortedNames({"red 5", "green 2", "red 9"}));
  // A trump lead must be followed with trump; without trump, anything.
  ExpectDecision(t, DecisionKind::kPlay, 1);
  t.Play(1, "yellow 4");
  t.Play(2, "blue 1");
  CHECK(t.Get("winner") == 1);
}

TEST_CASE("F3 a trump lead must be followed with trump", "[fishing][F3]") {
  Table t = MidRound(3);
  t.Give(0, {"green 5", "red 2"});
  t.Give(1, {"green 1", "red 18", kCall});
  t.Give(2, {"blue 3", "yellow 17"});
  t.Continue();
  t.Play(0, "green 5");
  CHECK(t.LegalSorted() ==
        SortedNames({"green 1", kCall}));  // buoys may always be played
  t.Play(1, "green 1");
  CHECK(t.LegalSorted() == SortedNames({"blue 3", "yellow 17"}));
  t.Play(2, "yellow 17");
  CHECK(t.Get("winner") == 0);
}

// ---------------------------------------------------------------------------
// F4: the "0" cards.

TEST_CASE(
    "F4 catch 1 other card: a 0 follows suit, picks any other card, the winner stays",
    "[fishing][F4]") {
  Table t = MidRound(3);
  t.Give(0, {"red 5", "blue 6"});
  t.Give(1, {"red 0", "blue 9"});
  t.Give(2, {"red 9", "blue 7"});
  t.Continue();
  t.Play(0, "red 5");
  CHECK(t.Legal() == Names{"red 0"});  // a red 0 is a red card
  t.Play(1, "red 0");
  t.Play(2, "red 9");
  ExpectDecision(t, DecisionKind::kChoose, 1);
  CHECK(t.s.decision.remaining == 1);
  CHECK(t.LegalSorted() == SortedNames({"red 5", "red 9"}));  // the highest card included
  t.Choose(1, "red 9", TrickZone(t));
  CHECK(t.Get("winner") == 2);
  CHECK(t.Names(Fisher(t, 1)) == Names{"red 9"});
  CHECK(t.Sorted(Fisher(t, 2)) == SortedNames({"red 0", "red 5"}));
  ExpectDecision(t, DecisionKind::kPlay, 2);  // the winner leads, having lost its card
}

TEST_CASE("F4 catch 1 other card: the green 0 is trump 0", "[fishing][F4]") {
  Table t = MidRound(3);
  t.Give(0, {"red 5", "blue 6"});
  t.Give(1, {"green 0", "blue 9"});
  t.Give(2, {"red 9", "blue 7"});
  t.Continue();
  t.Play(0, "red 5");
  t.Play(1, "green 0");
  t.Play(2, "red 9");
  CHECK(t.Get("winner") == 1);  // trump 0 beats every colour card
  ExpectDecision(t, DecisionKind::kChoose, 1);
  CHECK(t.LegalSorted() == SortedNames({"red 5", "red 9"}));
  t.Choose(1, "red 5", TrickZone(t));
  CHECK(t.Sorted(Fisher(t, 1)) == SortedNames({"green 0", "red 5", "red 9"}));
}

TEST_CASE("F4 catch 1 other card: a 0 may take a buoy", "[fishing][F4][F6]") {
  Table t = MidRound(3);
  t.Give(0, {"yellow 0", "blue 6"});
  t.Give(1, {"yellow 4", "blue 9"});
  t.Give(2, {kMinus3, "yellow 13"});
  t.Continue();
  t.Play(0, "yellow 0");  // a 0 may lead
  t.Play(1, "yellow 4");
  CHECK(t.LegalSorted() == SortedNames({kMinus3, "yellow 13"}));
  t.Play(2, kMinus3);
  ExpectDecision(t, DecisionKind::kChoose, 0);
  CHECK(t.LegalSorted() == SortedNames({kMinus3, "yellow 4"}));
  t.Choose(0, kMinus3, TrickZone(t));
  CHECK(t.Get("winner") == 1);
  CHECK(t.Names(Fisher(t, 0)) == Names{kMinus3});
  CHECK(t.Sorted(Fisher(t, 1)) == SortedNames({"yellow 0", "yellow 4"}));
  CHECK(t.Get("score", 0) == -3);  // F6: whoever puts it on their fisher
  CHECK(t.Get("score", 1) == 0);
}

TEST_CASE("F4 catch 1 other card: several 0s choose in play order", "[fishing][F4]") {
  Table t = MidRound(4);
  t.Give(0, {"red 0", "blue 2"});
  t.Give(1, {"red 8", "blue 3"});
  t.Give(2, {"red 3", "blue 4"});
  t.Give(3, {"green 0", "blue 5"});
  t.Continue();
  t.Play(0, "red 0");
  t.Play(1, "red 8");
  t.Play(2, "red 3");
  t.Play(3, "green 0");
  CHECK(t.Get("winner") == 3);
  ExpectDecision(t, DecisionKind::kChoose, 0);
  CHECK(t.LegalSorted() == SortedNames({"red 8", "red 3", "green 0"}));
  t.Choose(0, "green 0", TrickZone(t));
  // The green 0 was caught, yet its effect still comes, with what is left.
  ExpectDecision(t, DecisionKind::kChoose, 3);
  CHECK(t.LegalSorted() == SortedNames({"red 0", "red 8", "red 3"}));
  t.Choose(3, "red 8", TrickZone(t));
  CHECK(t.Names(Fisher(t, 0)) == Names{"green 0"});
  CHECK(t.Sorted(Fisher(t, 3)) == SortedNames({"red 0", "red 3", "red 8"}));
  ExpectDecision(t, DecisionKind::kPlay, 3);
}

// ---------------------------------------------------------------------------
// F5: "catch all other cards".

TEST_CASE("F5 catch all other cards: a later 0 catches the buoy, further 0s get nothing",
          "[fishing][F5]") {
  Table t = MidRound(4);
  t.Give(0, {"red 9", "blue 2"});
  t.Give(1, {kCatchAll, "blue 3"});
  t.Give(2, {"red 0", "blue 4"});
  t.Give(3, {"blue 0", "yellow 5"});
  t.Continue();
  t.Play(0, "red 9");
  t.Play(1, kCatchAll);
  t.Play(2, "red 0");
  CHECK(t.LegalSorted() == SortedNames({"blue 0", "yellow 5"}));
  t.Play(3, "blue 0");
  CHECK(t.Get("winner") == 0);
  // The buoy resolves first and takes the other three cards, the 0s included.
  ExpectDecision(t, DecisionKind::kChoose, 2);
  CHECK(t.Legal() == Names{kCatchAll});
  t.Choose(2, kCatchAll, TrickZone(t));
  // The blue 0 finds the trick empty: no decision; the winner catches nothing.
  CHECK(t.Sorted(Fisher(t, 1)) == SortedNames({"red 9", "red 0", "blue 0"}));
  CHECK(t.Names(Fisher(t, 2)) == Names{kCatchAll});
  CHECK(t.s.ZoneSize(Fisher(t, 0)) == 0);
  CHECK(t.s.ZoneSize(Fisher(t, 3)) == 0);
  CHECK(t.s.ZoneSize(TrickZone(t)) == 0);
  ExpectDecision(t, DecisionKind::kPlay, 0);  // the winner leads the next trick
}

TEST_CASE("F5 catch all other cards: a 0 played before it chooses first",
          "[fishing][F5]") {
  Table t = MidRound(3);
  t.Give(0, {"red 0", "blue 2"});
  t.Give(1, {"red 9", "blue 3"});
  t.Give(2, {kCatchAll, "blue 4"});
  t.Continue();
  t.Play(0, "red 0");
  t.Play(1, "red 9");
  t.Play(2, kCatchAll);
  CHECK(t.Get("winner") == 1);

  SECTION("the 0 takes the highest card") {
    ExpectDecision(t, DecisionKind::kChoose, 0);
    CHECK(t.LegalSorted() == SortedNames({"red 9", kCatchAll}));
    t.Choose(0, "red 9", TrickZone(t));
    CHECK(t.Names(Fisher(t, 0)) == Names{"red 9"});
    CHECK(t.Names(Fisher(t, 2)) == Names{"red 0"});
    CHECK(t.Names(Fisher(t, 1)) == Names{kCatchAll});
  }
  SECTION("the 0 takes the buoy, which still catches the rest") {
    t.Choose(0, kCatchAll, TrickZone(t));
    CHECK(t.Names(Fisher(t, 0)) == Names{kCatchAll});
    CHECK(t.Sorted(Fisher(t, 2)) == SortedNames({"red 0", "red 9"}));
    CHECK(t.s.ZoneSize(Fisher(t, 1)) == 0);
  }
  ExpectDecision(t, DecisionKind::kPlay, 1);
}

// ---------------------------------------------------------------------------
// F6: "-3 points".

TEST_CASE("F6 -3 points go to whoever puts the buoy on their fisher", "[fishing][F6]") {
  SECTION("caught with the trick") {
    Table t = MidRound(3);
    t.Give(0, {"red 9", "blue 2"});
    t.Give(1, {kMinus3, "blue 3"});
    t.Give(2, {"red 4", "blue 4"});
    t.Continue();
    t.Play(0, "red 9");
    t.Play(1, kMinus3);
    t.Play(2, "red 4");
    CHECK(t.Get("score", 0) == -3);
    CHECK(t.Get("score", 1) == 0);
    CHECK(t.Get("score", 2) == 0);
  }
  SECTION("taken by catch all other cards") {
    Table t = MidRound(3);
    t.Give(0, {"red 9", "blue 2"});
    t.Give(1, {kMinus3, "blue 3"});
    t.Give(2, {kCatchAll, "blue 4"});
    t.Continue();
    t.Play(0, "red 9");
    t.Play(1, kMinus3);
    t.Play(2, kCatchAll);
    CHECK(t.Sorted(Fisher(t, 2)) == SortedNames({"red 9", kMinus3}));
    CHECK(t.Names(Fisher(t, 0)) == Names{kCatchAll});
    CHECK(t.Get("score", 0) == 0);
    CHECK(t.Get("score", 2) == -3);
  }
  SECTION("both in one trick") {
    Table t = MidRound(3);
    t.Give(0, {"red 9", "blue 2"});
    t.Give(1, {kMinus3, "blue 3"});
    t.Give(2, {kMinus3, "blue 4"});
    t.Continue();
    t.Play(0, "red 9");
    t.Play(1, kMinus3);
    t.Play(2, kMinus3);
    CHECK(t.Get("score", 0) == -6);
  }
}

TEST_CASE("F6 -3 points: at round end the buoy counts 1 point like any card",
          "[fishing][F6]") {
  Table t = LastTrickOfGame(3);
  t.Give(0, {"red 9"});
  t.Give(1, {kMinus3});
  t.Give(2, {"red 4"});
  t.Continue();
  t.Play(0, "red 9");
  t.Play(1, kMinus3);
  t.Play(2, "red 4");
  t.Shuffles();
  REQUIRE(t.s.over);
  CHECK(t.Get("score", 0) == 0);  // -3 + 3 cards
  CHECK(t.Get("score", 1) == 0);
  CHECK(t.s.ZoneSize(Boat(t, 0)) == 3);
  CHECK(t.game.Winners(t.s) == std::vector<int>{0, 1, 2});
}

// ---------------------------------------------------------------------------
// F7: "pass 1 card to the left".

TEST_CASE("F7 pass 1 card to the left: all choose, then all pass at once",
          "[fishing][F7]") {
  Table t = MidRound(3);
  t.Give(0, {kPass, "blue 4", "blue 5"});
  t.Give(1, {"red 6", "yellow 6", "yellow 7"});
  t.Give(2, {"red 8", "purple 4", "purple 5"});
  t.Continue();
  t.Play(0, kPass);
  t.Play(1, "red 6");
  t.Play(2, "red 8");
  CHECK(t.Get("winner") == 2);
  ExpectDecision(t, DecisionKind::kChoose, 0);
  CHECK(t.LegalSorted() == SortedNames({"blue 4", "blue 5"}));
  t.Choose(0, "blue 4", t.Hand(0));
  ExpectDecision(t, DecisionKind::kChoose, 1);
  CHECK(t.LegalSorted() ==
        SortedNames({"yellow 6", "yellow 7"}));  // nothing received yet
  t.Choose(1, "yellow 7", t.Hand(1));
  ExpectDecision(t, DecisionKind::kChoose, 2);
  CHECK(t.LegalSorted() == SortedNames({"purple 4", "purple 5"}));
  t.Choose(2, "purple 5", t.Hand(2));
  CHECK(t.Sorted(t.Hand(0)) == SortedNames({"blue 5", "purple 5"}));
  CHECK(t.Sorted(t.Hand(1)) == SortedNames({"yellow 6", "blue 4"}));
  CHECK(t.Sorted(t.Hand(2)) == SortedNames({"purple 4", "yellow 7"}));
  for (int p = 0; p < 3; ++p) CHECK(t.s.ZoneSize(t.Zone("passing", p)) == 0);
  CHECK(t.Sorted(Fisher(t, 2)) == SortedNames({kPass, "red 6", "red 8"}));
  ExpectDecision(t, DecisionKind::kPlay, 2);
}

TEST_CASE("F7 pass 1 card to the left: with empty hands nothing happens",
          "[fishing][F7]") {
  Table t = LastTrickOfGame(3);
  t.Give(0, {kPass});
  t.Give(1, {"red 6"});
  t.Give(2, {"red 8"});
  t.Continue();
  t.Play(0, kPass);
  t.Play(1, "red 6");
  t.Play(2, "red 8");
  CHECK(t.s.decision.kind != DecisionKind::kChoose);
  t.Shuffles();
  REQUIRE(t.s.over);
  CHECK(t.Get("score", 2) == 3);
}

// ---------------------------------------------------------------------------
// F8: "for the next trick" buoys.

TEST_CASE("F8 next-trick buoys played in a round's last trick do nothing",
          "[fishing][F8]") {
  Table t(Fishing(), 4, Fishing().entry_trick);
  t.Set("round", 1);
  t.Set("tricks", 9);
  t.Set("trick_number", 8);
  t.Give(0, {"red 9"});
  t.Give(1, {kCall});
  t.Give(2, {kLowest});
  t.Give(3, {kPlayFirst});
  t.PutAny(Ocean(t), 40);
  t.Continue();
  t.Play(0, "red 9");
  t.Play(1, kCall);
  t.Play(2, kLowest);
  t.Play(3, kPlayFirst);
  t.Shuffles();
  // Round 2: no call to make, the normal leader (fewest points, earliest in
  // the last trick: seat 1), not the "play the 1st card" player.
  CHECK(t.Get("round") == 2);
  ExpectDecision(t, DecisionKind::kPlay, 1);
  CHECK(t.Get("called") == kNone);
  CHECK(t.Get("caller") == kNone);
  CHECK(t.Get("lowest_value_wins") == 0);
  CHECK(t.Get("score", 0) == 4);
  for (int p = 0; p < 4; ++p) CHECK(t.s.ZoneSize(t.Hand(p)) == 9);
}

TEST_CASE("F8 two buoys of one kind in a trick: the later one takes effect",
          "[fishing][F8]") {
  auto rules =
      testing::LoadOrFail(std::string(ANGLER_TEST_DIR) + "/data/fishing_doubles.yaml");
  REQUIRE(rules->cards.size() == 102);
  CHECK(rules->card_names[100] == kCall);
  CHECK(rules->card_names[101] == kPlayFirst);

  SECTION("call the color") {
    Table t = MidRound(3, 5, *rules);
    t.Give(0, {"red 9", "blue 4", "yellow 5"});
    t.Give(1, {kCall, "blue 6", "yellow 6"});
    t.Give(2, {kCall, "blue 7", "yellow 7"});
    t.Continue();
    t.Play(0, "red 9");
    t.Play(1, kCall);
    t.Play(2, kCall);
    // Both calls are made, in play order; the second one stands.
    ExpectDecision(t, DecisionKind::kOption, 1);
    t.ChooseSuit(1, "blue");
    ExpectDecision(t, DecisionKind::kOption, 2);
    t.ChooseSuit(2, "yellow");
    CHECK(t.Get("called") == t.Suit("yellow"));
    CHECK(t.Get("caller") == 2);
    ExpectDecision(t, DecisionKind::kPlay, 0);
    CHECK(t.Legal() == Names{"yellow 5"});
  }
  SECTION("play the 1st card") {
    Table t = MidRound(3, 5, *rules);
    t.Give(0, {"red 9", "blue 4"});
    t.Give(1, {kPlayFirst, "blue 6"});
    t.Give(2, {kPlayFirst, "blue 7"});
    t.Continue();
    t.Play(0, "red 9");
    t.Play(1, kPlayFirst);
    t.Play(2, kPlayFirst);
    CHECK(t.Get("winner") == 0);
    ExpectDecision(t, DecisionKind::kPlay, 2);
  }
}

}  // namespace
}  // namespace fishing_rulings
}  // namespace angler
