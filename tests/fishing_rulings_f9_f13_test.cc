// Fishing, checked against its rule text (the publisher's English rules), the
// project's rulings F9-F13 (docs/rulings.md) and the manual's worked examples:
// each test builds a position by hand, plays it move by move and asserts what
// the rules say.
#include "tests/fishing_rulings.h"

namespace angler {
namespace fishing_rulings {
namespace {

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
}  // namespace fishing_rulings
}  // namespace angler
