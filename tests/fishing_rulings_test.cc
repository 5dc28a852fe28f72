// Fishing, checked against its rule text (the publisher's English rules) and
// the project's rulings F1-F13 (docs/rulings.md): each test builds
// a position by hand, plays it move by move and asserts what the rules say.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::CheckZones;
using testing::Fishing;
using testing::SortedNames;
using testing::Table;
using Names = std::vector<std::string>;

const std::string kMinus3 = "buoy \"-3 points\"";
const std::string kPass = "buoy \"pass 1 card to the left\"";
const std::string kPlayFirst = "buoy \"play the 1st card\"";
const std::string kCall = "buoy \"call the color\"";
const std::string kLowest = "buoy \"lowest value wins\"";
const std::string kCatchAll = "buoy \"catch all other cards\"";

// The manual's players, clockwise.
constexpr int kAnne = 0, kPaul = 1, kDebbie = 2, kNikki = 3;

// A trick in the middle of round 1: `tricks` tricks in the round, none played.
Table MidRound(int players, int tricks = 5, const Ruleset& rules = Fishing()) {
  Table t(rules, players, rules.entry_trick);
  t.Set("round", 1);
  t.Set("tricks", tricks);
  return t;
}

// The last trick of the last round: the game ends after it.
Table LastTrickOfGame(int players) {
  Table t(Fishing(), players, Fishing().entry_trick);
  t.Set("round", 8);
  t.Set("tricks", 1);
  return t;
}

void ExpectDecision(const Table& t, DecisionKind kind, int player) {
  INFO(t.game.DecisionText(t.s));
  REQUIRE(t.s.decision.kind == kind);
  REQUIRE(t.game.CurrentPlayer(t.s) == player);
}

int Ocean(const Table& t) { return t.Zone("ocean"); }
int Fisher(const Table& t, int seat) { return t.Zone("fisher", seat); }
int Boat(const Table& t, int seat) { return t.Zone("boat", seat); }
int TrickZone(const Table& t) { return t.Zone("trick"); }

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

// ---------------------------------------------------------------------------
// F9: "call the color".

// Trick 1 of a 3-player round: seat 0 wins it with the yellow 18 while
// `caller` plays "call the color"; then the caller names `suit`. Hands get the
// cards for trick 2 on top of that. (A test gives someone a card more than it
// plays: a trick that finds every hand empty is a ruleset error.)
Table AfterCall(int caller, const std::string& suit, const Names& hand0,
                const Names& hand1, const Names& hand2) {
  Table t = MidRound(3);
  const Names first[3] = {{"yellow 18"},
                          {caller == 1 ? kCall : "yellow 16"},
                          {caller == 2 ? kCall : "yellow 17"}};
  const Names* rest[3] = {&hand0, &hand1, &hand2};
  for (int p = 0; p < 3; ++p) {
    t.Give(p, first[p]);
    t.Give(p, *rest[p]);
  }
  t.Continue();
  t.Play(0, "yellow 18");
  t.Play(1, first[1][0]);
  t.Play(2, first[2][0]);
  ExpectDecision(t, DecisionKind::kOption, caller);
  CHECK(t.Legal() == Names{"blue", "purple", "red", "yellow", "green"});
  t.ChooseSuit(caller, suit);
  CHECK(t.Get("called") == t.Suit(suit));
  CHECK(t.Get("caller") == caller);
  ExpectDecision(t, DecisionKind::kPlay, 0);
  return t;
}

TEST_CASE("F9 call the color: the leader must play the called colour if able",
          "[fishing][F9]") {
  Table t = AfterCall(1, "blue", {"blue 4", "red 9"}, {"blue 2", "red 5"},
                      {"red 12", "yellow 3"});
  CHECK(t.Legal() == Names{"blue 4"});
  t.Play(0, "blue 4");
  CHECK(t.Legal() == Names{"blue 2"});
  t.Play(1, "blue 2");
  CHECK(t.LegalSorted() == SortedNames({"red 12", "yellow 3"}));
  t.Play(2, "red 12");
  CHECK(t.Get("winner") == 0);
}

TEST_CASE("F9 call the color: the called colour replaces the led one", "[fishing][F9]") {
  Table t = AfterCall(2, "blue", {"red 9", "yellow 4"}, {"red 5", "blue 2"},
                      {"red 12", "blue 1"});
  CHECK(t.LegalSorted() == SortedNames({"red 9", "yellow 4"}));  // void in blue: anything
  t.Play(0, "red 9");
  CHECK(t.Legal() == Names{"blue 2"});  // blue, not the red that was led
  t.Play(1, "blue 2");
  CHECK(t.Legal() == Names{"blue 1"});
  t.Play(2, "blue 1");
  CHECK(t.Get("winner") == 1);  // the highest blue, not the highest red
  CHECK(t.Sorted(Fisher(t, 1)) == SortedNames({"red 9", "blue 2", "blue 1"}));
}

TEST_CASE("F9 call the color: no called colour and no trump: the caller catches",
          "[fishing][F9]") {
  Table t = AfterCall(2, "purple", {"red 9", "blue 10"}, {"red 5"}, {"yellow 4"});
  t.Play(0, "red 9");
  t.Play(1, "red 5");
  t.Play(2, "yellow 4");
  CHECK(t.Get("winner") == 2);
  CHECK(t.Sorted(Fisher(t, 2)) == SortedNames({"red 9", "red 5", "yellow 4"}));
}

TEST_CASE("F9 call the color: a trump beats the called colour", "[fishing][F9]") {
  Table t = AfterCall(1, "red", {"red 9", "blue 10"}, {"red 5"}, {"green 1"});
  t.Play(0, "red 9");
  t.Play(1, "red 5");
  t.Play(2, "green 1");
  CHECK(t.Get("winner") == 2);
}

TEST_CASE("F9 call the color: green may be called; without trump the caller catches",
          "[fishing][F9]") {
  SECTION("nobody holds trump") {
    Table t = AfterCall(1, "green", {"red 9", "blue 10"}, {"red 5"}, {"blue 4"});
    t.Play(0, "red 9");
    t.Play(1, "red 5");
    t.Play(2, "blue 4");
    CHECK(t.Get("winner") == 1);
  }
  SECTION("trump must be played") {
    Table t =
        AfterCall(1, "green", {"red 9", "green 2"}, {"red 5", "green 3"}, {"blue 4"});
    CHECK(t.Legal() == Names{"green 2"});
    t.Play(0, "green 2");
    CHECK(t.Legal() == Names{"green 3"});
    t.Play(1, "green 3");
    t.Play(2, "blue 4");
    CHECK(t.Get("winner") == 1);
  }
}

TEST_CASE("F9 call the color lasts one trick", "[fishing][F9]") {
  Table t = AfterCall(1, "blue", {"red 9", "red 4", "yellow 10"}, {"red 5", "blue 2"},
                      {"red 12", "red 3"});
  t.Play(0, "red 9");
  t.Play(1, "blue 2");
  t.Play(2, "red 12");
  CHECK(t.Get("winner") == 1);
  // The next trick is a normal one again.
  ExpectDecision(t, DecisionKind::kPlay, 1);
  CHECK(t.Get("called") == kNone);
  CHECK(t.Get("caller") == kNone);
  t.Play(1, "red 5");
  t.Play(2, "red 3");
  t.Play(0, "red 4");
  CHECK(t.Get("winner") == 1);
}

// ---------------------------------------------------------------------------
// F10: "lowest value wins".

// Trick 1: seat 0 wins with the yellow 18 while seat 1 plays "lowest value
// wins"; trick 2 is led by seat 0.
Table AfterLowest(const Names& hand0, const Names& hand1, const Names& hand2) {
  Table t = MidRound(3);
  t.Give(0, {"yellow 18"});
  t.Give(0, hand0);
  t.Give(1, {kLowest});
  t.Give(1, hand1);
  t.Give(2, {"yellow 2"});
  t.Give(2, hand2);
  t.Continue();
  t.Play(0, "yellow 18");
  t.Play(1, kLowest);
  t.Play(2, "yellow 2");
  ExpectDecision(t, DecisionKind::kPlay, 0);
  CHECK(t.Get("lowest_value_wins") == 1);
  return t;
}

TEST_CASE("F10 lowest value wins: the lowest card of the led colour", "[fishing][F10]") {
  Table t = AfterLowest({"red 9", "blue 9", "yellow 10"}, {"red 3", "blue 3"},
                        {"red 12", "blue 12"});
  t.Play(0, "red 9");
  t.Play(1, "red 3");
  t.Play(2, "red 12");
  CHECK(t.Get("winner") == 1);
  // It lasts one trick.
  ExpectDecision(t, DecisionKind::kPlay, 1);
  CHECK(t.Get("lowest_value_wins") == 0);
  t.Play(1, "blue 3");
  t.Play(2, "blue 12");
  t.Play(0, "blue 9");
  CHECK(t.Get("winner") == 2);
}

TEST_CASE("F10 lowest value wins: a shed lower colour does not win", "[fishing][F10]") {
  Table t = AfterLowest({"red 9", "yellow 10"}, {"blue 1"}, {"red 12"});
  t.Play(0, "red 9");
  t.Play(1, "blue 1");
  t.Play(2, "red 12");
  CHECK(t.Get("winner") == 0);
}

TEST_CASE("F10 lowest value wins: with trump in the trick, the lowest trump",
          "[fishing][F10]") {
  Table t = AfterLowest({"red 9", "yellow 10"}, {"green 7"}, {"green 2"});
  t.Play(0, "red 9");
  t.Play(1, "green 7");
  t.Play(2, "green 2");
  CHECK(t.Get("winner") == 2);
}

TEST_CASE("F10 lowest value wins: a 0 of the led colour wins", "[fishing][F10][F4]") {
  Table t = AfterLowest({"red 9", "yellow 10"}, {"red 0"}, {"red 3"});
  t.Play(0, "red 9");
  t.Play(1, "red 0");
  t.Play(2, "red 3");
  CHECK(t.Get("winner") == 1);
  ExpectDecision(t, DecisionKind::kChoose, 1);
  t.Choose(1, "red 3", TrickZone(t));
  CHECK(t.Sorted(Fisher(t, 1)) == SortedNames({"red 0", "red 3", "red 9"}));
}

TEST_CASE("F10 lowest value wins with a called colour: the lowest of the called colour",
          "[fishing][F10][F9]") {
  Table t = MidRound(3);
  t.Give(0, {"yellow 18", "blue 9", "red 1"});
  t.Give(1, {kCall, "blue 2"});
  t.Give(2, {kLowest, "blue 5"});
  t.Continue();
  t.Play(0, "yellow 18");
  t.Play(1, kCall);
  t.Play(2, kLowest);
  ExpectDecision(t, DecisionKind::kOption, 1);
  t.ChooseSuit(1, "blue");
  CHECK(t.Get("lowest_value_wins") == 1);
  CHECK(t.Legal() == Names{"blue 9"});
  t.Play(0, "blue 9");
  t.Play(1, "blue 2");
  t.Play(2, "blue 5");
  CHECK(t.Get("winner") == 1);
}

// ---------------------------------------------------------------------------
// The manual's worked examples, F11 and F12.

TEST_CASE(
    "Manual: Anne, Paul, Debbie, Nikki: yellow 7, 3, 10, purple 2: Debbie catches 4",
    "[fishing][manual]") {
  Table t = MidRound(4, 9);
  t.Give(kAnne, {"yellow 7", "blue 5"});
  t.Give(kPaul, {"yellow 3", "blue 6"});
  t.Give(kDebbie, {"yellow 10", "blue 7"});
  t.Give(kNikki, {"purple 2", "blue 8"});
  t.Continue();
  ExpectDecision(t, DecisionKind::kPlay, kAnne);
  t.Play(kAnne, "yellow 7");
  t.Play(kPaul, "yellow 3");
  t.Play(kDebbie, "yellow 10");
  CHECK(t.LegalSorted() == SortedNames({"purple 2", "blue 8"}));  // Nikki sheds
  t.Play(kNikki, "purple 2");
  CHECK(t.Get("winner") == kDebbie);
  CHECK(t.Sorted(Fisher(t, kDebbie)) ==
        SortedNames({"yellow 7", "yellow 3", "yellow 10", "purple 2"}));
  for (int p : {kAnne, kPaul, kNikki}) CHECK(t.s.ZoneSize(Fisher(t, p)) == 0);
  ExpectDecision(t, DecisionKind::kPlay, kDebbie);  // then she starts the next trick
}

// The end of round 1 of the manual's 4-player game: Anne, Paul, Debbie and
// Nikki hold one card each for the last trick, having caught 12, 4, 8 and 8
// cards before it; Anne wins the last trick, so she ends with 16. The ocean
// holds the 60 ocean cards, the 1-star cards on top, in a known order.
Table EndOfRoundOne(int last_leader, int ocean_cards = 60) {
  const Ruleset& rules = Fishing();
  Table t(rules, 4, rules.entry_trick);
  t.Set("round", 1);
  t.Set("tricks", 9);
  t.Set("trick_number", 8);
  t.Set("leader", last_leader);
  t.Give(kAnne, {"yellow 9"});
  t.Give(kPaul, {"yellow 4"});
  t.Give(kDebbie, {"yellow 5"});
  t.Give(kNikki, {"yellow 2"});
  t.Put(Fisher(t, kAnne),
        {"blue 2", "blue 3", "blue 4", "blue 5", "blue 6", "blue 7", "blue 8", "blue 9",
         "blue 10", "purple 2", "purple 3", "purple 4"});
  t.Put(Fisher(t, kPaul), {"purple 5", "purple 6", "purple 7", "purple 8"});
  t.Put(Fisher(t, kDebbie),
        {"purple 9", "purple 10", "red 2", "red 3", "red 4", "red 5", "red 6", "red 7"});
  t.Put(Fisher(t, kNikki), {"red 8", "red 9", "red 10", "yellow 3", "yellow 6",
                            "yellow 7", "yellow 8", "yellow 10"});
  // Ocean cards are ids 40..99 by stars; the lowest ids end on top.
  for (int id = 99; id >= 40; --id) {
    if (99 - id < ocean_cards) Game::MoveCard(t.s, id, Ocean(t), false);
  }
  REQUIRE(t.s.ZoneSize(Ocean(t)) == ocean_cards);
  REQUIRE(CheckZones(rules, t.s) == "");
  t.Continue();
  ExpectDecision(t, DecisionKind::kPlay, last_leader);
  for (int k = 0; k < 4; ++k) {
    int p = (last_leader + k) % 4;
    const char* card[] = {"yellow 9", "yellow 4", "yellow 5", "yellow 2"};
    t.Play(p, card[p]);
  }
  CHECK(t.Get("winner") == kAnne);
  return t;
}

TEST_CASE("Manual: Debbie's 8 caught cards score 8 points at the end of round 1",
          "[fishing][manual]") {
  Table t = EndOfRoundOne(kNikki);
  // Seat by seat: count the fisher, then shuffle it (a chance node) and
  // put it on the boat.
  REQUIRE(t.game.IsChance(t.s));
  CHECK(t.rules.ZoneName(t.s.decision.zone) == "fisher(0)");
  CHECK(t.Get("score", kAnne) == 16);
  for (int p : {kPaul, kDebbie, kNikki}) {
    t.Apply(Action{ActionKind::kChance, -1, 0, static_cast<uint64_t>(p)});
    REQUIRE(t.game.IsChance(t.s));
    CHECK(t.rules.ZoneName(t.s.decision.zone) == "fisher(" + std::to_string(p) + ")");
  }
  // Debbie's 8 cards are counted, shuffled and now her stockroom stack.
  CHECK(t.Get("score", kDebbie) == 8);
  CHECK(t.s.ZoneSize(Fisher(t, kDebbie)) == 0);
  CHECK(t.s.ZoneSize(Boat(t, kDebbie)) == 8);
  CHECK(t.Get("score", kNikki) == 8);  // counted before her shuffle
  CHECK(t.s.ZoneSize(Fisher(t, kNikki)) == 8);
  t.Shuffles();
  CHECK(t.Get("round") == 2);
  CHECK(t.Get("score", kAnne) == 16);
  CHECK(t.Get("score", kPaul) == 4);
  CHECK(t.Get("score", kDebbie) == 8);
  CHECK(t.Get("score", kNikki) == 8);
  CHECK(t.s.ZoneSize(Fisher(t, kDebbie)) == 0);
}

TEST_CASE("Manual: round 2 of a 4-player game: stockroom first, then the ocean by need",
          "[fishing][manual][F11]") {
  const Ruleset& rules = Fishing();
  // The top of the ocean, in draw order.
  const Names top = {rules.card_names[40], rules.card_names[41], rules.card_names[42],
                     rules.card_names[43], rules.card_names[44], rules.card_names[45],
                     rules.card_names[46]};
  CHECK(top == Names{"blue 11", "blue 12", "purple 11", "purple 12", "red 11", "red 12",
                     "yellow 11"});
  const Names paul_caught = {"purple 5", "purple 6", "purple 7", "purple 8"};
  const Names debbie_caught = {"purple 9", "purple 10", "red 2", "red 3",
                               "red 4",    "red 5",     "red 6", "red 7"};
  const Names nikki_caught = {"red 8",    "red 9",    "red 10",   "yellow 3",
                              "yellow 6", "yellow 7", "yellow 8", "yellow 10"};
  auto with = [](Names a, const Names& b) {
    a.insert(a.end(), b.begin(), b.end());
    return SortedNames(a);
  };

  // Nikki led the last trick, so she played before Debbie: she draws first.
  int last_leader = GENERATE(kNikki, kAnne);
  INFO("the last trick of round 1 was led by seat " << last_leader);
  Table t = EndOfRoundOne(last_leader);
  t.Shuffles();
  CHECK(t.Get("round") == 2);
  for (int p = 0; p < 4; ++p) CHECK(t.s.ZoneSize(t.Hand(p)) == 9);
  CHECK(t.Get("need", kAnne) == 0);
  CHECK(t.Get("need", kPaul) == 5);
  CHECK(t.Get("need", kDebbie) == 1);
  CHECK(t.Get("need", kNikki) == 1);
  // Anne draws 9 of her 16; the other 7 stay in her stockroom.
  CHECK(t.s.ZoneSize(Boat(t, kAnne)) == 7);
  for (int p : {kPaul, kDebbie, kNikki}) CHECK(t.s.ZoneSize(Boat(t, p)) == 0);
  for (uint8_t c : t.s.Zone(t.Hand(kAnne))) CHECK(rules.cards[c].stars == 0);
  // Paul misses 5 and draws them first.
  CHECK(t.Sorted(t.Hand(kPaul)) ==
        with(paul_caught, {top[0], top[1], top[2], top[3], top[4]}));
  if (last_leader == kNikki) {
    CHECK(t.Sorted(t.Hand(kNikki)) == with(nikki_caught, {top[5]}));
    CHECK(t.Sorted(t.Hand(kDebbie)) == with(debbie_caught, {top[6]}));
  } else {
    CHECK(t.Sorted(t.Hand(kDebbie)) == with(debbie_caught, {top[5]}));
    CHECK(t.Sorted(t.Hand(kNikki)) == with(nikki_caught, {top[6]}));
  }
  CHECK(t.s.ZoneSize(Ocean(t)) == 53);
  // Paul has the fewest points: he starts round 2.
  ExpectDecision(t, DecisionKind::kPlay, kPaul);
  CHECK(t.Get("tricks") == 9);
  CHECK(t.Get("trick_number") == 0);
}

TEST_CASE("F11 ties for the leader of a new round: who played earlier in the last trick",
          "[fishing][F11]") {
  struct Case {
    int last_leader, expected;
  };
  // With Paul at 8 points, Paul, Debbie and Nikki tie for the fewest.
  for (Case c : {Case{kNikki, kNikki}, Case{kAnne, kPaul}, Case{kDebbie, kDebbie},
                 Case{kPaul, kPaul}}) {
    INFO("last trick led by seat " << c.last_leader);
    const Ruleset& rules = Fishing();
    Table t = EndOfRoundOne(c.last_leader);
    t.s.vars[rules.variables[static_cast<size_t>(rules.FindVariable("score"))].slot +
             kPaul] = 4;
    t.Shuffles();
    CHECK(t.Get("score", kPaul) == 8);
    ExpectDecision(t, DecisionKind::kPlay, c.expected);
  }
}

TEST_CASE("F12 overfishing: checked before anyone draws; the game ends, scores stand",
          "[fishing][F12]") {
  Table t = EndOfRoundOne(kNikki, 6);  // 7 cards short, 6 in the ocean
  t.Shuffles();
  REQUIRE(t.s.over);
  CHECK_FALSE(t.s.error);
  CHECK(t.rules.end_reasons[t.s.end_reason] == "overfished");
  CHECK(t.Get("round") == 2);
  for (int p = 0; p < 4; ++p) CHECK(t.s.ZoneSize(t.Hand(p)) == 0);  // nobody drew
  CHECK(t.s.ZoneSize(Boat(t, kAnne)) == 16);
  CHECK(t.s.ZoneSize(Boat(t, kPaul)) == 4);
  CHECK(t.s.ZoneSize(Boat(t, kDebbie)) == 8);
  CHECK(t.s.ZoneSize(Boat(t, kNikki)) == 8);
  CHECK(t.s.ZoneSize(Ocean(t)) == 6);
  CHECK(t.game.Winners(t.s) == std::vector<int>{kAnne});
  CHECK(t.game.Rank(t.s, kAnne) == 16);
}

TEST_CASE("F12 overfishing: an ocean that just covers the need is enough",
          "[fishing][F12]") {
  Table t = EndOfRoundOne(kNikki, 7);
  t.Shuffles();
  REQUIRE_FALSE(t.s.over);
  CHECK(t.s.ZoneSize(Ocean(t)) == 0);
  for (int p = 0; p < 4; ++p) CHECK(t.s.ZoneSize(t.Hand(p)) == 9);
  ExpectDecision(t, DecisionKind::kPlay, kPaul);
}

TEST_CASE("F13 equal best scores share the win", "[fishing][F13]") {
  Table t = LastTrickOfGame(3);
  t.Set("score", 30, 0);
  t.Set("score", 27, 1);
  t.Set("score", 10, 2);
  t.Give(0, {"red 4"});
  t.Give(1, {"red 9"});
  t.Give(2, {"red 5"});
  t.Continue();
  t.Play(0, "red 4");
  t.Play(1, "red 9");
  t.Play(2, "red 5");
  t.Shuffles();
  REQUIRE(t.s.over);
  CHECK(t.rules.end_reasons[t.s.end_reason] == "");
  CHECK(t.game.Rank(t.s, 0) == 30);
  CHECK(t.game.Rank(t.s, 1) == 30);
  CHECK(t.game.Rank(t.s, 2) == 10);
  CHECK(t.game.Winners(t.s) == std::vector<int>{0, 1});
}

// ---------------------------------------------------------------------------
// Every buoy and every "0" in one kind of trick: seat 0 leads the red 9, seat
// 1 plays the card under test, seat 2 follows with the red 4.

TEST_CASE("Fishing: a trick with each buoy and each 0", "[fishing]") {
  auto setup = [](const std::string& card, const Names& rest1) {
    Table t = MidRound(3);
    t.Give(0, {"red 9", "blue 4", "blue 5"});
    t.Give(1, {card});
    t.Give(1, rest1);
    t.Give(2, {"red 4", "purple 4", "purple 5"});
    t.Continue();
    t.Play(0, "red 9");
    t.Play(1, card);
    t.Play(2, "red 4");
    return t;
  };
  const Names yellow = {"yellow 4", "yellow 5"};

  SECTION("-3 points (either card)") {
    std::vector<int> ids;
    for (size_t i = 0; i < Fishing().card_names.size(); ++i) {
      if (Fishing().card_names[i] == kMinus3) ids.push_back(static_cast<int>(i));
    }
    REQUIRE(ids.size() == 2);
    for (int card : ids) {
      Table t = MidRound(3);
      t.Give(0, {"red 9", "blue 4"});
      Game::MoveCard(t.s, card, t.Hand(1), false);
      t.Give(1, yellow);
      t.Give(2, {"red 4", "purple 4"});
      t.Continue();
      t.Play(0, "red 9");
      t.Apply(Action{ActionKind::kPlay, 1, static_cast<int16_t>(card), 0});
      t.Play(2, "red 4");
      CHECK(t.Get("winner") == 0);
      CHECK(t.Get("score", 0) == -3);
      CHECK(t.s.ZoneSize(Fisher(t, 0)) == 3);
      ExpectDecision(t, DecisionKind::kPlay, 0);
    }
  }
  SECTION("pass 1 card to the left") {
    Table t = setup(kPass, yellow);
    ExpectDecision(t, DecisionKind::kChoose, 0);
    t.Choose(0, "blue 5", t.Hand(0));
    t.Choose(1, "yellow 4", t.Hand(1));
    t.Choose(2, "purple 4", t.Hand(2));
    CHECK(t.Sorted(t.Hand(0)) == SortedNames({"blue 4", "purple 4"}));
    CHECK(t.Sorted(t.Hand(1)) == SortedNames({"yellow 5", "blue 5"}));
    CHECK(t.Sorted(t.Hand(2)) == SortedNames({"purple 5", "yellow 4"}));
    CHECK(t.s.ZoneSize(Fisher(t, 0)) == 3);
    ExpectDecision(t, DecisionKind::kPlay, 0);
  }
  SECTION("play the 1st card") {
    Table t = setup(kPlayFirst, yellow);
    CHECK(t.s.ZoneSize(Fisher(t, 0)) == 3);
    ExpectDecision(t, DecisionKind::kPlay, 1);  // not the winner, seat 0
    CHECK(t.LegalSorted() == yellow);
  }
  SECTION("call the color") {
    Table t = setup(kCall, yellow);
    ExpectDecision(t, DecisionKind::kOption, 1);
    t.ChooseSuit(1, "purple");
    ExpectDecision(t, DecisionKind::kPlay, 0);
    CHECK(t.LegalSorted() == SortedNames({"blue 4", "blue 5"}));  // void in purple
    t.Play(0, "blue 5");
    t.Play(1, "yellow 5");
    CHECK(t.Legal() == Names{"purple 4", "purple 5"});
    t.Play(2, "purple 4");
    CHECK(t.Get("winner") == 2);
  }
  SECTION("lowest value wins") {
    Table t = setup(kLowest, {"blue 2", "blue 3"});
    ExpectDecision(t, DecisionKind::kPlay, 0);
    CHECK(t.Get("lowest_value_wins") == 1);
    t.Play(0, "blue 5");
    t.Play(1, "blue 2");
    t.Play(2, "purple 4");
    CHECK(t.Get("winner") == 1);
  }
  SECTION("catch all other cards") {
    Table t = setup(kCatchAll, yellow);
    CHECK(t.Sorted(Fisher(t, 1)) == SortedNames({"red 9", "red 4"}));
    CHECK(t.Names(Fisher(t, 0)) == Names{kCatchAll});
    ExpectDecision(t, DecisionKind::kPlay, 0);
  }
  SECTION("red 0: follows red, takes a card, seat 0 still wins") {
    Table t = setup("red 0", yellow);
    ExpectDecision(t, DecisionKind::kChoose, 1);
    CHECK(t.LegalSorted() == SortedNames({"red 9", "red 4"}));
    t.Choose(1, "red 4", TrickZone(t));
    CHECK(t.Names(Fisher(t, 1)) == Names{"red 4"});
    CHECK(t.Sorted(Fisher(t, 0)) == SortedNames({"red 0", "red 9"}));
    ExpectDecision(t, DecisionKind::kPlay, 0);
  }
  for (const char* zero : {"blue 0", "purple 0", "yellow 0"}) {
    SECTION(std::string(zero) + ": shed, takes a card") {
      Table t = setup(zero, yellow);
      ExpectDecision(t, DecisionKind::kChoose, 1);
      CHECK(t.LegalSorted() == SortedNames({"red 9", "red 4"}));
      t.Choose(1, "red 9", TrickZone(t));
      CHECK(t.Names(Fisher(t, 1)) == Names{"red 9"});
      CHECK(t.Sorted(Fisher(t, 0)) == SortedNames({zero, "red 4"}));
      CHECK(t.Get("winner") == 0);
      ExpectDecision(t, DecisionKind::kPlay, 0);
    }
  }
  SECTION("green 0: trumps and wins") {
    Table t = setup("green 0", yellow);
    CHECK(t.Get("winner") == 1);
    ExpectDecision(t, DecisionKind::kChoose, 1);
    t.Choose(1, "red 9", TrickZone(t));
    CHECK(t.Sorted(Fisher(t, 1)) == SortedNames({"green 0", "red 4", "red 9"}));
    ExpectDecision(t, DecisionKind::kPlay, 1);
  }
}

}  // namespace
}  // namespace angler
