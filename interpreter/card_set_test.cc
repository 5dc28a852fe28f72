// Filters compiled to card sets (card_set_plan.h) against the same filters
// judged card by card, on states of random games: every list, count, any and
// first must agree, and so must faults. Likewise the fused functions
// BindEvaluators picks against each op's own.
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "dsl/parser.h"
#include "interpreter/card_set_plan.h"
#include "interpreter/card_set_test_util.h"
#include "interpreter/compiler.h"
#include "interpreter/eval.h"
#include "interpreter/node_walk.h"
#include "interpreter/rng.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::Bytes;
using testing::CheckFilter;
using testing::CompileAndPlan;
using testing::LoadOrFail;
using testing::OnRandomStates;
using testing::RandomFrame;

// The number of cards filter `node` keeps on `s` (p is seat 0), and the
// fault met working them out (RuntimeFault::kNone if none).
std::pair<size_t, RuntimeFault> KeptAndFault(const Ruleset& rules, const State& s,
                                             int node) {
  Frame f{};
  Evaluator ev(rules, s, &f);
  const size_t kept = ev.Cards(node).size();
  return {kept, ev.fault()};
}

bool Contains(const Ruleset& rules, int node, Op op) {
  if (node < 0) return false;
  const Node& n = rules.nodes[static_cast<size_t>(node)];
  if (n.op == op) return true;
  if (n.op == Op::kSetAll || n.op == Op::kSetAny) {
    for (int i = 0; i < n.b; ++i) {
      if (Contains(rules, static_cast<int>(rules.lists[static_cast<size_t>(n.a + i)]),
                   op))
        return true;
    }
    return false;
  }
  if (n.op == Op::kSetFilter) return Contains(rules, n.y, op);
  return Contains(rules, n.x, op) ||
         (n.type == Type::kCardSet &&
          (Contains(rules, n.y, op) || Contains(rules, n.z, op)));
}

// Whether `node` reads a value bound by an enclosing let (only meaningful
// evaluated inside it).
bool ReadsBound(const Ruleset& rules, int node) {
  if (node < 0) return false;
  const Node& n = rules.nodes[static_cast<size_t>(node)];
  if (n.op == Op::kBound) return true;
  if (n.op == Op::kAnyOf || n.op == Op::kAllOf || n.op == Op::kSetAll ||
      n.op == Op::kSetAny) {
    for (int i = 0; i < n.b; ++i) {
      if (ReadsBound(rules, static_cast<int>(rules.lists[static_cast<size_t>(n.a + i)])))
        return true;
    }
    return false;
  }
  return ReadsBound(rules, n.x) || ReadsBound(rules, n.y) || ReadsBound(rules, n.z);
}

// The expressions the engine evaluates whole: instruction operands, the
// trick's and the turn's rules, the invariants.
std::vector<int> Roots(const Ruleset& rules) {
  std::vector<int> roots;
  for (const Instr& in : rules.code) {
    for (int e : {in.e0, in.e1, in.e2}) {
      if (e >= 0) roots.push_back(e);
    }
  }
  if (rules.trick) {
    roots.insert(roots.end(), {rules.trick->lead_options, rules.trick->play_options,
                               rules.trick->winner});
  }
  if (rules.turn) {
    for (const ReasonedRule& r : rules.turn->lay_rules) roots.push_back(r.condition);
  }
  for (const Invariant& i : rules.invariants) roots.push_back(i.holds);
  return roots;
}

// Root `node` evaluated the fast way (`rules`) and the general way
// (`general`, card by card if `card_by_card`), `card` the judged one where it
// reads one.
void CheckRoot(const Ruleset& rules, const Ruleset& general, bool card_by_card,
               const State& s, const Frame& f, int node, int card) {
  Evaluator by_set(rules, s, &f);
  Evaluator by_card(general, s, &f);
  by_card.set_card_by_card(card_by_card);
  by_set.set_card(card);
  by_card.set_card(card);
  const Node& n = rules.nodes[static_cast<size_t>(node)];
  INFO("root n" << node << " card " << card << " at ply " << s.ply);
  if (n.type == Type::kCards) {
    const auto got = Bytes(by_set.Cards(node));
    const auto want = Bytes(by_card.Cards(node));
    REQUIRE(by_set.faulted() == by_card.faulted());
    if (!by_card.faulted()) CHECK(got == want);
  } else if (n.type != Type::kZone && n.type != Type::kInts && n.type != Type::kPlayers) {
    const int64_t got = by_set.Value(node);
    const int64_t want = by_card.Value(node);
    REQUIRE(by_set.faulted() == by_card.faulted());
    if (!by_card.faulted()) CHECK(got == want);
  }
}

TEST_CASE("card sets: every shipped ruleset's set filters agree card by card",
          "[card_set]") {
  for (const char* name :
       {"fishing", "fischen2", "fatfish", "falscher-hering", "hearts"}) {
    RulesetPtr rules = LoadOrFail(name);
    std::vector<int> planned, classified;
    bool any_set = false;
    for (size_t i = 0; i < rules->nodes.size(); ++i) {
      const Node& n = rules->nodes[i];
      // Filters judged once per class of cards (Node::imm), not per card.
      if (n.op == Op::kFilter && n.imm > 0) classified.push_back(static_cast<int>(i));
      if (n.op != Op::kSetFilter) continue;
      any_set = true;
      CHECK(n.imm == 1);  // its set reads no value kept for the run
      if (!ReadsBound(*rules, static_cast<int>(i)))
        planned.push_back(static_cast<int>(i));
    }
    const std::vector<int> roots = Roots(*rules);
    INFO(name);
    CHECK(any_set);
    // Fischen 2's suit_of (a pufferfish takes the led suit) makes a set by
    // its leaves (kSetCase); the weakest card's filters too.
    if (std::string(name) == "fischen2") {
      CHECK(AnyNodeBelow(*rules, rules->trick->play_options,
                         [](const Node& n) { return n.op == Op::kSetCase; }));
      CHECK(rules->nodes[static_cast<size_t>(rules->trick->play_options)].op ==
            Op::kSetFilter);
    }
    const int players = std::max(rules->min_players, std::min(4, rules->max_players));
    OnRandomStates(*rules, players, 3, [&](const State& s, Rng& rng) {
      const Frame top = s.frames[s.frame_count - 1];
      const Frame any = RandomFrame(*rules, players, rng);
      for (int node : planned) {
        CheckFilter(*rules, s, top, node);
        CheckFilter(*rules, s, any, node);
      }
      for (int node : classified) {
        CheckFilter(*rules, s, top, node);
        CheckFilter(*rules, s, any, node);
        Evaluator by_class(*rules, s, &top);
        Evaluator by_card(*rules, s, &top);
        by_card.set_card_by_card(true);
        const auto got = Bytes(by_class.PlannedFilter(node));
        const auto want = Bytes(by_card.PlannedFilter(node));
        if (!by_card.faulted()) CHECK(got == want);
      }
      const int card =
          static_cast<int>(rng.Below(static_cast<uint32_t>(rules->cards.size())));
      for (int node : roots) CheckRoot(*rules, *rules, true, s, top, node, card);
    });
  }
}

TEST_CASE("card sets: a play rule's cards written as options are its filter's cards",
          "[card_set]") {
  // Evaluator::PlannedFilterInto writes a decision's options straight from
  // the set (or, card by card, from the judged list): the same cards, in
  // the same order, as PlannedFilter lists, and the same faults.
  for (const char* name : {"fishing", "fischen2", "hearts"}) {
    RulesetPtr rules = LoadOrFail(name);
    REQUIRE(rules->trick);
    INFO(name);
    int compared = 0;
    OnRandomStates(*rules, 4, 2, [&](const State& s, Rng&) {
      const Frame top = s.frames[s.frame_count - 1];
      for (int node : {rules->trick->lead_options, rules->trick->play_options}) {
        for (bool card_by_card : {false, true}) {
          Evaluator listed(*rules, s, &top), written(*rules, s, &top);
          listed.set_card_by_card(card_by_card);
          written.set_card_by_card(card_by_card);
          const auto want = Bytes(listed.PlannedFilter(node));
          int16_t options[kMaxCards];
          const size_t n = written.PlannedFilterInto(node, options);
          REQUIRE(written.faulted() == listed.faulted());
          if (listed.faulted()) continue;
          CHECK(std::vector<uint8_t>(options, options + n) == want);
          compared += !want.empty();
        }
      }
    });
    CHECK(compared > 100);
  }
}

TEST_CASE("evaluation: the fused forms agree with each op's own function",
          "[card_set][eval]") {
  // BindEvaluators gives some nodes a function that does their op's work in
  // fewer calls (a filter's count streamed, an If reading its CardAttrEq
  // directly, ...); every root of every shipped ruleset must come out the
  // same, faults included, with each node running its op's own function.
  for (const char* name :
       {"fishing", "fischen2", "fatfish", "falscher-hering", "hearts"}) {
    RulesetPtr rules = LoadOrFail(name);
    Ruleset unfused = *rules;
    BindUnfused(unfused);
    const std::vector<int> roots = Roots(*rules);
    INFO(name);
    const int players = std::max(rules->min_players, std::min(4, rules->max_players));
    OnRandomStates(*rules, players, 2, [&](const State& s, Rng& rng) {
      const Frame top = s.frames[s.frame_count - 1];
      const int card =
          static_cast<int>(rng.Below(static_cast<uint32_t>(rules->cards.size())));
      for (int node : roots) CheckRoot(*rules, unfused, false, s, top, node, card);
      if (!rules->turn) return;
      // The lay rules as the lay search asks them: with a pile as the target
      // (between turns there is none).
      const ZoneFamily& rows =
          rules->zones[static_cast<size_t>(rules->turn->rows_family)];
      State t = s;
      for (int row = 0; row < rows.count; ++row) {
        t.vars[rules->builtin.target] = rows.first + row;
        for (const ReasonedRule& rule : rules->turn->lay_rules)
          CheckRoot(*rules, unfused, false, t, top, rule.condition, card);
      }
    });
  }
}

TEST_CASE(
    "evaluation: count, first and lowest of cards where A == K compare each "
    "card's A with K",
    "[card_set][eval]") {
  // A zone's or the trick's cards where a printed attribute equals a value
  // worked out first (Evaluator::StreamWhere): no set is made, and the
  // answers, ties and faults are those of each op's own function.
  Ruleset rules = testing::Fishing();
  const int highest = CompileAndPlan(rules, "highest(ocean where suit == trump)");
  const int lowest = CompileAndPlan(rules, "lowest(played where suit == called)");
  const int count = CompileAndPlan(rules, "count(hand(p) where value == round)");
  const int first =
      CompileAndPlan(rules, "first(hand(p) where suit == first(played).suit)");
  const int faulting =
      CompileAndPlan(rules, "count(hand(p) where value == score(p + 9))");
  Ruleset unfused = rules;
  BindUnfused(unfused);
  testing::Table table(rules, 4, rules.entry_trick);
  table.Set("round", 3);
  table.Put(table.Zone("ocean"), {"green 7", "red 4", "green 9", "green 8", "blue 9"});
  table.Give(0, {"blue 3", "red 11", "yellow 3", "red 3"});
  const std::string minus = "buoy \"-3 points\"";
  for (const std::string& name :
       {std::string("red 12"), minus, std::string("blue 2"), minus}) {
    const int card = table.FreeCard(name);
    Game::MoveCard(table.s, card, table.Zone("trick"), false);
    table.s.played[table.s.played_count++] = static_cast<uint8_t>(card);
  }
  const auto value = [&](const Ruleset& r, int node) {
    Frame f{};
    Evaluator ev(r, table.s, &f);
    const int64_t v = ev.Value(node);
    return std::pair{v, ev.fault()};
  };
  CHECK(value(rules, highest).first == table.CardIn("green 9", table.Zone("ocean")));
  // Nothing called: the two buoys, whose suit is none too, tie; the earlier wins.
  CHECK(value(rules, lowest).first == table.s.played[1]);
  CHECK(value(rules, count).first == 3);
  CHECK(value(rules, first).first == table.CardIn("red 11", table.Hand(0)));
  CHECK(value(rules, faulting).second == RuntimeFault::kNoSeat);
  for (int node : {highest, lowest, count, first, faulting})
    CHECK(value(rules, node) == value(unfused, node));
  // An empty hand asks nothing of its cards: K's fault is never met.
  testing::Table empty(rules, 4, rules.entry_trick);
  Frame f{};
  Evaluator ev(rules, empty.s, &f);
  CHECK(ev.Value(faulting) == 0);
  CHECK(ev.fault() == RuntimeFault::kNone);
}

// One filter per set op, written in Fishing's names; p is a seat.
struct OpCase {
  const char* filter;
  Op op;
};
const OpCase kOpCases[] = {
    {"all_cards where stars == 0", Op::kSetStatic},
    {"hand(p) where players == 4", Op::kSetIf},
    {"hand(p) where suit == trump or stars > 2", Op::kSetAny},
    {"ocean where kind != buoy and value >= round", Op::kSetAll},
    {"hand(p) where not (suit == called)", Op::kSetNot},
    {"hand(p) where suit == first(played).suit", Op::kSetEq},
    {"hand(p) where value < score(p) + 3", Op::kSetLt},
    {"hand(p) where value <= round * 2", Op::kSetLe},
    {"hand(p) where round * 2 >= value", Op::kSetLe},
    {"hand(p) where round > value", Op::kSetLt},
    {"all_cards where card in hand(p)", Op::kSetOfCards},
    {"hand(p) where card != first(hand(left(p)))", Op::kSetOfCards},
    {"hand(p) where if players == 4 then suit == trump else value > 3", Op::kSetIfElse},
    // Follow what you can: one set, the hand tested against it.
    {"hand(p) where suit == called or not any(hand(p) where suit == called)",
     Op::kSetUnlessNone},
    {"hand(p) where not any(hand(p) where value < round) or value < round",
     Op::kSetUnlessNone},
    {"hand(p) where suit == first(played).suit or not any(hand(p) where suit == "
     "first(played).suit)",
     Op::kSetUnlessNone},
    // The any's condition is the other part and a fixed one: the hand is
    // tested against the part's set met with the fixed one's (Node::b 1).
    {"hand(p) where suit == called or not any(hand(p) where kind == fish and suit == "
     "called)",
     Op::kSetUnlessNone},
    {"hand(p) where kind == buoy or (if value > 10 then trump else suit) == called or "
     "not any(hand(p) where kind == fish and (if value > 10 then trump else suit) == "
     "called)",
     Op::kSetUnlessNone},
    // Another set in the any: the hand tested against the any's own.
    {"hand(p) where suit == called or not any(hand(p) where suit == trump)",
     Op::kSetIfAny},
    {"ocean where stars > 2 or any(hand(left(p)) where value < round)", Op::kSetIfAny},
    {"hand(p) where if suit == trump then value > round else stars == 1", Op::kSetNot},
    // A part the same for every card (moved first) decides or leaves a choice.
    {"hand(p) where round > 1 or suit == trump", Op::kSetIfElse},
    {"hand(p) where kind == buoy or round > 1 or suit == trump", Op::kSetIfElse},
    {"hand(p) where stars > 1 and round > 1 and suit == trump", Op::kSetIfElse},
    // Such a choice inside an and (or), lifted above it.
    {"hand(p) where suit == trump and (round > 1 or stars > 2)", Op::kSetIfElse},
    {"hand(p) where suit == trump or (round > 1 and stars > 2)", Op::kSetIfElse},
    // An if on printed attributes compared with a value: its leaves' cards by
    // the attribute's classes, or all or none by one comparison each.
    {"hand(p) where (if kind == buoy then trump else suit) == called", Op::kSetCase},
    {"hand(p) where (if kind == buoy then trump else suit) == green", Op::kSetCase},
    {"hand(p) where (if kind == buoy then called else suit) == called", Op::kSetCase},
    {"hand(p) where called != (if value > 10 then trump else if kind == buoy then none "
     "else suit)",
     Op::kSetCase},
    {"hand(p) where (if suit == green then round else value) < 5", Op::kSetCase},
    {"hand(p) where (if stars > 2 then score(p) else value) >= round * 2", Op::kSetCase},
    // The top card of each pile, streamed where it lies by count, first, any.
    {"ends(hand) where suit == trump", Op::kSetEq},
    {"ends(boat) where value < round * 3", Op::kSetLt},
};

TEST_CASE("card sets: each set op agrees with judging card by card", "[card_set]") {
  Ruleset rules = testing::Fishing();
  Compiler compiler(rules);
  CodeContext ctx;
  ctx.params = {{"p", Type::kPlayer}};
  std::vector<int> filters, counts, firsts, anys;
  for (const OpCase& c : kOpCases) {
    for (const std::string& text :
         {std::string(c.filter), "count(" + std::string(c.filter) + ")",
          "first(" + std::string(c.filter) + ")", "any(" + std::string(c.filter) + ")"}) {
      auto parsed = ParseExpression(Snippet::WholeFile(SourceFile::Make("expr", text)));
      REQUIRE(parsed.ok());
      auto node = compiler.Expression(*parsed.value(), Type::kVoid, ctx);
      INFO(text << testing::FormatErrors(node));
      REQUIRE(node.ok());
      auto& into = text[0] == 'c'                     ? counts
                   : text[0] == 'f'                   ? firsts
                   : text[0] == 'a' && text[1] == 'n' ? anys
                                                      : filters;
      into.push_back(node.value());
    }
  }
  BindEvaluators(rules);
  for (size_t i = 0; i < filters.size(); ++i) {
    INFO(kOpCases[i].filter);
    REQUIRE(rules.nodes[static_cast<size_t>(filters[i])].op == Op::kSetFilter);
    CHECK(Contains(rules, filters[i], kOpCases[i].op));
    // The set's operands are read as they are, not through values the filter
    // keeps for its run: its TrySet need not forget those first.
    CHECK(rules.nodes[static_cast<size_t>(filters[i])].imm == 1);
  }
  OnRandomStates(rules, 4, 4, [&](const State& s, Rng& rng) {
    Frame f = RandomFrame(rules, 4, rng);
    for (size_t i = 0; i < filters.size(); ++i) {
      INFO(kOpCases[i].filter);
      CheckFilter(rules, s, f, filters[i]);
      Evaluator by_card(rules, s, &f);
      const auto want = Bytes(by_card.FilterCardByCard(filters[i]));
      if (by_card.faulted()) continue;
      Evaluator ev(rules, s, &f);
      CHECK(ev.Value(counts[i]) == static_cast<int64_t>(want.size()));
      CHECK(ev.Value(firsts[i]) == (want.empty() ? kNone : want.front()));
      CHECK(ev.Value(anys[i]) == !want.empty());
    }
  });
}

TEST_CASE("card sets: a choice by a value inside an and or an or is lifted above it",
          "[card_set]") {
  // `A and (c or X)`: when c holds, A; else A and X. `A or (c and X)`: when
  // c holds, A or X; else A. One choice by c, not a set of every card (or of
  // none) worked out and joined to A's.
  Ruleset rules = testing::Fishing();
  auto set_of = [&](const char* text) {
    const Node& filter = rules.nodes[static_cast<size_t>(CompileAndPlan(rules, text))];
    REQUIRE(filter.op == Op::kSetFilter);
    return rules.nodes[static_cast<size_t>(filter.y)];
  };
  const Node lifted_and =
      set_of("hand(p) where suit == trump and (round > 1 or stars > 2)");
  CHECK(lifted_and.op == Op::kSetIfElse);
  CHECK(rules.nodes[static_cast<size_t>(lifted_and.y)].op == Op::kSetEq);   // A alone
  CHECK(rules.nodes[static_cast<size_t>(lifted_and.z)].op == Op::kSetAll);  // A and X
  const Node lifted_or =
      set_of("hand(p) where suit == trump or (round > 1 and stars > 2)");
  CHECK(lifted_or.op == Op::kSetIfElse);
  CHECK(rules.nodes[static_cast<size_t>(lifted_or.y)].op == Op::kSetAny);  // A or X
  CHECK(rules.nodes[static_cast<size_t>(lifted_or.z)].op == Op::kSetEq);   // A alone

  // Each lift joins the other parts twice: eight such parts do not make
  // 2^8 joins, and the set still agrees with judging card by card.
  std::string eight = "hand(p) where suit == trump";
  for (int k = 1; k <= 8; ++k) {
    eight +=
        " and (round > " + std::to_string(k) + " or value > " + std::to_string(k) + ")";
  }
  const size_t before = rules.nodes.size();
  const int filter = CompileAndPlan(rules, eight);
  INFO("nodes added: " << rules.nodes.size() - before);
  CHECK(rules.nodes.size() - before < 250);
  OnRandomStates(rules, 4, 2, [&](const State& s, Rng& rng) {
    CheckFilter(rules, s, RandomFrame(rules, 4, rng), filter);
  });
}

TEST_CASE("card sets: a condition that makes no set is judged once per class",
          "[card_set]") {
  // A printed attribute in a sum with the state makes no set; the cards that
  // print the same value share a verdict (Node::imm: where their classes
  // are kept), and one card of each class is judged.
  Ruleset rules = testing::Fishing();
  const int node = CompileAndPlan(rules, "hand(p) where value + round > score(p)");
  const Node& filter = rules.nodes[static_cast<size_t>(node)];
  REQUIRE(filter.op == Op::kFilter);
  REQUIRE(filter.imm > 0);
  OnRandomStates(rules, 4, 3, [&](const State& s, Rng& rng) {
    const Frame f = RandomFrame(rules, 4, rng);
    Evaluator by_class(rules, s, &f);
    Evaluator by_card(rules, s, &f);
    by_card.set_card_by_card(true);
    const auto got = Bytes(by_class.PlannedFilter(node));
    const auto want = Bytes(by_card.PlannedFilter(node));
    REQUIRE(by_class.faulted() == by_card.faulted());
    if (!by_card.faulted()) CHECK(got == want);
  });
}

TEST_CASE("card sets: an if compared with a value walks a bounded number of ifs",
          "[card_set]") {
  // 80 ifs in a chain, each on the value: more than the planner walks for
  // one comparison (kMaxSplits), so the filter is judged as before, and
  // agrees card by card. 10 make a set of their leaves.
  auto chain = [](int ifs) {
    std::string x = "trump";
    for (int k = ifs; k >= 1; --k)
      x = "if value > " + std::to_string(k) + " then suit else " + x;
    return "hand(p) where (" + x + ") == called";
  };
  Ruleset rules = testing::Fishing();
  const int deep = CompileAndPlan(rules, chain(80));
  const int shallow = CompileAndPlan(rules, chain(10));
  auto has_case = [&](int node) {
    return AnyNodeBelow(rules, node, [](const Node& n) { return n.op == Op::kSetCase; });
  };
  CHECK_FALSE(has_case(deep));
  CHECK(has_case(shallow));
  OnRandomStates(rules, 4, 2, [&](const State& s, Rng& rng) {
    const Frame f = RandomFrame(rules, 4, rng);
    CheckFilter(rules, s, f, deep);
    CheckFilter(rules, s, f, shallow);
  });
}

// A random condition in Fishing's names: ifs on printed attributes choosing
// suits or numbers, compared with each other or with values of the state.
struct RandomCondition {
  Rng& rng;
  int Pick(int n) { return static_cast<int>(rng.Below(static_cast<uint32_t>(n))); }
  std::string Printed() {  // a condition on the judged card's printed attributes
    const char* kinds[] = {"kind == buoy",       "kind == fish",  "value > 9",
                           "stars >= 3",         "suit == green", "value <= 2",
                           "suit in [red, blue]"};
    std::string c = kinds[Pick(7)];
    return Pick(4) == 0 ? "not (" + c + ")" : c;
  }
  // An if-tree `depth` deep at most, its leaves picked from `leaves`.
  std::string Chosen(int depth, const std::vector<std::string>& leaves) {
    if (depth > 0 && Pick(2) == 0)
      return "(if " + Printed() + " then " + Chosen(depth - 1, leaves) + " else " +
             Chosen(depth - 1, leaves) + ")";
    return leaves[static_cast<size_t>(Pick(static_cast<int>(leaves.size())))];
  }
  std::string Suit(int depth) {
    return Chosen(depth, {"suit", "trump", "called", "none", "green"});
  }
  std::string Number(int depth) {
    return Chosen(depth, {"value", "stars", "round", "score(p)", "3"});
  }
  // Where a card lies and who played it: no printed attribute, no set.
  std::string Placed() {
    const char* placed[] = {"holder == p", "player == p", "zone_index == 0",
                            "holder != none", "player == none"};
    return placed[Pick(5)];
  }
  std::string Condition() {
    const char* ops[] = {"==", "!=", "<", "<=", ">", ">="};
    std::string c = Pick(2) == 0 ? Suit(3) + (Pick(2) ? " == " : " != ") + Suit(1)
                                 : Number(3) + " " + ops[Pick(6)] + " " + Number(1);
    if (Pick(3) == 0) c = Printed() + (Pick(2) ? " and " : " or ") + c;
    return c;
  }
  // A condition, or one with a placed part before or after it.
  std::string Mixed() {
    switch (Pick(3)) {
      case 0:
        return Condition() + " and " + Placed();
      case 1:
        return Placed() + (Pick(2) ? " and " : " or ") + Condition();
      default:
        return Condition();
    }
  }
};

TEST_CASE("card sets: random conditions on ifs agree card by card", "[card_set]") {
  // Whatever the planner makes of a condition (a set of if leaves, classes,
  // a set of its first parts, or nothing), the filter keeps exactly the
  // cards judging one by one keeps.
  Ruleset rules = testing::Fishing();
  Rng rng(7);
  RandomCondition random{rng};
  std::vector<int> filters;
  std::vector<std::string> texts;
  int cases = 0;
  for (int i = 0; i < 150; ++i) {
    texts.push_back("hand(p) where " + random.Condition());
    INFO(texts.back());
    filters.push_back(CompileAndPlan(rules, texts.back()));
    cases += AnyNodeBelow(rules, filters.back(),
                          [](const Node& n) { return n.op == Op::kSetCase; });
  }
  // Over every card, wherever it lies, with where it lies in the condition.
  const char* lists[] = {"all_cards", "played", "hand(p)"};
  int prefiltered = 0;
  for (int i = 0; i < 150; ++i) {
    texts.push_back(std::string(lists[random.Pick(3)]) + " where " + random.Mixed());
    INFO(texts.back());
    filters.push_back(CompileAndPlan(rules, texts.back()));
    const Node& filter = rules.nodes[static_cast<size_t>(filters.back())];
    prefiltered += filter.op == Op::kFilter && filter.z >= 0;
  }
  CHECK(cases >= 20);        // the ifs make sets often enough to be tested here
  CHECK(prefiltered >= 20);  // and a condition's first parts alone
  OnRandomStates(rules, 4, 2, [&](const State& s, Rng& r) {
    const Frame f = RandomFrame(rules, 4, r);
    for (size_t i = 0; i < filters.size(); ++i) {
      INFO(texts[i]);
      CheckFilter(rules, s, f, filters[i]);
    }
  });
}

TEST_CASE("card sets: a fixed part of an and is taken into the other part's sets",
          "[card_set]") {
  // `kind == fish and X`: X's fixed sets met with the fish at load, no
  // intersection left to work out each time.
  Ruleset rules = testing::Fishing();
  const std::vector<std::pair<std::string, Op>> cases = {
      {"hand(p) where kind == fish and suit == called", Op::kSetEq},
      {"hand(p) where value < round and kind == fish", Op::kSetLt},
      {"hand(p) where kind == fish and (if value > 10 then trump else suit) == called",
       Op::kSetCase},
  };
  std::vector<int> filters;
  for (const auto& [text, op] : cases) {
    filters.push_back(CompileAndPlan(rules, text));
    INFO(text);
    const Node& filter = rules.nodes[static_cast<size_t>(filters.back())];
    REQUIRE(filter.op == Op::kSetFilter);
    CHECK(rules.nodes[static_cast<size_t>(filter.y)].op == op);
    CHECK_FALSE(Contains(rules, filters.back(), Op::kSetAll));
  }
  OnRandomStates(rules, 4, 2, [&](const State& s, Rng& rng) {
    const Frame f = RandomFrame(rules, 4, rng);
    for (int node : filters) CheckFilter(rules, s, f, node);
  });
}

TEST_CASE("card sets: a value that faults is left to the card-by-card path",
          "[card_set]") {
  // score(p + 9) faults (no such seat) whenever it is worked out; card by card
  // it never is for an empty hand or when kind == buoy settles every card.
  Ruleset rules = testing::Fishing();
  const int node =
      CompileAndPlan(rules, "ocean where kind == fish and value < score(p + 9)");
  REQUIRE(rules.nodes[static_cast<size_t>(node)].op == Op::kSetFilter);
  testing::Table table(rules, 4, rules.entry_trick);
  table.Put(table.Zone("ocean"),
            {"buoy \"-3 points\""});  // a buoy only: nothing to compare
  CHECK(KeptAndFault(rules, table.s, node) == std::pair{size_t{0}, RuntimeFault::kNone});
  table.Put(table.Zone("ocean"), {"red 1"});
  CHECK(KeptAndFault(rules, table.s, node).second == RuntimeFault::kNoSeat);
}

TEST_CASE("card sets: who played or holds a card is asked where it lies, never planned",
          "[card_set]") {
  // `holder == p` compares no printed attribute: where a card lies and who
  // played it change as the game goes. A set worked out at load (from a
  // blank state) kept the wrong cards; such a condition is judged card by
  // card.
  Ruleset rules = testing::Fishing();
  std::vector<int> filters;
  for (const char* text :
       {"all_cards where holder == p", "all_cards where player == p",
        "all_cards where zone_index == p", "played where player == p"}) {
    filters.push_back(CompileAndPlan(rules, text));
    INFO(text);
    CHECK(rules.nodes[static_cast<size_t>(filters.back())].op == Op::kFilter);
  }
  int kept = 0;
  OnRandomStates(rules, 4, 1, [&](const State& s, Rng& rng) {
    const Frame f = RandomFrame(rules, 4, rng);
    for (int node : filters) {
      Evaluator fast(rules, s, &f), by_card(rules, s, &f);
      by_card.set_card_by_card(true);
      const auto want = Bytes(by_card.Cards(node));
      CHECK(Bytes(fast.Cards(node)) == want);
      kept += !want.empty();
    }
  });
  CHECK(kept > 100);
}

TEST_CASE("card sets: an and whose first operands make a set judges only their cards",
          "[card_set]") {
  // Where a card lies (holder) is no printed attribute, so `kind == fish and
  // value > round and holder == p` makes no set; its first two operands do
  // (Node::z). A card outside their set fails before the rest is asked and
  // is not judged. An operand after one that makes no set is asked only of
  // the cards that pass that one: it takes no part.
  Ruleset rules = testing::Fishing();
  const std::string filter =
      "all_cards where kind == fish and value > round and holder == p";
  const int node = CompileAndPlan(rules, filter);
  const Node& planned = rules.nodes[static_cast<size_t>(node)];
  REQUIRE(planned.op == Op::kFilter);
  REQUIRE(planned.z >= 0);
  CHECK(rules.nodes[static_cast<size_t>(planned.z)].type == Type::kCardSet);
  CHECK(rules
            .nodes[static_cast<size_t>(
                CompileAndPlan(rules, "all_cards where holder == p and kind == fish"))]
            .z < 0);
  // Listed, counted, the first and the highest, against judging every card.
  const std::vector<int> values = {CompileAndPlan(rules, "count(" + filter + ")"),
                                   CompileAndPlan(rules, "first(" + filter + ")"),
                                   CompileAndPlan(rules, "highest(" + filter + ")")};
  int kept = 0;
  OnRandomStates(rules, 4, 2, [&](const State& s, Rng& rng) {
    const Frame f = RandomFrame(rules, 4, rng);
    Evaluator by_set(rules, s, &f), by_card(rules, s, &f);
    by_card.set_card_by_card(true);
    const auto want = Bytes(by_card.Cards(node));
    CHECK(Bytes(by_set.Cards(node)) == want);
    CHECK(Bytes(by_set.PlannedFilter(node)) == Bytes(by_card.PlannedFilter(node)));
    for (int value : values) CHECK(by_set.Value(value) == by_card.Value(value));
    REQUIRE_FALSE(by_set.faulted());
    kept += !want.empty();
  });
  CHECK(kept > 100);

  // A set that faults (score(p + 9): no such seat) is given up, and the
  // fault forgotten: judged card by card, a buoy stops at its first operand.
  const int faulting = CompileAndPlan(
      rules, "ocean where kind == fish and value < score(p + 9) and holder == none");
  REQUIRE(rules.nodes[static_cast<size_t>(faulting)].z >= 0);
  testing::Table table(rules, 4, rules.entry_trick);
  table.Put(table.Zone("ocean"), {"buoy \"-3 points\""});
  CHECK(KeptAndFault(rules, table.s, faulting) ==
        std::pair{size_t{0}, RuntimeFault::kNone});
  table.Put(table.Zone("ocean"), {"buoy \"-3 points\"", "red 1"});
  CHECK(KeptAndFault(rules, table.s, faulting).second == RuntimeFault::kNoSeat);
}

TEST_CASE("card sets: a filter's any whose set faults is judged card by card inside",
          "[card_set]") {
  // The any of the inner filter (Op::kSetIfAny) works out the inner set,
  // which faults (score(p + 9): no such seat); its any is then judged card
  // by card, which meets the fault only when a fish is in the hand, as
  // judging everything card by card does.
  Ruleset rules = testing::Fishing();
  const int node =
      CompileAndPlan(rules,
                     "ocean where kind == buoy or not any(hand(p) where kind == fish and "
                     "value < score(p + 9))");
  const Node& filter = rules.nodes[static_cast<size_t>(node)];
  REQUIRE(filter.op == Op::kSetFilter);
  const Node& either = rules.nodes[static_cast<size_t>(filter.y)];
  REQUIRE(either.op == Op::kSetAny);
  bool if_any = false;
  for (int k = 0; k < either.b; ++k) {
    const auto child =
        static_cast<size_t>(rules.lists[static_cast<size_t>(either.a + k)]);
    if_any |= rules.nodes[child].op == Op::kSetIfAny;
  }
  CHECK(if_any);
  testing::Table table(rules, 4, rules.entry_trick);
  table.Put(table.Zone("ocean"), {"red 1", "buoy \"-3 points\"", "blue 2"});
  table.Put(table.Zone("hand", 0), {"buoy \"call the color\""});
  // No fish in the hand: every card, no fault.
  CHECK(KeptAndFault(rules, table.s, node) == std::pair{size_t{3}, RuntimeFault::kNone});
  table.Put(table.Zone("hand", 0), {"red 3"});
  CHECK(KeptAndFault(rules, table.s, node).second == RuntimeFault::kNoSeat);
}

TEST_CASE("card sets: a card nobody has stated is judged by itself, and asks",
          "[card_set][table]") {
  // A set decides by what a card is; a card whose place an unseen shuffle
  // decided may not decide anything, so the filter must ask for it.
  Ruleset rules = testing::Fishing();
  const int node = CompileAndPlan(rules, "count(ocean where kind == fish)");
  const Node& count = rules.nodes[static_cast<size_t>(node)];
  REQUIRE(rules.nodes[static_cast<size_t>(count.x)].op == Op::kSetFilter);
  testing::Table table(rules, 4, rules.entry_trick);
  table.Put(table.Zone("ocean"), {"red 1", "buoy \"-3 points\"", "blue 2"});
  Frame f{};
  Evaluator seen(rules, table.s, &f);
  CHECK(seen.Value(node) == 2);
  CHECK_FALSE(seen.faulted());
  const int unstated = table.s.Zone(table.Zone("ocean"))[1];
  table.s.unstated[unstated] = 1;
  table.s.unstated_count = 1;
  Evaluator asking(rules, table.s, &f);
  asking.Value(node);
  REQUIRE(asking.faulted());
  CHECK(asking.fault() == RuntimeFault::kUnstatedCard);
}

}  // namespace
}  // namespace angler
