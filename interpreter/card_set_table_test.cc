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

// Fishing's trump and called are suits, p a seat; round is a number.
const TableCase kTableCases[] = {
    // A buoy judged by the trump, a high card by the called suit: a chain of
    // cases over comparisons of trump and called, a set for each pair.
    {"hand(p) where (if kind == buoy then trump else if value > 10 then called else "
     "suit) "
     "== (called ?? trump)",
     2},
    // A seat and two suits.
    {"hand(p) where (if kind == buoy then p == 0 or p == 2 else suit == trump or suit == "
     "called)",
     3},
    // A yes or no, and a suit.
    {"hand(p) where (if kind == buoy then trump != none else suit != trump) and (if "
     "value "
     "> 5 then trump == called else suit == trump)",
     2},
    // A number has too many values to be a key.
    {"hand(p) where (if kind == buoy then trump else if value > 10 then called else "
     "suit) "
     "== (if round > 2 then trump else called)",
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

TEST_CASE(
    "set tables: a set of a few values' values is looked up, as judged card by card",
    "[card_set]") {
  Ruleset rules = testing::Fishing();
  std::vector<int> filters;
  for (const TableCase& c : kTableCases) {
    filters.push_back(CompileAndPlan(rules, c.filter));
    INFO(c.filter);
    const Node& set = SetOfFilter(rules, filters.back());
    if (c.keys == 0) {
      CHECK(set.op != Op::kSetTable);
    } else {
      REQUIRE(set.op == Op::kSetTable);
      CHECK(set.b == c.keys);
      CHECK(NodeAt(rules, set.x).op != Op::kSetTable);  // the set as planned
    }
  }
  // Planning again (more code compiled) tables nothing twice.
  const int tables = Tables(rules);
  CompileAndPlan(rules, "hand(p) where suit == trump");
  CHECK(Tables(rules) == tables);

  const int trump =
      rules.variables[static_cast<size_t>(rules.FindVariable("trump"))].slot;
  const int called =
      rules.variables[static_cast<size_t>(rules.FindVariable("called"))].slot;
  const int suits = static_cast<int>(rules.suits.size());
  OnRandomStates(rules, 4, 2, [&](const State& s, Rng& rng) {
    const Frame f = RandomFrame(rules, 4, rng);
    // The keys as the game leaves them, and at random over every suit and none.
    State keyed = s;
    keyed.vars[trump] =
        static_cast<int32_t>(rng.Below(static_cast<uint32_t>(suits + 1))) - 1;
    keyed.vars[called] =
        static_cast<int32_t>(rng.Below(static_cast<uint32_t>(suits + 1))) - 1;
    // A value no table holds (past the last suit): the set as planned.
    State outside = s;
    outside.vars[trump] = static_cast<int32_t>(suits + rng.Below(3));
    for (size_t i = 0; i < filters.size(); ++i) {
      INFO(kTableCases[i].filter << " trump " << keyed.vars[trump] << " called "
                                 << keyed.vars[called]);
      CheckFilter(rules, s, f, filters[i]);
      CheckFilter(rules, keyed, f, filters[i]);
      CheckFilter(rules, outside, f, filters[i]);
    }
  });
}

TEST_CASE("set tables: Fischen 2's suit of a card is looked up by the led suit and trump",
          "[card_set]") {
  // suit_of: a pufferfish takes the led suit, a buoy has none, the "16"s are
  // trump. The winner's, the weakest card's and the play rule's sets over it
  // are tables of (led, trump); every shipped ruleset's roots are checked
  // against judging card by card in card_set_test.cc.
  RulesetPtr rules = testing::LoadOrFail("fischen2");
  const int winner_tables = AnyNodeBelow(*rules, rules->trick->winner, [](const Node& n) {
    return n.op == Op::kSetTable && n.b == 2;
  });
  CHECK(winner_tables);
  CHECK(AnyNodeBelow(*rules, rules->trick->play_options,
                     [](const Node& n) { return n.op == Op::kSetTable; }));
}

}  // namespace
}  // namespace angler
