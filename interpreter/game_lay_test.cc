// The legal lays of the turn procedure against the lay check: on random Fat
// Fish positions, the lays LegalLays enumerates (laying each card on a copy
// and undoing it, or judging a state once for every lay that reaches it) are
// exactly, and in the same order, the lays CheckLay accepts among every
// sequence of hand cards on every row; laid on the state itself
// (LegalActionsInPlace), they leave it as it was; and the lay a bot picks,
// applied as listed (not judged again), does what Apply does.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "interpreter/events.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/rng.h"
#include "interpreter/runtime_error.h"
#include "interpreter/value_shape.h"
#include "tests/test_util.h"

namespace angler {
namespace {

// Every lay of lay_min .. lay_max distinct cards of `hand` on row `row`.
void EveryLay(int player, int row, const std::vector<int>& hand, int max,
              std::vector<int>& seq, std::vector<Action>& out) {
  if (!seq.empty()) out.push_back(Action::Lay(player, row, seq));
  if (static_cast<int>(seq.size()) == max) return;
  for (int c : hand) {
    if (std::find(seq.begin(), seq.end(), c) != seq.end()) continue;
    seq.push_back(c);
    EveryLay(player, row, hand, max, seq, out);
    seq.pop_back();
  }
}

// Fat Fish with a house rule (YAML under `extends: fatfish`).
RulesetPtr House(const std::string& yaml) {
  auto r = LoadRulesetText("house.yaml", "extends: fatfish\n" + yaml);
  INFO(testing::FormatErrors(r));
  REQUIRE(r.ok());
  return r.value();
}

// A house rule of one lay rule.
RulesetPtr LayRule(const std::string& condition) {
  return House("turn:\n  may_lay:\n    - if: " + condition + "\n");
}

// Fat Fish, and house rules: one whose lay rule reads what the cards laid
// before set (the layer's play position), so a lay's later cards are judged
// on the state its earlier ones made, in the check and in the enumeration
// alike; one that reads the judged card's value besides its suit, so cards
// of one suit differ (TurnProcedure::lay_class: a class is suit and value),
// and the rest of the hand. Fat Fish itself is searched by (length, suit of
// the top card) (lay_reads.h); the house rules below it by (length, suit and
// value of the top card), by (length, the top card itself), and, reading
// every card of the pile or the rest of the hand, by every state; Fat Fish
// with lays of two or three cards; two that tell lengths apart by the
// target's size (beyond two cards) and by the hand's (two cards left); and
// one whose rule faults for some cards (a division by zero: not a card that
// may go on, in the check and in the enumeration alike). And four whose
// pile is full otherwise: at four cards, when two are left in the hand, at
// four cards written the other way round (all three size tests, known
// without laying: TurnProcedure::lay_full_test), and at five cards or a red
// top (laid to be known).
RulesetPtr Rules(int house_rule) {
  if (house_rule == 0) return testing::LoadOrFail("fatfish");
  static const char* const kFull[] = {
      "count(target) >= 4", "count(hand(turn)) == 2", "4 <= count(target)",
      "count(target) == row_length or last(target).suit == red"};
  if (house_rule >= 11)
    return House("turn:\n  full: " + std::string(kFull[house_rule - 11]) + "\n");
  static const char* const kRules[] = {
      "",
      "count(target) > 0 and (play_position(turn) > 0 or count(target) < 3)",
      "count(target) > 0 and (value > 1 or count(target) != 2"
      " or not any(hand(turn) where value > 1))",
      "count(target) > 0 and (last(target).suit == suit"
      " or last(target).value + value < 5)",
      "count(target) > 0 and (last(target) != highest(ends(row)) or value > 3)",
      "count(target) > 0 and (sum(target) < 12 or last(target).suit == suit)",
      "count(target) > 0 and (suit == last(target).suit"
      " or not any(hand(turn) where suit == last(target).suit))",
      "",  // 7: lays of two or three cards
      "count(target) > 0 and (2 < count(target) or suit == last(target).suit)",
      "count(target) > 0 and (count(hand(turn)) != 2 or suit == last(target).suit)",
      "count(target) > 0 and (12 / (value - 3) > 0 or suit == last(target).suit)"};
  if (house_rule == 7) return House("turn:\n  lay: 2..3\n");  // no lay of one card
  return LayRule(kRules[house_rule]);
}

// Plays `games` random games of `game`, calling at_lay(s, legal) at each lay
// decision, legal its legal actions, before a random one is applied.
template <typename F>
void AtRandomLays(const Game& game, uint64_t seed, int games, F at_lay) {
  Rng rng(seed);
  ActionList legal;
  for (int g = 0; g < games; ++g) {
    State s = game.NewInitialState();
    while (!s.over) {
      if (game.IsChance(s)) {
        REQUIRE(game.Apply(s, game.SampleChance(s, rng)).ok());
        continue;
      }
      game.LegalActions(s, legal);
      if (s.decision.kind == DecisionKind::kLay) at_lay(s, legal);
      REQUIRE(
          game.Apply(s, legal.items[rng.Below(static_cast<uint32_t>(legal.count))]).ok());
    }
  }
}

// The first card of that name (copies share one).
size_t CardNamed(const Ruleset& rules, const std::string& name) {
  const auto at = std::find(rules.card_names.begin(), rules.card_names.end(), name);
  REQUIRE(at != rules.card_names.end());
  return static_cast<size_t>(at - rules.card_names.begin());
}

TEST_CASE("lays: the legal lays are exactly the lays the lay check accepts", "[lay]") {
  RulesetPtr rules = Rules(GENERATE(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14));
  REQUIRE(rules->turn);
  const ZoneFamily& rows = rules->zones[static_cast<size_t>(rules->turn->rows_family)];
  const ZoneFamily& hands = rules->zones[static_cast<size_t>(rules->hand_family)];
  for (int players : {2, 4}) {
    const Game game(*rules, players);
    Rng rng(7);
    ActionList legal;
    int positions = 0;
    for (int g = 0; g < 6; ++g) {
      State s = game.NewInitialState();
      for (int ply = 0; ply < 2000 && !s.over; ++ply) {
        if (game.IsChance(s)) {
          REQUIRE(game.Apply(s, game.SampleChance(s, rng)).ok());
          continue;
        }
        game.LegalActions(s, legal);
        REQUIRE(legal.count > 0);
        {  // laid on the state itself, the same lays, and the state as it was
          State u = s;
          ActionList in_place;
          game.LegalActionsInPlace(u, in_place);
          REQUIRE(std::memcmp(&u, &s, sizeof(State)) == 0);
          REQUIRE(
              std::equal(legal.begin(), legal.end(), in_place.begin(), in_place.end()));
        }
        if (s.decision.kind == DecisionKind::kLay) {
          ++positions;
          const int p = s.decision.player;
          std::vector<int> hand;
          for (uint8_t c : s.Zone(hands.first + p)) hand.push_back(c);
          std::vector<Action> all, accepted;
          std::vector<int> seq;
          for (int row = 1; row <= rows.count; ++row)
            EveryLay(p, row, hand, rules->turn->lay_max, seq, all);
          for (const Action& a : all) {
            int cards[kMaxLay];
            if (a.LayCards(cards) < rules->turn->lay_min) continue;
            if (game.LayRuleBroken(s, a).empty()) accepted.push_back(a);
          }
          // In order too: rows ascending, each lay before its longer ones, the
          // hand's order at each place (a bot's pick, and a record, depend on it).
          const std::vector<Action> got(legal.begin(), legal.end());
          INFO("game " << g << " ply " << ply << ", " << hand.size() << " cards in hand");
          REQUIRE(got == accepted);
        }
        const Action pick = legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
        {  // a listed lay laid unjudged (ApplyLay's shortcut) does what Apply does
          State checked = s, listed = s;
          EventLog checked_log, listed_log;
          REQUIRE(game.Apply(checked, pick, &checked_log).ok());
          REQUIRE(game.ApplyListed(listed, pick, &listed_log).ok());
          REQUIRE(std::memcmp(&checked, &listed, sizeof(State)) == 0);
          REQUIRE(testing::SameEvents(checked_log, listed_log));
        }
        REQUIRE(game.Apply(s, pick).ok());
      }
    }
    CHECK(positions > 30);  // the test saw the lays it is about
  }
}

TEST_CASE("lays: whether any lay is legal is whether the legal lays are some", "[lay]") {
  // AnyLegalLay judges the hand's cards one by one for a lay of one card (the
  // first that may go on answers), or searches as LegalLays does. Positions
  // of Fat Fish are asked under house rules that allow a lay sometimes,
  // never, or (lays of two) by the search.
  const RulesetPtr rules = Rules(0);
  const std::vector<RulesetPtr> strict = {
      LayRule("count(target) > 5"), LayRule("value == 6 and last(target).suit == suit"),
      LayRule("value > 4 and count(target) < 3"), Rules(7), Rules(0)};
  const Game game(*rules, 4);
  int some = 0, none = 0;
  AtRandomLays(game, 5, 4, [&](const State& s, const ActionList&) {
    ActionList legal;
    for (const RulesetPtr& house : strict) {
      const Game other(*house, 4);
      other.LegalActions(s, legal);
      State t = s;
      const bool any = other.AnyLegalLay(t);
      REQUIRE(std::memcmp(&t, &s, sizeof(State)) == 0);
      REQUIRE(any == (legal.count > 0));
      (any ? some : none) += 1;
    }
  });
  CHECK(some > 100);
  CHECK(none > 100);
}

TEST_CASE("lays: a lay refused leaves the state as it was, to the byte", "[lay]") {
  // Without the fiasco a lay against the rules is refused with its reason; it
  // is laid on the state card by card as it is checked, and taken back.
  RulesetPtr house = House("variables:\n  fiasco_on: {type: bool, init: false}\n");
  const Ruleset& rules = *house;
  const ZoneFamily& rows = rules.zones[static_cast<size_t>(rules.turn->rows_family)];
  const ZoneFamily& hands = rules.zones[static_cast<size_t>(rules.hand_family)];
  const Game game(rules, 3);
  int refused = 0;
  AtRandomLays(game, 11, 4, [&](const State& s, const ActionList& legal) {
    const int p = s.decision.player;
    std::vector<int> hand;
    for (uint8_t c : s.Zone(hands.first + p)) hand.push_back(c);
    std::vector<Action> all;
    std::vector<int> seq;
    for (int row = 1; row <= rows.count + 1; ++row)  // and a row that is not there
      EveryLay(p, row, hand, rules.turn->lay_max, seq, all);
    const Action twice = Action::Lay(p, 1, std::vector<int>{hand[0], hand[0]});
    all.push_back(twice);
    {
      State t = s;
      CHECK(game.Apply(t, twice).error().message ==
            rules.card_names[static_cast<size_t>(hand[0])] +
                " is named twice in the lay");
    }
    for (const Action& a : all) {
      if (std::find(legal.begin(), legal.end(), a) != legal.end()) continue;
      State t = s;
      const Status applied = game.Apply(t, a);
      REQUIRE_FALSE(applied.ok());
      if (a.value <= rows.count && a.LayCards(std::array<int, kMaxLay>{}.data()) > 1)
        ++refused;
      REQUIRE(std::memcmp(&t, &s, sizeof(State)) == 0);
    }
  });
  CHECK(refused > 100);  // lays refused after some of their cards were laid
}

TEST_CASE("lays: cards that print what the lay rules read alike share a class", "[lay]") {
  auto class_of = [](const Ruleset& rules, const char* name) {
    return int{rules.turn->lay_class[CardNamed(rules, name)]};
  };
  // Fat Fish's rules read the suit: every red fish is judged as one.
  RulesetPtr fatfish = Rules(0);
  REQUIRE_FALSE(fatfish->turn->lay_class.empty());
  CHECK(class_of(*fatfish, "red 1") == class_of(*fatfish, "red 6"));
  CHECK(class_of(*fatfish, "red 1") != class_of(*fatfish, "blue 1"));
  // Suit and value.
  RulesetPtr by_value = Rules(2);
  REQUIRE_FALSE(by_value->turn->lay_class.empty());
  CHECK(class_of(*by_value, "red 1") != class_of(*by_value, "red 6"));
  // Where the judged card lies is no printed attribute: no classes.
  CHECK(LayRule("count(target) > 0 and holder == turn")->turn->lay_class.empty());
}

TEST_CASE("lays: the search asks the lay rules as one compiled condition", "[lay]") {
  // Fat Fish's three rules: one node over their conditions, in order, run as
  // one compiled shape (value_shapes.inc); the lay check still asks them one
  // by one, for the reason a lay is refused.
  RulesetPtr fatfish = Rules(0);
  const TurnProcedure& turn = *fatfish->turn;
  REQUIRE(turn.lay_rules.size() == 3);
  REQUIRE(turn.may_lay >= 0);
  const Node& all = fatfish->nodes[static_cast<size_t>(turn.may_lay)];
  REQUIRE(all.op == Op::kAllOf);
  REQUIRE(all.b == 3);
  for (int i = 0; i < 3; ++i) {
    CHECK(fatfish->lists[static_cast<size_t>(all.a + i)] ==
          turn.lay_rules[static_cast<size_t>(i)].condition);
  }
  const EvalFn compiled = CompiledValueFunction(ValueShapeKey(*fatfish, turn.may_lay));
  REQUIRE(compiled != nullptr);
  CHECK(all.fn == compiled);
  // Each rule asked alone (the lay check, for the rule that says no) runs
  // compiled too.
  for (const ReasonedRule& rule : turn.lay_rules) {
    const EvalFn own = CompiledValueFunction(ValueShapeKey(*fatfish, rule.condition));
    REQUIRE(own != nullptr);
    CHECK(fatfish->nodes[static_cast<size_t>(rule.condition)].fn == own);
  }
  // Made at once: no conjunction of the first two is left beside it.
  int partial = 0;
  for (const Node& n : fatfish->nodes) {
    partial += n.op == Op::kAllOf && n.b == 2 &&
               fatfish->lists[static_cast<size_t>(n.a)] == turn.lay_rules[0].condition;
  }
  CHECK(partial == 0);
  // One rule is its own condition.
  RulesetPtr one = LayRule("count(target) > 0");
  CHECK(one->turn->may_lay == one->turn->lay_rules[0].condition);
}

TEST_CASE("lays: the search knows a state by what the rules read of it", "[lay]") {
  struct Case {
    int house_rule;
    bool by_top, by_card;  // by (d, L); L by itself rather than its class
  };
  for (const Case& c : {Case{0, true, false}, Case{1, false, false},
                        Case{2, false, false}, Case{3, true, false}, Case{4, true, true},
                        Case{5, false, false}, Case{6, false, false}}) {
    RulesetPtr rules = Rules(c.house_rule);
    INFO("house rule " << c.house_rule);
    CHECK(rules->turn->lay_by_top == c.by_top);
    if (c.by_top) CHECK(rules->turn->lay_top_class.empty() == c.by_card);
  }
  auto top_class = [](const Ruleset& rules, const char* name) {
    return int{rules.turn->lay_top_class[CardNamed(rules, name)]};
  };
  // Fat Fish compares the target's size with 0 (a place left, FF5) and with
  // the row's length (full): lays of one to three cards are alike until the
  // row is full. Summing the target's cards reads more than its size.
  CHECK(Rules(0)->turn->lay_by_size_tests);
  CHECK(Rules(0)->turn->lay_size_tests.size() == 2);
  CHECK_FALSE(Rules(5)->turn->lay_by_size_tests);
  CHECK_FALSE(LayRule("count(target) + count(hand(turn)) > 2")->turn->lay_by_size_tests);
  CHECK(Rules(8)->turn->lay_by_size_tests);
  CHECK(Rules(9)->turn->lay_by_size_tests);
  // Whether a lay fills its pile is known by its length when `full` is one
  // size test: Fat Fish's, and the house rules' but the last.
  for (int house_rule : {0, 11, 12, 13, 14}) {
    INFO("house rule " << house_rule);
    RulesetPtr rules = Rules(house_rule);
    CHECK(rules->turn->lay_by_top);
    CHECK(rules->turn->lay_full_by_size == (house_rule != 14));
  }
  CHECK(Rules(13)->turn->lay_full_test.op == Op::kGe);  // 4 <= size: size >= 4
  // Fat Fish reads the suit of every card: a red 6 on top is as a red 1.
  RulesetPtr fatfish = Rules(0);
  CHECK(top_class(*fatfish, "red 1") == top_class(*fatfish, "red 6"));
  CHECK(top_class(*fatfish, "red 1") != top_class(*fatfish, "blue 1"));
  RulesetPtr by_value = Rules(3);
  CHECK(top_class(*by_value, "red 1") != top_class(*by_value, "red 6"));
  CHECK(top_class(*by_value, "red 1") != top_class(*by_value, "blue 1"));
}

TEST_CASE("lays: a turn without a legal lay stops the game, the rules' fault", "[lay]") {
  // A house rule no card meets: the first turn has no move, and no bot or
  // player is to blame for it (as a trick's kNoPlay).
  RulesetPtr house = LayRule("count(target) > 5");
  const Game game(*house, 3);
  Rng rng(1);
  State s = game.NewInitialState();
  while (!s.over) {
    REQUIRE(game.IsChance(s));  // the deal, then the fault: no lay decision
    REQUIRE(game.Apply(s, game.SampleChance(s, rng)).ok());
  }
  CHECK(s.error);
  CHECK(static_cast<RuntimeFault>(s.fault) == RuntimeFault::kNoLay);
  CHECK(std::string(RuntimeFaultText(RuntimeFault::kNoLay)) ==
        "the lay rules allow no lay from this hand on any row");
}

}  // namespace
}  // namespace angler
