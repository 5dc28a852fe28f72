// Sets looked up in tables made at load (card_set_table.h) against the same
// filters judged card by card: on the states of random games, with the keys
// as the game leaves them and with values no table holds.
#include "interpreter/card_set_table.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/card_set_test_util.h"
#include "interpreter/node_walk.h"

namespace angler {
namespace {

using testing::CheckFilter;
using testing::CompileAndPlan;
using testing::OnRandomStates;
using testing::RandomFrame;

const Node& NodeAt(const Ruleset& rules, int node) {
  return rules.nodes[static_cast<size_t>(node)];
}

// The set node of filter `filter`.
const Node& SetOfFilter(const Ruleset& rules, int filter) {
  const Node& f = NodeAt(rules, filter);
  REQUIRE(f.op == Op::kSetFilter);
  return NodeAt(rules, f.y);
}

int Tables(const Ruleset& rules) {
  int tables = 0;
  for (const Node& n : rules.nodes) tables += n.op == Op::kSetTable;
  return tables;
}

struct TableCase {
  const char* filter;
  int keys;  // of the table its set became; 0: it stays as planned
};

// In Fishing trump and called are suits, lowest_value_wins is a yes or no, p
// a seat and round a number.
const TableCase kTableCases[] = {
    // A buoy judged by the trump, a high card by the called suit: a chain of
    // cases over comparisons of trump and called, a set for each pair.
    {"hand(p) where (if kind == buoy then trump else if value > 10 then called else "
     "suit) "
     "== (called ?? trump)",
     2},
    // A seat and two suits; over the ocean, so that a seat past the table
    // reads no hand (below).
    {"ocean where (if kind == buoy then p == 0 or p == 2 else suit == trump or suit == "
     "called)",
     3},
    // Comparisons of the two suits are taken into the table: two keys.
    {"hand(p) where (if kind == buoy then trump != none else suit != trump) and (if "
     "value "
     "> 5 then trump == called else suit == trump)",
     2},
    // A yes or no and two suits.
    {"hand(p) where (if kind == buoy then lowest_value_wins else (if value > 10 then "
     "trump "
     "else suit) == called)",
     3},
    // A number has too many values to be a key.
    {"hand(p) where (if kind == buoy then trump else if value > 10 then called else "
     "suit) "
     "== (if round > 2 then trump else called)",
     0},
    // A value judged card by card is no key: read where the set's if skips
    // it, it would judge cards the rules never asked about.
    {"hand(p) where (if kind == buoy then any(ocean where value + round > 12) else suit "
     "== "
     "trump or suit == called)",
     0},
    // One set alone spares no more than its key costs.
    {"hand(p) where suit == trump", 0},
    // For trump none the sum overflows, a fault: no table, and the set faults
    // as before.
    {"hand(p) where (if kind == buoy then trump else if value > 10 then called else "
     "suit) "
     "== (if 9223372036854775807 + (if trump == none then 1 else 0) > 3 then called else "
     "trump)",
     0},
};

std::vector<int> CompileCases(Ruleset& rules) {
  std::vector<int> filters;
  for (const TableCase& c : kTableCases)
    filters.push_back(CompileAndPlan(rules, c.filter));
  return filters;
}

TEST_CASE(
    "set tables: a set of a few values' values is looked up, as judged card by card",
    "[card_set]") {
  Ruleset rules = testing::Fishing();
  const std::vector<int> filters = CompileCases(rules);
  for (size_t i = 0; i < filters.size(); ++i) {
    INFO(kTableCases[i].filter);
    const Node& set = SetOfFilter(rules, filters[i]);
    if (kTableCases[i].keys == 0) {
      CHECK(set.op != Op::kSetTable);
    } else {
      REQUIRE(set.op == Op::kSetTable);
      CHECK(set.b == kTableCases[i].keys);
      CHECK(NodeAt(rules, set.x).op != Op::kSetTable);  // the set as planned
    }
  }
  // Planning again (more code compiled) tables nothing twice.
  const int tables = Tables(rules);
  CompileAndPlan(rules, "hand(p) where suit == trump");
  CHECK(Tables(rules) == tables);

  const int trump = testing::VarSlot(rules, "trump"),
            called = testing::VarSlot(rules, "called");
  const int yes_no = testing::VarSlot(rules, "lowest_value_wins");
  const int suits = static_cast<int>(rules.suits.size());
  OnRandomStates(rules, 4, 2, [&](const State& s, Rng& rng) {
    const Frame f = RandomFrame(rules, 4, rng);
    // The keys as the game leaves them, and at random over every value.
    State keyed = s;
    keyed.vars[trump] =
        static_cast<int32_t>(rng.Below(static_cast<uint32_t>(suits + 1))) - 1;
    keyed.vars[called] =
        static_cast<int32_t>(rng.Below(static_cast<uint32_t>(suits + 1))) - 1;
    keyed.vars[yes_no] = static_cast<int32_t>(rng.Below(2));
    // Values no table holds (past the last suit, a seat past the table): the
    // set as planned.
    State outside = s;
    outside.vars[trump] = static_cast<int32_t>(suits + rng.Below(3));
    Frame far = f;
    far.locals[0] = static_cast<int32_t>(rules.max_players + rng.Below(3));
    for (size_t i = 0; i < filters.size(); ++i) {
      INFO(kTableCases[i].filter << " trump " << keyed.vars[trump] << " called "
                                 << keyed.vars[called]);
      CheckFilter(rules, s, f, filters[i]);
      CheckFilter(rules, keyed, f, filters[i]);
      CheckFilter(rules, outside, f, filters[i]);
      if (i == 1) CheckFilter(rules, s, far, filters[i]);
    }
  });
}

TEST_CASE("set tables: values the table holds never reach the set it replaced",
          "[card_set]") {
  // The set each table replaced made wrong on purpose (no card at all): the
  // filters still agree card by card while every key is in range, so their
  // sets came from the tables; with a trump past the last suit they do not.
  Ruleset rules = testing::Fishing();
  const std::vector<int> filters = CompileCases(rules);
  Node none{Op::kSetStatic, Type::kCardSet};
  none.a = static_cast<int>(rules.lists.size());
  rules.lists.insert(rules.lists.end(), CardSet::kWords, 0);
  none.set_fn = SetEvaluatorOf(Op::kSetStatic, static_cast<int>(rules.cards.size()));
  rules.nodes.push_back(none);
  rules.node_pos.push_back({});
  for (Node& n : rules.nodes) {
    if (n.op == Op::kSetTable) n.x = static_cast<int>(rules.nodes.size()) - 1;
  }
  const int trump = testing::VarSlot(rules, "trump");
  const int suits = static_cast<int>(rules.suits.size());
  int differ = 0;
  OnRandomStates(rules, 4, 2, [&](const State& s, Rng& rng) {
    const Frame f = RandomFrame(rules, 4, rng);
    State outside = s;
    outside.vars[trump] = static_cast<int32_t>(suits + rng.Below(3));
    for (size_t i = 0; i < filters.size(); ++i) {
      if (kTableCases[i].keys == 0) continue;
      INFO(kTableCases[i].filter);
      CheckFilter(rules, s, f, filters[i]);
      Evaluator by_set(rules, outside, &f), by_card(rules, outside, &f);
      const auto got = testing::Bytes(by_set.Cards(filters[i]));
      const auto want = testing::Bytes(by_card.FilterCardByCard(filters[i]));
      differ += got != want;
    }
  });
  CHECK(differ > 0);
}

TEST_CASE(
    "set tables: a suit the rules work out per card is looked up by led suit and trump",
    "[card_set]") {
  // Fischen 2: a pufferfish takes the led suit, a buoy has none, the "16"s are
  // trump. The winner's and the play rule's sets over that suit are tables
  // of (led, trump); every shipped ruleset's roots are checked against
  // judging card by card in card_set_test.cc.
  RulesetPtr rules = testing::LoadOrFail("fischen2");
  auto two_keys = [](const Node& n) { return n.op == Op::kSetTable && n.b == 2; };
  CHECK(AnyNodeBelow(*rules, rules->trick->winner, two_keys));
  CHECK(AnyNodeBelow(*rules, rules->trick->play_options, two_keys));
}

}  // namespace
}  // namespace angler
